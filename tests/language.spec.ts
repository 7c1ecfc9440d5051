import { expect, test } from "./fixtures";

test.describe("language switcher", () => {
  test("keeps the current page and query, and works without JavaScript", async ({ page }) => {
    await page.goto("/things-to-do-in-dubai?sort=price-asc");
    await page.locator(".language-switcher summary").click();
    await page.getByRole("button", { name: /العربية/ }).click();
    await expect(page).toHaveURL(/\/ar\/things-to-do-in-dubai\?sort=price-asc$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("دبي");

    await page.locator(".language-switcher summary").click();
    await page.getByRole("button", { name: /English/ }).click();
    await expect(page).toHaveURL(/\/things-to-do-in-dubai\?sort=price-asc$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("remembers the choice: the root then opens in that language", async ({ page, context }) => {
    await page.goto("/faq");
    await page.locator(".language-switcher summary").click();
    await page.getByRole("button", { name: /Русский/ }).click();
    await expect(page).toHaveURL(/\/ru\/faq$/);
    const cookie = (await context.cookies()).find((candidate) => candidate.name === "rihla_locale");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.httpOnly).toBe(true);
    // 365 days, give or take the seconds this test takes.
    expect(Math.round((cookie!.expires - Date.now() / 1000) / 86400)).toBe(365);

    await page.goto("/");
    await expect(page).toHaveURL(/\/ru$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    // A prefixed or unprefixed page is never redirected by the cookie.
    await page.goto("/faq");
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test.describe("root language detection", () => {
  test.use({ locale: "zh-CN", extraHTTPHeaders: { "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5" } });

  test("the root follows Accept-Language when there is no cookie", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/zh$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  });

  test("other pages ignore Accept-Language", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
