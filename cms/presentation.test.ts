import { createRequire } from "node:module";
import { storefrontPath } from "./constants";
import { locations, mainDocuments } from "./presentation";
import { schemaTypes } from "./schema-types";

// The route matcher the Presentation tool itself uses for `mainDocuments` (sanity's own path-to-regexp).
const sanityRequire = createRequire(createRequire(import.meta.url).resolve("sanity/presentation"));
const { match } = sanityRequire("path-to-regexp") as { match: (path: string, options?: object) => (pathname: string) => false | { params: Record<string, string> } };

type Resolver = { resolve: (doc: Record<string, unknown> | null) => unknown };
/** The resolver's answer for a document with the selected fields. */
function resolve(type: keyof typeof locations, doc: Record<string, unknown> | null): unknown {
  return (locations[type] as Resolver).resolve(doc);
}

describe("the Presentation tool's storefront locations", () => {
  it("prefixes every language but English, and keeps the home page a bare prefix", () => {
    expect(storefrontPath("en", "/blog/riyadh-weekend-itinerary")).toBe("/blog/riyadh-weekend-itinerary");
    expect(storefrontPath("ar", "/blog/riyadh-weekend-itinerary")).toBe("/ar/blog/riyadh-weekend-itinerary");
    expect(storefrontPath("zh", "/about")).toBe("/zh/about");
    expect(storefrontPath("ru", "/")).toBe("/ru");
    expect(storefrontPath("en", "/")).toBe("/");
    // A document without a (known) language opens the English page.
    expect(storefrontPath(undefined, "/faq")).toBe("/faq");
    expect(storefrontPath("xx", "/faq")).toBe("/faq");
  });

  it("has a resolver for every document type of the schema", () => {
    const documentTypes = schemaTypes.filter((type) => type.type === "document").map((type) => type.name);
    expect(documentTypes.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(locations).sort()).toEqual([...documentTypes].sort());
  });

  it("opens a blog post and the blog, a static page and the home page in their language", () => {
    expect(resolve("blogPost", { title: "A weekend in Riyadh", slug: "riyadh-weekend", language: "en" })).toEqual({
      locations: [
        { title: "A weekend in Riyadh", href: "/blog/riyadh-weekend" },
        { title: "Blog", href: "/blog" },
      ],
    });
    expect(resolve("blogPost", { title: "عطلة في الرياض", slug: "riyadh-weekend", language: "ar" })).toEqual({
      locations: [
        { title: "عطلة في الرياض", href: "/ar/blog/riyadh-weekend" },
        { title: "Blog", href: "/ar/blog" },
      ],
    });
    expect(resolve("blogPost", { title: "Draft", language: "en" })).toBeNull();
    expect(resolve("staticPage", { title: "About us", kind: "about", language: "en" })).toEqual({ locations: [{ title: "About us", href: "/about" }] });
    expect(resolve("staticPage", { title: "من نحن", kind: "about", language: "ar" })).toEqual({ locations: [{ title: "من نحن", href: "/ar/about" }] });
    expect(resolve("homePage", { language: "en" })).toEqual({ locations: [{ title: "Home", href: "/" }] });
    expect(resolve("homePage", { language: "ar" })).toEqual({ locations: [{ title: "Home", href: "/ar" }] });
  });

  it("opens the settings on the home page and the listing their discover type names", () => {
    expect(resolve("siteSettings", { language: "en", discoverType: "things-to-do" })).toEqual({
      locations: [
        { title: "Home", href: "/" },
        { title: "Things to do", href: "/things-to-do" },
      ],
    });
    expect(resolve("siteSettings", { language: "ar", discoverType: "experiences" })).toEqual({
      locations: [
        { title: "Home", href: "/ar" },
        { title: "Experiences", href: "/ar/experiences" },
      ],
    });
    // A new settings document without a discover type yet: the default storefront's listing.
    expect(resolve("siteSettings", { language: "ar" })).toEqual({
      locations: [
        { title: "Home", href: "/ar" },
        { title: "Things to do", href: "/ar/things-to-do" },
      ],
    });
  });

  it("opens an FAQ entry on the FAQ page and a testimonial on the home page", () => {
    expect(resolve("faqEntry", { language: "en" })).toEqual({ locations: [{ title: "FAQ", href: "/faq" }] });
    expect(resolve("faqEntry", { language: "ar" })).toEqual({ locations: [{ title: "FAQ", href: "/ar/faq" }] });
    expect(resolve("testimonial", { language: "en" })).toEqual({ locations: [{ title: "Home", href: "/" }] });
    expect(resolve("testimonial", { language: "ar" })).toEqual({ locations: [{ title: "Home", href: "/ar" }] });
  });

  it("opens a theme on the home page and on the listing narrowed to it", () => {
    expect(resolve("theme", { title: "Family", slug: "family", language: "en" })).toEqual({
      locations: [
        { title: "Home", href: "/" },
        { title: "Things to do · Family", href: "/things-to-do?theme=family" },
        { title: "Experiences · Family", href: "/experiences?theme=family" },
      ],
    });
    expect(resolve("theme", { title: "عائلية", slug: "family", language: "ar" })).toEqual({
      locations: [
        { title: "Home", href: "/ar" },
        { title: "Things to do · عائلية", href: "/ar/things-to-do?theme=family" },
        { title: "Experiences · عائلية", href: "/ar/experiences?theme=family" },
      ],
    });
    // Without a slug yet, only the home page.
    expect(resolve("theme", { title: "New", language: "ar" })).toEqual({ locations: [{ title: "Home", href: "/ar" }] });
  });

  it("opens an experience's page in every language through the product-id route", () => {
    expect(resolve("product", { productId: "prd-000104", title: "Snow park" })).toEqual({
      locations: [
        { title: "Snow park · English", href: "/api/cms/product-page/prd-000104?lang=en" },
        { title: "Snow park · Русский", href: "/api/cms/product-page/prd-000104?lang=ru" },
        { title: "Snow park · 中文", href: "/api/cms/product-page/prd-000104?lang=zh" },
        { title: "Snow park · العربية", href: "/api/cms/product-page/prd-000104?lang=ar" },
      ],
    });
    expect((resolve("product", { productId: "prd-000104" }) as { locations: Array<{ title: string }> }).locations[3]?.title).toBe("prd-000104 · العربية");
    expect(resolve("product", { productId: "../etc" })).toBeNull();
    expect(resolve("product", null)).toBeNull();
  });

  it("opens a redirect at its source path, and its target when that is a site path", () => {
    expect(resolve("redirectRule", { from: "/promo/summer", to: "/blog" })).toEqual({
      locations: [
        { title: "Redirect: /promo/summer", href: "/promo/summer" },
        { title: "Target: /blog", href: "/blog" },
      ],
    });
    expect(resolve("redirectRule", { from: "/ar/promo/summer", to: "https://example.com/summer" })).toEqual({
      locations: [{ title: "Redirect: /ar/promo/summer", href: "/ar/promo/summer" }],
    });
    expect(resolve("redirectRule", { from: "/", to: "/blog" })).toBeNull();
    expect(resolve("redirectRule", { from: "promo", to: "/blog" })).toBeNull();
  });
});

describe("the Presentation tool's main documents", () => {
  /** The first resolver whose route matches, as the tool tries them: its filter and GROQ params. */
  function mainDocumentFor(pathname: string): { filter: string; params: Record<string, string> } | null {
    for (const resolver of mainDocuments) {
      const routes = Array.isArray(resolver.route) ? resolver.route : [resolver.route];
      for (const route of routes) {
        const result = match(route, { decode: decodeURIComponent })(pathname);
        if (result) return { filter: String(resolver.filter), params: result.params };
      }
    }
    return null;
  }

  it("maps the home page, a blog post and a static page back to their document in each language", () => {
    expect(mainDocumentFor("/")).toEqual({ filter: `_type == "homePage" && language == "en"`, params: {} });
    expect(mainDocumentFor("/ar")).toEqual({ filter: `_type == "homePage" && language == $lang`, params: { lang: "ar" } });
    expect(mainDocumentFor("/blog/riyadh-weekend")).toEqual({ filter: `_type == "blogPost" && slug.current == $slug && language == "en"`, params: { slug: "riyadh-weekend" } });
    expect(mainDocumentFor("/ar/blog/riyadh-weekend")).toEqual({
      filter: `_type == "blogPost" && slug.current == $slug && language == $lang`,
      params: { lang: "ar", slug: "riyadh-weekend" },
    });
    expect(mainDocumentFor("/privacy-policy")).toEqual({ filter: `_type == "staticPage" && kind == $kind && language == "en"`, params: { kind: "privacy-policy" } });
    expect(mainDocumentFor("/ar/about")).toEqual({ filter: `_type == "staticPage" && kind == $kind && language == $lang`, params: { lang: "ar", kind: "about" } });
    expect(mainDocumentFor("/zh/contact-us")?.params).toEqual({ lang: "zh", kind: "contact-us" });
  });

  it("leaves other pages without a main document", () => {
    for (const pathname of ["/blog", "/ar/blog", "/faq", "/things-to-do", "/desert-safari", "/xx/about", "/en/about", "/ar/things-to-do-in-riyadh/snow-park"]) {
      expect([pathname, mainDocumentFor(pathname)]).toEqual([pathname, null]);
    }
  });
});
