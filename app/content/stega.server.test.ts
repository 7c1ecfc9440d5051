import { stegaClean } from "@sanity/client/stega";
import { vercelStegaDecode } from "@vercel/stega";
import { createContentService } from "./content.server";
import { createPreviewContentService } from "./preview-mode.server";
import { encodeDocumentForPreview } from "./stega.server";
import { createSanityStore, createSeedStore, overlayDrafts, readSeedDocuments, runGroq, type QueryParams, type SeedDocument } from "./store.server";
import { startFakeRemote } from "#app/testing/fake-remote.server";

const STUDIO = "https://studio.rihla.example";
const SLUG = "riyadh-weekend-itinerary";
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/;

/** The edit link a stega string carries, or null for a plain one. */
const editLink = (value: string) => (vercelStegaDecode(value) as { origin?: string; href?: string } | undefined) ?? null;

describe("stega in preview mode, on the embedded seed store", () => {
  const store = createSeedStore();
  const preview = createPreviewContentService(store, () => ({}), { studioUrl: STUDIO })!;
  const published = createContentService({ store, overrides: () => ({}) });
  afterAll(() => published.close());

  it.each(["en", "ar"] as const)("encodes a draft post's title and body text in %s with an edit link to its field, and leaves its slug plain", async (locale) => {
    const post = (await preview.getBlogPost(locale, SLUG))!;
    expect(post.title).toMatch(ZERO_WIDTH);
    expect(stegaClean(post.title)).toMatch(/draft rewrite|مسودة/);
    const link = editLink(post.title)!;
    expect(link.origin).toBe("sanity.io");
    expect(link.href).toContain(`${STUDIO}/intent/edit/mode=presentation;id=`);
    expect(link.href).toContain(";type=blogPost;path=title");
    expect(post.slug).toBe(SLUG);
    const span = post.body.flatMap((block) => ("children" in block && Array.isArray(block.children) ? block.children : [])).find((child) => typeof child.text === "string" && child.text.trim());
    expect(editLink(String(span!.text))!.href).toContain("path=body");
  });

  it("never encodes a string the storefront uses as logic: currency, switches, language, groups, links", async () => {
    const settings = await preview.getSiteSettings("ar");
    expect(settings.siteName).toMatch(ZERO_WIDTH);
    const { siteName: _prose, ...logic } = settings;
    expect(JSON.stringify(logic.defaultCurrency) + JSON.stringify(logic.support) + JSON.stringify(logic.socialLinks)).not.toMatch(ZERO_WIDTH);
    const faq = await preview.listFaqEntries("ar");
    expect(faq.length).toBeGreaterThan(0);
    for (const group of faq) {
      expect(group.group).not.toMatch(ZERO_WIDTH);
      expect(group.entries[0]!.question).toMatch(ZERO_WIDTH);
    }
  });

  it("leaves every published result without a single zero-width character", async () => {
    for (const locale of ["en", "ru", "zh", "ar"] as const) {
      const results = [await published.getSiteSettings(locale), await published.getHomePage(locale), await published.listBlogPosts(locale), await published.listFaqEntries(locale), await published.getBlogPost(locale, SLUG)];
      expect(JSON.stringify(results)).not.toMatch(ZERO_WIDTH);
    }
  });

  it("encodes a document in place: prose by field (localized values too), nothing else", () => {
    const doc: SeedDocument = { _id: "product-1", _type: "product", productId: "prd-000001", title: { en: "Desert safari", ar: "رحلة سفاري" }, highlights: { en: ["Dunes"] }, kind: "about", tags: ["desert"], link: "https://example.com" };
    const encoded = encodeDocumentForPreview(doc, STUDIO);
    expect(editLink((encoded.title as { ar: string }).ar)!.href).toContain(";type=product;path=title.ar");
    expect(editLink((encoded.highlights as { en: string[] }).en[0]!)!.href).toContain("path=highlights.en%5B0%5D");
    expect({ productId: encoded.productId, kind: encoded.kind, tags: encoded.tags, link: encoded.link, _id: encoded._id }).toEqual({ productId: "prd-000001", kind: "about", tags: ["desert"], link: "https://example.com", _id: "product-1" });
  });
});

describe("stega in preview mode, on Sanity (the real @sanity/client encoding from the API's source map)", () => {
  let remote: Awaited<ReturnType<typeof startFakeRemote>>;
  const asked: (string | null)[] = [];
  beforeAll(async () => {
    const dataset = overlayDrafts(await readSeedDocuments());
    remote = await startFakeRemote(async (request, body, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      asked.push(url.searchParams.get("resultSourceMap"));
      const posted = request.method === "POST" ? (JSON.parse(body.toString("utf8")) as { query: string; params?: QueryParams }) : null;
      const query = posted?.query ?? url.searchParams.get("query") ?? "";
      const params: QueryParams = { ...(posted?.params ?? {}) };
      for (const [name, value] of url.searchParams) if (name.startsWith("$")) params[name.slice(1)] = JSON.parse(value) as QueryParams[string];
      const result = (await runGroq(query, params, dataset)) as { id?: string } | null;
      // Sanity's documented Content Source Map for the post's title and slug (the source document and path of each value).
      const source = dataset.find((doc) => doc._id === result?.id);
      const resultSourceMap = source
        ? {
            documents: [{ _id: `drafts.${source._id}`, _type: source._type }],
            paths: ["$['title']", "$['slug']['current']"],
            mappings: { "$['title']": { type: "value", source: { type: "documentValue", document: 0, path: 0 } }, "$['slug']": { type: "value", source: { type: "documentValue", document: 0, path: 1 } } },
          }
        : undefined;
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ query, result, resultSourceMap, ms: 1 }));
    });
  });
  afterAll(() => remote.close());

  it("asks for the source map only in preview, and encodes the title but not the slug", async () => {
    const store = createSanityStore({ projectId: "rihla000", dataset: "production", apiVersion: "2025-02-19", apiHost: remote.origin, token: "read-token" });
    const preview = createPreviewContentService(store, () => ({}), { studioUrl: STUDIO })!;
    asked.length = 0;
    const post = (await preview.getBlogPost("ar", SLUG))!;
    expect(asked.every((value) => value !== null)).toBe(true);
    expect(editLink(post.title)!.href).toContain(";type=blogPost;path=title");
    expect(post.slug).toBe(SLUG);

    const plain = createPreviewContentService(store, () => ({}))!;
    asked.length = 0;
    expect((await plain.getBlogPost("ar", SLUG))!.title).not.toMatch(ZERO_WIDTH);
    expect(asked.every((value) => value === null)).toBe(true);
  });
});
