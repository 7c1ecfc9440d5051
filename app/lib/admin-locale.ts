/**
 * The staff console is not localized by URL prefix: each staff member works in English or Arabic, the
 * choice kept in a plain cookie sent only to /admin (read by entry.server for the document's language
 * before any loader runs, and by the console's loaders).
 */
export const ADMIN_LOCALES = ["en", "ar"] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];
export const ADMIN_LOCALE_COOKIE = "rihla_admin_lang";
export const ADMIN_PATH = "/admin";

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`);
}

export function isAdminLocale(value: unknown): value is AdminLocale {
  return typeof value === "string" && (ADMIN_LOCALES as readonly string[]).includes(value);
}

/** The console language a Cookie header asks for (English when none or unknown). */
export function adminLocaleFromCookieHeader(header: string | null): AdminLocale {
  const match = /(?:^|;\s*)rihla_admin_lang=([a-z]{2})(?:;|$)/.exec(header ?? "");
  return isAdminLocale(match?.[1]) ? match[1] : "en";
}

/** The Set-Cookie that remembers a console language for a year. */
export function adminLocaleSetCookie(locale: AdminLocale, secure: boolean): string {
  return `${ADMIN_LOCALE_COOKIE}=${locale}; Path=${ADMIN_PATH}; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
