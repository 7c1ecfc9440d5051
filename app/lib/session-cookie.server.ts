import type { Cookie } from "@remix-run/node";
import { SESSION_TTL_MS } from "#app/auth/session.server";
import type { Env } from "#app/lib/env.server";
import { createSignedCookie } from "#app/lib/signed-cookie.server";

export const SESSION_COOKIE_NAME = "rihla_session";

/** The signed session cookie (made once, by the app context: it needs SESSION_SECRET). */
export function createSessionCookie(env: Pick<Env, "SITE_URL" | "SESSION_SECRET">): Cookie {
  return createSignedCookie(SESSION_COOKIE_NAME, env, SESSION_TTL_MS / 1000);
}
