/**
 * Where a form or query may send the browser next (`redirectTo`): only a path on this site. Anything
 * a browser could read as another origin falls back: `//evil.com`, `/\evil.com`, `https://…`, and
 * paths with control characters or spaces (which can split headers or be stripped into `//`).
 */
import type { LocaleCode } from "#app/i18n/locales";
import { invoicesPath, localized } from "#app/lib/paths";

/** Longest `redirectTo` followed; longer ones fall back (no URL this site builds comes close). */
export const MAX_REDIRECT_LENGTH = 2048;

/** True when `value` contains characters browsers may treat as a slash or drop (`\`, controls, spaces). */
export function hasUnsafeCharacters(value: string): boolean {
  return /[\\\u0000-\u0020\u007f]/.test(value);
}

/** A target browsers read as a path on this site: one leading slash, no backslash, no control chars. */
export function isSafeLocalPath(target: string): boolean {
  return /^\/(?![/\\])/.test(target) && !hasUnsafeCharacters(target);
}

/** `value` when it is a safe local path (with its query), otherwise `fallback`. */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_REDIRECT_LENGTH) return fallback;
  return isSafeLocalPath(value) ? value : fallback;
}

/** A `redirectTo` after signing in (safeRedirect), never back into the auth pages (a login loop). */
export function safeRedirectTo(value: unknown, fallback: string): string {
  const target = safeRedirect(value, fallback);
  return /^(?:\/(?:ru|zh|ar))?\/auth\//.test(target) ? fallback : target;
}

/** The invoices page of a locale: where a signed-in user lands by default. */
export function accountHome(locale: LocaleCode): string {
  return localized(locale, invoicesPath());
}
