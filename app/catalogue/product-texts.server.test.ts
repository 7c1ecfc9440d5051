import { CapabilityId } from "@octocloud/types";
import { sql } from "drizzle-orm";
import { createContentService, type ContentService } from "#app/content/content.server";
import { runGroq, type ContentStore, type SeedDocument } from "#app/content/store.server";
import { loadProducts } from "#app/commerce/cart.server";
import { rowsOf } from "#app/db/db.server";
import { createTestDatabase, TEST_SEED, type TestDatabase } from "#app/db/testing.server";
import type { LocalizedText } from "#app/db/types";
import { loadCatalogueProducts, toOctoProduct } from "#app/octo/mapping.server";
import { CatalogueIndex } from "./catalogue-index";
import { Catalogue, loadCatalogueSource } from "./catalogue.server";
import { createProductTextSync, resolveCmsText, syncProductTexts } from "./product-texts.server";

/** The real content service (GROQ query, zod schema, cache) over documents the test edits. */
function memoryStore(documents: SeedDocument[]): ContentStore {
  return { kind: "seed", fetch: (query, params) => runGroq(query, params, documents), onChange: () => () => undefined, close: () => Promise.resolve() };
}

let database: TestDatabase;
let catalogue: Catalogue;
let content: ContentService;
const documents: SeedDocument[] = [];
let told: string;
let untold: string;
let toldEngine: LocalizedText;
let untoldEngine: LocalizedText;

const productDocument = (productId: string, title: Record<string, string>, shortDescription?: Record<string, string>): SeedDocument => ({
  _id: `product-${productId}`,
  _type: "product",
  productId,
  title: { _type: "localeString", ...title },
  ...(shortDescription ? { shortDescription: { _type: "localeText", ...shortDescription } } : {}),
});

beforeAll(async () => {
  database = await createTestDatabase();
  // Two bookable products (published, a fixed price, not expired): one told in the CMS, one not.
  const rows = rowsOf<{ id: string; title: LocalizedText }>(
    await database.db.execute(sql`SELECT id, title FROM products WHERE published AND NOT no_fixed_price AND expires_on IS NULL ORDER BY id LIMIT 2`),
  );
  [told, untold] = rows.map((row) => row.id) as [string, string];
  [toldEngine, untoldEngine] = rows.map((row) => row.title) as [LocalizedText, LocalizedText];
  documents.push(
    productDocument(told, { en: "Lantern Walk through Old Diriyah", ru: "", ar: "جولة الفوانيس في الدرعية القديمة" }, { en: "An evening among mud-brick palaces." }),
    // Drafts are not published: never copied.
    { ...productDocument(untold, { en: "A draft title" }), _id: `drafts.product-${untold}` },
  );
  content = createContentService({ store: memoryStore(documents) });
  catalogue = new Catalogue(database, { today: () => TEST_SEED.today });
  await catalogue.start();
  await catalogue.warm();
});

afterAll(async () => {
  await catalogue?.stop();
  await content?.close();
  await database?.close();
});

const search = (index: CatalogueIndex, locale: "en" | "ru" | "ar", text: string) => index.search({ locale, currency: "SAR", text, pageSize: 100 }).items.map((item) => item.id);

test("a locale falls back to the CMS's English; empty texts count as missing", () => {
  expect(resolveCmsText({ en: "Walk", ru: " ", zh: null, ar: "جولة" })).toEqual({ en: "Walk", ru: "Walk", zh: "Walk", ar: "جولة" });
  expect(resolveCmsText({ en: null, ru: null, zh: null, ar: "جولة" })).toEqual({ ar: "جولة" });
  expect(resolveCmsText({ en: "", ru: null, zh: null, ar: null })).toBeNull();
});

test("the CMS title shows in the listing, search, cart and OCTO per language; a product without a document keeps the engine's", async () => {
  const version = (await catalogue.getIndex()).version;
  expect(await syncProductTexts(database, content)).toEqual({ changed: 1 });
  // The sync announced the change: the running index patches itself.
  await expect.poll(async () => (await catalogue.getIndex()).version, { timeout: 20_000 }).toBeGreaterThan(version);

  const source = await loadCatalogueSource(database.db);
  const product = source.products.find((row) => row.id === told)!;
  expect(product.title).toMatchObject({ en: "Lantern Walk through Old Diriyah", ru: "Lantern Walk through Old Diriyah", zh: "Lantern Walk through Old Diriyah", ar: "جولة الفوانيس في الدرعية القديمة" });
  expect(product.shortDescription.en).toBe("An evening among mud-brick palaces.");
  expect(source.products.find((row) => row.id === untold)!.title).toEqual(untoldEngine);

  const index = await catalogue.getIndex();
  expect(search(index, "ar", "الفوانيس")).toEqual([told]);
  expect(search(index, "ru", "lantern")).toEqual([told]);
  expect((await catalogue.getCards([told], "ar", "SAR"))[0]!.title).toBe("جولة الفوانيس في الدرعية القديمة");
  expect((await catalogue.getCards([untold], "ar", "SAR"))[0]!.title).toBe(untoldEngine.ar || untoldEngine.en);

  // The cart's (and so the order's) line name.
  const cart = await loadProducts(database.db, [told, untold]);
  expect(cart.get(told)!.title.ar).toBe("جولة الفوانيس في الدرعية القديمة");
  expect(cart.get(told)!.title.ru).toBe("Lantern Walk through Old Diriyah");
  expect(cart.get(untold)!.title).toEqual(untoldEngine);

  // OCTO's content fields.
  const [entry] = await loadCatalogueProducts(database.db, [told]);
  const octo = toOctoProduct(entry!, { locale: "ar", capabilities: [CapabilityId.OCTO_CONTENT], siteUrl: "https://rihla.example" });
  expect(octo).toMatchObject({ title: "جولة الفوانيس في الدرعية القديمة", shortDescription: "An evening among mud-brick palaces." });

  // Nothing changed in the CMS: nothing is written.
  expect(await syncProductTexts(database, content)).toEqual({ changed: 0 });
});

test("an edited title reaches the index after the next sync; a removed document gives the engine's text back", async () => {
  const sync = createProductTextSync(database, content);
  documents[0] = productDocument(told, { en: "Lantern Walk of Diriyah", ar: "ممشى المساء" });
  content.invalidate({ type: "product", id: `product-${told}` });
  await sync.request();
  await expect.poll(async () => search(await catalogue.getIndex(), "ar", "ممشى"), { timeout: 20_000 }).toEqual([told]);
  expect(search(await catalogue.getIndex(), "ar", "الفوانيس")).toEqual([]);
  // The short description went from the document with its field.
  expect((await loadProducts(database.db, [told])).get(told)!.title.en).toBe("Lantern Walk of Diriyah");
  const [entry] = await loadCatalogueProducts(database.db, [told]);
  expect(entry!.product.shortDescription.en).not.toBe("An evening among mud-brick palaces.");

  documents.splice(0, 1);
  content.invalidate({ type: "product" });
  await sync.request();
  await expect.poll(async () => (await catalogue.getCards([told], "en", "SAR"))[0]!.title, { timeout: 20_000 }).toBe(toldEngine.en);
  expect((await loadProducts(database.db, [told])).get(told)!.title).toEqual(toldEngine);
  await sync.stop();
});
