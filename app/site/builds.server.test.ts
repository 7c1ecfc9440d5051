import { CACHE_PRIVATE, CACHE_PUBLIC_PAGE } from "#app/lib/http";
import { tagManagerScriptUrl } from "#app/components/tag-manager";
import { routeManifest } from "./builds.server";

describe("build manifest", () => {
  test("lists the page routes of the route table with their cache policy, and nothing prerendered", () => {
    const { routeRules, prerendered } = routeManifest({
      root: { id: "root", path: "" },
      "api-locale": { id: "api-locale", path: "api/locale", parentId: "root", module: { handle: { cache: "no-store" } } },
      "en/home": { id: "en/home", index: true, parentId: "root", module: { handle: { cache: "public" } } },
      "ar/faq": { id: "ar/faq", path: "ar/faq", parentId: "root", module: { handle: { cache: "public" } } },
      "ru/cart": { id: "ru/cart", path: "ru/cart", parentId: "root", module: { handle: { cache: "private" } } },
      "zh/checkout-success": { id: "zh/checkout-success", path: "zh/checkout/success", parentId: "root", module: { handle: { cache: "private" } } },
    });
    expect(routeRules).toEqual([
      { path: "/", routeId: "en/home", cacheControl: CACHE_PUBLIC_PAGE },
      { path: "/ar/faq", routeId: "ar/faq", cacheControl: CACHE_PUBLIC_PAGE },
      { path: "/ru/cart", routeId: "ru/cart", cacheControl: CACHE_PRIVATE },
      { path: "/zh/checkout/success", routeId: "zh/checkout-success", cacheControl: CACHE_PRIVATE },
    ]);
    expect(prerendered).toEqual([]);
  });
});

describe("tag manager", () => {
  test("loads nothing unless a container id is configured", () => {
    expect(tagManagerScriptUrl(null)).toBeNull();
    expect(tagManagerScriptUrl(undefined)).toBeNull();
    expect(tagManagerScriptUrl("")).toBeNull();
    expect(tagManagerScriptUrl('GTM-X"><script>')).toBeNull();
    expect(tagManagerScriptUrl("GTM-RIHLA01")).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-RIHLA01");
  });
});
