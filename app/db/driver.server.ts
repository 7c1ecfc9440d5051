/**
 * The database as a Drizzle handle over either driver (PGlite or node-postgres), and the two reads of
 * what lies under it. Apart from ./db.server.ts (which opens, migrates and seeds) so that the seed and
 * the COPY loader can use them without importing the module that runs them.
 */
import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";
import { NodePgSession } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { PgliteSession } from "drizzle-orm/pglite";
import type pg from "pg";
import type * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw `db.execute` result, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The driver client under a Drizzle database or transaction (a transaction's own connection). Drizzle
 * keeps it in a private field of its session and has no accessor, so it is read structurally; the
 * session's class tells the driver.
 */
export function driverClient(db: Database): { kind: "pglite"; client: PGlite | PgliteTransaction } | { kind: "pg"; client: pg.Pool | pg.ClientBase } {
  const session: unknown = db._.session;
  if (session instanceof PgliteSession) return { kind: "pglite", client: (session as unknown as { client: PGlite | PgliteTransaction }).client };
  if (session instanceof NodePgSession) return { kind: "pg", client: (session as unknown as { client: pg.Pool | pg.ClientBase }).client };
  throw new Error("driverClient: the database runs on neither PGlite nor node-postgres");
}
