import { redirect } from "@remix-run/node";
import { readCartId, serializeCartCookie } from "#app/commerce/cart.server";
import { localeFromPath, localePrefix, type LocaleCode } from "#app/i18n/locales";
import { safeRedirect } from "#app/lib/safe-redirect";
import { createToastHeaders, type ToastInput } from "#app/lib/toast.server";
import { adoptCartAtSignIn, attachGuestOrders, type UserRow } from "./auth.server";
import { createUserSession, destroyUserSession } from "./session.server";
import type { AppContext } from "#app/context.server";
import { invoicesPath, localized } from "#app/lib/paths";

/** Signing in touches the session, the cart and the flash cookie. */
export type SignInDeps = Pick<AppContext, "db" | "cookies">;

/** A `redirectTo` after signing in (safeRedirect), never back into the auth pages (a login loop). */
export function safeRedirectTo(value: unknown, fallback: string): string {
  const target = safeRedirect(value, fallback);
  return /^(?:\/(?:ru|zh|ar))?\/auth\//.test(target) ? fallback : target;
}

/** The invoices page of a locale: where a signed-in user lands by default. */
export function accountHome(locale: LocaleCode): string {
  return localized(locale, invoicesPath());
}

/**
 * Ends a successful sign-in (login, sign-up, reset): a new session (the old one deleted), the
 * browser's cart adopted, verified guest orders attached, and a 303 with a toast to `to`.
 */
export async function signInAndRedirect(deps: SignInDeps, request: Request, user: UserRow, to: string, toast: ToastInput): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const { setCookie } = await createUserSession(deps, user.id, request);
  headers.append("Set-Cookie", setCookie);
  try {
    const cartId = await adoptCartAtSignIn(user.id, await readCartId(deps.cookies.cart, request), deps.db);
    if (cartId) headers.append("Set-Cookie", await serializeCartCookie(deps.cookies.cart, cartId));
  } catch (error) {
    // A cart that cannot be merged must not stop the sign-in; the visitor keeps the cart they had.
    console.error("[auth] cart not merged at sign-in", error);
  }
  await attachGuestOrders(user, deps.db);
  for (const cookie of (await createToastHeaders(deps, toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(to, { status: 303, headers });
}

/** Signs out: the session row is deleted and the cookie cleared; 303 to the locale's home with a toast. */
export async function signOutAndRedirect(deps: SignInDeps, request: Request, toast: ToastInput): Promise<Response> {
  const locale = localeFromPath(new URL(request.url).pathname);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  headers.append("Set-Cookie", await destroyUserSession(deps, request));
  for (const cookie of (await createToastHeaders(deps, toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(localePrefix(locale) || "/", { status: 303, headers });
}
