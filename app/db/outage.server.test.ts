/**
 * What counts as the database going away: a server that refuses the connection (met for real, through
 * Drizzle and node-postgres), an admin shutdown or a server still starting; a query's own mistake does not.
 */
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { isDatabaseUnavailable } from "./outage.server";

test("a server nobody answers for is unavailable, through Drizzle's wrapping", async () => {
  const pool = new pg.Pool({ connectionString: "postgres://nobody:nothing@127.0.0.1:1/none", connectionTimeoutMillis: 2_000 });
  const db = drizzle(pool);
  const error = await db.execute(sql`SELECT 1`).then(
    () => null,
    (failure: unknown) => failure,
  );
  await pool.end();
  expect(error).not.toBeNull();
  expect(isDatabaseUnavailable(error)).toBe(true);
});

test("a shutting-down or starting server is unavailable; a bad query or a plain bug is not", () => {
  expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
  expect(isDatabaseUnavailable(new Error("Failed query", { cause: Object.assign(new Error("the database system is starting up"), { code: "57P03" }) }))).toBe(true);
  expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" }))).toBe(false);
  expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
  expect(isDatabaseUnavailable(null)).toBe(false);
});
