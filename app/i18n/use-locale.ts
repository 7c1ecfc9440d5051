import { useLocation } from "@remix-run/react";
import { getLocale, localeFromPath, localePrefix, type Locale } from "./locales";

/** The current page's locale record, read from the URL prefix (the same on server and browser). */
export function useLocale(): Locale {
  const { pathname } = useLocation();
  return getLocale(localeFromPath(pathname));
}

/** Prefixes a site path with the current locale: `/faq` → `/ar/faq` on Arabic pages. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  const prefix = localePrefix(locale.code);
  return (path: string) => (path === "/" ? prefix || "/" : `${prefix}${path}`);
}
