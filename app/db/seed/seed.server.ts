/**
 * Writes the generated catalogue into an empty database in one transaction. Each table's rows of a
 * chunk of products travel as one COPY in text format (copy.server.ts): a handful of statements for
 * the whole catalogue and no per-row statement work, which is what keeps the first start on PGlite
 * within seconds; chunks of products keep memory to two chunks' rows and text.
 */
import { sql } from "drizzle-orm";
import { localDateTime } from "#app/booking/time";
import { copyRows } from "../copy.server";
import { driverClient, rowsOf, type Database } from "../db.server";
import * as schema from "../schema";
import { DEFAULT_SCALE, DEFAULT_SEED, generateProductDetails, generateReferenceData, streamProducts, type GeneratedProduct, type SeedOptions } from "./generate";

export interface SeedResult {
  products: number;
  options: number;
  units: number;
  schedules: number;
  inventory: number;
  reviews: number;
  destinations: number;
  countries: number;
  categories: number;
  elapsedMs: number;
}

/** The tables the seed fills with one row per product, option, unit, slot or review. */
const BULK_TABLES = ["products", "product_options", "units", "availability_schedules", "availability_overrides", "inventory", "reviews"];

/**
 * Drops the foreign keys and secondary indexes of the bulk tables for the load and returns how to put
 * them back: a foreign key checked row by row costs a lookup per inserted row (1.7 million at
 * 100,000 products), while re-adding it validates the whole table in one join; an index built once
 * after the load is cheaper than one maintained through it. Primary keys and unique indexes stay,
 * so a duplicate still fails the load. Runs inside the seed's transaction: a failure restores all.
 */
async function deferConstraints(t: Database): Promise<() => Promise<void>> {
  const tables = sql.join(
    BULK_TABLES.map((name) => sql`${name}`),
    sql`, `,
  );
  const foreignKeys = rowsOf<{ table: string; name: string; definition: string }>(
    await t.execute(sql`
      SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema() AND r.relname IN (${tables})`),
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await t.execute(sql`
      SELECT i.indexname AS name, i.indexdef AS definition
      FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
      WHERE i.schemaname = current_schema() AND i.tablename IN (${tables}) AND NOT x.indisunique AND NOT x.indisprimary`),
  );
  for (const key of foreignKeys) await t.execute(sql.raw(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`));
  for (const index of indexes) await t.execute(sql.raw(`DROP INDEX "${index.name}"`));
  return async () => {
    for (const index of indexes) await t.execute(sql.raw(index.definition));
    for (const key of foreignKeys) await t.execute(sql.raw(`ALTER TABLE ${key.table} ADD CONSTRAINT "${key.name}" ${key.definition}`));
  };
}

/** The rows of one chunk of products, table by table. */
interface ChunkRows {
  products: Array<typeof schema.products.$inferInsert>;
  options: Array<typeof schema.productOptions.$inferInsert>;
  units: Array<typeof schema.units.$inferInsert>;
  schedules: Array<Omit<typeof schema.availabilitySchedules.$inferInsert, "id">>;
  overrides: Array<Omit<typeof schema.availabilityOverrides.$inferInsert, "id">>;
  inventory: Array<typeof schema.inventory.$inferInsert>;
  reviews: Array<Omit<typeof schema.reviews.$inferInsert, "id">>;
}

const emptyChunk = (): ChunkRows => ({ products: [], options: [], units: [], schedules: [], overrides: [], inventory: [], reviews: [] });

/** Adds a generated product, with its details, options, units, availability and reviews, to the chunk's rows. */
function addProduct(rows: ChunkRows, product: GeneratedProduct, seedOptions: SeedOptions): void {
  const { content, reviews } = generateProductDetails(product, seedOptions);
  const { options: productOptions, index: _index, ...row } = product;
  rows.products.push({ ...row, content });
  for (const option of productOptions) {
    const { units, schedules, overrides, inventory, ...optionRow } = option;
    rows.options.push({ ...optionRow, productId: product.id });
    for (const unit of units) rows.units.push({ ...unit, optionId: option.id });
    for (const schedule of schedules) rows.schedules.push({ ...schedule, optionId: option.id });
    for (const override of overrides) rows.overrides.push({ ...override, optionId: option.id });
    for (const slot of inventory) {
      rows.inventory.push({
        optionId: option.id,
        availabilityId: localDateTime(product.timeZone, slot.localDate, slot.localTime ?? "00:00"),
        localDate: slot.localDate,
        capacity: slot.capacity,
        held: 0,
        booked: slot.booked,
      });
    }
  }
  for (const review of reviews) rows.reviews.push(review);
}

/**
 * One COPY per table, in the order the rows were generated: the serial ids of schedules, overrides
 * and reviews follow that order, chunk after chunk.
 */
async function writeChunk(t: Database, rows: ChunkRows): Promise<void> {
  await copyRows(t, schema.products, rows.products);
  await copyRows(t, schema.productOptions, rows.options);
  await copyRows(t, schema.units, rows.units);
  await copyRows(t, schema.availabilitySchedules, rows.schedules);
  await copyRows(t, schema.availabilityOverrides, rows.overrides);
  await copyRows(t, schema.inventory, rows.inventory);
  await copyRows(t, schema.reviews, rows.reviews);
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Seeds an empty, migrated database. Images are rendered alongside unless `images` is false. */
export async function seedDatabase(
  db: Database,
  options: { seed?: string; scale?: number; today?: string; images?: boolean; imageDirectory?: string } = {},
): Promise<SeedResult> {
  const started = performance.now();
  const seedOptions: SeedOptions = {
    seed: options.seed ?? DEFAULT_SEED,
    scale: options.scale ?? DEFAULT_SCALE,
    today: options.today ?? todayIso(),
  };
  const imagesDone =
    options.images === false ? Promise.resolve(0) : import("./images.server").then(({ generateImages }) => generateImages(options.imageDirectory));
  const reference = generateReferenceData();
  const counts = { products: 0, options: 0, units: 0, schedules: 0, inventory: 0, reviews: 0 };

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await copyRows(t, schema.countries, reference.countries);
    await copyRows(t, schema.suppliers, reference.suppliers);
    await copyRows(t, schema.destinations, reference.destinations);
    await copyRows(t, schema.categories, reference.categories);
    await copyRows(t, schema.themes, reference.themes);
    await copyRows(t, schema.vocabulary, reference.vocabulary);

    const restoreConstraints = await deferConstraints(t);
    // Products are generated and written a chunk at a time: memory holds two chunks (the one being
    // written and the next), not the catalogue. On a server the COPYs of one chunk run there while
    // this process generates the next; generation yields to the event loop now and then so the COPY
    // data goes out meanwhile. PGlite runs in this thread, so there the two just take turns.
    const chunk = 1000;
    const stream = streamProducts(seedOptions);
    // PGlite runs PostgreSQL as a single-user backend, which never checkpoints on its own: all the WAL
    // of the load, as large as the tables, would stay in its in-memory file system. A checkpoint every
    // few chunks lets it drop or recycle segments (at 40,000 products 285 MB of the 545 MB written
    // stay). A server's checkpointer sees to that by itself.
    const checkpointEvery = driverClient(t).kind === "pglite" ? 4 : 0;
    let chunks = 0;
    let writing: Promise<void> = Promise.resolve();
    for (let done = false; !done; ) {
      const rows = emptyChunk();
      let products = 0;
      while (products < chunk) {
        const next = stream.next();
        if (next.done) {
          done = true;
          break;
        }
        addProduct(rows, next.value, seedOptions);
        if (++products % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      if (products === 0) break;
      counts.products += products;
      counts.options += rows.options.length;
      counts.units += rows.units.length;
      counts.schedules += rows.schedules.length;
      counts.inventory += rows.inventory.length;
      counts.reviews += rows.reviews.length;
      await writing;
      if (checkpointEvery > 0 && ++chunks % checkpointEvery === 0) await t.execute(sql`CHECKPOINT`);
      writing = writeChunk(t, rows);
      // Awaited before the next chunk is written; this only keeps a failure in the meantime from
      // counting as an unhandled rejection.
      writing.catch(() => undefined);
    }
    await writing;
    await restoreConstraints();
    await t
      .insert(schema.catalogueMeta)
      .values({ key: "catalogue", version: 1, seed: seedOptions.seed, scale: seedOptions.scale })
      .onConflictDoUpdate({ target: schema.catalogueMeta.key, set: { version: sql`${schema.catalogueMeta.version} + 1`, seed: seedOptions.seed, scale: seedOptions.scale } });
  });
  // Planner statistics for the fresh tables: PGlite has no autovacuum to gather them, and without them
  // a narrow lookup (the catalogue's changed products by change_xid) may be planned as a full scan.
  for (const table of BULK_TABLES) await db.execute(sql.raw(`ANALYZE ${table}`));
  await imagesDone;
  return {
    ...counts,
    destinations: reference.destinations.length,
    countries: new Set(reference.destinations.map((destination) => destination.countryCode)).size,
    categories: reference.categories.length,
    elapsedMs: Math.round(performance.now() - started),
  };
}
