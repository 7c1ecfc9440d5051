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

test.describe("a page's strings", () => {
  // A string of the sign-up form: the listing does not show it, the whole Arabic language has it.
  const NOT_ON_THE_LISTING = "تأكيد كلمة المرور";
  /** Whether a script holds a string; the bundler writes Arabic as \u escapes, so either spelling counts. */
  const hasString = (source: string, text: string) =>
    source.includes(text) || source.includes([...text].map((char) => (char === " " ? " " : `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`)).join(""));

  test("the HTML carries only the strings the page was rendered with", async ({ request }) => {
    const html = await (await request.get("/ar/things-to-do-in-dubai")).text();
    const carried = /<script type="application\/json" id="rihla-page-translations">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(carried).toBeTruthy();
    const strings = JSON.stringify(JSON.parse(carried!));
    // The footer's "Discover" heading is on every page.
    expect(strings).toContain('"discover":"اكتشف"');
    expect(strings).not.toContain(NOT_ON_THE_LISTING);
  });

  test("with JavaScript the page hydrates with them, and the rest of the language comes with the first gesture", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "hydration needs JavaScript");
    const scripts: Array<Promise<string>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    await page.goto("/ar/things-to-do-in-dubai");
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.waitForLoadState("networkidle");
    await expect(page.locator("#rihla-page-translations")).toHaveCount(0);
    const hasWholeLanguage = async () => (await Promise.all(scripts)).some((source) => hasString(source, NOT_ON_THE_LISTING));
    expect(await hasWholeLanguage()).toBe(false);
    await page.keyboard.press("Tab");
    await expect.poll(hasWholeLanguage).toBe(true);
    // Hydration matched the server's HTML and no key was shown missing.
    expect(errors).toEqual([]);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("دبي");
  });

  test("a page reached before the rest of the language arrives fills in its strings when it does", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "client navigation needs JavaScript");
    // Hold back the whole-language chunk until the next page is on screen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (hasString(body, NOT_ON_THE_LISTING)) await released;
      await route.fulfill({ response, body });
    });
    await page.goto("/ar/blog");
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    const title = (await page.locator(".blog-card__title").first().textContent())!.trim();
    await page.locator(".blog-card__title a").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // The article's date and reading time are strings the blog list did not carry.
    const meta = page.locator("header .page-meta");
    await expect(meta).not.toContainText(/[\d\u0660-\u0669]/);
    release();
    await expect(meta).toContainText(/[\d\u0660-\u0669]/);
    await expect(meta.locator("time")).not.toBeEmpty();
  });
});
