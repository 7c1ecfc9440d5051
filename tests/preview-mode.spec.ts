import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Preview mode (issue #32), as the studio's Presentation tool uses it: it stores a one-hour secret
 * (here the test hook does, in the seed store), opens /api/preview-mode/enable with it, and the
 * storefront then shows drafts in this browser only: never to anyone else, never from or into the
 * page cache. A wrong or stale secret is refused.
 */
const SLUG = "riyadh-weekend-itinerary";
const CASES = [
  { code: "en", prefix: "", draft: "A weekend in Riyadh (draft rewrite)", published: "A weekend in Riyadh: 48 hours in the capital", bar: "You are seeing unpublished drafts.", exit: "Exit preview", layout: "Layout", show: "Show" },
  { code: "ar", prefix: "/ar", draft: "عطلة نهاية أسبوع في الرياض (مسودة معاد كتابتها)", published: "عطلة نهاية أسبوع في الرياض: 48 ساعة في العاصمة", bar: "أنت تشاهد مسودات غير منشورة.", exit: "الخروج من المعاينة", layout: "التخطيط", show: "عرض" },
] as const;

async function newSecret(request: APIRequestContext, ageSeconds = 0): Promise<string> {
  const response = await request.post("/api/test/commerce", { data: { action: "preview-secret", ageSeconds } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { secret: string }).secret;
}

/** Stega hides source maps in U+200B–U+200D, U+2060 and U+FEFF. */
const INVISIBLE = /[\u200B\u200C\u200D\u2060\uFEFF]/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The visual-editing overlays' own chunk (app/components/visual-editing-overlays.client.tsx). */
const OVERLAYS_CHUNK = /\/assets\/visual-editing-overlays\.client-[\w-]+\.js$/;

const enableUrl = (secret: string, pathname: string) => `/api/preview-mode/enable?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent(pathname)}`;

/** What an anonymous visitor (no cookies at all) gets for a path: the page's title and how it was served. */
async function anonymousTitle(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { Cookie: "" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  return { title: /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? null, cache: response.headers()["x-cache"] ?? null, hasBar: html.includes('class="preview-bar"') };
}

test.describe("preview mode", () => {
  test("a wrong, stale or missing secret is refused and sets no cookie", async ({ request }) => {
    for (const url of [enableUrl("not-a-secret", `/blog/${SLUG}`), enableUrl(await newSecret(request, 2 * 60 * 60), `/blog/${SLUG}`), "/api/preview-mode/enable"]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(401);
      expect(response.headers()["set-cookie"]).toBeUndefined();
    }
  });

  test("a valid secret sets a signed, HttpOnly cookie (Lax on this plain-http site) and redirects to the page", async ({ request }) => {
    const response = await request.get(enableUrl(await newSecret(request), `/blog/${SLUG}`), { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers()["location"]).toBe(`/blog/${SLUG}`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const cookie = response.headers()["set-cookie"]!;
    expect(cookie).toMatch(/^rihla_preview_mode=[^;]+\./);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  for (const lang of CASES) {
    test(`${lang.code}: drafts in preview, published for everyone else, and back after exit`, async ({ page, request, javaScriptEnabled }) => {
      const path = `${lang.prefix}/blog/${SLUG}`;
      const chunks: string[] = [];
      const cspViolations: string[] = [];
      page.on("request", (request) => void (OVERLAYS_CHUNK.test(new URL(request.url()).pathname) && chunks.push(request.url())));
      page.on("console", (message) => void (message.type() === "error" && /Content Security Policy/i.test(message.text()) && cspViolations.push(message.text())));
      // An anonymous view first, twice: the page cache now holds the published page.
      await anonymousTitle(request, path);
      expect(await anonymousTitle(request, path)).toMatchObject({ title: lang.published, cache: "HIT" });

      const response = await page.goto(enableUrl(await newSecret(request), path));
      expect(response!.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // The page cache stepped aside: the draft, rendered for this browser only, its prose carrying
      // stega (the edit link the overlays read), its links and language plain.
      await expect(page.locator("h1")).toHaveText(new RegExp(`^${escape(lang.draft)}`));
      expect(await page.locator("h1").textContent()).toMatch(INVISIBLE);
      expect(INVISIBLE.test(page.url()) || INVISIBLE.test((await page.locator("html").getAttribute("lang")) ?? "")).toBe(false);
      if (javaScriptEnabled) await expect.poll(() => chunks.length, { message: "the overlays load in preview" }).toBeGreaterThan(0);
      expect(response!.headers()["cache-control"]).toBe("private, no-store");
      expect(response!.headers()["x-cache"]).toBeUndefined();
      const bar = page.locator(".preview-bar");
      await expect(bar).toContainText(lang.bar);
      const exit = bar.getByRole("link", { name: lang.exit });
      await expect(exit).toBeVisible();
      if (javaScriptEnabled) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `docs/screenshots/preview-${lang.code}-1280.png` });
      }

      // The preview render entered no cache: an anonymous visitor still sees the published post.
      const after = await anonymousTitle(request, path);
      expect(after.title).toBe(lang.published);
      expect(after.hasBar).toBe(false);
      expect(await anonymousTitle(request, path)).toMatchObject({ title: lang.published, cache: "HIT" });

      // Every page in preview reads drafts: the blog list shows a post that exists only as a draft.
      if (javaScriptEnabled && lang.code === "en") {
        await page.goto(`${lang.prefix}/blog`);
        await expect(page.locator(".blog-card__title").filter({ hasText: "Island hopping on the Red Sea (draft)" })).toBeVisible();
        await page.goto(path);
      }

      // The layout preview, from the preview bar: this browser alone sees another layout, then the published one.
      await page.goto(path);
      await page.locator(".preview-bar").getByLabel(lang.layout).selectOption("deira");
      await page.locator(".preview-bar").getByRole("button", { name: lang.show }).click();
      await expect(page.locator("body")).toHaveAttribute("data-layout", "deira");
      await expect(page.locator(".preview-bar select")).toHaveValue("deira");
      expect((await anonymousTitle(request, path)).title).toBe(lang.published);
      await page.locator(".preview-bar").getByLabel(lang.layout).selectOption("");
      await page.locator(".preview-bar").getByRole("button", { name: lang.show }).click();
      await expect(page.locator("body")).toHaveAttribute("data-layout", "default");

      await page.locator(".preview-bar").getByRole("link", { name: lang.exit }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("h1")).toHaveText(lang.published);
      await expect(page.locator(".preview-bar")).toHaveCount(0);
      expect((await page.context().cookies()).some((cookie) => cookie.name === "rihla_preview_mode")).toBe(false);
      // Out of preview, no overlay code is asked for, and none was refused by the page's policy in it.
      chunks.length = 0;
      await page.reload();
      if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated]", { state: "attached" });
      expect(chunks).toEqual([]);
      expect(cspViolations).toEqual([]);
    });
  }
});

test("published pages in every language carry no zero-width characters (no stega), fresh or from the page cache", async ({ request }) => {
  // Stega hides source maps in U+200B–U+200D, U+2060 and U+FEFF; none belongs in a published page.
  const invisible = /[\u200B\u200C\u200D\u2060\uFEFF]/;
  for (const prefix of ["", "/ru", "/zh", "/ar"]) {
    for (const path of ["/", "/things-to-do", "/blog", `/blog/${SLUG}`, "/faq"]) {
      for (const attempt of ["fresh", "cached"]) {
        const response = await request.get(`${prefix}${path === "/" && prefix ? "" : path}`, { headers: { Cookie: "" } });
        expect(response.status(), `${prefix}${path}`).toBe(200);
        const html = await response.text();
        expect(invisible.test(html), `${prefix}${path} (${attempt})`).toBe(false);
      }
    }
  }
});
