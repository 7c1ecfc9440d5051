import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { createContentService, type ContentService } from "./content.server";
import { createInvalidationBus, type PubSub } from "./invalidation.server";
import { readSeedDocuments, runGroq, type ContentStore, type SeedDocument } from "./store.server";
import { cmsWebhookResponse } from "#app/routes/cms-webhook.server";
import { createCmsWebhookHandler } from "./webhook.server";

const SECRET = "test-webhook-secret";

/** A store over a dataset the test edits, standing in for Sanity's content lake. */
function memoryStore(dataset: SeedDocument[]): ContentStore & { fetches: number } {
  const store = {
    kind: "sanity" as const,
    fetches: 0,
    async fetch(query: string, params: Record<string, never>) {
      store.fetches += 1;
      return runGroq(query, params, dataset);
    },
    onChange: () => () => {},
    close: async () => {},
  };
  return store;
}

/** LISTEN/NOTIFY between instances, in memory. */
function memoryPubSub(): PubSub & { sent: string[] } {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const sent: string[] = [];
  return {
    sent,
    async notify(channel, payload) {
      sent.push(payload);
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
    async listen(channel, onMessage) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(onMessage);
      return async () => void set.delete(onMessage);
    },
  };
}

async function signedRequest(payload: unknown, secret = SECRET) {
  const body = JSON.stringify(payload);
  const signature = await encodeSignatureHeader(body, Date.now(), secret);
  return new Request("http://localhost/api/cms/webhook", { method: "POST", body, headers: { "Content-Type": "application/json", [SIGNATURE_HEADER_NAME]: signature } });
}

describe("CMS webhook", () => {
  let dataset: SeedDocument[];
  let instanceA: ContentService;
  let instanceB: ContentService;
  let pubsub: ReturnType<typeof memoryPubSub>;
  let handle: (request: Request) => Promise<Response>;
  let stopB: () => Promise<void>;

  beforeEach(async () => {
    dataset = await readSeedDocuments();
    instanceA = createContentService({ store: memoryStore(dataset), overrides: () => ({}) });
    instanceB = createContentService({ store: memoryStore(dataset), overrides: () => ({}) });
    pubsub = memoryPubSub();
    const busA = createInvalidationBus({ pubsub, service: instanceA, instanceId: "a" });
    stopB = await createInvalidationBus({ pubsub, service: instanceB, instanceId: "b" }).listen();
    await createInvalidationBus({ pubsub, service: instanceA, instanceId: "a" }).listen();
    const receive = createCmsWebhookHandler({ secret: SECRET, service: instanceA, bus: async () => busA });
    handle = (request) => cmsWebhookResponse(receive, request);
  });
  afterEach(async () => {
    await stopB();
  });

  function renameFaq(id: string, question: string) {
    const doc = dataset.find((candidate) => candidate._id === id)!;
    doc.question = question;
  }

  it("evicts on a valid signature: the next request on every instance sees the change", async () => {
    const before = await instanceA.listFaqEntries("en");
    await instanceB.listFaqEntries("en");
    expect(before[0]!.entries[0]!.question).toBe("How do I book an experience?");

    renameFaq("faqEntry-en-how-to-book", "How do I book a tour?");
    // Cached until Sanity tells us.
    expect((await instanceA.listFaqEntries("en"))[0]!.entries[0]!.question).toBe("How do I book an experience?");

    const response = await handle(await signedRequest({ _id: "faqEntry-en-how-to-book", _type: "faqEntry", language: "en" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, evicted: 1 });
    expect(pubsub.sent).toHaveLength(1);

    expect((await instanceA.listFaqEntries("en"))[0]!.entries[0]!.question).toBe("How do I book a tour?");
    expect((await instanceB.listFaqEntries("en"))[0]!.entries[0]!.question).toBe("How do I book a tour?");
  });

  it("evicts only the changed language", async () => {
    await instanceA.listFaqEntries("en");
    await instanceA.listFaqEntries("ar");
    renameFaq("faqEntry-ar-how-to-book", "سؤال معدّل");
    renameFaq("faqEntry-en-how-to-book", "Changed in English but not announced");
    await handle(await signedRequest({ _id: "drafts.faqEntry-ar-how-to-book", _type: "faqEntry", language: "ar" }));
    expect((await instanceA.listFaqEntries("ar"))[0]!.entries[0]!.question).toBe("سؤال معدّل");
    expect((await instanceA.listFaqEntries("en"))[0]!.entries[0]!.question).toBe("How do I book an experience?");
  });

  it("answers 401 to a bad or missing signature and changes nothing", async () => {
    await instanceA.listFaqEntries("en");
    renameFaq("faqEntry-en-how-to-book", "Forged change");
    const keysBefore = instanceA.cache.keys();

    const wrongSecret = await handle(await signedRequest({ _id: "faqEntry-en-how-to-book", _type: "faqEntry" }, "another-secret"));
    expect(wrongSecret.status).toBe(401);

    const valid = await signedRequest({ _id: "faqEntry-en-how-to-book", _type: "faqEntry" });
    const signature = valid.headers.get(SIGNATURE_HEADER_NAME)!;
    const tampered = new Request(valid.url, { method: "POST", body: JSON.stringify({ _id: "faqEntry-en-how-to-book", _type: "blogPost" }), headers: { [SIGNATURE_HEADER_NAME]: signature } });
    expect((await handle(tampered)).status).toBe(401);

    const unsigned = new Request(valid.url, { method: "POST", body: "{}" });
    expect((await handle(unsigned)).status).toBe(401);
    const garbage = new Request(valid.url, { method: "POST", body: "{}", headers: { [SIGNATURE_HEADER_NAME]: "nonsense" } });
    expect((await handle(garbage)).status).toBe(401);

    expect(instanceA.cache.keys()).toEqual(keysBefore);
    expect(pubsub.sent).toHaveLength(0);
    expect((await instanceA.listFaqEntries("en"))[0]!.entries[0]!.question).toBe("How do I book an experience?");
  });

  it("rejects other methods and signed non-documents", async () => {
    expect((await handle(new Request("http://localhost/api/cms/webhook"))).status).toBe(405);
    expect((await handle(await signedRequest({ hello: "world" }))).status).toBe(400);
  });

  it("answers 500 (so Sanity retries) when other instances cannot be told", async () => {
    const failing = createCmsWebhookHandler({
      secret: SECRET,
      service: instanceA,
      bus: async () => ({ publish: () => Promise.reject(new Error("database down")) }),
    });
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await cmsWebhookResponse(failing, await signedRequest({ _id: "x", _type: "faqEntry" }))).status).toBe(500);
    spy.mockRestore();
  });
});

describe("CMS webhook for an experience's content (one document, every language)", () => {
  it("refreshes the product's content in every locale on every instance, and drops the cached pages", async () => {
    const dataset = await readSeedDocuments();
    const siteChangesA: string[] = [];
    const siteChangesB: string[] = [];
    const instanceA = createContentService({ store: memoryStore(dataset), onSiteChange: (reason) => siteChangesA.push(reason) });
    const instanceB = createContentService({ store: memoryStore(dataset), onSiteChange: (reason) => siteChangesB.push(reason) });
    const pubsub = memoryPubSub();
    const busA = createInvalidationBus({ pubsub, service: instanceA, instanceId: "a" });
    const stopB = await createInvalidationBus({ pubsub, service: instanceB, instanceId: "b" }).listen();
    const handle = (request: Request) => cmsWebhookResponse(createCmsWebhookHandler({ secret: SECRET, service: instanceA, bus: async () => busA }), request);
    try {
      for (const instance of [instanceA, instanceB]) {
        expect((await instance.getProductContent("en", "prd-000104"))!.title.locale).toBe("Snow Day at Riyadh's Indoor Snow Park");
        expect((await instance.getProductContent("ar", "prd-000104"))!.title.locale).toBe("يوم ثلجي في حديقة الثلج الداخلية بالرياض");
      }
      const faqBefore = await instanceA.listFaqEntries("en");
      const doc = dataset.find((candidate) => candidate._id === "product-prd-000104")!;
      doc.title = { _type: "localeString", en: "Snow Day (edited)", ar: "يوم ثلجي (معدّل)" };
      // Cached until Sanity tells us.
      expect((await instanceA.getProductContent("ar", "prd-000104"))!.title.locale).toBe("يوم ثلجي في حديقة الثلج الداخلية بالرياض");

      // Sanity's projection `{_id, _type, language}`: a product document has no language.
      const response = await handle(await signedRequest({ _id: "drafts.product-prd-000104", _type: "product" }));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true, evicted: 2, change: { id: "product-prd-000104", type: "product" } });

      for (const instance of [instanceA, instanceB]) {
        expect((await instance.getProductContent("en", "prd-000104"))!.title).toEqual({ locale: "Snow Day (edited)", en: "Snow Day (edited)" });
        expect((await instance.getProductContent("ar", "prd-000104"))!.title).toEqual({ locale: "يوم ثلجي (معدّل)", en: "Snow Day (edited)" });
      }
      // Whole cached pages (the detail page in every language) are dropped on both instances.
      expect(siteChangesA).toEqual(["content product product-prd-000104 changed"]);
      expect(siteChangesB).toEqual(["content product product-prd-000104 changed"]);
      // Other content stays cached.
      expect(instanceA.cache.keys().some((key) => key.startsWith("content:faqEntries:"))).toBe(true);
      expect(await instanceA.listFaqEntries("en")).toEqual(faqBefore);
    } finally {
      await stopB();
    }
  });
});

describe("invalidation over the real database pub/sub", () => {
  it("reaches a listener through PGlite LISTEN/NOTIFY", async () => {
    const { openPglite } = await import("#app/db/db.server");
    const handle = await openPglite();
    try {
      const changes: unknown[] = [];
      const listener = createInvalidationBus({ pubsub: handle.pubsub, service: { invalidate: (change) => (changes.push(change), []) }, instanceId: "listener" });
      const stop = await listener.listen();
      const publisher = createInvalidationBus({ pubsub: handle.pubsub, service: { invalidate: () => [] }, instanceId: "publisher" });
      await publisher.publish({ id: "blogPost-ru-london-on-a-budget", type: "blogPost", language: "ru" });
      await vi.waitFor(() => expect(changes).toEqual([{ id: "blogPost-ru-london-on-a-budget", type: "blogPost", language: "ru" }]));
      await stop();
    } finally {
      await handle.close();
    }
  });
});
