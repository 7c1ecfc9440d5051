import { expect, LOCALES, localized, test } from "./fixtures";

test.describe("404 screen", () => {
  test("an unknown path shows the specification's texts and a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! The page you're looking for doesn't exist.");
    await expect(page.getByText("We're sorry, but the page you were trying to reach cannot be found.")).toBeVisible();
    await expect(page.getByText("Page not found: /no-such-page-here")).toBeVisible();
    await page.getByRole("link", { name: "Home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a route whose parameters do not validate says 'Page Not Found'", async ({ page }) => {
    const response = await page.goto("/things-to-do-in-atlantis");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page Not Found: /things-to-do-in-atlantis")).toBeVisible();
  });

  for (const locale of LOCALES) {
    test(`the 404 screen is translated in ${locale.code}`, async ({ page }) => {
      const response = await page.goto(localized(locale.prefix, "/deep/unknown/path/here/x"));
      // Three or more segments are rewritten to a city page first, which then does not exist.
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("dir", locale.dir);
      await expect(page.getByRole("link", { name: { en: "Home page", ru: "Главная страница", zh: "首页", ar: "الصفحة الرئيسية" }[locale.code] }).last()).toBeVisible();
    });
  }

  test("malformed URLs answer 4xx, never 5xx", async ({ request }) => {
    for (const path of ["/%E0%A4%A", "/ar/%ZZ", "/blog/%", `/${"x".repeat(5000)}`, "/faq/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/search/%00"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeGreaterThanOrEqual(300);
      expect(response.status(), path).toBeLessThan(500);
    }
  });
});

test.describe("redirect rules end to end", () => {
  test("a city/product path is rewritten to the city's experience page", async ({ page }) => {
    await page.goto("/ru/dubai/desert-safari");
    await expect(page).toHaveURL(/\/ru\/things-to-do-in-dubai\/desert-safari$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  });

  test("the answers are 301 for rewrites and 302 for the rest", async ({ request }) => {
    const rewrite = await request.get("/ru/dubai/desert-safari", { maxRedirects: 0 });
    expect(rewrite.status()).toBe(301);
    expect(rewrite.headers().location).toBe("/ru/things-to-do-in-dubai/desert-safari");
    const french = await request.get("/fr/faq", { maxRedirects: 0 });
    expect(french.status()).toBe(302);
    expect(french.headers().location).toBe("/faq");
    const discover = await request.get("/ar/discover?x=1", { maxRedirects: 0 });
    expect(discover.headers().location).toBe("/ar/things-to-do?x=1");
    const experiences = await request.get("/experiences", { maxRedirects: 0 });
    expect(experiences.headers().location).toBe("/things-to-do");
  });

  test("a redirect rule from the CMS applies before the built-in rules", async ({ page, request }) => {
    const permanent = await request.get("/old-blog?page=2", { maxRedirects: 0 });
    expect(permanent.status()).toBe(301);
    expect(permanent.headers().location).toBe("/blog?page=2");
    const external = await request.get("/partner", { maxRedirects: 0 });
    expect(external.status()).toBe(302);
    expect(external.headers().location).toMatch(/^https:\/\//);
    await page.goto("/promo/summer");
    await expect(page).toHaveURL(/\/things-to-do-in-dubai$/);
  });

  test("following a redirect lands on a page, in the browser too", async ({ page }) => {
    await page.goto("/de/discover");
    await expect(page).toHaveURL(/\/things-to-do$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
