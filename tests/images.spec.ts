import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Every picture goes through the image server (docs/decisions/034): on home, a city listing, a detail
 * page, the blog and a blog post, in English and Arabic, every <img> has an /_ipx src and srcset and
 * its box's width/height; exactly one (the page's largest paint) loads with fetchpriority=high, and
 * <head> preloads that same picture (href, imagesrcset, imagesizes). The server answers AVIF or WebP by
 * the Accept header, the HTML being the same for every browser.
 */
const PAGES = [
  { name: "home", path: "/" },
  { name: "city listing", path: "/things-to-do-in-dubai" },
  { name: "detail", path: "/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment" },
  { name: "blog", path: "/blog" },
  { name: "blog post", path: "/blog/best-time-to-visit-alula" },
] as const;

const AVIF_FIRST = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

type ImageFacts = { src: string; srcset: string; sizes: string; width: string; height: string; loading: string; priority: string | null };

async function imagesOf(page: Page): Promise<ImageFacts[]> {
  const images = page.locator("img");
  const facts: ImageFacts[] = [];
  for (let index = 0; index < (await images.count()); index++) {
    const image = images.nth(index);
    facts.push({
      src: (await image.getAttribute("src")) ?? "",
      srcset: (await image.getAttribute("srcset")) ?? "",
      sizes: (await image.getAttribute("sizes")) ?? "",
      width: (await image.getAttribute("width")) ?? "",
      height: (await image.getAttribute("height")) ?? "",
      loading: (await image.getAttribute("loading")) ?? "",
      priority: await image.getAttribute("fetchpriority"),
    });
  }
  return facts;
}

for (const locale of [
  { code: "en", prefix: "" },
  { code: "ar", prefix: "/ar" },
] as const) {
  test.describe(`images in ${locale.code}`, () => {
    for (const target of PAGES) {
      test(`${target.name}: every picture through /_ipx with a srcset; the largest paint alone is high priority and preloaded`, async ({ page, request }) => {
        const response = await page.goto(`${locale.prefix}${target.path === "/" && locale.prefix ? "" : target.path}`);
        expect(response?.status()).toBe(200);
        const images = await imagesOf(page);
        expect(images.length).toBeGreaterThan(0);
        for (const image of images) {
          expect(image.src).toMatch(/^\/_ipx\/[^/]+\/./);
          expect(image.srcset).not.toBe("");
          for (const candidate of image.srcset.split(", ")) expect(candidate).toMatch(/^\/_ipx\/\S+ \d+w$/);
          expect(image.sizes).not.toBe("");
          expect(Number(image.width)).toBeGreaterThan(0);
          expect(Number(image.height)).toBeGreaterThan(0);
        }

        const priority = images.filter((image) => image.priority === "high");
        expect(priority).toHaveLength(1);
        const lcp = priority[0]!;
        expect(lcp.loading).toBe("eager");
        for (const image of images) if (image !== lcp) expect(image.loading).toBe("lazy");

        const preloads = page.locator('head link[rel="preload"][as="image"]');
        await expect(preloads).toHaveCount(1);
        await expect(preloads).toHaveAttribute("href", lcp.src);
        await expect(preloads).toHaveAttribute("imagesrcset", lcp.srcset);
        await expect(preloads).toHaveAttribute("imagesizes", lcp.sizes);

        const picture = await request.get(lcp.src, { headers: { Accept: AVIF_FIRST } });
        expect(picture.status()).toBe(200);
        expect(picture.headers()["content-type"]).toBe("image/avif");
      });
    }
  });
}

test("the page's largest paint on a phone is the picture marked high priority", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "largest-contentful-paint is observed by a script");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const state = window as unknown as { largestPaint: Element | null };
    state.largestPaint = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.largestPaint = (entry as PerformanceEntry & { element: Element | null }).element;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  for (const target of PAGES) {
    for (const prefix of ["", "/ar"]) {
      await page.goto(`${prefix}${target.path === "/" && prefix ? "" : target.path}`);
      const high = page.locator('img[fetchpriority="high"]');
      await expect(high).toHaveCount(1);
      // Every above-the-fold picture has arrived once the high-priority one has decoded.
      await expect.poll(() => high.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await expect
        .poll(() => high.evaluate((image) => (window as unknown as { largestPaint: Element | null }).largestPaint === image), { message: `${prefix}${target.path}` })
        .toBe(true);
    }
  }
});

test("the image server answers AVIF or WebP by Accept, immutable and varying by Accept; bad requests are 4xx", async ({ request }) => {
  const home = await (await request.get("/things-to-do-in-dubai")).text();
  const src = /<img[^>]+src="(\/_ipx\/[^"]+)"/.exec(home)![1]!.replaceAll("&amp;", "&");
  const avif = await request.get(src, { headers: { Accept: AVIF_FIRST } });
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers()["vary"]).toMatch(/Accept/);
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const webp = await request.get(src, { headers: { Accept: "image/webp,*/*" } });
  expect(webp.status()).toBe(200);
  expect(webp.headers()["content-type"]).toBe("image/webp");

  for (const bad of ["/_ipx/w_100000/generated/none.webp", "/_ipx/nope_1/cms-assets/hero-desert.jpg", "/_ipx/w_10/cms-assets/missing.jpg", "/_ipx/w_10/https://example.com/x.jpg", "/_ipx/w_10/build/version.txt"]) {
    const response = await request.get(bad);
    expect(response.status(), bad).toBeGreaterThanOrEqual(400);
    expect(response.status(), bad).toBeLessThan(500);
  }
});

/**
 * The image server makes only the derivatives the pages ask for (docs/decisions/039): another width,
 * shape, format or quality of the same picture is refused with a 400 before anything is encoded, while
 * every picture of the page still arrives.
 */
for (const locale of [
  { code: "en", home: "/" },
  { code: "ar", home: "/ar" },
] as const) {
  test(`${locale.code}: the pages' own pictures load; a derivative no page uses is refused with a 4xx`, async ({ page, request }) => {
    expect((await page.goto(locale.home))?.status()).toBe(200);
    const images = page.locator("img");
    const count = await images.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const image = images.nth(index);
      // Lazy pictures load as they come near the viewport.
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { message: `picture ${index + 1} of ${count}` }).toBe(true);
    }

    const src = (await images.first().getAttribute("src"))!;
    const source = src.replace(/^\/_ipx\/[^/]+/, "");
    expect((await request.get(src, { headers: { Accept: AVIF_FIRST } })).status()).toBe(200);
    for (const modifiers of ["w_1000&h_625&f_auto&q_70&fit_cover", "w_640&h_401&f_auto&q_70&fit_cover", "w_640&h_400&f_avif&q_70&fit_cover", "w_640&h_400&f_auto&q_100&fit_cover", "w_3200&f_jpeg", "_"]) {
      const response = await request.get(`/_ipx/${modifiers}${source}`, { headers: { Accept: AVIF_FIRST } });
      expect(response.status(), modifiers).toBe(400);
    }
  });
}
