import { defineDocuments, defineLocations, presentationTool, type DocumentLocationResolvers, type DocumentResolver } from "sanity/presentation";
import { DISCOVER_TYPES, LANGUAGE_IDS, LANGUAGES, PRODUCT_ID_PATTERN, SITE_PATH_PATTERN, STATIC_PAGE_KINDS, productPagePath, storefrontPath } from "./constants";

/**
 * The Presentation tool: the storefront in a frame beside the document, in preview mode (drafts).
 * The studio stores a one-hour secret in the dataset and opens the storefront's enable route with it;
 * the storefront checks it with @sanity/preview-url-secret and sets its signed preview cookie
 * (app/content/preview-mode.server.ts). `locations` list where a document shows on the storefront;
 * `mainDocuments` name the document a storefront page is about, so opening a page opens its document.
 */

/** The storefront's listing of every experience for a settings document's discover type (`/things-to-do` unless "experiences"). */
function listingFor(discoverType: unknown): { title: string; path: string } {
  return discoverType === "experiences" ? { title: "Experiences", path: "/experiences" } : { title: "Things to do", path: "/things-to-do" };
}

const languageTitle = (id: string): string => LANGUAGES.find((language) => language.id === id)?.title ?? id;

/** The home page in a document's language. */
const homeLocation = (language: unknown) => ({ title: "Home", href: storefrontPath(language, "/") });
/** A document that shows on the home page alone (the home page itself, a testimonial). */
const onTheHomePage = defineLocations({
  select: { language: "language" },
  resolve: (doc) => ({ locations: [homeLocation(doc?.language)] }),
});

export const locations = {
  blogPost: defineLocations({
    select: { title: "title", slug: "slug.current", language: "language" },
    resolve: (doc) =>
      doc?.slug
        ? {
            locations: [
              { title: String(doc.title ?? doc.slug), href: storefrontPath(doc.language, `/blog/${String(doc.slug)}`) },
              { title: "Blog", href: storefrontPath(doc.language, "/blog") },
            ],
          }
        : null,
  }),
  staticPage: defineLocations({
    select: { title: "title", kind: "kind", language: "language" },
    resolve: (doc) => (doc?.kind ? { locations: [{ title: String(doc.title ?? doc.kind), href: storefrontPath(doc.language, `/${String(doc.kind)}`) }] } : null),
  }),
  homePage: onTheHomePage,
  // The settings (site name, currency, support channels…) show on every page; these two show the storefront and discover switches.
  siteSettings: defineLocations({
    select: { language: "language", discoverType: "discoverType" },
    resolve: (doc) => {
      const listing = listingFor(doc?.discoverType);
      return {
        locations: [
          homeLocation(doc?.language),
          { title: listing.title, href: storefrontPath(doc?.language, listing.path) },
        ],
      };
    },
  }),
  faqEntry: defineLocations({
    select: { language: "language" },
    resolve: (doc) => ({ locations: [{ title: "FAQ", href: storefrontPath(doc?.language, "/faq") }] }),
  }),
  // The home page's themes section (when it lists the theme) links to the listing narrowed to the theme:
  // `/things-to-do?theme=` on the default storefront, `/experiences?theme=` on a supplier's (one module, the same page).
  theme: defineLocations({
    select: { title: "title", slug: "slug.current", language: "language" },
    resolve: (doc) => {
      const home = homeLocation(doc?.language);
      if (!doc?.slug) return { locations: [home] };
      const slug = encodeURIComponent(String(doc.slug));
      const title = String(doc.title ?? doc.slug);
      return {
        locations: [
          home,
          ...DISCOVER_TYPES.map((discoverType) => {
            const listing = listingFor(discoverType);
            return { title: `${listing.title} · ${title}`, href: storefrontPath(doc.language, `${listing.path}?theme=${slug}`) };
          }),
        ],
      };
    },
  }),
  testimonial: onTheHomePage,
  // One document carries every language: the experience's page in each, through the storefront route
  // that turns a product id into its detail page (the document has no slug or city).
  product: defineLocations({
    select: { productId: "productId", title: "title.en" },
    resolve: (doc) => {
      const productId = typeof doc?.productId === "string" ? doc.productId : "";
      if (!PRODUCT_ID_PATTERN.test(productId)) return null;
      const title = String(doc?.title || productId);
      return { locations: LANGUAGE_IDS.map((language) => ({ title: `${title} · ${languageTitle(language)}`, href: productPagePath(productId, language) })) };
    },
  }),
  // Not localized: the source path carries its own prefix. The redirect answers there; a site-path target is listed too.
  redirectRule: defineLocations({
    select: { from: "from", to: "to" },
    resolve: (doc) => {
      const from = typeof doc?.from === "string" ? doc.from : "";
      if (!SITE_PATH_PATTERN.test(from) || from === "/") return null;
      const to = typeof doc?.to === "string" ? doc.to : "";
      const target = /^\/(?!\/)/.test(to) ? [{ title: `Target: ${to}`, href: to }] : [];
      return { locations: [{ title: `Redirect: ${from}`, href: from }, ...target] };
    },
  }),
} satisfies DocumentLocationResolvers;

/** `:lang(ru|zh|ar)`: a prefixed language in a route pattern (English has no prefix). */
const PREFIXED = `:lang(${LANGUAGE_IDS.filter((id) => id !== "en").join("|")})`;
const KIND = `:kind(${STATIC_PAGE_KINDS.join("|")})`;

/**
 * A storefront path to its document, per language: English paths have no prefix (language "en"), the
 * others give `$lang`. Tried in order; the route patterns are path-to-regexp's.
 */
export const mainDocuments: DocumentResolver[] = defineDocuments([
  { route: "/", filter: `_type == "homePage" && language == "en"` },
  { route: `/${PREFIXED}`, filter: `_type == "homePage" && language == $lang` },
  { route: "/blog/:slug", filter: `_type == "blogPost" && slug.current == $slug && language == "en"` },
  { route: `/${PREFIXED}/blog/:slug`, filter: `_type == "blogPost" && slug.current == $slug && language == $lang` },
  { route: `/${KIND}`, filter: `_type == "staticPage" && kind == $kind && language == "en"` },
  { route: `/${PREFIXED}/${KIND}`, filter: `_type == "staticPage" && kind == $kind && language == $lang` },
]);

export function storefrontPresentation(origin: string) {
  return presentationTool({
    previewUrl: {
      origin,
      previewMode: { enable: "/api/preview-mode/enable", disable: "/api/preview-mode/disable" },
    },
    resolve: { locations, mainDocuments },
  });
}
