/**
 * The locales the storefront offers. English is the default and has no URL prefix. `iso` names the
 * language (documents, structured data); `intl` is what numbers and dates are formatted with
 * (app/i18n/format.ts): Latin digits and the Gregorian calendar for every locale, Arabic included
 * (docs/decisions/029).
 */
export const LOCALES = [
  { code: "en", iso: "en-US", intl: "en-US", name: "English", dir: "ltr" },
  { code: "ru", iso: "ru-RU", intl: "ru-RU", name: "Русский", dir: "ltr" },
  { code: "zh", iso: "zh-CN", intl: "zh-CN", name: "中文", dir: "ltr" },
  { code: "ar", iso: "ar-SA", intl: "ar-SA-u-ca-gregory-nu-latn", name: "العربية", dir: "rtl" },
] as const;

export type Locale = (typeof LOCALES)[number];
export type LocaleCode = Locale["code"];

export const DEFAULT_LOCALE: LocaleCode = "en";
export const LOCALE_CODES: readonly LocaleCode[] = LOCALES.map((locale) => locale.code);

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === "string" && (LOCALE_CODES as readonly string[]).includes(value);
}

export function getLocale(code: LocaleCode): Locale {
  const locale = LOCALES.find((candidate) => candidate.code === code);
  if (!locale) throw new Error(`Unknown locale ${code}`);
  return locale;
}

/** The URL prefix of a locale: "" for English, "/ru" for Russian, … */
export function localePrefix(code: LocaleCode): string {
  return code === DEFAULT_LOCALE ? "" : `/${code}`;
}

/** The locale a pathname belongs to, read from its first segment (never guessed from headers). */
export function localeFromPath(pathname: string): LocaleCode {
  const first = pathname.split("/")[1] ?? "";
  return isLocaleCode(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The locale of a matched route id such as `ar/faq`. */
export function localeFromRouteId(routeId: string): LocaleCode | null {
  const first = routeId.split("/")[0];
  return isLocaleCode(first) ? first : null;
}

/** The path below the locale prefix: `/ar/faq` → `/faq`, `/ru` → `/`. */
export function stripLocalePrefix(pathname: string): string {
  const code = localeFromPath(pathname);
  if (code === DEFAULT_LOCALE) return pathname || "/";
  const rest = pathname.slice(code.length + 1);
  return rest === "" ? "/" : rest;
}

/** The same page in another locale: `localizePath("/ar/faq", "ru")` → `/ru/faq`. */
export function localizePath(pathname: string, code: LocaleCode): string {
  const rest = stripLocalePrefix(pathname);
  const prefix = localePrefix(code);
  if (rest === "/") return prefix || "/";
  return `${prefix}${rest}`;
}

/** A catalogue text in `locale`, else its English, else `fallback` (a title kept per language; null when the row is gone). */
export function inLocale(value: Record<string, string> | null | undefined, locale: LocaleCode, fallback: string): string {
  return value?.[locale] || value?.en || fallback;
}
