import { sql } from "drizzle-orm";
import { rowsOf } from "#app/db/db.server";
import { createTestDatabase, TEST_SEED, type TestDatabase } from "#app/db/testing.server";
import { CatalogueIndex } from "./catalogue-index";
import { Catalogue, loadCatalogueChanges, loadCatalogueSource, notifyCatalogueChanged } from "./catalogue.server";
import type { CatalogueQuery } from "./types";

let database: TestDatabase;
let catalogue: Catalogue;

beforeAll(async () => {
  database = await createTestDatabase();
  catalogue = new Catalogue(database, { today: () => TEST_SEED.today });
  await catalogue.start();
  await catalogue.warm();
});

afterAll(async () => {
  await catalogue?.stop();
  await database?.close();
});

const QUERIES: CatalogueQuery[] = [
  { locale: "en", currency: "SAR", pageSize: 48 },
  { locale: "en", currency: "USD", sort: "price-asc", pageSize: 48 },
  { locale: "ar", currency: "SAR", sort: "price-desc", pageSize: 48, page: 2 },
  { locale: "ru", currency: "RUB", city: "dubai", filters: { minRating: 4 }, pageSize: 100 },
  { locale: "zh", currency: "CNY", city: "istanbul", sort: "price-asc", pageSize: 100 },
  { locale: "en", currency: "EUR", filters: { languages: ["en"], durations: ["1-to-4-hours"], priceMin: 5_000, priceMax: 60_000 }, pageSize: 100 },
  { locale: "en", currency: "SAR", category: "tours", filters: { labels: ["free-cancellation"] }, pageSize: 100 },
  { locale: "en", currency: "SAR", text: "zanzibar", pageSize: 100 },
  { locale: "en", currency: "SAR", text: "desert safari", pageSize: 100 },
  { locale: "zh", currency: "SAR", text: "迪拜", pageSize: 100 },
  { locale: "ar", currency: "SAR", text: "سفاري", pageSize: 100 },
];

const changeVisible = async (version: number) =>
  expect.poll(async () => (await catalogue.getIndex()).version, { timeout: 20_000 }).toBe(version);

describe("changes patch the index", () => {
  test("after price, text, city, rating, publication and expiry changes and a new product, the patched index answers as a fresh build", async () => {
    const before = await catalogue.getIndex();
    const ids = rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id FROM products WHERE published AND expires_on IS NULL ORDER BY id LIMIT 8`)).map((row) => row.id);
    const [cheap, renamed, moved, hidden, expired, rated, copied] = ids as [string, string, string, string, string, string, string];
    await database.db.execute(sql`UPDATE products SET price_from = 100, price_from_original = 100 WHERE id = ${cheap}`);
    await database.db.execute(sql`UPDATE products SET title = jsonb_set(title, '{en}', '"Zanzibar Sunset Dhow"') WHERE id = ${renamed}`);
    await database.db.execute(sql`UPDATE products SET destination_id = 'dst-istanbul' WHERE id = ${moved}`);
    await database.db.execute(sql`UPDATE products SET published = false WHERE id = ${hidden}`);
    await database.db.execute(sql`UPDATE products SET expires_on = '2020-01-01' WHERE id = ${expired}`);
    await database.db.execute(sql`UPDATE products SET rating = 5, review_count = 99, recommended_score = 100000 WHERE id = ${rated}`);
    // A copy of a row keeps its change_xid unless the trigger replaces it: the index must still see it.
    await database.db.execute(sql`CREATE TEMP TABLE product_copy AS SELECT * FROM products WHERE id = ${copied}`);
    await database.db.execute(sql`UPDATE product_copy SET id = 'zz-new-product', slug = 'zanzibar-new-product', title = jsonb_set(title, '{en}', '"Zanzibar Night Market"')`);
    await database.db.execute(sql`INSERT INTO products SELECT * FROM product_copy`);
    await database.db.execute(sql`DROP TABLE product_copy`);
    await changeVisible(await notifyCatalogueChanged(database));

    const patched = await catalogue.getIndex();
    expect(patched).toBe(before);
    const fresh = new CatalogueIndex(await loadCatalogueSource(database.db), { today: TEST_SEED.today });
    for (const query of QUERIES) expect(patched.search(query), JSON.stringify(query)).toEqual(fresh.search(query));
    expect((await catalogue.search({ locale: "en", currency: "SAR", pageSize: 1 })).items[0]!.id).toBe(rated);
    expect((await catalogue.search({ locale: "en", currency: "SAR", text: "zanzibar" })).items.map((item) => item.id).sort()).toEqual([renamed, "zz-new-product"].sort());
    expect(await catalogue.getCards([hidden, expired, "zanzibar-new-product"], "en", "SAR")).toMatchObject([{ id: "zz-new-product" }]);
    expect((await catalogue.getCity("istanbul", "en"))!.experienceCount).toBe(fresh.getDestination("istanbul", "en")!.experienceCount);

    // Published again: back in the listing.
    await database.db.execute(sql`UPDATE products SET published = true WHERE id = ${hidden}`);
    await changeVisible(await notifyCatalogueChanged(database));
    expect(await catalogue.getCards([hidden], "en", "SAR")).toHaveLength(1);
    const again = new CatalogueIndex(await loadCatalogueSource(database.db), { today: TEST_SEED.today });
    for (const query of QUERIES.slice(0, 4)) expect((await catalogue.getIndex()).search(query)).toEqual(again.search(query));
  });

  test("only the products written since the index's snapshot are read again", async () => {
    const index = await catalogue.getIndex();
    expect((await loadCatalogueChanges(database.db, index.snapshot!)).products).toEqual([]);
    const [row] = rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id FROM products WHERE published ORDER BY id DESC LIMIT 1`));
    await database.db.execute(sql`UPDATE products SET review_count = review_count WHERE id = ${row!.id}`);
    const changes = await loadCatalogueChanges(database.db, index.snapshot!);
    expect(changes.products.map((product) => product.id)).toEqual([row!.id]);
    expect(changes.rebuild).toBe(false);
  });

  // Several connections: only a PostgreSQL server has a transaction still open while another commits.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))("a write that commits after the index read a newer snapshot is still found", async () => {
    const [slow, quick] = rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id FROM products WHERE published AND expires_on IS NULL ORDER BY id DESC LIMIT 2`)).map((row) => row.id);
    let release!: () => void;
    let began!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (began = resolve));
    const writer = database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE products SET recommended_score = 999999 WHERE id = ${slow}`);
      began();
      await gate;
    });
    await started;
    await database.db.execute(sql`UPDATE products SET rating = rating WHERE id = ${quick}`);
    await changeVisible(await notifyCatalogueChanged(database));
    release();
    await writer;
    await changeVisible(await notifyCatalogueChanged(database));
    expect((await catalogue.search({ locale: "en", currency: "SAR", pageSize: 1 })).items[0]!.id).toBe(slow);
  });

  test("a deleted product, or a changed destination, rebuilds the index whole", async () => {
    const before = await catalogue.getIndex();
    const [row] = rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id FROM products WHERE published ORDER BY id DESC LIMIT 1`));
    await database.db.execute(sql`DELETE FROM products WHERE id = ${row!.id}`);
    await changeVisible(await notifyCatalogueChanged(database));
    const rebuilt = await catalogue.getIndex();
    expect(rebuilt).not.toBe(before);
    expect(await catalogue.getCards([row!.id], "en", "SAR")).toEqual([]);

    await database.db.execute(sql`UPDATE destinations SET name = jsonb_set(name, '{en}', '"Dubai City"') WHERE slug = 'dubai'`);
    await changeVisible(await notifyCatalogueChanged(database));
    expect(await catalogue.getIndex()).not.toBe(rebuilt);
    expect((await catalogue.getCity("dubai", "en"))!.name).toBe("Dubai City");
  });
});
