import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { isAdminPath, isAdminLocale } from "#app/lib/admin-locale";
import { localized } from "#app/lib/paths";
import { getLocale, localeFromPath, type Locale } from "#app/lib/locales";

/**
 * The current page's locale record, read from the URL prefix (the same on server and browser). The
 * staff console has no prefix: its language comes with the root loader's data (the staff cookie).
 */
export function useLocale(): Locale {
  const { pathname } = useLocation();
  const root = useRouteLoaderData("root") as { adminLocale?: unknown } | undefined;
  if (isAdminPath(pathname) && isAdminLocale(root?.adminLocale)) return getLocale(root.adminLocale);
  return getLocale(localeFromPath(pathname));
}

/** Prefixes a site path with the current locale: `/faq` → `/ar/faq` on Arabic pages. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localized(locale.code, path);
}
