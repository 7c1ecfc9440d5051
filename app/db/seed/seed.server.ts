/**
 * Writes the generated catalogue into an empty database in one transaction. Each table's rows of a
 * chunk of products travel as one COPY in text format (copy.server.ts): a handful of statements for
 * the whole catalogue and no per-row statement work, which is what keeps the first start on PGlite
 * within seconds; chunks of products keep memory to a few chunks' rows and text. The chunks are made
 * on a worker thread where one can be started (seed-worker.ts), so generation overlaps the COPYs.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { copyData, copyRows } from "../copy.server";
import { driverClient, rowsOf, type Database } from "../driver.server";
import * as schema from "../schema";
import { ChunkBuilder, CHUNK_PRODUCTS, type EncodedChunk, type ProductRowCounts } from "./chunks";
import { DEFAULT_SCALE, DEFAULT_SEED, generateReferenceData, streamProducts, type SeedOptions } from "./generate";

export interface SeedResult extends ProductRowCounts {
  destinations: number;
  countries: number;
  categories: number;
  elapsedMs: number;
  /** Whether the products were generated on the seed's worker thread rather than the seeding one. */
  generatedOnWorker: boolean;
}

/** The tables the seed fills with one row per product, option, unit, slot or review. */
const BULK_TABLES = ["products", "product_options", "units", "availability_schedules", "availability_overrides", "inventory", "reviews"];

/**
 * Drops the foreign keys and secondary indexes of the bulk tables for the load (and pauses the
 * products' change_xid trigger) and returns how to put them back: a foreign key checked row by row
 * costs a lookup per inserted row (1.7 million at 100,000 products), while re-adding it validates the
 * whole table in one join; an index built once after the load is cheaper than one maintained through it. Primary keys and unique indexes stay,
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
  // products_change_xid (drizzle/0008) sets a written row's change_xid to the writing transaction's
  // id; on an INSERT the column's default gives that same value, so for the load the trigger is only
  // a PL/pgSQL call per product (about 3 s of PGlite's 100,000 seed) and is switched off meanwhile.
  const changeXid = rowsOf<{ n: number }>(
    await t.execute(sql`SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = to_regclass('products') AND tgname = 'products_change_xid' AND tgenabled <> 'D'`),
  );
  const pauseChangeXid = (changeXid[0]?.n ?? 0) > 0;
  for (const key of foreignKeys) await t.execute(sql.raw(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`));
  for (const index of indexes) await t.execute(sql.raw(`DROP INDEX "${index.name}"`));
  if (pauseChangeXid) await t.execute(sql`ALTER TABLE products DISABLE TRIGGER products_change_xid`);
  return async () => {
    if (pauseChangeXid) await t.execute(sql`ALTER TABLE products ENABLE TRIGGER products_change_xid`);
    for (const index of indexes) await t.execute(sql.raw(index.definition));
    for (const key of foreignKeys) await t.execute(sql.raw(`ALTER TABLE ${key.table} ADD CONSTRAINT "${key.name}" ${key.definition}`));
  };
}

/** How many chunks the worker may have ready beyond the one being taken: memory holds a few chunks' bytes. */
const WORKER_AHEAD = 2;

/**
 * How to start the seed's worker thread (seed-worker.ts), or undefined when there is none to start:
 * - seed-worker.js beside this module: the server's production build, where Remix bundles this module
 *   into build/index.js and scripts/build.js bundles the worker into build/seed-worker.js;
 * - seed-worker.ts beside it, and tsx installed: the sources (scripts under tsx, vitest). A worker
 *   thread does not inherit the TypeScript loader the parent runs under (Node 20 runs neither its
 *   --import nor its hooks there), so a small bootstrap registers tsx's hooks before importing it.
 * Anywhere else (a build without the worker, the sources without tsx) the chunks are made on the
 * seeding thread.
 */
function seedWorkerEntry(): { code: string; eval: boolean } | undefined {
  const built = new URL("./seed-worker.js", import.meta.url);
  // Not in a development build: `remix dev` rewrites build/index.js on every change but never the
  // worker, so one left there by an earlier production build may not match this code.
  const trusted = process.env.NODE_ENV !== "development";
  if (trusted && built.protocol === "file:" && existsSync(fileURLToPath(built))) return { code: fileURLToPath(built), eval: false };
  const source = new URL("./seed-worker.ts", import.meta.url);
  if (source.protocol !== "file:" || !existsSync(fileURLToPath(source))) return undefined;
  let tsx: string;
  try {
    // The ESM build of tsx's API: its CommonJS build cannot register the hooks from a worker (it looks
    // for a module path that does not exist). Resolved from here, not from the worker's current folder.
    tsx = createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs");
  } catch {
    return undefined;
  }
  if (!existsSync(tsx)) return undefined;
  const api = JSON.stringify(pathToFileURL(tsx).href);
  return { code: `import(${api}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`, eval: true };
}

/**
 * The chunks from the worker thread, in order. The worker makes a chunk only against a credit, which
 * is given back as each chunk is taken; the worker is stopped when the consumer stops early (a failed
 * COPY) and its failure fails the seed.
 */
async function* workerChunks(entry: { code: string; eval: boolean }, seedOptions: SeedOptions): AsyncGenerator<EncodedChunk> {
  const worker = new Worker(entry.code, { eval: entry.eval, workerData: seedOptions });
  const queue: Array<EncodedChunk | null> = [];
  let failure: unknown;
  let exited = false;
  let wake: (() => void) | undefined;
  worker.on("message", (chunk: EncodedChunk | null) => {
    queue.push(chunk);
    wake?.();
  });
  worker.on("error", (error) => {
    failure ??= error;
    wake?.();
  });
  worker.on("exit", (code) => {
    exited = true;
    failure ??= code === 0 ? undefined : new Error(`the seed worker exited with code ${code}`);
    wake?.();
  });
  worker.postMessage(WORKER_AHEAD);
  try {
    for (;;) {
      while (queue.length === 0 && failure === undefined && !exited) await new Promise<void>((resolve) => (wake = resolve));
      if (failure !== undefined) throw failure;
      const chunk = queue.shift();
      if (chunk === undefined) throw new Error("the seed worker stopped before its last chunk");
      if (chunk === null) return;
      worker.postMessage(1);
      yield chunk;
    }
  } finally {
    await worker.terminate();
  }
}

/**
 * The chunks made on this thread. On a server the COPYs of one chunk run there while this makes the
 * next; it yields to the event loop every 25 products so the COPY data goes out meanwhile.
 */
async function* chunksHere(seedOptions: SeedOptions): AsyncGenerator<EncodedChunk> {
  const builder = new ChunkBuilder(seedOptions);
  for (const product of streamProducts(seedOptions)) {
    builder.add(product);
    if (builder.size === CHUNK_PRODUCTS) yield builder.take();
    else if (builder.size % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  if (builder.size > 0) yield builder.take();
}

/** One chunk's COPYs, one after another, in the order the chunk lists them (serial ids follow it). */
async function writeChunk(t: Database, chunk: EncodedChunk): Promise<void> {
  for (const copy of chunk.copies) await copyData(t, copy);
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Seeds an empty, migrated database. Images are rendered alongside unless `images` is false. */
export async function seedDatabase(db: Database, options: { seed?: string; scale?: number; today?: string; images?: boolean; imageDirectory?: string } = {}): Promise<SeedResult> {
  const started = performance.now();
  const seedOptions: SeedOptions = {
    seed: options.seed ?? DEFAULT_SEED,
    scale: options.scale ?? DEFAULT_SCALE,
    today: options.today ?? todayIso(),
  };
  const imagesDone = options.images === false ? Promise.resolve(0) : import("./images.server").then(({ generateImages }) => generateImages(options.imageDirectory));
  const reference = generateReferenceData();
  const counts = { products: 0, options: 0, units: 0, schedules: 0, inventory: 0, reviews: 0 };
  let generatedOnWorker = false;

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await copyRows(t, schema.countries, reference.countries);
    await copyRows(t, schema.suppliers, reference.suppliers);
    await copyRows(t, schema.destinations, reference.destinations);
    await copyRows(t, schema.categories, reference.categories);
    await copyRows(t, schema.themes, reference.themes);
    await copyRows(t, schema.vocabulary, reference.vocabulary);

    const restoreConstraints = await deferConstraints(t);
    // Products are generated and written a chunk at a time: memory holds a few chunks (the one being
    // written and the next ones), not the catalogue. They are made on a worker thread when there is
    // one to start (seedWorkerEntry): PGlite runs its COPYs on this thread, so generation and COPY then
    // use both cores instead of taking turns on one; a server's COPYs run in its own process anyway.
    const entry = seedWorkerEntry();
    generatedOnWorker = entry !== undefined;
    const chunks = entry ? workerChunks(entry, seedOptions) : chunksHere(seedOptions);
    // PGlite runs PostgreSQL as a single-user backend, which never checkpoints on its own: all the WAL
    // of the load, as large as the tables, would stay in its in-memory file system. A checkpoint every
    // few chunks lets it drop or recycle segments (at 40,000 products 285 MB of the 545 MB written
    // stay). A server's checkpointer sees to that by itself.
    const checkpointEvery = driverClient(t).kind === "pglite" ? 4 : 0;
    let written = 0;
    let writing: Promise<void> = Promise.resolve();
    try {
      for await (const chunk of chunks) {
        counts.products += chunk.products;
        counts.options += chunk.options;
        counts.units += chunk.units;
        counts.schedules += chunk.schedules;
        counts.inventory += chunk.inventory;
        counts.reviews += chunk.reviews;
        await writing;
        if (checkpointEvery > 0 && ++written % checkpointEvery === 0) await t.execute(sql`CHECKPOINT`);
        writing = writeChunk(t, chunk);
        // Awaited before the next chunk is written; this only keeps a failure in the meantime from
        // counting as an unhandled rejection.
        writing.catch(() => undefined);
      }
    } finally {
      // A failed COPY ends the loop early: wait for the one still running before the transaction rolls back.
      await writing.catch(() => undefined);
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
    generatedOnWorker,
  };
}
