import { createCookie, type Cookie } from "@remix-run/node";
import type { Env } from "#app/lib/env.server";

export const CART_COOKIE_NAME = "rihla_cart";

/** The signed cart cookie (made once, by the app context: it needs SESSION_SECRET). */
export function createCartCookie(env: Pick<Env, "SITE_URL" | "SESSION_SECRET" | "CART_TTL_DAYS">): Cookie {
  return createCookie(CART_COOKIE_NAME, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.SITE_URL.startsWith("https://"),
    secrets: [env.SESSION_SECRET],
    maxAge: env.CART_TTL_DAYS * 24 * 60 * 60,
  });
}
