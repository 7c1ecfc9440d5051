import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { patchRouterSource } from "./route-matching.js";

const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");

/** Loads a CommonJS source as a fresh module, apart from the require cache. */
function loadModule(source) {
  const module = new Module(routerFile);
  module.filename = routerFile;
  module.paths = Module._nodeModulePaths(path.dirname(routerFile));
  module._compile(source, routerFile);
  return module.exports;
}

const original = readFileSync(routerFile, "utf8");

// A tree shaped like the storefront's: locale prefixes, static pages, two dynamic catch-alls, splats.
function routeTree() {
  const pages = ["", ":segment", ":segment/:productSlug", "experiences", "experiences/:productSlug", "blog", "blog/:slug", "cart", "auth/login"];
  const locales = [["en", ""], ["ar", "ar"], ["ru", "ru"]];
  const children = locales.flatMap(([code, prefix]) =>
    pages.map((page) => ({ id: `${code}/${page || "home"}`, path: [prefix, page].filter(Boolean).join("/") || undefined, index: !prefix && !page ? true : undefined })),
  );
  return [{ id: "root", path: "", children: [...children, { id: "admin", path: "admin/*" }, { id: "api", path: "api/availability", caseSensitive: true }] }];
}

const PATHS = ["/", "/ar", "/things-to-do-in-dubai", "/ar/things-to-do-in-dubai/a-tour", "/experiences/x", "/blog", "/blog/post-1", "/cart/", "/admin/orders/1", "/API/availability", "/api/availability", "/a/b/c/d", "/ru/auth/login"];

describe("patchRouterSource", () => {
  it("applies to the installed @remix-run/router", () => {
    expect(patchRouterSource(original)).toEqual(expect.any(String));
  });

  it("matches exactly as the unpatched router, also when the same tree is matched again", () => {
    const plain = loadModule(original);
    const patched = loadModule(patchRouterSource(original));
    const routes = routeTree();
    for (let round = 0; round < 2; round++) {
      for (const pathname of PATHS) {
        const simplify = (matches) => matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase })) ?? null;
        expect(simplify(patched.matchRoutes(routes, pathname)), pathname).toEqual(simplify(plain.matchRoutes(routeTree(), pathname)));
      }
    }
    expect(patched.matchPath({ path: "/blog/:slug", end: false }, "/blog/x/y")).toEqual(plain.matchPath({ path: "/blog/:slug", end: false }, "/blog/x/y"));
  });

  it("gives every caller matches and params of its own when it remembers them", () => {
    const patched = loadModule(patchRouterSource(original));
    const routes = routeTree();
    for (let round = 0; round < 3; round++) {
      const matches = patched.matchRoutes(routes, "/ar/things-to-do-in-dubai/a-tour?x=1");
      expect(matches.at(-1).params).toEqual({ segment: "things-to-do-in-dubai", productSlug: "a-tour" });
      matches.at(-1).params.segment = "changed";
      matches.pop();
    }
    expect(patched.matchRoutes(routes, "/nowhere/at/all/x")).toBeNull();
    expect(patched.matchRoutes(routes, "/nowhere/at/all/x")).toBeNull();
  });

  it("sees a new route tree, not the ranked branches of an earlier one", () => {
    const patched = loadModule(patchRouterSource(original));
    expect(patched.matchRoutes([{ id: "a", path: "a" }], "/a")?.[0]?.route.id).toBe("a");
    expect(patched.matchRoutes([{ id: "b", path: "a" }], "/a")?.[0]?.route.id).toBe("b");
  });

  it("leaves an unknown router source alone", () => {
    expect(patchRouterSource("module.exports = {};")).toBeNull();
  });
});
