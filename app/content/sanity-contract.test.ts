import { startFakeRemote, type FakeRemote } from "#app/testing/fake-remote.server";
import { createContentService, type ContentService } from "./content.server";
import { CONTENT_LOCALES, PRODUCT_CONTENT_QUERY } from "./queries";
import { createSanityStore, createSeedStore, readSeedDocuments, runGroq, type QueryParams, type SeedDocument } from "./store.server";

/**
 * The real `@sanity/client` against a local server that answers Sanity's query endpoint
 * (`/v{apiVersion}/data/query/{dataset}`, GET with `query` and `$param` parameters, or POST with
 * `{query, params}`) from the seed dataset, so the Sanity path runs the same queries end to end.
 */
const DATASET = "production";
const requests: { method: string; perspective: string | null; auth: string | null }[] = [];

function published(dataset: SeedDocument[], perspective: string | null) {
  // Sanity's `published` perspective hides drafts; the queries filter them too, but be faithful.
  return perspective === "published" ? dataset.filter((doc) => !doc._id.startsWith("drafts.")) : dataset;
}

let remote: FakeRemote;
let apiHost: string;
let dataset: SeedDocument[];

beforeAll(async () => {
  dataset = await readSeedDocuments();
  remote = await startFakeRemote(async (request, body, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const match = /^\/v[0-9-]+\/data\/query\/([^/]+)$/.exec(url.pathname);
    if (!match || match[1] !== DATASET) {
      response.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
      return;
    }
    try {
      let query: string;
      const params: QueryParams = {};
      if (request.method === "POST") {
        const posted = JSON.parse(body.toString("utf8")) as { query: string; params?: QueryParams };
        query = posted.query;
        Object.assign(params, posted.params ?? {});
      } else {
        query = url.searchParams.get("query") ?? "";
        for (const [name, value] of url.searchParams) if (name.startsWith("$")) params[name.slice(1)] = JSON.parse(value) as QueryParams[string];
      }
      const perspective = url.searchParams.get("perspective");
      requests.push({ method: request.method ?? "GET", perspective, auth: request.headers.authorization ?? null });
      const result = await runGroq(query, params, published(dataset, perspective));
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ query, result, ms: 1 }));
    } catch (error) {
      response.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { description: (error as Error).message } }));
    }
  });
  apiHost = remote.origin;
});

afterAll(() => remote.close());

describe("@sanity/client contract", () => {
  let viaSanity: ContentService;
  let viaSeed: ContentService;
  beforeAll(() => {
    viaSanity = createContentService({
      store: createSanityStore({ projectId: "rihla000", dataset: DATASET, apiVersion: "2025-02-19", apiHost, token: "read-token" }),
      overrides: () => ({}),
    });
    viaSeed = createContentService({ store: createSeedStore(), overrides: () => ({}) });
  });

  it.each(CONTENT_LOCALES)("answers every query in %s exactly as the embedded store does", async (locale) => {
    const calls = (service: ContentService) =>
      Promise.all([
        service.getSiteSettings(locale),
        service.getHomePage(locale),
        service.listBlogPosts(locale, { page: 2, pageSize: 4 }),
        service.getBlogPost(locale, "desert-safari-dubai-guide"),
        service.getBlogPost(locale, "red-sea-islands"),
        service.listFaqEntries(locale),
        service.getStaticPage(locale, "terms-and-conditions"),
        service.listTestimonials(locale),
        service.listThemes(locale),
        service.getProductContent(locale, "prd-000104"),
        service.getProductContent(locale, "prd-000108"),
        service.getProductContent(locale, "prd-999999"),
      ]);
    const [sanity, seed] = await Promise.all([calls(viaSanity), calls(viaSeed)]);
    expect(sanity).toEqual(seed);
    expect(sanity[1]?.hero.title).toBeTruthy();
    expect(sanity[4]).toBeNull();
    // A product's content: the page's language and English side by side; no document, null.
    expect(sanity[9]).toMatchObject({ productId: "prd-000104", title: { locale: expect.any(String), en: "Snow Day at Riyadh's Indoor Snow Park" }, whatToBring: { locale: locale === "en" ? expect.any(Array) : null } });
    expect(sanity[9]!.gallery.map((photo) => photo.src)).toEqual(["/cms-assets/product-snow-park-slope.jpg", "/cms-assets/product-snow-park-penguins.jpg"]);
    expect(sanity[10]).toMatchObject({ productId: "prd-000108", title: { locale: null, en: null }, faq: [{ question: { locale: expect.any(String) } }] });
    expect(sanity[11]).toBeNull();
  });

  it("sends the product query's parameters as Sanity expects them (field-level locale by $language)", async () => {
    const store = createSanityStore({ projectId: "rihla000", dataset: DATASET, apiVersion: "2025-02-19", apiHost, token: "read-token" });
    const raw = (await store.fetch(PRODUCT_CONTENT_QUERY, { productId: "prd-000104", language: "ar" })) as { title: { locale: string; en: string }; exclusions: { locale: unknown; en: string[] } };
    expect(raw.title).toEqual({ locale: "يوم ثلجي في حديقة الثلج الداخلية بالرياض", en: "Snow Day at Riyadh's Indoor Snow Park" });
    expect(raw.exclusions).toEqual({ locale: null, en: ["Ski lessons", "Transport to the park"] });
    // Drafts never reach the storefront, even when the perspective is not applied.
    const drafts = dataset.filter((doc) => doc._type === "product").map((doc) => ({ ...doc, _id: `drafts.${doc._id}`, productId: "prd-draft" }));
    expect(await runGroq(PRODUCT_CONTENT_QUERY, { productId: "prd-draft", language: "en" }, [...dataset, ...drafts])).toBeNull();
  });

  it("sends the published perspective and the read token", async () => {
    await viaSanity.getRedirectRules();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.perspective === "published")).toBe(true);
    expect(requests.every((request) => request.auth === "Bearer read-token")).toBe(true);
    expect(await viaSanity.getRedirectRules()).toEqual(await viaSeed.getRedirectRules());
  });

  it("handles a long query sent by POST", async () => {
    const store = createSanityStore({ projectId: "rihla000", dataset: DATASET, apiVersion: "2025-02-19", apiHost, useCdn: false });
    const ids = Array.from({ length: 600 }, (_, index) => `blogPost-en-nothing-${index}`).concat(["blogPost-en-london-on-a-budget"]);
    const before = requests.length;
    const result = await store.fetch(`*[_id in $ids]{ title }`, { ids });
    expect(result).toEqual([{ title: "London on a budget: free museums and smart passes" }]);
    expect(requests.slice(before).map((request) => request.method)).toContain("POST");
  });
});
