import type { Cookie } from "@remix-run/node";
import type { Env } from "#app/lib/env.server";
import { createSignedCookie } from "#app/lib/signed-cookie.server";
import { STAFF_SESSION_TTL_MS } from "#app/staff/staff.server";

export const STAFF_COOKIE_NAME = "rihla_staff";

/** The staff session cookie: sent only to /admin, never with storefront requests (whose pages may be cached). */
export function createStaffCookie(env: Pick<Env, "SITE_URL" | "SESSION_SECRET">): Cookie {
  return createSignedCookie(STAFF_COOKIE_NAME, env, STAFF_SESSION_TTL_MS / 1000, { path: "/admin" });
}

/** The session id in a request's signed staff cookie; a tampered or missing cookie reads as none. */
export async function readStaffSessionId(cookie: Cookie, cookieHeader: string | null): Promise<string | null> {
  const value: unknown = await cookie.parse(cookieHeader);
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}
