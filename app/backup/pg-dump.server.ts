/**
 * Backups of a PostgreSQL server's database (DATABASE_URL): PostgreSQL's own `pg_dump -Fc` (a
 * consistent snapshot in one transaction, taken while the store runs), checked by restoring it into a
 * scratch database on the same server, and restored with `pg_restore` into an empty database.
 * The password never appears on a command line (other users of the machine can read those): it goes
 * to the tools as PGPASSWORD.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { KEY_TABLES } from "./pglite-snapshot.server";

export class PgToolError extends Error {}

/** The URL without its password, and the password for the tools' environment. */
export function connectionForTools(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL tool, feeding `input` to it; resolves with its standard output. */
function runTool(tool: string, args: string[], url: string, input?: Uint8Array): Promise<Buffer> {
  const { dbname, env } = connectionForTools(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) => reject(new PgToolError(`${tool} could not be started (${error.message}): install PostgreSQL's client tools of the server's version`)));
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new PgToolError(`${tool} failed (exit ${code}): ${Buffer.concat(err).toString("utf8").trim().slice(0, 2000)}`));
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(input ? Buffer.from(input) : undefined);
  });
}

/** `pg_dump -Fc`: the whole database in PostgreSQL's compressed custom format. */
export async function dumpPostgres(url: string): Promise<Uint8Array> {
  return new Uint8Array(await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges"], url));
}

/** A custom-format dump starts with these bytes (PGlite snapshots are gzip: 1f 8b). */
export function isPgDump(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "PGDMP";
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function countKeyTables(url: string): Promise<Record<string, number>> {
  return withAdminClient(url, async (client) => {
    const counts: Record<string, number> = {};
    for (const table of KEY_TABLES) {
      const exists = await client.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [`public.${table}`]);
      if (!exists.rows[0]?.found) continue;
      const result = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM "${table}"`);
      counts[table] = result.rows[0]?.count ?? 0;
    }
    return counts;
  });
}

/**
 * Restores the dump into a scratch database created beside the store's (its role needs CREATEDB)
 * and counts the key tables there, then drops it. Where the role may not create databases, it falls
 * back to reading the dump's table of contents (`pg_restore --list`), which proves it is whole.
 */
export async function verifyPgDump(dump: Uint8Array, url: string): Promise<{ counts: Record<string, number>; restored: boolean }> {
  const scratchName = `rihla_verify_${randomBytes(6).toString("hex")}`;
  const created = await withAdminClient(url, async (client) => {
    try {
      await client.query(`CREATE DATABASE ${scratchName}`);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === "42501") return false;
      throw error;
    }
  });
  if (!created) {
    await runTool("pg_restore", ["--list"], url, dump).catch((error: unknown) => {
      throw new PgToolError(`the dump does not read back: ${(error as Error).message}`);
    });
    return { counts: {}, restored: false };
  }
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${scratchName}`;
  try {
    await runTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error"], scratchUrl.toString(), dump);
    return { counts: await countKeyTables(scratchUrl.toString()), restored: true };
  } finally {
    await withAdminClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`)).catch((error: unknown) => console.error(`[backup] could not drop ${scratchName}`, error));
  }
}

export class RestoreDatabaseNotEmptyError extends Error {}

/** Restores a dump into the database at `url`, which must hold no tables yet (nothing is overwritten). */
export async function restorePgDump(dump: Uint8Array, url: string): Promise<Record<string, number>> {
  const tables = await withAdminClient(url, async (client) => (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")).rows[0]?.n ?? 0);
  if (tables > 0) throw new RestoreDatabaseNotEmptyError("The database in DATABASE_URL already has tables: restore only into an empty database, so nothing is overwritten.");
  await runTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error"], url, dump);
  return countKeyTables(url);
}
