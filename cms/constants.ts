/**
 * Vocabulary shared by the schema types, the desk structure and the seed. Plain data, no `sanity`
 * import, so the seed tooling and tests can load it cheaply. `app/content` keeps its own copy of the
 * enums (the storefront never imports the studio); a test checks the two agree.
 */

export const LANGUAGES = [
  { id: "en", title: "English" },
  { id: "ru", title: "Русский" },
  { id: "zh", title: "中文" },
  { id: "ar", title: "العربية" },
] as const;
export type LanguageId = (typeof LANGUAGES)[number]["id"];
export const LANGUAGE_IDS: readonly LanguageId[] = LANGUAGES.map((language) => language.id);

export const STOREFRONT_TYPES = ["default", "supplier"] as const;
/** Where "discover" links lead: the supplier storefront lists experiences, the default one things to do. */
export const DISCOVER_TYPES = ["things-to-do", "experiences"] as const;
export const LAYOUT_TYPES = [
  "default",
  "transparent",
  "template-two",
  "template-four",
  "deira",
  "five",
  "four",
  "get-that-boat",
  "one",
  "six",
  "three",
] as const;
export const STATIC_PAGE_KINDS = ["about", "privacy-policy", "terms-and-conditions", "contact-us"] as const;
export const FAQ_GROUPS = ["booking", "payment", "cancellation", "tickets", "account"] as const;
export const SOCIAL_PLATFORMS = ["instagram", "facebook", "x", "tiktok", "youtube", "linkedin", "snapchat"] as const;
export const CURRENCIES = ["SAR", "AED", "USD", "EUR", "GBP", "QAR", "OMR", "EGP", "TRY", "RUB", "CNY"] as const;

/** Lower-case words joined by single hyphens, as the storefront's URLs use them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A site path for redirect sources: starts with one slash, no query string or fragment. */
export const SITE_PATH_PATTERN = /^\/(?:[A-Za-z0-9._~!$&'()*+,;=:@%-]+\/?)*$/;
/** Hrefs allowed in rich text: http(s), mailto, tel, or a site-relative path. */
export const SAFE_HREF_PATTERN = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/))/i;

/**
 * A catalogue product id as the booking engine writes it (the demo's `prd-000104`, or a console or
 * OCTO supplier id): letters, digits, `_` and `-`, so it also fits in a Sanity document id.
 */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** The storefront origin the studio's preview opens (SANITY_STUDIO_STOREFRONT_URL, else a local server). */
export const DEFAULT_STOREFRONT_URL = "http://localhost:3000";
/** The storefront resource route that redirects a product id to its detail page: `{base}/{productId}?lang=ar`. */
export const PRODUCT_PAGE_ROUTE = "/api/cms/product-page";

/** The storefront path that opens a product's page in a language (the route redirects to `/ar/…` for Arabic). */
export function productPagePath(productId: string, language: LanguageId = "en"): string {
  return `${PRODUCT_PAGE_ROUTE}/${encodeURIComponent(productId)}?lang=${language}`;
}

/** The storefront page of a product (the studio's "Open preview"); English unless a language is given. */
export function productPreviewUrl(origin: string, productId: string, language: LanguageId = "en"): string {
  return `${origin.replace(/\/$/, "")}${productPagePath(productId, language)}`;
}

/** A storefront path in a language (the Presentation tool's locations): English has no prefix, the others `/ru`, `/zh`, `/ar`. */
export function storefrontPath(language: unknown, path: string): string {
  const prefix = typeof language === "string" && language !== "en" && (LANGUAGE_IDS as readonly string[]).includes(language) ? `/${language}` : "";
  return path === "/" ? prefix || "/" : `${prefix}${path}`;
}
