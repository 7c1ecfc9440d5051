import type { IncomingMessage, ServerResponse } from "node:http";

/** The console's cookies (the staff session, its language) are scoped to it: sent to /admin and below only. */
const CONSOLE_PATH = /(;\s*path=)\/admin(?=\s*;|\s*$)/i;

/**
 * Single fetch asks for the console's home page's data at `/admin.data`, a path a cookie scoped to
 * `/admin` is not sent to (a cookie path matches only itself or what follows it after a "/"). So every
 * console cookie a response sets (or clears) is set again for `/admin.data`, and a client navigation to
 * the console's home carries the session like any other console page, while the storefront still
 * never receives it.
 */
export function withConsoleDataPath(cookies: string[]): string[] {
  return cookies.flatMap((cookie) => (CONSOLE_PATH.test(cookie) ? [cookie, cookie.replace(CONSOLE_PATH, "$1/admin.data")] : [cookie]));
}

/** Express middleware (server.js): applies withConsoleDataPath to every Set-Cookie header a response sets. */
export function consoleCookiePaths(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== "set-cookie" || typeof value === "number") return setHeader(name, value);
    return setHeader(name, withConsoleDataPath(typeof value === "string" ? [value] : [...value]));
  };
  next();
}
