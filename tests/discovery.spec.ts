import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

const CITY_NAME = { en: "Dubai", ar: "دبي" } as const;

for (const locale of ["en", "ar"] as const) {
  const prefix = locale === "en" ? "" : "/ar";

  test.describe(`discovery in ${locale}`, () => {
    test("search from home to a city, filter, sort, load more and open an experience", async ({ page }) => {
      await page.goto(prefix || "/");
      const whereTo = page.getByRole("combobox").first();
      await whereTo.fill(CITY_NAME[locale]);
      await page.getByRole("search").getByRole("button").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/things-to-do-in-dubai`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(CITY_NAME[locale]);
      // With JavaScript a filter applies itself on change, once the page has hydrated (before, it waits for its button).
      if (test.info().project.name !== "no-js") await page.waitForSelector("html[data-hydrated]", { state: "attached" });
      const count = page.locator(".listing__count");
      const allText = await count.textContent();

      const filters = page.getByRole("form");
      await filters.locator('input[name="duration"][value="1-to-4-hours"]').check();
      if (test.info().project.name === "no-js") await filters.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/duration=1-to-4-hours/);
      await filters.locator('input[name="language"][value="ar"]').check();
      await filters.locator("select[name=sort]").selectOption("price-asc");
      if (test.info().project.name === "no-js") await filters.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/language=ar/);
      await expect(page).toHaveURL(/sort=price-asc/);
      await expect(count).not.toHaveText(allText ?? "");
      await expect(filters.locator('input[name="duration"][value="1-to-4-hours"]')).toBeChecked();

      const cards = page.locator(".listing__grid > li");
      const before = await cards.count();
      if (before === 24) {
        await page.locator("a[rel=next]").click();
        await expect(page).toHaveURL(/page=2/);
        await expect(cards).not.toHaveCount(24);
        expect(await cards.count()).toBeGreaterThan(24);
      }

      await cards.first().getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/things-to-do-in-dubai/[a-z0-9-]+`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    test("load more shows every result so far and keeps the filters", async ({ page }) => {
      await page.goto(`${prefix}/things-to-do-in-riyadh?sort=price-desc`);
      await expect(page.locator(".listing__grid > li")).toHaveCount(24);
      await page.getByRole("link", { name: locale === "en" ? "Load More Experiences" : "عرض المزيد من التجارب" }).click();
      await expect(page).toHaveURL(/sort=price-desc&page=2/);
      await expect(page.locator(".listing__grid > li")).toHaveCount(48);
    });

    test("empty states name the city", async ({ page }) => {
      await page.goto(`${prefix}/things-to-do-in-dubai?price_max=0.01`);
      await expect(page.getByRole("heading", { name: locale === "en" ? "No results found" : "لم يتم العثور على نتائج" })).toBeVisible();
      await expect(page.getByText(locale === "en" ? "No Activities Found in Dubai" : "لم يتم العثور على أنشطة في دبي")).toBeVisible();
      await page.goto(`${prefix}/search/qqqzzzxxyy`);
      await expect(page.getByRole("heading", { name: locale === "en" ? "No results found" : "لم يتم العثور على نتائج" })).toBeVisible();
    });

    test("a category page lists its experiences", async ({ page }) => {
      const response = await page.goto(`${prefix}/desert-safari`);
      expect(response?.status()).toBe(200);
      await expect(page.locator(".listing__grid > li").first()).toBeVisible();
    });
  });
}

test("ar: what a visitor types before the page's JavaScript has run is kept, and the search goes", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "about the moment the page's JavaScript takes over");
  // The page's JavaScript is held back until the visitor has typed, as on a slow phone.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/ar", { waitUntil: "domcontentloaded" });
  const whereTo = page.getByRole("combobox").first();
  await whereTo.fill(CITY_NAME.ar);
  release();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  // A gesture elsewhere brings the rest of the language, and with it a render of the whole page.
  await page.getByLabel("متى؟").focus();
  await page.waitForLoadState("networkidle");
  await expect(whereTo).toHaveValue(CITY_NAME.ar);
  await page.getByRole("search").getByRole("button").click();
  await expect(page).toHaveURL(/\/ar\/things-to-do-in-dubai/);
});

test("search in Arabic script finds experiences", async ({ page }) => {
  await page.goto("/ar/search/صحراء");
  await expect(page.locator(".listing__grid > li").first()).toBeVisible();
});

test("malformed filters never break a listing", async ({ request }) => {
  const response = await request.get("/things-to-do-in-dubai?price_min=abc&rating=99&sort=<x>&page=-3&duration=forever&language=%00");
  expect(response.status()).toBe(200);
});

test("the currency switcher changes every price and is remembered", async ({ page }) => {
  await page.goto("/things-to-do-in-dubai");
  await page.locator(".currency-switcher summary").click();
  await page.getByRole("button", { name: "USD", exact: true }).click();
  await expect(page).toHaveURL(/\/things-to-do-in-dubai$/);
  await expect(page.locator(".experience-card__price strong").first()).toContainText("$");
  await page.goto("/things-to-do-in-riyadh");
  await expect(page.locator(".experience-card__price strong").first()).toContainText("$");
});

test("the sitemap covers every locale with hreflang alternates", async ({ request }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  for (const code of ["en", "ru", "zh", "ar"]) expect(index).toContain(`/sitemaps/${code}.xml`);
  const arabic = await (await request.get("/sitemaps/ar.xml")).text();
  expect(arabic).toContain("/ar/things-to-do-in-dubai</loc>");
  expect(arabic).toContain('hreflang="x-default"');
  expect(arabic).toMatch(/\/ar\/things-to-do-in-[a-z-]+\/[a-z0-9-]+<\/loc>/);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http.*\/sitemap.xml/);
});

test("destination suggestions answer as the visitor types", async ({ request }) => {
  const response = await request.get("/api/suggest?q=du&lng=en");
  const body = (await response.json()) as { suggestions: Array<{ slug: string }> };
  expect(body.suggestions.map((suggestion) => suggestion.slug)).toContain("dubai");
  expect((await request.get("/api/suggest?q=")).status()).toBe(400);
});

test.describe("accessibility", () => {
  for (const path of ["/", "/ar", "/things-to-do-in-dubai", "/ar/things-to-do-in-dubai", "/ar/search/دبي"]) {
    test(`${path} has no serious or critical violations`, async ({ page }, testInfo) => {
      test.skip(testInfo.project.name === "no-js", "axe runs as a script in the page");
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`)).toEqual([]);
    });
  }
});
