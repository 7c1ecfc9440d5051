import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { parseEnv } from "#app/lib/env.server";
import { LOCKS, openDatabase, openNodePg, pendingMigrations, rowsOf, type DatabaseHandle } from "./db.server";
import { createTestDatabase, TEST_SEED, type TestDatabase } from "./testing.server";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("migrations", () => {
  test("create every table of the model", async () => {
    const tables = rowsOf<{ table_name: string }>(
      await database.db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`),
    ).map((row) => row.table_name);
    for (const table of ["products", "product_options", "units", "availability_schedules", "availability_overrides", "inventory", "bookings", "booking_unit_items", "reviews", "destinations", "categories", "themes", "suppliers", "catalogue_meta"]) {
      expect(tables).toContain(table);
    }
  });

  test("are recorded, so applying them again is a no-op", async () => {
    const { migrateDatabase } = await import("./db.server");
    await migrateDatabase(database);
    const applied = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`));
    expect(applied[0]!.n).toBeGreaterThanOrEqual(1);
  });
});

describe("seeded catalogue", () => {
  test("has the promised breadth", async () => {
    const [counts] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`SELECT
        (SELECT count(*)::int FROM products) AS products,
        (SELECT count(*)::int FROM destinations) AS destinations,
        (SELECT count(DISTINCT country_code)::int FROM destinations) AS countries,
        (SELECT count(*)::int FROM categories) AS categories,
        (SELECT count(*)::int FROM themes) AS themes,
        (SELECT count(*)::int FROM reviews) AS reviews,
        (SELECT count(DISTINCT currency)::int FROM products) AS currencies,
        (SELECT count(*)::int FROM products WHERE no_fixed_price) AS no_price,
        (SELECT count(*)::int FROM products WHERE NOT instant_confirmation) AS on_request,
        (SELECT count(*)::int FROM inventory WHERE booked >= capacity) AS sold_out,
        (SELECT count(*)::int FROM inventory WHERE booked < capacity) AS limited,
        (SELECT count(DISTINCT type)::int FROM units) AS unit_types,
        (SELECT count(DISTINCT duration_unit)::int FROM products) AS duration_units,
        (SELECT count(*)::int FROM products WHERE expires_on IS NOT NULL) AS expiring,
        (SELECT count(*)::int FROM products WHERE (cancellation_policy->>'nonRefundable')::boolean) AS non_refundable`),
    );
    expect(counts).toMatchObject({ products: TEST_SEED.scale });
    expect(counts!.destinations).toBeGreaterThanOrEqual(40);
    expect(counts!.countries).toBeGreaterThanOrEqual(15);
    expect(counts!.categories).toBeGreaterThanOrEqual(12);
    expect(counts!.themes).toBeGreaterThanOrEqual(8);
    expect(counts!.reviews).toBeGreaterThan(TEST_SEED.scale);
    expect(counts!.currencies).toBeGreaterThanOrEqual(5);
    expect(counts!.no_price).toBeGreaterThan(0);
    expect(counts!.on_request).toBeGreaterThan(0);
    expect(counts!.sold_out).toBeGreaterThan(0);
    expect(counts!.limited).toBeGreaterThan(0);
    expect(counts!.unit_types).toBe(8);
    expect(counts!.duration_units).toBe(4);
    expect(counts!.expiring).toBeGreaterThan(0);
    expect(counts!.non_refundable).toBeGreaterThan(0);
  });

  test("stores schedules, not one row per slot per day", async () => {
    const [row] = rowsOf<{ schedules: number; options: number; inventory: number }>(
      await database.db.execute(sql`SELECT (SELECT count(*)::int FROM availability_schedules) AS schedules, (SELECT count(*)::int FROM product_options) AS options, (SELECT count(*)::int FROM inventory) AS inventory`),
    );
    expect(row!.schedules).toBe(row!.options);
    expect(row!.inventory).toBeLessThan(row!.options * 5);
  });

  test("has every visitor-facing text in en, ru, zh and ar", async () => {
    const [row] = rowsOf<{ missing: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS missing FROM products WHERE
        coalesce(title->>'en','') = '' OR coalesce(title->>'ru','') = '' OR coalesce(title->>'zh','') = '' OR coalesce(title->>'ar','') = ''
        OR coalesce(content->'description'->>'ar','') = '' OR jsonb_array_length(content->'highlights'->'zh') = 0`),
    );
    expect(row!.missing).toBe(0);
    const [sample] = rowsOf<{ ru: string; zh: string; ar: string }>(await database.db.execute(sql`SELECT title->>'ru' AS ru, title->>'zh' AS zh, title->>'ar' AS ar FROM products LIMIT 1`));
    expect(sample!.ru).toMatch(/[А-Яа-я]/);
    expect(sample!.zh).toMatch(/\p{Script=Han}/u);
    expect(sample!.ar).toMatch(/\p{Script=Arabic}/u);
  });
});

describe("pub/sub", () => {
  test("delivers NOTIFY payloads to listeners until they unsubscribe", async () => {
    const received: string[] = [];
    const unsubscribe = await database.pubsub.listen("rihla_test_channel", (payload) => received.push(payload));
    await database.pubsub.notify("rihla_test_channel", "hello");
    await expect.poll(() => received, { timeout: 5000 }).toEqual(["hello"]);
    await unsubscribe();
    await database.pubsub.notify("rihla_test_channel", "ignored");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual(["hello"]);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("several instances on one server", () => {
  test("a job under an advisory lock runs on one instance at a time (the reconciler)", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    const other = openNodePg(url.toString(), { max: 2 });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = database.exclusive(LOCKS.reconciler, async () => {
        await held;
        return "first";
      });
      // While the first instance holds it, the second skips; afterwards it gets its turn.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await other.exclusive(LOCKS.reconciler, async () => "second")).toBeUndefined();
      release();
      expect(await first).toBe("first");
      expect(await other.exclusive(LOCKS.reconciler, async () => "second")).toBe("second");
    } finally {
      await other.close();
    }
  });

  test("a change notified while another instance's listener is down reaches it when it reconnects (the change log)", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    const other = openNodePg(url.toString(), { max: 2 });
    try {
      const received: string[] = [];
      await other.pubsub.listen("rihla_change_log_test", (payload) => received.push(payload));
      await database.pubsub.notify("rihla_change_log_test", "while-up");
      await expect.poll(() => received, { timeout: 5000 }).toEqual(["while-up"]);
      await other.pubsub.dropListener!();
      await database.pubsub.notify("rihla_change_log_test", "while-down: {\"type\":\"faq\"}");
      await expect.poll(() => received, { timeout: 15_000 }).toContain("while-down: {\"type\":\"faq\"}");
      // And it keeps listening live afterwards.
      await database.pubsub.notify("rihla_change_log_test", "after");
      await expect.poll(() => received.at(-1), { timeout: 5000 }).toBe("after");
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("first start on PGlite", () => {
  test("creates, migrates and seeds the data folder, and reopens it with the data", async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), "rihla-first-start-"));
    const env = parseEnv({ DATA_DIR: directory, DATABASE_URL: "", CATALOGUE_SCALE: "40", SEED: "first-start" });
    let handle: DatabaseHandle | undefined;
    try {
      handle = await openDatabase(env);
      const db = handle.db;
      const count = async (target: typeof db) => rowsOf<{ n: number }>(await target.execute(sql`SELECT count(*)::int AS n FROM products`))[0]!.n;
      expect(await count(db)).toBe(40);
      await handle.pubsub.notify("noop", "x");
      // A transaction still running when shutdown begins is finished, not lost.
      const write = db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE catalogue_meta SET version = version + 1`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`UPDATE catalogue_meta SET version = version + 1`);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all([write, handle.close()]);
      handle = await openDatabase(env);
      const reopened = handle.db;
      expect(await count(reopened)).toBe(40);
      const [meta] = rowsOf<{ version: number }>(await reopened.execute(sql`SELECT version::int AS version FROM catalogue_meta`));
      expect(meta!.version).toBe(3);
    } finally {
      await handle?.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("a large catalogue's first start on PGlite", () => {
  test("is seeded on disk rather than in memory, with the same rows", async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), "rihla-disk-seed-"));
    const env = (folder: string) => parseEnv({ DATA_DIR: path.join(directory, folder), DATABASE_URL: "", CATALOGUE_SCALE: "30", SEED: "disk-seed", SEED_TODAY: "2030-01-07" });
    // Timestamps the database sets (created_at, updated_at) are left out: they differ between the runs.
    const rows = async (handle: DatabaseHandle) =>
      rowsOf<{ products: string; options: string; reviews: string; meta: string }>(
        await handle.db.execute(sql`SELECT
          (SELECT md5(string_agg((to_jsonb(p) - 'created_at' - 'updated_at' - 'change_xid')::text, '|' ORDER BY id)) FROM products p) AS products,
          (SELECT md5(string_agg(to_jsonb(o)::text, '|' ORDER BY id)) FROM product_options o) AS options,
          (SELECT md5(string_agg((to_jsonb(r) - 'created_at')::text, '|' ORDER BY id)) FROM reviews r) AS reviews,
          (SELECT string_agg(key || ':' || scale, ',') FROM catalogue_meta) AS meta`),
      )[0]!;
    const handles: DatabaseHandle[] = [];
    try {
      const inMemory = await openDatabase(env("memory"));
      handles.push(inMemory);
      const onDisk = await openDatabase(env("disk"), { inMemorySeedLimit: 0 });
      handles.push(onDisk);
      const expected = await rows(inMemory);
      expect(expected.meta).toBe("catalogue:30");
      expect(await rows(onDisk)).toEqual(expected);
    } finally {
      for (const handle of handles) await handle.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a PostgreSQL server is a deployment", () => {
  test("boot refuses an unmigrated database, `npm run migrate` migrates it under an advisory lock, and nothing seeds demo products", async () => {
    const pg = (await import("pg")).default;
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `rihla_first_${process.pid}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const env = parseEnv({ DATABASE_URL: url.toString(), CATALOGUE_SCALE: "30", SEED: "first-start" });
    let handle: DatabaseHandle | undefined;
    try {
      await expect(openDatabase(env)).rejects.toThrow(/migration\(s\) to apply: run `npm run migrate`/);
      // Two release steps racing (two instances deploying at once) migrate once.
      const [a, b] = await Promise.all([openDatabase(env, { mode: "migrate" }), openDatabase(env, { mode: "migrate" })]);
      expect(await pendingMigrations(a)).toBe(0);
      await Promise.all([a.close(), b.close()]);
      handle = await openDatabase(env);
      expect(rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM products`))[0]!.n).toBe(0);
    } finally {
      await handle?.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
