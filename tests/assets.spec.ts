/**
 * Stylesheets and fonts (docs/decisions/035-css-and-fonts.md) on a production build: the home,
 * listing and detail pages have no render-blocking stylesheet in <head> (their CSS is inlined, at most
 * one linked stylesheet is allowed), preload only the font subset their locale needs, and are styled
 * with JavaScript off as with it on. With JavaScript, a client-side navigation brings the next page's
 * styles and switches off the previous page's. Font files are fingerprinted and served immutable.
 */
import type { Page } from "@playwright/test";
import { expect, LOCALES, test } from "./fixtures";

const PAGES = [
  { name: "home", path: "/", probe: ".hero", css: "position", value: "relative" },
  { name: "listing", path: "/things-to-do-in-dubai", probe: ".listing__header", css: "display", value: "flex" },
  { name: "detail", path: "/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment", probe: ".detail-header__eyebrow", css: "display", value: "flex" },
] as const;

/** The font files each locale preloads: its main subset, regular weight; ar and zh none (app/lib/fonts.ts). */
const PRELOADS: Record<(typeof LOCALES)[number]["code"], RegExp[]> = {
  en: [/noto-sans-latin-400-normal-[\w-]+\.woff2$/],
  ru: [/noto-sans-cyrillic-400-normal-[\w-]+\.woff2$/],
  ar: [],
  zh: [],
};

const url = (prefix: string, path: string) => (prefix && path === "/" ? prefix : prefix + path);

/** Stylesheets in <head> that hold up the first paint: linked, and for every medium. */
function blockingStylesheets(page: Page) {
  return page.$$eval("head link[rel=stylesheet]", (links) => links.filter((link) => !link.getAttribute("media") || link.getAttribute("media") === "all").map((link) => link.getAttribute("href")));
}

for (const locale of LOCALES.filter((l) => l.code === "en" || l.code === "ar")) {
  for (const target of PAGES) {
    test(`${target.name} (${locale.code}) has at most one render-blocking stylesheet and is styled`, async ({ page }) => {
      await page.goto(url(locale.prefix, target.path));
      expect((await blockingStylesheets(page)).length).toBeLessThanOrEqual(1);
      // The page's own rules and the shared ones apply, with or without JavaScript.
      await expect(page.locator(target.probe).first()).toHaveCSS(target.css, target.value);
      await expect(page.locator("body")).toHaveCSS("display", "flex");
      const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(family.split(",")[0]).toContain(locale.code === "ar" ? "Noto Sans Arabic" : "Noto Sans");
    });
  }
}

for (const locale of LOCALES) {
  test(`the ${locale.code} home page preloads only its locale's font subset`, async ({ page, request }) => {
    await page.goto(url(locale.prefix, "/"));
    const preloads = await page.$$eval("link[rel=preload][as=font]", (links) => links.map((link) => ({ href: link.getAttribute("href") ?? "", crossorigin: link.getAttribute("crossorigin") })));
    expect(preloads).toHaveLength(PRELOADS[locale.code].length);
    PRELOADS[locale.code].forEach((pattern, index) => expect(preloads[index]?.href).toMatch(pattern));
    for (const preload of preloads) {
      // Fonts are fetched in CORS mode: a preload without crossorigin would be fetched twice.
      expect(preload.crossorigin).toBe("anonymous");
      const response = await request.get(preload.href);
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toContain("immutable");
    }
    // Every font file the page's faces name is fingerprinted and served immutable, preloaded or not.
    const fontFiles = await page.$$eval("head style[data-href]", (styles) => [...new Set(styles.flatMap((style) => style.textContent?.match(/\/assets\/[\w-]+\.woff2/g) ?? []))]);
    expect(fontFiles.some((href) => href.includes("noto-sans-arabic-arabic-400-normal"))).toBe(true);
    const font = await request.get(fontFiles.find((href) => href.includes("noto-sans-arabic-arabic-400-normal"))!);
    expect(font.headers()["cache-control"]).toContain("immutable");
    expect(font.headers()["content-type"]).toContain("font/woff2");
    // Chinese glyphs come in slices from a stylesheet at the end of the body, never from <head>.
    const zhFonts = await page.$$eval("body > link[rel=stylesheet]", (links) => links.map((link) => link.getAttribute("href")));
    expect(zhFonts).toHaveLength(locale.code === "zh" ? 1 : 0);
  });
}

test("a client-side navigation brings the next page's styles and sets the last page's aside", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
  await page.goto("/");
  // Wait for hydration: Remix's client router takes over links once the entry module has run.
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.evaluate(() => {
    (window as unknown as { __startedHere: boolean }).__startedHere = true;
  });
  await page.locator('a[href="/things-to-do-in-dubai"]').first().click();
  await expect(page).toHaveURL(/\/things-to-do-in-dubai$/);
  await expect(page.locator(".listing__header").first()).toHaveCSS("display", "flex");
  // Still the same document (a client-side navigation), whose home stylesheet is now switched off.
  expect(await page.evaluate(() => (window as unknown as { __startedHere?: boolean }).__startedHere)).toBe(true);
  const homeMedia = await page.$$eval("head style[data-href]", (styles) => styles.filter((style) => /\/home-[\w-]+\.css$/.test(style.dataset.href ?? "")).map((style) => style.getAttribute("media")));
  expect(homeMedia).toEqual(["not all"]);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator(".hero").first()).toHaveCSS("position", "relative");
});

// zh too: its document has an element after the scripts (the CJK font stylesheet), where an element
// React did not render would break hydration.
for (const locale of LOCALES.filter((l) => l.code !== "ru")) {
  for (const target of PAGES) {
    test(`${target.name} (${locale.code}) fetches its JavaScript only after the first paint and the priority image, and hydrates`, async ({ page, javaScriptEnabled }) => {
      const scripts: string[] = [];
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto(url(locale.prefix, target.path));
      if (!javaScriptEnabled) {
        // Nothing to download: the page works as it is (docs/decisions/038-scripts-after-paint.md).
        await page.waitForLoadState("load");
        expect(scripts).toEqual([]);
        return;
      }
      await page.waitForSelector("html[data-hydrated]", { state: "attached" });
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const scriptStarts = resources.filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname)).map((entry) => entry.startTime);
        const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
        const imageEntry = image ? resources.find((entry) => entry.name === image.currentSrc) : undefined;
        return { paint: paint?.startTime ?? null, firstScript: Math.min(...scriptStarts), scripts: scriptStarts.length, imageEnd: imageEntry?.responseEnd ?? null, hasImage: Boolean(image) };
      });
      expect(timing.scripts).toBeGreaterThan(0);
      expect(timing.paint).not.toBeNull();
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint!);
      // Each page has an LCP image fetched first (fetchpriority="high"): its bytes come before any script's.
      expect(timing.hasImage).toBe(true);
      expect(timing.imageEnd).not.toBeNull();
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.imageEnd!);
      // Hydrated, not rendered again: the document React finds is the one the server wrote (a
      // mismatch is reported as an error, and React would render the whole page again).
      expect(errors).toEqual([]);
    });
  }
}

// The browser translates with app/i18n/translator.ts (ADR 055): i18next's ~15 KB gzip must not come back
// with an import in browser code. Its own texts mark it: its logger's prefix and its object warning.
test("the browser's JavaScript carries no i18next, and the page is translated after hydration (ar)", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "scripts need JavaScript");
  const bodies: Promise<{ url: string; text: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().then((text) => ({ url: response.url(), text }), () => ({ url: response.url(), text: "" })));
  });
  await page.goto("/ar/things-to-do-in-dubai");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  // The first gesture brings the rest of the language (entry.client.tsx).
  await page.locator("body").press("Tab");
  await page.waitForLoadState("networkidle");
  const scripts = await Promise.all(bodies);
  expect(scripts.length).toBeGreaterThan(5);
  const withI18next = scripts.filter(({ text }) => text.includes("returnObjects options is not enabled") || text.includes("i18next:")).map(({ url }) => url);
  expect(withI18next).toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("h1").first()).not.toBeEmpty();
});
