/**
 * Catalogue and booking benchmark; prints its figures as JSON lines (the contract of scripts/bench-report.ts).
 *
 *   npx tsx scripts/bench-catalogue.ts [--scales 3000,20000,100000] [--iterations 500] [--bookings 300]
 *
 * Catalogue: the index is built from the deterministic generator at each scale (the default 3,000 is
 * exactly the seeded catalogue; 20,000 and 100,000 extend it), then timed in-process — the server time
 * a loader spends — for a city listing with three filters and all facets, and for an uncached
 * multilingual search. Booking: reserve + confirm on a PGlite copy of the test catalogue, and on a
 * PostgreSQL server too when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { EmbeddedBookingEngine } from "#app/booking/engine.server";
import type { Slot } from "#app/booking/slots";
import { CatalogueIndex } from "#app/catalogue/catalogue-index";
import type { CatalogueQuery, CatalogueSource } from "#app/catalogue/types";
import { rowsOf } from "#app/db/db.server";
import { generateProducts, generateReferenceData } from "#app/db/seed/generate";
import { createTestDatabase, TEST_SEED } from "#app/db/testing.server";
import { emitFigure } from "./bench-report";

const { values } = parseArgs({
  options: {
    scales: { type: "string", default: "3000,20000,100000" },
    iterations: { type: "string", default: "500" },
    bookings: { type: "string", default: "300" },
    "skip-booking": { type: "boolean", default: false },
  },
});
const scales = values.scales.split(",").map(Number);
const iterations = Number(values.iterations);
const bookingCount = Number(values.bookings);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (value: number) => Math.round(value * 100) / 100;

function sourceFor(scale: number): CatalogueSource {
  const reference = generateReferenceData();
  const products = generateProducts({ seed: TEST_SEED.seed, scale, today: TEST_SEED.today });
  return { version: 1, ...reference, products };
}

const CITIES = ["riyadh", "dubai", "jeddah", "istanbul", "paris", "london", "cairo", "tokyo"];
const FILTER_SETS: Array<CatalogueQuery["filters"]> = [
  { languages: ["en"], timesOfDay: ["morning", "afternoon"], minRating: 4 },
  { durations: ["1-to-4-hours"], labels: ["free-cancellation"], bestFor: ["families"] },
  { priceMin: 5_000, priceMax: 60_000, ages: ["kids"], languages: ["ar"] },
  { categories: ["tours", "attractions"], occasions: ["birthday"], minRating: 3.5 },
];
const SEARCHES = ["desert safari", "dub", "museum ticket", "сафари", "экскурсия по", "迪拜", "沙漠探险", "سفاري", "جولة في", "cruise dinner"];

interface Row {
  scale: number;
  build: number;
  listingP50: number;
  listingP95: number;
  total: number;
  searchP50: number;
  searchP95: number;
}

function benchCatalogue(scale: number): Row {
  const source = sourceFor(scale);
  const started = performance.now();
  const index = new CatalogueIndex(source, { today: TEST_SEED.today });
  const build = performance.now() - started;
  const listing: number[] = [];
  const search: number[] = [];
  let total = 0;
  const currencies = ["SAR", "USD", "EUR"] as const;
  for (let i = 0; i < iterations + 50; i++) {
    const query: CatalogueQuery = {
      locale: (["en", "ar", "ru", "zh"] as const)[i % 4]!,
      currency: currencies[i % 3]!,
      city: CITIES[i % CITIES.length],
      filters: FILTER_SETS[i % FILTER_SETS.length],
      sort: (["recommended", "price-asc", "price-desc"] as const)[i % 3],
      page: 1 + (i % 3),
      pageSize: 24,
    };
    let t = performance.now();
    const result = index.search(query);
    const listingTime = performance.now() - t;
    total += result.total;
    // Uncached search: a fresh text every time as far as the index is concerned.
    index.clearTextCache();
    t = performance.now();
    index.search({ locale: "en", currency: "SAR", text: SEARCHES[i % SEARCHES.length], pageSize: 24 });
    const searchTime = performance.now() - t;
    if (i >= 50) {
      listing.push(listingTime);
      search.push(searchTime);
    }
  }
  return {
    scale,
    build,
    listingP50: percentile(listing, 50),
    listingP95: percentile(listing, 95),
    total: Math.round(total / (iterations + 50)),
    searchP50: percentile(search, 50),
    searchP95: percentile(search, 95),
  };
}

interface BookingRow {
  database: string;
  reserveP50: number;
  reserveP95: number;
  confirmP50: number;
  confirmP95: number;
  throughput: number;
  concurrent: number;
}

async function benchBooking(label: string): Promise<BookingRow> {
  const database = await createTestDatabase({ poolSize: 10 });
  try {
    const engine = new EmbeddedBookingEngine(database.db, { now: () => new Date("2030-01-08T06:00:00Z") });
    const products = rowsOf<{ productId: string; optionId: string; adult: string }>(
      await database.db.execute(sql`SELECT p.id AS "productId", o.id AS "optionId", (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS adult
        FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default JOIN availability_schedules s ON s.option_id = o.id
        WHERE p.pricing_per = 'UNIT' AND NOT p.no_fixed_price AND s.capacity >= 10 AND p.availability_type = 'START_TIME' AND p.expires_on IS NULL AND s.valid_to IS NULL
        ORDER BY p.id LIMIT 40`),
    );
    const slots: Array<(typeof products)[number] & { slot: Slot }> = [];
    for (const product of products) {
      const slot = await engine.firstOpenSlot(product.productId, product.optionId, "2030-03-01");
      if (slot) slots.push({ ...product, slot });
    }
    const reserve: number[] = [];
    const confirm: number[] = [];
    const started = performance.now();
    for (let i = 0; i < bookingCount; i++) {
      const target = slots[i % slots.length]!;
      let t = performance.now();
      try {
        const hold = await engine.reserve({ uuid: randomUUID(), productId: target.productId, optionId: target.optionId, availabilityId: target.slot.id, unitItems: [{ unitId: target.adult }] });
        reserve.push(performance.now() - t);
        t = performance.now();
        await engine.confirm(hold.uuid, { contact: { fullName: "Bench" } });
        confirm.push(performance.now() - t);
      } catch {
        // A slot filled up: its refusal time still counts as a reserve.
        reserve.push(performance.now() - t);
      }
    }
    const throughput = (reserve.length + confirm.length) / ((performance.now() - started) / 1000);
    // Concurrent holds on many slots at once (pg uses its pool; PGlite serialises).
    const concurrentStarted = performance.now();
    await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => {
        const target = slots[i % slots.length]!;
        return engine.reserve({ uuid: randomUUID(), productId: target.productId, optionId: target.optionId, availabilityId: target.slot.id, unitItems: [{ unitId: target.adult }] });
      }),
    );
    const concurrent = 200 / ((performance.now() - concurrentStarted) / 1000);
    return {
      database: label,
      reserveP50: percentile(reserve, 50),
      reserveP95: percentile(reserve, 95),
      confirmP50: percentile(confirm, 50),
      confirmP95: percentile(confirm, 95),
      throughput,
      concurrent,
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const rows: Row[] = [];
  for (const scale of scales) {
    process.stderr.write(`catalogue at ${scale} experiences…\n`);
    const row = benchCatalogue(scale);
    rows.push(row);
    // Figures as contract lines on stdout (scripts/bench-report.ts), each scale as it finishes; how they were taken on stderr.
    const at = `${row.scale.toLocaleString("en-US")} experiences`;
    emitFigure("catalogue", `filtered listing with facets p95, ${at}`, round(row.listingP95), "ms", `≤ ${row.scale >= 100_000 ? 20 : 5} ms`, { p50: round(row.listingP50), samples: iterations, note: `${row.total} matches on average` });
    emitFigure("catalogue", `search p95, ${at}`, round(row.searchP95), "ms", null, { p50: round(row.searchP50), samples: iterations });
    emitFigure("catalogue", `index build, ${at}`, Math.round(row.build), "ms", null);
  }
  process.stderr.write(`Listing: a city, three filters (cycling through four sets), all facet counts, a sort and a page of 24; ${iterations} queries after 50 warm-up.\n`);
  process.stderr.write("Search: en/ru/zh/ar texts, prefix and substring matching, with facets, text cache cleared before each query.\n");

  if (!values["skip-booking"]) {
    const bookingRows: BookingRow[] = [];
    const saved = process.env.TEST_DATABASE_URL;
    delete process.env.TEST_DATABASE_URL;
    process.stderr.write("booking on PGlite…\n");
    bookingRows.push(await benchBooking("PGlite (in-process)"));
    if (saved) {
      process.env.TEST_DATABASE_URL = saved;
      process.stderr.write("booking on PostgreSQL…\n");
      bookingRows.push(await benchBooking("PostgreSQL server"));
    }
    for (const row of bookingRows) {
      emitFigure("booking", `reserve p95, ${row.database}`, round(row.reserveP95), "ms", null, { p50: round(row.reserveP50), samples: bookingCount });
      emitFigure("booking", `confirm p95, ${row.database}`, round(row.confirmP95), "ms", null, { p50: round(row.confirmP50) });
      emitFigure("booking", `sequential reserve and confirm, ${row.database}`, Math.round(row.throughput), "req/s", null);
      emitFigure("booking", `200 concurrent holds, ${row.database}`, Math.round(row.concurrent), "req/s", null);
    }
    process.stderr.write(`${bookingCount} sequential reserve + confirm pairs over 40 slots; reserve = a hold with a conditional update in a transaction.\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
