/**
 * The database going away (a PostgreSQL restart or failover under running instances, a lost network,
 * an exhausted server): the request that met it answers 503 with Retry-After — pages, their data
 * requests and /octo/v1 alike — never a 500, and the next request tries again (the pool reconnects by
 * itself, so the store recovers without a restart). Anything else stays an error.
 */

/** How long a client should wait before trying again, in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Node's socket errors met while connecting to or talking with the server. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
/** SQLSTATEs of a server that cannot serve now: admin/crash shutdown, starting up, too many connections. */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** postgres.js's codes for the same (should a driver change bring it in). */
const DRIVER_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);
/** node-postgres's own words when a connection ends or cannot be made in time. */
const POOL_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /Client has encountered a connection error/, /Connection terminated unexpectedly/];

/** Whether `error` (or what it wraps: Drizzle's query errors keep the driver's as `cause`) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (SOCKET_CODES.has(code) || DRIVER_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && POOL_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
