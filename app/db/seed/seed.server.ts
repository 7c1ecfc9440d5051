/**
 * Writes the generated catalogue into an empty database in one transaction. Each table's rows of a
 * chunk of products travel as one COPY in text format (copy.server.ts): a handful of statements for
 * the whole catalogue and no per-row statement work, which is what keeps the first start on PGlite
 * within seconds; chunks keep memory to one chunk's rows and text.
 */
import { sql } from "drizzle-orm";
import { localDateTime } from "#app/booking/time";
import { copyRows } from "../copy.server";
import { rowsOf, type Database } from "../db.server";
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
    // Products are generated and written a chunk at a time: memory holds one chunk, not the catalogue.
    const chunk = 1000;
    const stream = streamProducts(seedOptions);
    for (let done = false; !done; ) {
      const slice: GeneratedProduct[] = [];
      while (slice.length < chunk) {
        const next = stream.next();
        if (next.done) {
          done = true;
          break;
        }
        slice.push(next.value);
      }
      if (slice.length === 0) break;
      counts.products += slice.length;
      const productRows: Array<typeof schema.products.$inferInsert> = [];
      const optionRows: Array<typeof schema.productOptions.$inferInsert> = [];
      const unitRows: Array<typeof schema.units.$inferInsert> = [];
      const scheduleRows: Array<Omit<typeof schema.availabilitySchedules.$inferInsert, "id">> = [];
      const overrideRows: Array<Omit<typeof schema.availabilityOverrides.$inferInsert, "id">> = [];
      const inventoryRows: Array<typeof schema.inventory.$inferInsert> = [];
      const reviewRows: Array<Omit<typeof schema.reviews.$inferInsert, "id">> = [];
      for (const product of slice) {
        const { content, reviews } = generateProductDetails(product, seedOptions);
        const { options: productOptions, index: _index, ...row } = product;
        productRows.push({ ...row, content });
        for (const option of productOptions) {
          const { units, schedules, overrides, inventory, ...optionRow } = option;
          optionRows.push({ ...optionRow, productId: product.id });
          for (const unit of units) unitRows.push({ ...unit, optionId: option.id });
          for (const schedule of schedules) scheduleRows.push({ ...schedule, optionId: option.id });
          for (const override of overrides) overrideRows.push({ ...override, optionId: option.id });
          for (const slot of inventory) {
            inventoryRows.push({
              optionId: option.id,
              availabilityId: localDateTime(product.timeZone, slot.localDate, slot.localTime ?? "00:00"),
              localDate: slot.localDate,
              capacity: slot.capacity,
              held: 0,
              booked: slot.booked,
            });
          }
        }
        for (const review of reviews) reviewRows.push(review);
      }
      await copyRows(t, schema.products, productRows);
      await copyRows(t, schema.productOptions, optionRows);
      await copyRows(t, schema.units, unitRows);
      await copyRows(t, schema.availabilitySchedules, scheduleRows);
      await copyRows(t, schema.availabilityOverrides, overrideRows);
      await copyRows(t, schema.inventory, inventoryRows);
      await copyRows(t, schema.reviews, reviewRows);
      counts.options += optionRows.length;
      counts.units += unitRows.length;
      counts.schedules += scheduleRows.length;
      counts.inventory += inventoryRows.length;
      counts.reviews += reviewRows.length;
    }
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
