import { expect, LOCALES, localized, NON_PAGE_ROUTES, PAGE_PATHS, PAGE_ROUTE_PATTERNS, PAGE_SAMPLES, test } from "./fixtures";

const COPYRIGHT = /2020-2025/;

test("the walk below covers every page route of app/routes.ts", () => {
  const unaccounted = PAGE_ROUTE_PATTERNS.filter((pattern) => !(pattern in PAGE_SAMPLES) && !(pattern in NON_PAGE_ROUTES));
  expect(unaccounted, "page routes with no sample path in tests/fixtures.ts").toEqual([]);
  // And no sample for a route that is gone from the table.
  expect(Object.keys(PAGE_SAMPLES).filter((pattern) => !PAGE_ROUTE_PATTERNS.includes(pattern))).toEqual([]);
  expect(PAGE_ROUTE_PATTERNS.length).toBe(Object.keys(PAGE_SAMPLES).length + Object.keys(NON_PAGE_ROUTES).length);
  expect(PAGE_PATHS).toEqual(expect.arrayContaining(["/experiences", "/experiences/calligraphy-class-in-alula/custom-offer"]));
});

for (const locale of LOCALES) {
  test.describe(`every route in ${locale.code}`, () => {
    test("every page answers 200 with a translated title and the site chrome", async ({ page }) => {
      // One browser page walks the whole table: a fresh context per route would only measure start-up.
      for (const path of PAGE_PATHS) {
        const url = localized(locale.prefix, path);
        await test.step(url, async () => {
          const response = await page.goto(url);
          expect(response?.status(), url).toBe(200);
          await expect(page.locator("html")).toHaveAttribute("lang", locale.code);
          await expect(page.locator("html")).toHaveAttribute("dir", locale.dir);
          await expect(page).toHaveTitle(/\S/);
          await expect(page.getByRole("banner")).toBeVisible();
          await expect(page.getByRole("contentinfo")).toContainText(COPYRIGHT);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        });
      }
    });

    test("the table's routes without a page of their own answer as they should", async ({ request }) => {
      for (const { path, status, followRedirects } of Object.values(NON_PAGE_ROUTES)) {
        const url = localized(locale.prefix, path);
        const response = await request.get(url, followRedirects ? {} : { maxRedirects: 0 });
        expect(response.status(), url).toBe(status);
      }
    });

    test("titles are in the page's language", async ({ page }) => {
      await page.goto(localized(locale.prefix, "/faq"));
      const expected = { en: "Frequently asked questions", ru: "Часто задаваемые вопросы", zh: "常见问题", ar: "الأسئلة الشائعة" }[locale.code];
      await expect(page).toHaveTitle(expected);
    });
  });
}

test("Arabic pages are right-to-left from the server's first byte", async ({ request }) => {
  const html = await (await request.get("/ar/faq")).text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
  const english = await (await request.get("/faq")).text();
  expect(english).toContain('<html lang="en" dir="ltr">');
});

test("pages carry hreflang alternates for every locale and x-default", async ({ request }) => {
  const html = await (await request.get("/zh/about")).text();
  for (const code of ["en", "ru", "zh", "ar", "x-default"]) expect(html.toLowerCase()).toContain(`hreflang="${code}"`);
  expect(html).toMatch(/rel="canonical" href="[^"]*\/zh\/about"/);
});

test("anonymous public pages may be cached by a CDN, personal ones may not", async ({ request }) => {
  const faq = await request.get("/faq");
  expect(faq.headers()["cache-control"]).toMatch(/public.*s-maxage.*stale-while-revalidate/);
  const cart = await request.get("/ar/cart");
  expect(cart.headers()["cache-control"]).toBe("private, no-store");
});
