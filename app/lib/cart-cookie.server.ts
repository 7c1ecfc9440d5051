import type { Cookie } from "@remix-run/node";
import type { Env } from "#app/lib/env.server";
import { createSignedCookie } from "#app/lib/signed-cookie.server";

export const CART_COOKIE_NAME = "rihla_cart";

/** The signed cart cookie (made once, by the app context: it needs SESSION_SECRET). */
export function createCartCookie(env: Pick<Env, "SITE_URL" | "SESSION_SECRET" | "CART_TTL_DAYS">): Cookie {
  return createSignedCookie(CART_COOKIE_NAME, env, env.CART_TTL_DAYS * 24 * 60 * 60);
}
