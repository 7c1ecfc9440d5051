import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { patchRouterSource, patchServerRoutesSource } from "./route-matching.js";

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

  it("gives a new tree of the same shape (one per render) the same matches with its own route objects", () => {
    const plain = loadModule(original);
    const patched = loadModule(patchRouterSource(original));
    const simplify = (matches) => matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase })) ?? null;
    for (let render = 0; render < 3; render++) {
      for (const pathname of PATHS) {
        const tree = routeTree();
        const matches = patched.matchRoutes(tree, pathname);
        expect(simplify(matches), pathname).toEqual(simplify(plain.matchRoutes(routeTree(), pathname)));
        const treeRoutes = [tree[0], ...tree[0].children];
        for (const match of matches ?? []) expect(treeRoutes).toContain(match.route);
      }
    }
  });

  it("matches a tree of another shape afresh, and one whose routes have no ids as the router does", () => {
    const patched = loadModule(patchRouterSource(original));
    const moved = (path) => [{ id: "root", path: "", children: [{ id: "page", path }] }];
    expect(patched.matchRoutes(moved("a"), "/a")?.at(-1)?.route.id).toBe("page");
    expect(patched.matchRoutes(moved("b"), "/a")).toBeNull();
    expect(patched.matchRoutes(moved("b"), "/b")?.at(-1)?.pathname).toBe("/b");
    const anonymous = [{ path: "x" }, { path: ":other" }];
    expect(patched.matchRoutes(anonymous, "/x")?.[0]?.route).toBe(anonymous[0]);
    expect(patched.matchRoutes([{ path: "x" }, { path: ":other" }], "/y")?.[0]?.params).toEqual({ other: "y" });
    const twins = [{ id: "same", path: "a" }, { id: "same", path: "b" }];
    expect(patched.matchRoutes(twins, "/b")?.[0]?.route).toBe(twins[1]);
  });

  it("keeps the exported conversion's data routes per routes array and fills each caller's manifest", () => {
    const plain = loadModule(original);
    const patched = loadModule(patchRouterSource(original));
    const routes = routeTree();
    const mapRouteProperties = (route) => ({ hasErrorBoundary: route.id === "root" });
    const firstManifest = {};
    const first = patched.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, firstManifest);
    const secondManifest = {};
    const second = patched.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, secondManifest);
    expect(second).toBe(first);
    expect(secondManifest).toEqual(firstManifest);
    expect(Object.keys(secondManifest)).toHaveLength(routes[0].children.length + 1);
    const plainManifest = {};
    expect(JSON.parse(JSON.stringify(first))).toEqual(JSON.parse(JSON.stringify(plain.UNSAFE_convertRoutesToDataRoutes(routeTree(), mapRouteProperties, undefined, plainManifest))));
    expect(Object.keys(firstManifest).sort()).toEqual(Object.keys(plainManifest).sort());
    // Another array, other properties, a manifest already in use or a subtree: converted anew.
    expect(patched.UNSAFE_convertRoutesToDataRoutes(routeTree(), mapRouteProperties, undefined, {})).not.toBe(first);
    expect(patched.UNSAFE_convertRoutesToDataRoutes(routes, () => ({}), undefined, {})).not.toBe(first);
    expect(() => patched.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, { root: {} })).toThrow(/collision/);
    expect(patched.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, ["0"], {})[0]).not.toBe(first[0]);
  });

  it("leaves an unknown router source alone", () => {
    expect(patchRouterSource("module.exports = {};")).toBeNull();
  });
});

describe("patchServerRoutesSource", () => {
  const serverRoutesFile = path.join(path.dirname(require.resolve("@remix-run/react")), "routes.js");
  const source = readFileSync(serverRoutesFile, "utf8");
  const load = (text) => {
    const module = new Module(serverRoutesFile);
    module.filename = serverRoutesFile;
    module.paths = Module._nodeModulePaths(path.dirname(serverRoutesFile));
    module._compile(text, serverRoutesFile);
    return module.exports;
  };
  const manifest = {
    root: { id: "root", path: "", hasLoader: true },
    "en/home": { id: "en/home", parentId: "root", index: true, hasLoader: true },
    "ar/home": { id: "ar/home", parentId: "root", path: "ar", hasLoader: false },
    "en/listing": { id: "en/listing", parentId: "root", path: ":segment", caseSensitive: false, hasLoader: true },
  };
  const modulesOf = () => Object.fromEntries(Object.keys(manifest).map((id) => [id, moduleFor[id]]));
  const moduleFor = Object.fromEntries(Object.keys(manifest).map((id) => [id, { default: () => null, handle: { id } }]));
  const describeTree = (routes) => routes.map((route) => ({ id: route.id, path: route.path, index: route.index, handle: route.handle, hasLoader: typeof route.loader === "function", children: route.children ? describeTree(route.children) : undefined }));

  it("applies to the installed @remix-run/react and builds the tree the unpatched one builds", () => {
    const patched = load(patchServerRoutesSource(source));
    const plain = load(source);
    const future = {};
    expect(describeTree(patched.createServerRoutes(manifest, modulesOf(), future, false))).toEqual(describeTree(plain.createServerRoutes(manifest, modulesOf(), future, false)));
  });

  it("hands every render of one build the same tree, and a changed module or manifest a new one", () => {
    const patched = load(patchServerRoutesSource(source));
    const future = {};
    const first = patched.createServerRoutes(manifest, modulesOf(), future, false);
    expect(patched.createServerRoutes(manifest, modulesOf(), future, false)).toBe(first);
    const changed = { ...modulesOf(), "ar/home": { default: () => null, handle: { id: "changed" } } };
    const rebuilt = patched.createServerRoutes(manifest, changed, future, false);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt[0].children.find((route) => route.id === "ar/home").handle).toEqual({ id: "changed" });
    expect(patched.createServerRoutes({ ...manifest }, changed, future, false)).not.toBe(rebuilt);
    expect(patched.createServerRoutes(manifest, changed, {}, false)).not.toBe(rebuilt);
  });

  it("leaves an unknown source alone", () => {
    expect(patchServerRoutesSource("module.exports = {};")).toBeNull();
  });
});
