import { createContentService, type ContentService } from "./content.server";
import { createPreviewContentService, createPreviewModeCookie, isPreviewRequest, serializePreviewModeCookie, validatePreviewSecret, writeSeedPreviewSecret } from "./preview-mode.server";
import { createSanityStore, createSeedStore, overlayDrafts, readSeedDocuments, runGroq, type QueryParams, type SeedDocument, type SeedStore } from "./store.server";
import { isPersonalRequest } from "#app/lib/http";
import { startFakeRemote } from "#app/testing/fake-remote.server";

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

describe("preview mode against Sanity (the real @sanity/client on a local stand-in for the query API)", () => {
  const seen: { perspective: string | null; auth: string | null; cdn: boolean }[] = [];
  let dataset: SeedDocument[];
  let remote: Awaited<ReturnType<typeof startFakeRemote>>;
  const secret = "studio-made-secret";
  const options = { projectId: "rihla000", dataset: "production", apiVersion: "2025-02-19" };

  beforeAll(async () => {
    const fresh = new Date().toISOString();
    dataset = [...(await readSeedDocuments()), { _id: "drafts.secret-1", _type: "sanity.previewUrlSecret", _updatedAt: fresh, secret, studioUrl: "https://studio.rihla.example" }];
    remote = await startFakeRemote(async (request, body, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const perspective = url.searchParams.get("perspective");
      seen.push({ perspective, auth: request.headers.authorization ?? null, cdn: url.hostname.includes("apicdn") });
      const posted = request.method === "POST" ? (JSON.parse(body.toString("utf8")) as { query: string; params?: QueryParams }) : null;
      const query = posted?.query ?? url.searchParams.get("query") ?? "";
      const params: QueryParams = { ...(posted?.params ?? {}) };
      for (const [name, value] of url.searchParams) if (name.startsWith("$")) params[name.slice(1)] = JSON.parse(value) as QueryParams[string];
      // What Sanity does per perspective: raw is everything, drafts overlays, published hides drafts.
      const view = perspective === "drafts" ? overlayDrafts(dataset) : perspective === "raw" ? dataset : dataset.filter((doc) => !doc._id.startsWith("drafts."));
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ query, result: await runGroq(query, params, view), ms: 1 }));
    });
  });
  afterAll(() => remote.close());

  it("checks the secret with the read token and the raw perspective, then reads drafts with the token", async () => {
    const store = createSanityStore({ ...options, apiHost: remote.origin, token: "read-token" });
    seen.length = 0;
    expect((await validatePreviewSecret(store, enableUrl(secret))).isValid).toBe(true);
    expect(seen.at(-1)).toEqual({ perspective: "raw", auth: "Bearer read-token", cdn: false });
    expect((await validatePreviewSecret(store, enableUrl("guessed"))).isValid).toBe(false);

    const service = createPreviewContentService(store, () => ({}))!;
    seen.length = 0;
    expect((await service.getBlogPost("ar", SLUG))!.title).toBe("عطلة نهاية أسبوع في الرياض (مسودة معاد كتابتها)");
    expect(seen.every((request) => request.perspective === "drafts" && request.auth === "Bearer read-token")).toBe(true);

    const shared = createContentService({ store, overrides: () => ({}) });
    seen.length = 0;
    expect((await shared.getBlogPost("ar", SLUG))!.title).toBe("عطلة نهاية أسبوع في الرياض: 48 ساعة في العاصمة");
    expect(seen.every((request) => request.perspective === "published")).toBe(true);
  });

  it("without SANITY_READ_TOKEN there is no preview: every secret is refused and no drafts service exists", async () => {
    const store = createSanityStore({ ...options, apiHost: remote.origin });
    expect(await validatePreviewSecret(store, enableUrl(secret))).toEqual({ isValid: false });
    expect(createPreviewContentService(store, () => ({}))).toBeNull();
  });
});
