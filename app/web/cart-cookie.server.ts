/**
 * The cart cookie `rihla_cart`: signed, httpOnly, carrying the cart's id. This is the HTTP side of
 * app/commerce/cart.server.ts: routes find or start the browser's cart here; commerce takes cart ids.
 */
import type { Cookie } from "@remix-run/node";
import { createCart, getCart, type CartRow } from "#app/commerce/cart.server";
import type { Database } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import type { CurrencyCode } from "#app/lib/money";
import { createSignedCookie } from "#app/lib/signed-cookie.server";

export const CART_COOKIE_NAME = "rihla_cart";

/** The signed cart cookie (made once, by the app context: it needs SESSION_SECRET). */
export function createCartCookie(env: Pick<Env, "SITE_URL" | "SESSION_SECRET" | "CART_TTL_DAYS">): Cookie {
  return createSignedCookie(CART_COOKIE_NAME, env, env.CART_TTL_DAYS * 24 * 60 * 60);
}

export type CartCookies = { cookies: { cart: Cookie } };

/** The cart id in the request's signed cookie; a tampered or missing cookie reads as none. */
export async function readCartId(cookie: Cookie, request: Request): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}

export function serializeCartCookie(cookie: Cookie, cartId: string): Promise<string> {
  return cookie.serialize(cartId);
}

/** The request's cart, or a new one; `setCookie` is set when the browser must learn its id. */
export async function getOrCreateCart(deps: { db: Database } & CartCookies, request: Request, currency: CurrencyCode): Promise<{ cart: CartRow; setCookie: string | null }> {
  const existing = await getCart(deps.db, await readCartId(deps.cookies.cart, request));
  if (existing) return { cart: existing, setCookie: null };
  const cart = await createCart(deps.db, currency);
  return { cart, setCookie: await serializeCartCookie(deps.cookies.cart, cart.id) };
}
