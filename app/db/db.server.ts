/**
 * The database: Drizzle over PGlite (embedded, persisted under DATA_DIR) or over a PostgreSQL server
 * through `pg` when DATABASE_URL is set. The first call opens it, applies the SQL migrations in
 * ./drizzle and seeds the catalogue when it is empty; nothing for the user to run.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockFolder } from "./folder-lock.server";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Env } from "#app/lib/env.server";
import * as schema from "./schema";

export { schema };

import { rowsOf, type Database } from "./driver.server";

// The Drizzle database both drivers share, and reads under it (./driver.server.ts), as the app imports them.
export { driverClient, rowsOf, type Database } from "./driver.server";

export type PubSub = {
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL only (tests, operators): drop the LISTEN connection; it reconnects and replays the change log. */
  dropListener?(): Promise<void>;
};

/** NOTIFY payloads on a server carry their change_log id: "42:payload". */
export function parseLoggedPayload(raw: string): { id: number; payload: string } {
  const match = /^(\d+):/.exec(raw);
  return match ? { id: Number(match[1]), payload: raw.slice(match[0].length) } : { id: 0, payload: raw };
}

export interface DatabaseHandle {
  kind: "pglite" | "pg";
  db: Database;
  pubsub: PubSub;
  /**
   * Runs `work` only if no other process holds the lock `key` (a PostgreSQL advisory lock); returns
   * undefined when another instance has it. PGlite belongs to one process, so it always runs.
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

/**
 * Advisory lock keys, one per job that must run on one instance at a time (and `agentRefunds`, held
 * by a transaction that adds up what agents refunded today before it refunds more).
 */
export const LOCKS = { migrate: 7460201, testTemplate: 7460202, reconciler: 7460203, agentRefunds: 7460204, seasonalPrices: 7460205, retention: 7460206, invoicing: 7460207, backup: 7460208, productTexts: 7460209 } as const;

/** Where the SQL migrations live; the server always runs from the repository root. */
export const MIGRATIONS_FOLDER = path.resolve("drizzle");

/** A file of Emscripten's in-memory file system: `contents` may be longer than the file (spare capacity). */
interface MemoryFileNode {
  contents: Uint8Array | null;
  usedBytes: number;
}

interface MemoryFileSystem {
  expandFileStorage(node: MemoryFileNode, size: number): void;
  resizeFileStorage(node: MemoryFileNode, size: number): void;
}

/**
 * Makes the files of an in-memory PGlite grow by doubling. Emscripten's MEMFS, which holds them,
 * copies a file into a new array whenever it grows: by 1/8 when written past its end, and to exactly
 * the new size when extended with ftruncate, which is how it emulates the fallocate PostgreSQL
 * extends a table with in bulk (COPY, up to 64 pages at a time). Loading a table by COPY thus cost
 * time quadratic in its size (21 GB of copying, 19 s, at 40,000 products). Doubled capacity is
 * allocated as zero pages that take memory only once written. Nothing changes when PGlite's module
 * does not look as expected (another Emscripten or PGlite version): the files then grow as before.
 */
function growMemoryFilesGeometrically(client: PGlite): void {
  // `mod` (the Emscripten module) is not part of PGlite's typed API.
  const memfs = (client as unknown as { mod?: { MEMFS?: Partial<MemoryFileSystem> } }).mod?.MEMFS;
  if (typeof memfs?.expandFileStorage !== "function" || typeof memfs.resizeFileStorage !== "function") return;
  const resize = memfs.resizeFileStorage.bind(memfs);
  const reserve = (node: MemoryFileNode, size: number) => {
    const capacity = node.contents?.length ?? 0;
    if (capacity >= size) return;
    const grown = new Uint8Array(Math.max(size, capacity * 2, 256));
    if (node.contents && node.usedBytes > 0) grown.set(node.contents.subarray(0, node.usedBytes));
    node.contents = grown;
  };
  memfs.expandFileStorage = reserve;
  memfs.resizeFileStorage = (node, size) => {
    // Shrinking (and truncating to zero) keeps MEMFS's own behaviour: it reallocates to the exact size.
    if (size <= node.usedBytes) return resize(node, size);
    reserve(node, size);
    // The bytes past the end are zero already (fresh arrays, copies up to usedBytes); make sure of it.
    node.contents!.fill(0, node.usedBytes, size);
    node.usedBytes = size;
  };
}

/** Opens PGlite at `dataDir` (in memory when undefined, or from a dump) with Drizzle on top. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DatabaseHandle & { client: PGlite }> {
  if (options.dataDir) await mkdir(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  if (!options.dataDir) growMemoryFilesGeometrically(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const pubsub: PubSub = {
    async notify(channel, payload) {
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
  };
  let closing: Promise<void> | undefined;
  return {
    kind: "pglite",
    db,
    client,
    pubsub,
    exclusive: (_key, work) => work(),
    close() {
      // PGlite serialises queries; close() waits for the running one, so no write is lost.
      closing ??= client.closed ? Promise.resolve() : client.close();
      return closing;
    },
  };
}

/** A `pg` pool plus one dedicated client for LISTEN, opened lazily. */
export function openNodePg(connectionString: string, options: { max?: number } = {}): DatabaseHandle & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error("[db] idle client error", error));
  // pool.end() resolves once it has asked its clients to end, not when their sockets are closed;
  // track them so close() returns only when every connection is really gone.
  const open = new Set<Promise<void>>();
  pool.on("connect", (client) => {
    const ended = new Promise<void>((resolve) => client.once("end", () => resolve()));
    open.add(ended);
    void ended.then(() => open.delete(ended));
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  /**
   * When the listener connection was lost. A reconnect replays the change log from a little before
   * then (commits from several instances need not arrive in id order, and replaying a change twice
   * only evicts a cache twice).
   */
  let lostAt: Date | null = null;

  function deliver(channel: string, payload: string) {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  }

  function connectListener(): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on("notification", (message) => deliver(message.channel, parseLoggedPayload(message.payload ?? "").payload));
      client.on("error", (error) => {
        console.error("[db] listener connection error", error);
        listener = undefined;
        lostAt ??= new Date();
        // Reconnect and re-subscribe so cache eviction keeps working after a server restart.
        if (!closed) setTimeout(() => void resubscribe(), 1000).unref();
      });
      await client.connect();
      return client;
    })();
    return listener;
  }

  async function resubscribe() {
    try {
      const client = await connectListener();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      await replayMissed();
    } catch (error) {
      console.error("[db] could not re-subscribe", error);
      listener = undefined;
      if (!closed) setTimeout(() => void resubscribe(), 5000).unref();
    }
  }

  /** What was notified while the listener was down, from the change log. */
  async function replayMissed() {
    const since = lostAt;
    const channels = [...handlers.keys()];
    if (!since || channels.length === 0) return;
    const missed = await pool.query<{ channel: string; payload: string }>(
      "SELECT channel, payload FROM change_log WHERE created_at >= $1::timestamptz - interval '10 seconds' AND channel = ANY($2::text[]) ORDER BY id",
      [since.toISOString(), channels],
    );
    lostAt = null;
    if (missed.rows.length > 0) console.info(`[db] replaying ${missed.rows.length} change(s) sent while the listener was down`);
    for (const row of missed.rows) deliver(row.channel, row.payload);
  }

  const pubsub: PubSub = {
    async notify(channel, payload) {
      // Logged and sent in one statement: a listener that misses the NOTIFY finds the row.
      await pool.query(
        `WITH logged AS (INSERT INTO change_log (channel, payload) VALUES ($1, $2) RETURNING id)
         SELECT pg_notify($1, (SELECT id FROM logged)::text || ':' || $2) FROM logged`,
        [channel, payload],
      );
      // Housekeeping now and then: a day of history is plenty for a reconnect.
      if (Math.random() < 0.01) await pool.query("DELETE FROM change_log WHERE created_at < now() - interval '1 day'").catch(() => undefined);
    },
    async listen(channel, onMessage) {
      const client = await connectListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          if (!closed) await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async dropListener() {
      // As a network blip would: the connection dies, reconnects a second later and replays.
      const client = await listener?.catch(() => undefined);
      if (!client) return;
      client.emit("error", new Error("listener connection dropped"));
      await client.end().catch(() => undefined);
    },
  };

  let closing: Promise<void> | undefined;
  return {
    kind: "pg",
    db,
    pool,
    pubsub,
    async exclusive(key, work) {
      // Session-level lock on one pooled connection, held while the work runs on the pool.
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [key]);
        if (!rows[0]?.locked) return undefined;
        try {
          return await work();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [key]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
    },
    close() {
      closing ??= (async () => {
        closed = true;
        const client = await listener?.catch(() => undefined);
        await client?.end().catch(() => undefined);
        // Pool.end waits for checked-out clients to be released, so running transactions finish.
        await pool.end();
        await Promise.race([Promise.all(open), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      })();
      return closing;
    },
  };
}

/** Applies pending migrations (idempotent; drizzle records what ran). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migrateNodePg(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** True when the catalogue has been seeded (the seed writes catalogue_meta last, in its transaction). */
export async function isSeeded(db: Database): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM catalogue_meta WHERE key = 'catalogue'`));
  return (rows[0]?.n ?? 0) > 0;
}

/** Migrates and, when empty, seeds; on a server, under an advisory lock so instances don't race. */
export async function prepareDatabase(handle: DatabaseHandle, env: SeedEnv, options: { seed?: boolean; images?: boolean } = {}): Promise<void> {
  const { seedDatabase } = await import("./seed/seed.server");
  const run = async (target: DatabaseHandle) => {
    await migrateDatabase(target);
    if (options.seed !== false && !(await isSeeded(target.db))) {
      const seeded = await seedDatabase(target.db, { seed: env.SEED, scale: env.CATALOGUE_SCALE, today: env.SEED_TODAY, images: options.images ?? true });
      // The first start's one long step: say how long it took and whether it had the worker thread.
      console.info(`[db] seeded ${seeded.products} experiences in ${seeded.elapsedMs} ms (generated on ${seeded.generatedOnWorker ? "a worker thread" : "this thread"})`);
    }
  };
  if (handle.kind === "pglite") return run(handle);
  const pool = (handle as DatabaseHandle & { pool: pg.Pool }).pool;
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCKS.migrate]);
    const lockedDb = drizzleNodePg({ client, schema }) as unknown as Database;
    await run({ ...handle, db: lockedDb });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCKS.migrate]).catch(() => undefined);
    client.release();
  }
}

/** What opening a database reads from the environment. */
export type SeedEnv = Pick<Env, "SEED" | "CATALOGUE_SCALE" | "SEED_TODAY">;
export type DatabaseEnv = SeedEnv & Pick<Env, "DATABASE_URL" | "DATA_DIR">;

/**
 * The largest catalogue seeded in memory when the PGlite folder is made. Emscripten's in-memory file
 * system keeps every file in JS memory, WAL and spare capacity included, and the folder is then dumped
 * into one more copy and unpacked: at 100,000 products that peaked at 8 GB. A larger catalogue is
 * seeded straight into the folder on disk, where the files live in the page cache, not in the process.
 */
export const IN_MEMORY_SEED_LIMIT = 5000;

/**
 * Creates the PGlite folder on first start. initdb and migrations run in memory (no fsync per file),
 * the result is dumped and unpacked into a temporary folder that is renamed into place: about twice as
 * fast as initialising on disk, and a crash never leaves a half-made database. The seed runs in memory
 * too up to IN_MEMORY_SEED_LIMIT products, and beyond that on the temporary folder before the rename.
 */
async function createPgliteFolder(dataDir: string, env: SeedEnv, inMemorySeedLimit = IN_MEMORY_SEED_LIMIT): Promise<void> {
  const seedInMemory = env.CATALOGUE_SCALE <= inMemorySeedLimit;
  const memory = await openPglite();
  let dump: Blob;
  try {
    await prepareDatabase(memory, env, { seed: seedInMemory });
    dump = await memory.client.dumpDataDir("none");
  } finally {
    await memory.close();
  }
  const temporary = `${dataDir}.tmp-${process.pid}`;
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });
  if (seedInMemory) {
    const unpacked = await PGlite.create(temporary, { loadDataDir: dump });
    await unpacked.close();
  } else {
    const unpacked = await openPglite({ dataDir: temporary, loadDataDir: dump });
    try {
      await prepareDatabase(unpacked, env);
    } finally {
      await unpacked.close();
    }
  }
  await rename(temporary, dataDir);
}

/** Migrations in drizzle/ that the database has not recorded as applied (0 when current). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  // Two statements: PostgreSQL resolves a table name in a query even on a branch that never runs.
  const [table] = rowsOf<{ name: string | null }>(await handle.db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`));
  if (!table?.name) return journal.entries.length;
  const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`));
  return Math.max(0, journal.entries.length - Number(row?.n ?? 0));
}

/**
 * Opens the database the environment names. The embedded PGlite under DATA_DIR is a local
 * convenience: it is created, migrated and seeded with the demo catalogue on first start. A
 * PostgreSQL server at DATABASE_URL is a deployment: boot only checks it is migrated (the release
 * step is `npm run migrate`) and never fills it with demo products (`npm run seed` does, when asked).
 * `mode: "migrate"` (the migrate and seed commands) migrates a server under its advisory lock.
 * `inMemorySeedLimit` (tests) moves the line between seeding a new PGlite folder in memory and on disk.
 */
export async function openDatabase(env: DatabaseEnv, options: { mode?: "boot" | "migrate"; inMemorySeedLimit?: number } = {}): Promise<DatabaseHandle> {
  const started = performance.now();
  let handle: DatabaseHandle;
  if (env.DATABASE_URL) {
    handle = openNodePg(env.DATABASE_URL);
  } else {
    const dataDir = path.join(env.DATA_DIR, "pglite");
    // Before anything touches the folder: one process at a time (see folder-lock.server.ts).
    await mkdir(env.DATA_DIR, { recursive: true });
    const unlock = lockFolder(dataDir);
    try {
      if (!existsSync(path.join(dataDir, "PG_VERSION"))) await createPgliteFolder(dataDir, env, options.inMemorySeedLimit);
      const opened = await openPglite({ dataDir });
      const close = opened.close;
      handle = { ...opened, close: () => close().finally(unlock) };
    } catch (error) {
      unlock();
      throw error;
    }
  }
  try {
    if (handle.kind === "pglite") {
      // Migrations that arrived since the folder was made (and a seed if the folder is still empty).
      await prepareDatabase(handle, env);
    } else if (options.mode === "migrate") {
      await prepareDatabase(handle, env, { seed: false });
    } else {
      const pending = await pendingMigrations(handle);
      if (pending > 0) throw new Error(`The database at DATABASE_URL has ${pending} migration(s) to apply: run \`npm run migrate\` (the release step) first`);
    }
    const elapsed = performance.now() - started;
    if (elapsed > 1000) console.info(`[db] ready in ${Math.round(elapsed)} ms (${handle.kind})`);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}
