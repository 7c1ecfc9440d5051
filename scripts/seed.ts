/**
 * Seeds the catalogue with demo experiences. The embedded database seeds itself on first start; a
 * PostgreSQL server (DATABASE_URL) is seeded only by this command. Also for other scales and resets.
 *
 *   npx tsx scripts/seed.ts                      # seed the configured database if empty
 *   npx tsx scripts/seed.ts --scale 20000 --reset
 *   npx tsx scripts/seed.ts --scale 100000 --generate-only   # generator timing + digest, no database
 *   npx tsx scripts/seed.ts --images-only
 *
 * Options: --scale N, --seed S, --today YYYY-MM-DD, --reset (drops the existing data!), --no-images,
 * --generate-only, --images-only. DATABASE_URL / DATA_DIR choose the database as for the app.
 */
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { isSeeded, openDatabase, rowsOf, type DatabaseHandle } from "#app/db/db.server";
import { seedDatabase } from "#app/db/seed/seed.server";
import { generateProductDetails, generateProducts, generateReferenceData } from "#app/db/seed/generate";
import { generateImages } from "#app/db/seed/images.server";
import { parseEnv } from "#app/lib/env.server";

const { values } = parseArgs({
  options: {
    scale: { type: "string" },
    seed: { type: "string" },
    today: { type: "string" },
    reset: { type: "boolean", default: false },
    "no-images": { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
    "images-only": { type: "boolean", default: false },
  },
});

const env = parseEnv({
  ...process.env,
  ...(values.scale ? { CATALOGUE_SCALE: values.scale } : {}),
  ...(values.seed ? { SEED: values.seed } : {}),
  ...(values.today ? { SEED_TODAY: values.today } : {}),
});
let handle: DatabaseHandle | undefined;
const today = env.SEED_TODAY ?? new Date().toISOString().slice(0, 10);

async function main() {
  if (values["images-only"]) {
    const started = performance.now();
    const rendered = await generateImages();
    console.info(`Rendered ${rendered} images into public/generated in ${Math.round(performance.now() - started)} ms`);
    return;
  }

  if (values["generate-only"]) {
    const started = performance.now();
    const options = { seed: env.SEED, scale: env.CATALOGUE_SCALE, today };
    const products = generateProducts(options);
    const generatedAt = performance.now();
    const hash = createHash("sha256");
    let reviews = 0;
    for (const product of products) {
      const details = generateProductDetails(product, options);
      reviews += details.reviews.length;
      hash.update(JSON.stringify(product)).update(JSON.stringify(details));
    }
    const reference = generateReferenceData();
    console.table({
      experiences: products.length,
      options: products.reduce((sum, product) => sum + product.options.length, 0),
      reviews,
      destinations: reference.destinations.length,
      countries: new Set(reference.destinations.map((destination) => destination.countryCode)).size,
      categories: reference.categories.length,
      "core ms": Math.round(generatedAt - started),
      "total ms": Math.round(performance.now() - started),
    });
    console.info(`digest ${hash.digest("hex").slice(0, 16)} (same seed, scale and today → same digest)`);
    return;
  }

  if (values.reset) {
    if (env.DATABASE_URL) {
      const pg = await import("pg");
      const client = new pg.default.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      await client.query("DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
      await client.end();
      console.info("Dropped the catalogue schema on the PostgreSQL server");
    } else {
      await rm(path.join(env.DATA_DIR, "pglite"), { recursive: true, force: true });
      console.info(`Removed ${path.join(env.DATA_DIR, "pglite")}`);
    }
  }
  const started = performance.now();
  // A server is migrated here too; the embedded database seeds itself when created. Either way an
  // empty catalogue is filled with the demo experiences only because this command was run.
  handle = await openDatabase(env, { mode: "migrate" });
  const db = handle.db;
  if (!(await isSeeded(db))) await seedDatabase(db, { seed: env.SEED, scale: env.CATALOGUE_SCALE, today, images: false });
  const [counts] = rowsOf<Record<string, number>>(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM products) AS experiences,
      (SELECT count(*)::int FROM product_options) AS options,
      (SELECT count(*)::int FROM units) AS units,
      (SELECT count(*)::int FROM availability_schedules) AS schedules,
      (SELECT count(*)::int FROM inventory) AS "inventory rows",
      (SELECT count(*)::int FROM reviews) AS reviews,
      (SELECT count(*)::int FROM destinations) AS destinations,
      (SELECT count(DISTINCT country_code)::int FROM destinations) AS countries,
      (SELECT count(*)::int FROM categories) AS categories`),
  );
  console.table({ ...counts, "ready in ms": Math.round(performance.now() - started) });
  if (!values["no-images"]) await generateImages();
}

main()
  .then(() => handle?.close())
  .catch(async (error: unknown) => {
    console.error(error);
    await handle?.close().catch(() => undefined);
    process.exitCode = 1;
  });
