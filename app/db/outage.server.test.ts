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

test("connection-exception SQLSTATEs (class 08), pool timeouts and postgres.js's codes are unavailable; other codes are not", () => {
  const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });
  for (const code of ["08000", "08001", "08003", "08006", "57P02", "53300", "ECONNRESET", "CONNECTION_CLOSED", "CONNECT_TIMEOUT"]) expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
  expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  expect(isDatabaseUnavailable(new Error("Connection terminated due to connection timeout"))).toBe(true);
  for (const code of ["23505", "40001", "57014", "ERR_INVALID_ARG_TYPE"]) expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
});
