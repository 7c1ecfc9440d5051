import { defer, json } from "@remix-run/node";
import type { TFunction } from "i18next";
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, localeFromPath, type LocaleCode } from "#app/lib/locales";
import { CACHE_PRIVATE, publicCacheControl } from "#app/lib/http";
import type { PageSeo } from "#app/lib/meta";


export type PageContext = { url: URL; locale: LocaleCode; t: TFunction };

/** The request's URL, its locale (from the path prefix only) and a translation function. */
export function getPageContext(request: Request): PageContext {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  return { url, locale, t: getFixedT(locale) };
}

/** Translated title and description for a page whose texts live under `pages.{key}`. */
export function pageSeo(context: PageContext, key: string, values: Record<string, string> = {}): PageSeo {
  const { t } = context;
  return { title: t(`pages.${key}.title`, values), description: t("site.description") };
}

export type NotFoundData = { notFound: "route" | "page"; path: string };

/**
 * Ends a loader with the 404 screen. `route` is for a path no route matches ('Page not found: …'),
 * `page` for a route whose parameters do not validate ('Page Not Found: …').
 */
export function throwNotFound(request: Request, kind: NotFoundData["notFound"]): never {
  const { pathname } = new URL(request.url);
  throw json<NotFoundData>({ notFound: kind, path: pathname }, { status: 404, headers: { "Content-Language": getLocale(localeFromPath(pathname)).code } });
}

export type SimplePageData = { seo: PageSeo; heading: string; intro: string };

/**
 * The data of a page whose content arrives with a later capability: a translated title, heading and
 * introduction. `personal` pages (cart, checkout, accounts) are never stored by shared caches.
 */
export function simplePage(request: Request, key: string, options: { values?: Record<string, string>; personal?: boolean } = {}) {
  const context = getPageContext(request);
  const values = options.values ?? {};
  const data: SimplePageData = {
    seo: pageSeo(context, key, values),
    heading: context.t(`pages.${key}.heading`, values),
    intro: context.t("placeholder"),
  };
  return json(data, {
    headers: { "Cache-Control": options.personal ? CACHE_PRIVATE : publicCacheControl(request) },
  });
}

/**
 * A page loader's answer without the JSON round trip. `json()` stringifies the data into a Response,
 * which Remix parses again to render the document and stringifies once more into the page: on a busy
 * listing that is two serialisations and a parse of every card per render. `defer` data is handed to
 * the render as the object itself (and serialised once, into the page). Data requests (client-side
 * navigations) get it as `text/remix-deferred`, which Remix's client reads like JSON. Values may be
 * promises, which then stream (the detail page's availability).
 */
export function pageData<Data extends Record<string, unknown>>(data: Data, init?: ResponseInit) {
  return defer(data, init);
}
