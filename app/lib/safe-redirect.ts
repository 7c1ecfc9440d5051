/**
 * Where a form or query may send the browser next (`redirectTo`): only a path on this site. Anything
 * a browser could read as another origin falls back: `//evil.com`, `/\evil.com`, `https://…`, and
 * paths with control characters or spaces (which can split headers or be stripped into `//`).
 *
 * The check is made on the path as a browser resolves it (dot segments and `%2e` removed: `/ru/..//x`
 * is `//x`), and the resolved form is what is returned. A caller that changes the path afterwards (a
 * locale prefix stripped or added) checks its final Location again with `safeRedirect`.
 */
import { localizePath, type LocaleCode } from "#app/lib/locales";
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

// Any origin would do: only whether resolving a path against it keeps it is asked.
const PROBE_ORIGIN = "http://rihla.invalid";

/**
 * `target` as a browser resolves it against this site (dot segments, `%2e%2e`, with its query and
 * fragment), when it is and stays a safe local path; otherwise null.
 */
export function resolveLocalPath(target: string): string | null {
  if (!isSafeLocalPath(target)) return null;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const resolved = url.pathname + url.search + url.hash;
  return isSafeLocalPath(resolved) && resolved.length <= MAX_REDIRECT_LENGTH ? resolved : null;
}

/** `value` resolved as a safe local path (with its query), otherwise `fallback`. */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_REDIRECT_LENGTH) return fallback;
  return resolveLocalPath(value) ?? fallback;
}

/**
 * The language switcher's Location: the page `redirectTo` names, in `locale`; the locale's home when
 * it names no safe local path. Swapping the prefix can turn a safe path into another origin
 * (`/ru//evil.example` → `//evil.example`), so the final Location is checked again.
 */
export function localeSwitchTarget(redirectTo: unknown, locale: LocaleCode): string {
  const home = localizePath("/", locale);
  const requested = new URL(safeRedirect(redirectTo, "/"), PROBE_ORIGIN);
  return safeRedirect(localizePath(requested.pathname, locale) + requested.search, home);
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
