/**
 * The catalogue at scale: seed N experiences into a fresh database, open the catalogue as the server
 * does, change a price through the console's own function and watch the event loop until the change
 * is visible in search results, then time filtered listings.
 *
 *   npx tsx scripts/bench-scale.ts [--scale 100000] [--database pglite|postgres] [--queries 300]
 *
 * PostgreSQL: a fresh database is created (and dropped) on BENCH_DATABASE_URL's server
 * (default postgres://postgres:postgres@127.0.0.1:5432/postgres).
 * Prints one JSON line per figure on stdout ({"section":"scale","figure":…,"value":…,"unit":…,"goal":…}),
 * human text on stderr. Timings are wall-clock on a possibly busy machine: compare runs taken together.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { and, asc, eq, isNull } from "drizzle-orm";
import pg from "pg";
import { Catalogue } from "#app/catalogue/catalogue.server";
import { unitFormValues } from "#app/catalogue/manage/form-values";
import { updateUnit } from "#app/catalogue/manage/products.server";
import { UnitSchema } from "#app/catalogue/manage/schemas";
import type { CatalogueQuery } from "#app/catalogue/types";
import { migrateDatabase, openNodePg, openPglite, type DatabaseHandle } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { seedDatabase, todayIso } from "#app/db/seed/seed.server";
import { SYSTEM_ACTOR } from "#app/staff/audit.server";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "100000" },
    database: { type: "string", default: "pglite" },
    queries: { type: "string", default: "300" },
    /** Internal: the database the seeding process handed over (a PGlite folder or a PostgreSQL URL). */
    open: { type: "string" },
    /** Measure the seed only: the index phase is not run. */
    "seed-only": { type: "boolean", default: false },
  },
});
const scale = Number(values.scale);
const kind = values.database === "postgres" ? "postgres" : "pglite";
const queryCount = Number(values.queries);
const label = kind === "postgres" ? "PostgreSQL" : "PGlite";
const scaleText = scale.toLocaleString("en-US");

const log = (text: string) => process.stderr.write(`${text}\n`);
function figure(name: string, value: number, unit: string, goal?: string) {
  const rounded = Math.round(value * 10) / 10;
  process.stdout.write(`${JSON.stringify({ section: "scale", figure: `${name} ${scaleText} (${label})`, value: rounded, unit, ...(goal ? { goal } : {}) })}\n`);
  log(`${name} ${scaleText} (${label}): ${rounded} ${unit}${goal ? ` (goal ${goal})` : ""}`);
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** The highest RSS seen since the last reset, sampled every 20 ms (a stalled loop samples late, never less). */
class RssPeak {
  peak = 0;
  private timer = setInterval(() => this.sample(), 20);
  sample() {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  }
  reset() {
    this.peak = process.memoryUsage.rss();
  }
  stop() {
    clearInterval(this.timer);
  }
}

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/**
 * A fresh database to seed, and where a server would open it afterwards: PGlite is seeded in memory and
 * unpacked into a data folder, as the server's first start does (db.server.ts).
 */
async function openFresh(): Promise<{ handle: DatabaseHandle; handOver: () => Promise<string>; dispose: () => Promise<void> }> {
  if (kind === "pglite") {
    const memory = await openPglite();
    const folder = await mkdtemp(path.join(tmpdir(), "rihla-bench-scale-"));
    return {
      handle: memory,
      async handOver() {
        const dump = await memory.client.dumpDataDir("none");
        await memory.close();
        const unpacked = await PGlite.create(path.join(folder, "db"), { loadDataDir: dump });
        await unpacked.close();
        return path.join(folder, "db");
      },
      async dispose() {
        await memory.close();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
  const name = `rihla_bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openNodePg(url.toString());
  return {
    handle,
    async handOver() {
      await handle.close();
      return url.toString();
    },
    async dispose() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

const rss = new RssPeak();
const today = todayIso();

if (values.open === undefined) {
  // 1. Seeding, in this process; the rest runs in a fresh one, as a server starting on the database would.
  const fresh = await openFresh();
  try {
    await migrateDatabase(fresh.handle);
    gc();
    rss.reset();
    const started = performance.now();
    const seeded = await seedDatabase(fresh.handle.db, { scale, today, images: false });
    const seedSeconds = (performance.now() - started) / 1000;
    rss.sample();
    log(`seeded ${seeded.products} products, ${seeded.options} options, ${seeded.units} units, ${seeded.inventory} inventory rows, ${seeded.reviews} reviews`);
    figure("seed", seedSeconds, "s", "≤ 60 s");
    figure("seed peak RSS", mb(rss.peak), "MB");
    if (!values["seed-only"]) {
      const location = await fresh.handOver();
      const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2), "--open", location], { stdio: "inherit" });
      if (child.status !== 0) throw new Error(`the index phase failed (${child.status ?? child.signal})`);
    }
  } finally {
    rss.stop();
    await fresh.dispose();
  }
} else {
  const handle = kind === "pglite" ? await openPglite({ dataDir: values.open }) : openNodePg(values.open);
  try {
    await measureCatalogue(handle);
  } finally {
    rss.stop();
    await handle.close();
  }
}

/** Index build, RSS, a change and listings, on a process that has done nothing else. */
async function measureCatalogue(handle: DatabaseHandle): Promise<void> {
  let started: number;
  // 2. The index, as the app context builds it before readiness.
  gc();
  rss.reset();
  let changes = 0;
  const catalogue = new Catalogue(handle, { today: () => today, onChange: () => changes++ });
  await catalogue.start();
  started = performance.now();
  await catalogue.warm();
  const buildSeconds = (performance.now() - started) / 1000;
  rss.sample();
  const buildPeak = rss.peak;
  gc();
  gc();
  figure("index build", buildSeconds, "s");
  figure("index build peak RSS", mb(buildPeak), "MB");
  figure("RSS with index", mb(process.memoryUsage.rss()), "MB", "≤ 500 MB");
  figure("JS heap with index", mb(process.memoryUsage().heapUsed), "MB");
  const memory = process.memoryUsage();
  log(`with the index: JS heap committed ${mb(memory.heapTotal).toFixed(0)} MB, external ${mb(memory.external).toFixed(0)} MB (typed arrays ${mb(memory.arrayBuffers).toFixed(0)} MB)`);

  // 3. A price change through the console's function; the event loop is watched until search shows it.
  const [target] = await handle.db
    .select({ unit: schema.units, productId: schema.products.id, currency: schema.products.currency, priceFrom: schema.products.priceFrom, destinationId: schema.products.destinationId })
    .from(schema.units)
    .innerJoin(schema.productOptions, eq(schema.productOptions.id, schema.units.optionId))
    .innerJoin(schema.products, eq(schema.products.id, schema.productOptions.productId))
    .where(
      and(
        eq(schema.units.type, "ADULT"),
        eq(schema.units.price, schema.products.priceFrom),
        eq(schema.products.pricingPer, "UNIT"),
        eq(schema.products.noFixedPrice, false),
        eq(schema.products.published, true),
        isNull(schema.products.expiresOn),
      ),
    )
    .orderBy(asc(schema.products.id))
    .limit(1);
  if (!target) throw new Error("no product to edit");
  const siblings = await handle.db.select().from(schema.units).where(eq(schema.units.optionId, target.unit.optionId));
  const newPrice = Math.max(100, target.unit.price! - 100);
  const form = unitFormValues(target.unit, siblings, target.currency);
  const input = UnitSchema.parse({
    ...form,
    minAge: target.unit.minAge,
    maxAge: target.unit.maxAge,
    minQuantity: target.unit.minQuantity ?? undefined,
    maxQuantity: target.unit.maxQuantity ?? undefined,
    price: String(newPrice / 100),
    priceOriginal: undefined,
  });
  const destination = (await handle.db.select({ slug: schema.destinations.slug }).from(schema.destinations).where(eq(schema.destinations.id, target.destinationId)))[0]!;
  const visible = async () => {
    const result = await catalogue.search({
      locale: "en",
      currency: target.currency as CatalogueQuery["currency"],
      city: destination.slug,
      filters: { priceMin: newPrice, priceMax: newPrice },
      pageSize: 100,
    });
    return result.items.some((item) => item.id === target.productId && item.price?.amount === newPrice);
  };
  if (await visible()) throw new Error("the new price is already visible");

  gc();
  rss.reset();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let longestGap = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last - 5);
    last = now;
  }, 5);
  delay.enable();
  started = performance.now();
  await updateUnit({ db: handle.db, pubsub: handle.pubsub }, SYSTEM_ACTOR, target.unit.id, input, new Date());
  const written = performance.now() - started;
  // On PGlite the write's own queries run on this thread too, chained without a turn of the event loop
  // in between: tell that stall (the one still running as the write returns) from the index update's,
  // which starts on a later turn (the NOTIFY handler waits for one).
  const writeStall = Math.max(longestGap, performance.now() - last - 5);
  longestGap = 0;
  last = performance.now();
  while (!(await visible())) {
    if (performance.now() - started > 120_000) throw new Error("the change never became visible");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const visibleAfter = performance.now() - started;
  delay.disable();
  clearInterval(probe);
  rss.sample();
  const stall = Math.max(writeStall, longestGap, delay.max / 1e6 - 5);
  log(`change written in ${written.toFixed(1)} ms, visible after ${visibleAfter.toFixed(1)} ms; onChange calls: ${changes}`);
  figure("change visible after", visibleAfter, "ms");
  figure("longest event-loop stall during a change", stall, "ms", "≤ 50 ms");
  figure("longest stall while the console's write runs", writeStall, "ms");
  figure("longest stall after the write until search shows it", longestGap, "ms", "≤ 50 ms");
  figure("RSS peak during a change", mb(rss.peak), "MB");

  // 4. Filtered listings, as the city pages ask for them.
  const cities = ["riyadh", "dubai", "jeddah", "istanbul", "paris", "london", "cairo", "tokyo"];
  const filterSets: Array<CatalogueQuery["filters"]> = [
    { languages: ["en"], timesOfDay: ["morning", "afternoon"], minRating: 4 },
    { durations: ["1-to-4-hours"], labels: ["free-cancellation"], bestFor: ["families"] },
    { priceMin: 5_000, priceMax: 60_000, ages: ["kids"], languages: ["ar"] },
    { categories: ["tours", "attractions"], occasions: ["birthday"], minRating: 3.5 },
    {},
  ];
  const samples: number[] = [];
  for (let i = 0; i < queryCount + 30; i++) {
    const query: CatalogueQuery = {
      locale: (["en", "ar", "ru", "zh"] as const)[i % 4]!,
      currency: (["SAR", "USD", "EUR"] as const)[i % 3]!,
      city: i % 5 === 4 ? undefined : cities[i % cities.length],
      filters: filterSets[i % filterSets.length],
      sort: (["recommended", "price-asc", "price-desc"] as const)[i % 3],
      page: 1 + (i % 3),
    };
    const t = performance.now();
    await catalogue.search(query);
    if (i >= 30) samples.push(performance.now() - t);
  }
  figure("listing p95", percentile(samples, 0.95), "ms", "≤ 20 ms");
  log(`listing p50 ${percentile(samples, 0.5).toFixed(2)} ms`);
  await catalogue.stop();
}
