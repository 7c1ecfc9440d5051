/**
 * Every storefront path, built in one place. The builders answer the path below the locale prefix
 * (what `LocalizedLink` and `useLocalizedPath` take); `localized(locale, path)` adds the prefix for
 * server code (redirects, emails, sitemaps). The route table itself is in app/routes.ts.
 */
import { localePrefix, type LocaleCode } from "#app/lib/locales";
import type { StorefrontType } from "./storefront";

/** The first segment of a city listing is this prefix followed by the city slug. */
export const CITY_SEGMENT_PREFIX = "things-to-do-in-";

export type CheckoutOutcome = "success" | "error" | "on_hold";

type Query = Record<string, string | number | null | undefined>;

/** `path` with the non-empty `query` values appended (`?a=1&b=2`), in the given order. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A path below the prefix as the locale's visitors see it: `localized("ar", "/faq")` → `/ar/faq`. */
export function localized(locale: LocaleCode, path: string): string {
  const prefix = localePrefix(locale);
  if (path === "/") return prefix || "/";
  if (path.startsWith("/?")) return `${prefix || "/"}${path.slice(1)}`;
  return `${prefix}${path}`;
}

export const homePath = (): string => "/";

/** The city listing segment, `things-to-do-in-{city}`. */
export const citySegment = (citySlug: string): string => `${CITY_SEGMENT_PREFIX}${citySlug}`;
export const cityPath = (citySlug: string, query?: Query): string => withQuery(`/${citySegment(citySlug)}`, query);
export const categoryPath = (categorySlug: string, query?: Query): string => withQuery(`/${categorySlug}`, query);
/** The listing of everything: supplier storefronts list 'experiences', others 'things to do'. */
export const listingPath = (storefrontType: StorefrontType): "/experiences" | "/things-to-do" =>
  storefrontType === "supplier" ? "/experiences" : "/things-to-do";
/** The search form's target (it redirects to a city or to the results). */
export const searchFormPath = (): string => "/search";
export const searchPath = (text: string, query?: Query): string => withQuery(`/search/${encodeURIComponent(text)}`, query);

/** The supplier storefront's detail path, `/experiences/{slug}`, the same on every storefront type. */
export const experiencePath = (slug: string, query?: Query): string => withQuery(`/experiences/${encodeURIComponent(slug)}`, query);
/** The default storefront's detail path, `/things-to-do-in-{city}/{slug}`. */
export const cityExperiencePath = (citySlug: string, slug: string, query?: Query): string =>
  withQuery(`/${citySegment(citySlug)}/${encodeURIComponent(slug)}`, query);
/** The canonical detail path of a product on a storefront type. */
export function detailPath(storefrontType: StorefrontType, product: { slug: string; citySlug: string }, query?: Query): string {
  return storefrontType === "supplier" ? experiencePath(product.slug, query) : cityExperiencePath(product.citySlug, product.slug, query);
}
export const customOfferPath = (slug: string): string => `${experiencePath(slug)}/custom-offer`;

export const cartPath = (): string => "/cart";
/**
 * The checkout page; `pay` is the order's access token when the card payment is still to start,
 * `cancelled` when the visitor came back from the payment page without paying.
 */
export const checkoutPath = (query?: { pay?: string; cancelled?: string }): string => withQuery("/checkout", query);
export const checkoutResultPath = (outcome: CheckoutOutcome, query?: Query): string => withQuery(`/checkout/${outcome}`, query);

/** The guest's manage-my-booking page (the order's secret link; `change`: a move's payment returning). */
export const manageBookingPath = (query: { order: string; item?: string; date?: string; cancel?: string; change?: string }): string => withQuery("/manage-booking", query);
/** The account's data as a download (not localized: a resource), and the account's deletion page (PDPL). */
export const accountDataPath = (): string => "/account/data.json";
export const accountDataPdfPath = (): string => "/account/data.pdf";
export const accountDeletePath = (): string => "/account/delete";
export const invoicesPath = (query?: { cancel?: string }): string => withQuery("/invoices", query);
export const loginPath = (query?: { redirectTo?: string; verify?: string }): string => withQuery("/auth/login", query);
export const signUpPath = (query?: { redirectTo?: string }): string => withQuery("/auth/sign-up", query);
export const forgotPasswordPath = (): string => "/auth/forgot-password";
export const resetPasswordPath = (query?: { token?: string }): string => withQuery("/auth/reset-password", query);
export const logoutPath = (): string => "/auth/logout";

export const aboutPath = (): string => "/about";
export const blogPath = (): string => "/blog";
export const blogPostPath = (slug: string): string => `/blog/${encodeURIComponent(slug)}`;
export const contactPath = (): string => "/contact-us";
export const faqPath = (): string => "/faq";
export const privacyPolicyPath = (): string => "/privacy-policy";
/** A guest's PDPL rights: the form that mails a signed link, the page the link opens, and its JSON download (not localized). */
export const privacyRequestPath = (): string => "/privacy/request";
export const privacyDataPath = (query?: { token?: string }): string => withQuery("/privacy/my-data", query);
export const privacyDataJsonPath = (query?: { token?: string }): string => withQuery("/privacy/my-data.json", query);
/** The console's queue of PDPL requests, and one request's export. */
export const adminDataRequestsPath = (query?: { notice?: string }): string => withQuery("/admin/data-requests", query);
export const termsPath = (): string => "/terms-and-conditions";

// The staff console: not localized by prefix (the console's language is the staff member's choice).
export const adminOrderPath = (reference: string): string => `/admin/orders/${encodeURIComponent(reference)}`;
export const manifestPath = (query?: { date?: string; product?: string; view?: "print" }): string => withQuery("/admin/manifest", query);
export const manifestCsvPath = (query?: { date?: string; product?: string }): string => withQuery("/admin/manifest.csv", query);
export const catalogueImportPath = "/admin/products/import";
export const catalogueCsvPath = "/admin/products/export.csv";
export const checkInPath = (code?: string): string => (code ? `/admin/check-in/${encodeURIComponent(code)}` : "/admin/check-in");
/** An option's schedule and month calendar (`date` opens that day's panel; `edit` a rule's form). */
export const adminSchedulePath = (productId: string, query?: { option?: string; month?: string; date?: string; edit?: number; notice?: string }): string =>
  withQuery(`/admin/products/${encodeURIComponent(productId)}/schedule`, query);
export const adminAvailabilityPath = (query?: { notice?: string; product?: string }): string => withQuery("/admin/availability", query);
/** What a ticket's QR carries: staff who scan it land on its check-in page (anyone else gets a 404). */
export const ticketCheckInUrl = (origin: string, code: string): string => `${origin}${checkInPath(code)}`;
