import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { routeManifest } from "#app/site/builds.server";
import { cacheClassOf, createCacheClassResolver, enforceCacheClass, type BuildRoute, type CacheClass } from "./cache-policy";
import { CACHE_FRESH_MINUTE, CACHE_PRIVATE, CACHE_PUBLIC_PAGE } from "./http";

import * as config from "#app/routes";

/** The class a route module declares, read from its source (importing every route would boot the app). */
function declaredClass(file: string): CacheClass | null {
  const source = readFileSync(path.resolve("app", file), "utf8");
  const match = /^export const handle = \{ cache: "([a-z-]+)" \}/m.exec(source);
  return cacheClassOf(match ? { cache: match[1] } : undefined);
}

/** The route table as a server build lists it (see app/routes.ts), with each module's handle. */
function buildRoutes(): Record<string, BuildRoute> {
  const routes: Record<string, BuildRoute> = { root: { id: "root", path: "" } };
  const add = (route: BuildRoute, file: string) => (routes[route.id] = { ...route, parentId: "root", module: { handle: { cache: declaredClass(file) } } });
  for (const [routePath, file, id] of config.RESOURCE_ROUTES) add({ id, path: routePath }, file);
  for (const [locale, prefix] of config.LOCALE_PREFIXES) {
    for (const [routePath, file, name] of config.PAGE_ROUTES) {
      const id = `${locale}/${name}`;
      if (prefix === "" && routePath === "") add({ id, index: true }, file);
      else add({ id, path: [prefix, routePath].filter(Boolean).join("/") }, file);
    }
  }
  return routes;
}

describe("cache classes", () => {
  test("every route of the route table declares one in its handle", () => {
    const missing = [...config.PAGE_ROUTES, ...config.RESOURCE_ROUTES].filter(([, file]) => declaredClass(file) === null).map(([, file]) => file);
    expect(missing).toEqual([]);
  });

  test("every console route is private (and says so), the console layout too", () => {
    const consoleRoutes = [...config.ADMIN_ROUTES, ...config.ADMIN_CONSOLE_ROUTES, ["admin", "routes/admin.tsx", "admin"] as const];
    for (const [, file, id] of consoleRoutes) expect([id, declaredClass(file)]).toEqual([id, "private"]);
  });

  test("pages with personal data are private", () => {
    const personal = /^(cart|checkout.*|invoices|auth-.*|custom-offer|unsubscribe|manage-booking|account-delete|privacy-data)$/;
    for (const [, file, name] of config.PAGE_ROUTES) expect([name, declaredClass(file)]).toEqual([name, personal.test(name) ? "private" : "public"]);
    for (const [, file, id] of config.RESOURCE_ROUTES) if (id.startsWith("account-") || id.startsWith("privacy-")) expect([id, declaredClass(file)]).toEqual([id, "private"]);
  });

  test("cacheClassOf reads only known classes", () => {
    expect(cacheClassOf({ cache: "public" })).toBe("public");
    expect(cacheClassOf({ cache: "no-store" })).toBe("no-store");
    expect(cacheClassOf({ cache: "shared" })).toBeNull();
    expect(cacheClassOf(undefined)).toBeNull();
  });
});

describe("enforceCacheClass (entry.server)", () => {
  const anonymous = new Request("http://x/faq");
  const signedIn = new Request("http://x/faq", { headers: { Cookie: "rihla_session=abc" } });

  test("public routes keep their loader's shared policy, and default to the public page policy", () => {
    expect(enforceCacheClass("public", null, anonymous)).toBe(CACHE_PUBLIC_PAGE);
    expect(enforceCacheClass("public", CACHE_FRESH_MINUTE, anonymous)).toBe(CACHE_FRESH_MINUTE);
    expect(enforceCacheClass("public", CACHE_PUBLIC_PAGE, signedIn)).toBe(CACHE_PRIVATE);
    expect(enforceCacheClass("public", "public, max-age=0, s-maxage=60", anonymous)).toBe("public, max-age=0, s-maxage=60");
  });

  test("private and no-store routes can never be shared, whatever their loader said", () => {
    expect(enforceCacheClass("private", CACHE_PUBLIC_PAGE, anonymous)).toBe(CACHE_PRIVATE);
    expect(enforceCacheClass("private", null, anonymous)).toBe(CACHE_PRIVATE);
    expect(enforceCacheClass("no-store", CACHE_PUBLIC_PAGE, anonymous)).toBe("no-store");
    expect(enforceCacheClass(null, CACHE_PUBLIC_PAGE, anonymous)).toBe(CACHE_PRIVATE);
  });
});

describe("the page cache and the build manifest read the same handles", () => {
  const routes = buildRoutes();
  const classOf = createCacheClassResolver(routes);

  test.each([
    ["/", "public"],
    ["/ru", "public"],
    ["/desert-safari", "public"],
    ["/things-to-do-in-dubai?date=2026-03-01", "public"],
    ["/ar/things-to-do-in-dubai/desert-safari", "public"],
    ["/experiences/desert-safari", "public"],
    ["/zh/faq", "public"],
    ["/no/such/page/at/all", "public"],
    ["/sitemap.xml", "public"],
    ["/experiences/desert-safari/custom-offer", "private"],
    ["/ar/experiences/desert-safari/custom-offer", "private"],
    ["/cart", "private"],
    ["/ru/checkout/success?order=x", "private"],
    ["/invoices", "private"],
    ["/auth/login?redirectTo=%2Fcart", "private"],
    ["/account/invoices/o-1", "private"],
    ["/healthz", "no-store"],
    ["/ar/cart.data?_routes=ar%2Fcart", "private"],
    ["/zh/faq.data?_routes=root%2Czh%2Ffaq", "public"],
    ["/_root.data", "public"],
    ["/checkout.data", "private"],
  ])("%s is %s", (url, expected) => {
    expect(classOf(url)).toBe(expected);
  });

  test("the manifest's route rules follow the handles", () => {
    const rules = routeManifest(routes).routeRules;
    const rule = (routeId: string) => rules.find((candidate) => candidate.routeId === routeId)?.cacheControl;
    expect(rule("en/custom-offer")).toBe(CACHE_PRIVATE);
    expect(rule("ar/checkout-success")).toBe(CACHE_PRIVATE);
    expect(rule("ru/faq")).toBe(CACHE_PUBLIC_PAGE);
    expect(rule("en/home")).toBe(CACHE_PUBLIC_PAGE);
    expect(rules.some((candidate) => candidate.routeId === "api-locale")).toBe(false);
  });
});
