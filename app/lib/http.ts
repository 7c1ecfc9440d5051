import type { HeadersFunction } from "@remix-run/node";

/** Anonymous pages: any shared cache may keep them briefly and serve them stale while refreshing. */
export const CACHE_PUBLIC_PAGE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
/** Data that changes within a minute (availability). */
export const CACHE_FRESH_MINUTE = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
/** Anything personal. */
export const CACHE_PRIVATE = "private, no-store";

/** Cookies whose presence makes a page personal (session, cart, flash messages, currency, layout preview, preview mode). */
export const PERSONAL_COOKIES = ["rihla_session", "rihla_cart", "rihla_flash", "rihla_currency", "rihla_layout_preview", "rihla_preview_mode"];

/** True when the request carries a cookie that can change what the page shows. */
export function isPersonalRequest(request: Request): boolean {
  const cookie = request.headers.get("Cookie") ?? "";
  return PERSONAL_COOKIES.some((name) => new RegExp(`(?:^|;\\s*)${name}=`).test(cookie));
}

/**
 * The response header that tags a page with what it shows, so a change to one product evicts its pages
 * and nothing else: the in-process page cache reads it, and a CDN in front can purge by it (Fastly's
 * surrogate keys; space-separated).
 */
export const SURROGATE_KEY = "Surrogate-Key";

/** The surrogate key of the pages that show one product (its detail pages, in every locale and variant). */
export function productCacheTag(productId: string): string {
  return `product:${productId}`;
}

/** The Cache-Control for a public page as this request sees it. */
export function publicCacheControl(request: Request, policy: string = CACHE_PUBLIC_PAGE): string {
  return isPersonalRequest(request) ? CACHE_PRIVATE : policy;
}

/** Headers a loader or action sets for its document that reach the browser as they are (a 429's Retry-After, a token page's Referrer-Policy). */
export const PASSED_THROUGH_HEADERS = ["Referrer-Policy", "Retry-After", "X-Robots-Tag"];

/**
 * A route's `headers`: passes on what the loader decided (Cache-Control, Vary), and keeps error pages
 * out of shared caches for long.
 */
export const pageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  const source = errorHeaders ?? loaderHeaders;
  for (const name of ["Cache-Control", "Vary", "Content-Language", SURROGATE_KEY]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  for (const name of PASSED_THROUGH_HEADERS) {
    const value = actionHeaders?.get(name) ?? errorHeaders?.get(name) ?? loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  if (errorHeaders && !errorHeaders.get("Cache-Control")) headers.set("Cache-Control", "public, max-age=0, s-maxage=60");
  if (!headers.get("Cache-Control")) headers.set("Cache-Control", CACHE_PRIVATE);
  return headers;
};

/** The page a single-fetch data URL asks for (`/faq.data` → `/faq`, `/_root.data` → `/`); any other path as it is. */
export function pagePathOfDataRequest(pathname: string): string {
  return pathname.replace(/(.)\.data$/, "$1").replace(/^\/_root$/, "/");
}
