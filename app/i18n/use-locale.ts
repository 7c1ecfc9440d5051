import { useLocation } from "@remix-run/react";
import { localized } from "#app/lib/paths";
import { getLocale, localeFromPath, type Locale } from "./locales";

/** The current page's locale record, read from the URL prefix (the same on server and browser). */
export function useLocale(): Locale {
  const { pathname } = useLocation();
  return getLocale(localeFromPath(pathname));
}

/** Prefixes a site path with the current locale: `/faq` → `/ar/faq` on Arabic pages. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localized(locale.code, path);
}
