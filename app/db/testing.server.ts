/**
 * Isolated, migrated and seeded databases for tests. A template is built once (by the vitest
 * globalSetup, or by the first test that needs it) and every test file gets its own copy:
 * - PGlite (default): the template is a data-folder dump under .cache/, loaded with `loadDataDir` (~0.5 s);
 * - PostgreSQL (TEST_DATABASE_URL set): a template database, copied with CREATE DATABASE … TEMPLATE.
 * The same test files run on both.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { migrateDatabase, MIGRATIONS_FOLDER, openNodePg, openPglite, type DatabaseHandle } from "./db.server";
import { seedDatabase } from "./seed/seed.server";

/** The catalogue every test sees: fixed seed, scale and "today", so assertions are stable. */
export const TEST_SEED = { seed: "rihla", scale: 3000, today: "2030-01-07" } as const;

export type TestDatabase = DatabaseHandle & { name: string };

const CACHE_DIR = path.resolve(".cache");
const SOURCES = [
  "app/db/schema/index.ts",
  "app/db/schema/catalogue.ts",
  "app/db/schema/booking.ts",
  "app/db/schema/site.ts",
  "app/db/schema/commerce.ts",
  "app/db/schema/payments.ts",
  "app/db/schema/octo.ts",
  "app/db/schema/accounts.ts",
  "app/db/schema/ops.ts",
  "app/db/seed/data.ts",
  "app/db/seed/generate.ts",
  "app/db/seed/random.ts",
  "app/db/seed/seed.server.ts",
  "app/db/seed/chunks.ts",
  "app/db/seed/seed-worker.ts",
  "app/db/copy.server.ts",
  "app/db/copy-text.ts",
  "app/booking/time.ts",
  "app/lib/dates.ts",
];

/** Changes whenever migrations, the generator or the test seed change, so stale templates are never used. */
export function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(TEST_SEED));
  for (const file of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (file.endsWith(".sql")) hash.update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  for (const file of SOURCES) hash.update(readFileSync(path.resolve(file)));
  return hash.digest("hex").slice(0, 12);
}

const templateFile = () => path.join(CACHE_DIR, `pglite-template-${templateKey()}.tar`);

async function buildPgliteTemplate(file: string): Promise<void> {
  const handle = await openPglite();
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db, { ...TEST_SEED, images: false });
    const dump = await handle.client.dumpDataDir("none");
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
    await rename(temporary, file);
  } finally {
    await handle.close();
  }
}

/** Builds the PGlite template unless present; a lock file keeps parallel workers from building it twice. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = templateFile();
  if (existsSync(file)) return file;
  await mkdir(CACHE_DIR, { recursive: true });
  const lock = `${file}.lock`;
  for (;;) {
    try {
      const handle = await open(lock, "wx");
      await handle.close();
      break;
    } catch {
      if (existsSync(file)) return file;
      // A lock older than five minutes belongs to a process that died.
      const info = await stat(lock).catch(() => null);
      if (info && Date.now() - info.mtimeMs > 300_000) await rm(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (!existsSync(file)) {
      await buildPgliteTemplate(file);
      for (const entry of readdirSync(CACHE_DIR)) {
        if (entry.startsWith("pglite-template-") && entry.endsWith(".tar") && path.join(CACHE_DIR, entry) !== file) await rm(path.join(CACHE_DIR, entry), { force: true });
      }
    }
  } finally {
    await rm(lock, { force: true });
  }
  return file;
}

export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

const templateDatabaseName = () => `rihla_tpl_${templateKey()}`;

/** Builds the template database on the TEST_DATABASE_URL server unless present. */
export async function ensurePgTemplate(baseUrl: string): Promise<string> {
  const name = templateDatabaseName();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(7460202)");
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(building)}`);
      const handle = openNodePg(databaseUrl(baseUrl, building), { max: 2 });
      try {
        await migrateDatabase(handle);
        await seedDatabase(handle.db, { ...TEST_SEED, images: false });
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`);
      // Templates of earlier code versions are of no further use.
      const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'rihla\\_tpl\\_%' AND datname <> $1 AND datname NOT LIKE '%\\_building'", [name]);
      for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(row.datname)} WITH (FORCE)`).catch(() => undefined);
    }
  } finally {
    await admin.query("SELECT pg_advisory_unlock(7460202)").catch(() => undefined);
    await admin.end();
  }
  return name;
}

/** Builds whichever template the current environment needs (the vitest globalSetup calls this). */
export async function ensureTestTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensurePgTemplate(url);
  else await ensurePgliteTemplate();
}

/** A fresh copy of the seeded test catalogue; close() discards it. */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = await ensurePgliteTemplate();
    const handle = await openPglite({ loadDataDir: new Blob([await readFile(file)]) });
    return { ...handle, name: "pglite-memory" };
  }
  const template = await ensurePgTemplate(url);
  const name = `rihla_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Copying a template fails while another session is connected to it; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    await admin.end();
  }
  const handle = openNodePg(databaseUrl(url, name), { max: options.poolSize ?? 20 });
  return {
    ...handle,
    name,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
