import { createContentService, type ContentService } from "./content.server";
import { createPreviewContentService, createPreviewModeCookie, isPreviewRequest, serializePreviewModeCookie, validatePreviewSecret, writeSeedPreviewSecret } from "./preview-mode.server";
import { createSeedStore, overlayDrafts, type SeedStore } from "./store.server";
import { isPersonalRequest } from "#app/lib/http";

const SLUG = "riyadh-weekend-itinerary";
const SECRET = "sanity-preview-secret";
const env = (SITE_URL: string) => ({ SITE_URL, SESSION_SECRET: "s".repeat(32) });
const enableUrl = (secret: string, pathname = `/blog/${SLUG}`) => `http://127.0.0.1/api/preview-mode/enable?${SECRET}=${secret}&sanity-preview-pathname=${encodeURIComponent(pathname)}&sanity-preview-perspective=drafts`;

let store: SeedStore;
let published: ContentService;
let preview: ContentService;
beforeAll(() => {
  store = createSeedStore();
  published = createContentService({ store, overrides: () => ({}) });
  preview = createPreviewContentService(store, () => ({}))!;
});
afterAll(() => published.close());

describe("preview secrets, checked by @sanity/preview-url-secret against the seed dataset", () => {
  it("accepts a fresh secret and hands back the page to open", async () => {
    const secret = writeSeedPreviewSecret(store, { studioUrl: "https://studio.rihla.example" })!;
    const result = await validatePreviewSecret(store, enableUrl(secret));
    expect(result).toEqual({ isValid: true, redirectTo: `/blog/${SLUG}?sanity-preview-perspective=drafts` });
  });

  it("refuses a wrong, a missing and a stale (over an hour old) secret", async () => {
    writeSeedPreviewSecret(store, { studioUrl: "https://studio.rihla.example" });
    expect(await validatePreviewSecret(store, enableUrl("not-the-secret"))).toEqual({ isValid: false });
    expect(await validatePreviewSecret(store, "http://127.0.0.1/api/preview-mode/enable")).toEqual({ isValid: false });
    const stale = writeSeedPreviewSecret(store, { studioUrl: "https://studio.rihla.example", ageSeconds: 3601 })!;
    expect(await validatePreviewSecret(store, enableUrl(stale))).toEqual({ isValid: false });
    const almost = writeSeedPreviewSecret(store, { studioUrl: "https://studio.rihla.example", ageSeconds: 3500 })!;
    expect((await validatePreviewSecret(store, enableUrl(almost))).isValid).toBe(true);
  });

  it("never counts a secret document as content, in either view", async () => {
    writeSeedPreviewSecret(store, { studioUrl: "https://studio.rihla.example" });
    expect(await store.fetch(`count(*[_type == "sanity.previewUrlSecret" && !(_id in path("drafts.**"))])`, {})).toBe(0);
    expect(await store.withDrafts().fetch(`count(*[_type == "sanity.previewUrlSecret"])`, {})).toBe(0);
  });
});

describe("content in preview mode", () => {
  it("overlays drafts under their published ids, and shows new drafts", () => {
    const view = overlayDrafts([
      { _id: "a", _type: "blogPost", title: "published" },
      { _id: "drafts.a", _type: "blogPost", title: "draft" },
      { _id: "drafts.b", _type: "blogPost", title: "new" },
      { _id: "c", _type: "blogPost", title: "untouched" },
    ]);
    expect(view).toEqual([
      { _id: "a", _type: "blogPost", title: "draft" },
      { _id: "c", _type: "blogPost", title: "untouched" },
      { _id: "b", _type: "blogPost", title: "new" },
    ]);
  });

  it.each([
    ["en", "A weekend in Riyadh (draft rewrite)", "A weekend in Riyadh: 48 hours in the capital"],
    ["ar", "عطلة نهاية أسبوع في الرياض (مسودة معاد كتابتها)", "عطلة نهاية أسبوع في الرياض: 48 ساعة في العاصمة"],
  ] as const)("reads the draft of a post in %s, while the shared service keeps the published text", async (locale, draft, publishedTitle) => {
    expect((await preview.getBlogPost(locale, SLUG))!.title).toBe(draft);
    expect((await published.getBlogPost(locale, SLUG))!.title).toBe(publishedTitle);
    expect((await published.listBlogPosts(locale)).items.map((card) => card.title)).not.toContain(draft);
  });

  it("lists an unpublished draft post only in preview", async () => {
    const titles = (page: Awaited<ReturnType<ContentService["listBlogPosts"]>>) => page.items.map((card) => card.title);
    expect(titles(await preview.listBlogPosts("en", { pageSize: 50 }))).toContain("Island hopping on the Red Sea (draft)");
    expect(titles(await published.listBlogPosts("en", { pageSize: 50 }))).not.toContain("Island hopping on the Red Sea (draft)");
  });

  it("keeps nothing: no preview read lands in any cache, its own or the shared one", async () => {
    published.cache.clear();
    await preview.getBlogPost("en", SLUG);
    await preview.getSiteSettings("en");
    expect(preview.cache.keys()).toEqual([]);
    expect(published.cache.keys()).toEqual([]);
    expect(preview.cache.stats.hit).toBe(0);
  });
});

describe("the preview-mode cookie", () => {
  it("is SameSite=None; Secure on an https site (the studio's frame), Lax on plain http", async () => {
    const https = await serializePreviewModeCookie(createPreviewModeCookie(env("https://rihla.example")), true);
    expect(https).toMatch(/^rihla_preview_mode=/);
    expect(https).toMatch(/SameSite=None/);
    expect(https).toMatch(/Secure/);
    expect(https).toMatch(/HttpOnly/);
    const http = await serializePreviewModeCookie(createPreviewModeCookie(env("http://localhost:3000")), true);
    expect(http).toMatch(/SameSite=Lax/);
    expect(http).not.toMatch(/Secure/);
  });

  it("counts only when signed by this server, and makes every page personal", async () => {
    const cookie = createPreviewModeCookie(env("https://rihla.example"));
    const header = (await serializePreviewModeCookie(cookie, true)).split(";")[0]!;
    expect(await isPreviewRequest(cookie, header)).toBe(true);
    expect(await isPreviewRequest(cookie, "rihla_preview_mode=ImRyYWZ0cyI%3D")).toBe(false);
    expect(await isPreviewRequest(createPreviewModeCookie({ SITE_URL: "https://rihla.example", SESSION_SECRET: "t".repeat(32) }), header)).toBe(false);
    expect(await isPreviewRequest(cookie, null)).toBe(false);
    expect(isPersonalRequest(new Request("https://rihla.example/", { headers: { Cookie: header } }))).toBe(true);
    const cleared = await serializePreviewModeCookie(cookie, false);
    expect(cleared).toMatch(/Max-Age=0/);
  });
});
