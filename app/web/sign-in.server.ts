/**
 * The HTTP ends of signing in and out, shared by the auth routes: each calls auth (the session), then
 * commerce (the browser's cart) and account (guest orders), and answers with a 303 and a toast.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { attachGuestOrders } from "#app/account/orders.server";
import type { UserRow } from "#app/auth/auth.server";
import type { SessionUser } from "#app/auth/session.server";
import { adoptCartAtSignIn } from "#app/commerce/cart.server";
import { localeFromPath, localePrefix } from "#app/lib/locales";
import { localized, loginPath as loginPagePath } from "#app/lib/paths";
import { createToastHeaders, type ToastInput } from "#app/web/toast.server";
import { createUserSession, destroyUserSession, getUser, type SessionDeps } from "#app/web/session-cookie.server";
import { readCartId, serializeCartCookie } from "#app/web/cart-cookie.server";

/** Signing in touches the session, the cart and the flash cookie. */
export type SignInDeps = Pick<AppLoadContext, "db" | "cookies">;


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

/** The signed-in user; otherwise a redirect to the login page of the request's locale, coming back here after. */
export async function requireUser(deps: SessionDeps, request: Request): Promise<SessionUser> {
  const user = await getUser(deps, request);
  if (user) return user;
  throw redirect(loginPath(request));
}

/** The login page of the request's locale with `redirectTo` set to the request's path. */
export function loginPath(request: Request): string {
  const url = new URL(request.url);
  return localized(localeFromPath(url.pathname), loginPagePath({ redirectTo: url.pathname + url.search }));
}
