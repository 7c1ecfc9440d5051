import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  LEFT_ALONE_SEGMENTS,
  RECOGNISED_LOCALE_PREFIXES,
  resolveRedirect,
  type CmsRedirectRule,
} from "./redirects";
import { isSafeLocalPath } from "./safe-redirect";
import type { StorefrontType } from "./storefront";

const TYPES: StorefrontType[] = ["default", "supplier"];
const OFFERED = ["ru", "zh", "ar"];
const NOT_OFFERED = RECOGNISED_LOCALE_PREFIXES.filter((code) => code !== "en" && !OFFERED.includes(code));

describe("two-or-more-segment rewrites", () => {
  test.each([
    ["/dubai/desert-safari", "default", "/things-to-do-in-dubai/desert-safari"],
    ["/dubai/desert-safari", "supplier", "/experiences/desert-safari"],
    ["/ru/dubai/desert-safari", "default", "/ru/things-to-do-in-dubai/desert-safari"],
    ["/ru/dubai/desert-safari", "supplier", "/ru/experiences/desert-safari"],
    ["/ar/riyadh/edge-of-the-world", "default", "/ar/things-to-do-in-riyadh/edge-of-the-world"],
    ["/zh/paris/louvre", "supplier", "/zh/experiences/louvre"],
    ["/dubai/desert-safari/extra/segments", "default", "/things-to-do-in-dubai/desert-safari"],
    ["/dubai/desert-safari/extra", "supplier", "/experiences/desert-safari"],
    ["/dubai/desert-safari?date=2026-12-01&adults=2", "default", "/things-to-do-in-dubai/desert-safari?date=2026-12-01&adults=2"],
    ["/dubai/desert-safari?q=1", "supplier", "/experiences/desert-safari?q=1"],
  ] as const)("%s on %s → %s (301)", (path, type, target) => {
    expect(resolveRedirect(path, type)).toEqual({ redirect: target, status: 301 });
  });

  test("a single unknown segment is left for the category route", () => {
    for (const type of TYPES) {
      expect(resolveRedirect("/desert-safaris", type)).toBeNull();
      expect(resolveRedirect("/ar/desert-safaris", type)).toBeNull();
    }
  });
});

describe("left-alone first segments", () => {
  for (const segment of LEFT_ALONE_SEGMENTS) {
    for (const type of TYPES) {
      const listing = type === "supplier" ? "experiences" : "things-to-do";
      const expectSingleToStay = segment !== "experiences" && segment !== "things-to-do" ? true : segment === listing;
      test(`/${segment}/x/y on ${type} is not rewritten`, () => {
        expect(resolveRedirect(`/${segment}/x/y`, type)).toBeNull();
        expect(resolveRedirect(`/ar/${segment}/x`, type)).toBeNull();
      });
      if (expectSingleToStay) {
        test(`/${segment} on ${type} is left alone`, () => {
          expect(resolveRedirect(`/${segment}`, type)).toBeNull();
          expect(resolveRedirect(`/ru/${segment}`, type)).toBeNull();
        });
      }
    }
  }

  test.each(["/things-to-do-in-dubai", "/things-to-do-in-dubai/desert-safari", "/zh/things-to-do-in-tokyo/sushi-class", "/things-to-do-in-x/y/z"])(
    "%s (things-to-do-in…) is left alone",
    (path) => {
      for (const type of TYPES) expect(resolveRedirect(path, type)).toBeNull();
    },
  );

  test.each(["/api/cms/webhook", "/octo/v1/products", "/_ipx/w_640/images/a.webp", "/build/entry.client-123.js", "/builds/meta/abc.json"])(
    "application path %s is never rewritten",
    (path) => {
      for (const type of TYPES) expect(resolveRedirect(path, type)).toBeNull();
    },
  );
});

describe("/discover…", () => {
  test.each([
    ["/discover", "default", "/things-to-do"],
    ["/discover", "supplier", "/experiences"],
    ["/discover-dubai", "default", "/things-to-do"],
    ["/discovery/anything/else", "supplier", "/experiences"],
    ["/ar/discover", "default", "/ar/things-to-do"],
    ["/ru/discover?city=dubai", "supplier", "/ru/experiences?city=dubai"],
    ["/fr/discover", "default", "/things-to-do"],
  ] as const)("%s on %s → %s (302)", (path, type, target) => {
    expect(resolveRedirect(path, type)).toEqual({ redirect: target, status: 302 });
  });
});

describe("/experiences ↔ /things-to-do", () => {
  test.each([
    ["/experiences", "default", "/things-to-do"],
    ["/things-to-do", "supplier", "/experiences"],
    ["/ar/experiences", "default", "/ar/things-to-do"],
    ["/zh/things-to-do?page=2", "supplier", "/zh/experiences?page=2"],
  ] as const)("%s on %s → %s", (path, type, target) => {
    expect(resolveRedirect(path, type)).toEqual({ redirect: target, status: 302 });
  });

  test("the listing of the configured type stays", () => {
    expect(resolveRedirect("/things-to-do", "default")).toBeNull();
    expect(resolveRedirect("/experiences", "supplier")).toBeNull();
  });

  test("experience detail pages exist under /experiences on both types", () => {
    expect(resolveRedirect("/experiences/desert-safari", "default")).toBeNull();
    expect(resolveRedirect("/ar/experiences/desert-safari", "supplier")).toBeNull();
  });
});

describe("locale prefixes", () => {
  test("offered prefixes are kept", () => {
    for (const code of OFFERED) {
      expect(resolveRedirect(`/${code}`, "default")).toBeNull();
      expect(resolveRedirect(`/${code}/faq`, "default")).toBeNull();
    }
  });

  test.each(NOT_OFFERED)("/%s/… shows the same path in English (302)", (code) => {
    expect(resolveRedirect(`/${code}/faq`, "default")).toEqual({ redirect: "/faq", status: 302 });
    expect(resolveRedirect(`/${code}`, "default")).toEqual({ redirect: "/", status: 302 });
    expect(resolveRedirect(`/${code}/blog/some-post?ref=x`, "supplier")).toEqual({ redirect: "/blog/some-post?ref=x", status: 302 });
    expect(resolveRedirect(`/${code}/dubai/desert-safari`, "default")).toEqual({
      redirect: "/things-to-do-in-dubai/desert-safari",
      status: 302,
    });
  });

  test("/en/… loses its prefix, English has none", () => {
    expect(resolveRedirect("/en", "default")).toEqual({ redirect: "/", status: 302 });
    expect(resolveRedirect("/en/faq", "supplier")).toEqual({ redirect: "/faq", status: 302 });
  });

  test("an upper-case offered prefix is lower-cased", () => {
    expect(resolveRedirect("/AR/faq", "default")).toEqual({ redirect: "/ar/faq", status: 302 });
  });

  test("every recognised prefix is handled", () => {
    expect([...RECOGNISED_LOCALE_PREFIXES].sort()).toEqual(["ar", "az", "de", "en", "es", "fa", "fr", "he", "it", "pt", "ru", "tr", "zh"]);
  });
});

describe("untidy paths", () => {
  test.each([
    ["/faq/", "/faq"],
    ["//faq", "/faq"],
    ["/ar/faq/", "/ar/faq"],
    ["/ru/", "/ru"],
    ["/blog//post", "/blog/post"],
  ])("%s → %s (301)", (path, target) => {
    expect(resolveRedirect(path, "default")).toEqual({ redirect: target, status: 301 });
  });

  test("the home page is left alone", () => {
    expect(resolveRedirect("/", "default")).toBeNull();
    expect(resolveRedirect("/?utm_source=x", "supplier")).toBeNull();
  });
});

describe("CMS rules", () => {
  const rules: CmsRedirectRule[] = [
    { from: "/promo/summer", to: "/things-to-do-in-dubai", permanent: false },
    { from: "/old-blog", to: "/blog", permanent: true },
    { from: "/partner", to: "https://partners.example.com/rihla", permanent: false },
    { from: "/ar/offers", to: "/ar/things-to-do?sort=price-asc", permanent: true },
    { from: "/loop", to: "/loop/", permanent: true },
    { from: "/bad", to: "//evil.example.com", permanent: true },
    { from: "/js", to: "javascript:alert(1)", permanent: true },
  ];

  test("a rule wins over the built-in rewrite", () => {
    expect(resolveRedirect("/promo/summer", "default", rules)).toEqual({ redirect: "/things-to-do-in-dubai", status: 302 });
  });

  test("permanent rules answer 301, others 302", () => {
    expect(resolveRedirect("/old-blog", "default", rules)).toEqual({ redirect: "/blog", status: 301 });
  });

  test("external targets are allowed from the CMS", () => {
    expect(resolveRedirect("/partner", "default", rules)).toEqual({ redirect: "https://partners.example.com/rihla", status: 302 });
  });

  test("the request's query is kept and merged with the rule's", () => {
    expect(resolveRedirect("/old-blog/?page=2", "default", rules)).toEqual({ redirect: "/blog?page=2", status: 301 });
    expect(resolveRedirect("/ar/offers?utm=x", "default", rules)).toEqual({
      redirect: "/ar/things-to-do?sort=price-asc&utm=x",
      status: 301,
    });
  });

  test("a rule pointing at itself, protocol-relative or script URLs is ignored", () => {
    expect(resolveRedirect("/loop", "default", rules)).toBeNull();
    expect(resolveRedirect("/bad", "default", rules)).toBeNull();
    expect(resolveRedirect("/js", "default", rules)).toBeNull();
  });
});

describe("open redirects and malformed input", () => {
  test.each([
    "//evil.example.com/x/",
    "/\\evil.example.com/x",
    "/%5Cevil.example.com/",
    "/ /evil.com/",
    "https://evil.example.com/a/b",
    "",
    "faq",
    "/" + "a/".repeat(3000),
  ])("input #%# never leaves the site", (path) => {
    const result = resolveRedirect(path, "default");
    if (result) expect(isSafeLocalPath(result.redirect.split("?")[0]!)).toBe(true);
  });

  test("//evil.example.com/x is tidied into a local path", () => {
    expect(resolveRedirect("//evil.example.com/x", "default")).toEqual({ redirect: "/things-to-do-in-evil.example.com/x", status: 301 });
  });

  const segment = fc.oneof(
    fc.constantFrom("en", "fr", "ar", "ru", "zh", "blog", "experiences", "things-to-do", "things-to-do-in-dubai", "discover", "dubai", "api", "", ".", ".."),
    fc.string({ maxLength: 12 }),
    fc.webSegment(),
  );
  const path = fc.tuple(fc.array(segment, { maxLength: 6 }), fc.option(fc.webQueryParameters())).map(
    ([segments, query]) => `/${segments.join("/")}${query ? `?${query}` : ""}`,
  );
  const ruleArb = fc.record({ from: path, to: fc.oneof(path, fc.webUrl()), permanent: fc.boolean() });

  test("no input throws, every built-in redirect is local, and one hop is enough (no loops)", () => {
    fc.assert(
      fc.property(path, fc.constantFrom<StorefrontType>("default", "supplier"), (input, type) => {
        const result = resolveRedirect(input, type);
        if (!result) return;
        expect(result.redirect.startsWith("/")).toBe(true);
        expect(isSafeLocalPath(result.redirect.split("?")[0]!)).toBe(true);
        expect(result.redirect).not.toBe(input);
        // Following the redirect lands on a page that renders: the chain never continues or loops.
        expect(resolveRedirect(result.redirect, type)).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  test("arbitrary strings and CMS rules never make it throw", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(ruleArb, { maxLength: 4 }), fc.constantFrom<StorefrontType>("default", "supplier"), (input, rules, type) => {
        const result = resolveRedirect(input, type, rules);
        if (result) expect([301, 302]).toContain(result.status);
      }),
      { numRuns: 2000 },
    );
  });

  test("only CMS rules can produce an external target", () => {
    fc.assert(
      fc.property(path, fc.array(ruleArb, { maxLength: 4 }), (input, rules) => {
        const result = resolveRedirect(input, "default", rules);
        if (result && !result.redirect.startsWith("/")) {
          expect(rules.some((rule) => rule.to === result.redirect)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
