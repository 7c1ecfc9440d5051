// Route matching without the per-request rebuild (issue 19: a CPU profile of uncached renders showed
// @remix-run/router's `matchRoutes` at ~11 % of the server's time).
//
// Every document request matches the URL three times (Remix's matchServerRoutes, the static handler's
// query, and <RemixServer>'s own router), and each `matchRoutes` call in @remix-run/router 1.x
// re-flattens and re-ranks the whole route tree (~130 routes: every page in four locales plus the
// console), then compiles a fresh RegExp for each branch it tries until one matches. A city listing
// (`/:segment`) ranks below every static path, so it compiles nearly all of them, three times.
//
// The router keeps those helpers private, so this module memoizes them when Node loads the router's
// CommonJS file, before the Remix build is imported:
//   - `compilePath(path, caseSensitive, end)` is pure: its RegExp (no g/y flag, so stateless) and
//     param list are kept per argument triple;
//   - the flattened, ranked branches are kept per routes array (WeakMap: the server's route trees are
//     built once per handler and never mutated; a new array, such as <RemixServer>'s per render, is
//     flattened as before);
//   - the matches of a pathname are kept per routes array once that array has been matched twice (the
//     server's; at most 2,000 pathnames each), and each caller gets copies (issue 34: matching a listing
//     URL still tried ~100 branches' RegExps, four times a request, ~10 % of an uncached render);
//   - a routes array seen for the first time (<RemixServer> builds a new one per render, flattened and
//     ranked afresh: ~10 % of an uncached render after the above) has its matches kept by the tree's
//     shape (ids, paths, flags, nesting) and gets them back with its own route objects, found by id;
//   - the exported `convertRoutesToDataRoutes` (react-router-dom's static router, once per render) keeps
//     its data routes per routes array, which with @remix-run/react's server routes kept per build
//     (patchServerRoutesSource) is one tree for every render.
// If the router's source no longer has the expected text (another version), nothing is patched and a
// warning says so: matching stays correct, only slower.
import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

const FLATTEN = "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);";
const COMPILE = "function compilePath(path, caseSensitive, end) {";
const MATCH = "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {";
const DATA_ROUTES_EXPORT = "exports.UNSAFE_convertRoutesToDataRoutes = convertRoutesToDataRoutes;";

const MEMOIZED = `
const __rihlaRankedBranches = new WeakMap();
function __rihlaBranchesOf(routes) {
  let branches = __rihlaRankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    __rihlaRankedBranches.set(routes, branches);
  }
  return branches;
}
const __rihlaCompiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = __rihlaCompiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathUncached(path, caseSensitive, end);
    __rihlaCompiledPaths.set(key, compiled);
  }
  return compiled;
}
const __rihlaMatchesByRoutes = new WeakMap();
const __rihlaMatchesByShape = new Map();
/**
 * What matching depends on in a route tree (ids, paths, index and case flags, nesting) as one string, and
 * its routes by id; null when a route has no id or shares one (its matches could not be handed back).
 */
function __rihlaShapeOf(routes) {
  const byId = new Map();
  let shape = "";
  const walk = (list) => {
    for (const route of list) {
      if (typeof route.id !== "string" || byId.has(route.id)) return false;
      byId.set(route.id, route);
      shape += "(" + route.id + "\u0001" + (route.path ?? "\u0002") + "\u0001" + (route.index ? "i" : "") + (route.caseSensitive ? "c" : "");
      if (route.children && route.children.length > 0 && !walk(route.children)) return false;
      shape += ")";
    }
    return true;
  };
  return walk(routes) ? { shape, byId } : null;
}
function __rihlaRemember(byKey, routes, location, basename, allowPartial) {
  let key = (allowPartial ? "1" : "0") + (basename || "/") + "\u0000" + (location.pathname || "/");
  let known = byKey.get(key);
  if (known === undefined) {
    known = matchRoutesImplUncached(routes, location, basename, allowPartial);
    if (byKey.size >= 2000) byKey.clear();
    byKey.set(key, known);
  }
  return known;
}
const __rihlaKeptDataRoutes = new WeakMap();
/**
 * The exported conversion (react-router-dom's createStaticRouter, once per render) keeps its data routes
 * per routes array: <RemixServer>'s array is one per build (patchServerRoutesSource), and converting it
 * anew made ~520 objects and React elements per render. Only whole trees into an empty manifest; the
 * router's own calls (handlers, client routers, route patches) are not routed through here.
 */
function __rihlaConvertRoutesToDataRoutesKept(routes, mapRouteProperties, parentPath, manifest) {
  if ((parentPath !== undefined && parentPath.length > 0) || manifest === undefined || Object.keys(manifest).length > 0) {
    return convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest);
  }
  let kept = __rihlaKeptDataRoutes.get(routes);
  if (!kept || kept.mapRouteProperties !== mapRouteProperties) {
    const keptManifest = {};
    kept = { mapRouteProperties, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, keptManifest), manifest: keptManifest };
    __rihlaKeptDataRoutes.set(routes, kept);
  }
  Object.assign(manifest, kept.manifest);
  return kept.dataRoutes;
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let byKey = __rihlaMatchesByRoutes.get(routes);
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  if (!byKey) {
    // Only a route tree matched before (the server's, kept for the process) is worth remembering.
    if (__rihlaRankedBranches.has(routes)) {
      __rihlaMatchesByRoutes.set(routes, new Map());
      return matchRoutesImplUncached(routes, location, basename, allowPartial);
    }
    // A tree seen for the first time: <RemixServer> builds one per render, always of the same shape.
    // Its matches are remembered by shape and handed back with this tree's own route objects.
    const described = __rihlaShapeOf(routes);
    if (!described) return matchRoutesImplUncached(routes, location, basename, allowPartial);
    let byShapeKey = __rihlaMatchesByShape.get(described.shape);
    if (!byShapeKey) {
      if (__rihlaMatchesByShape.size >= 16) __rihlaMatchesByShape.clear();
      byShapeKey = new Map();
      __rihlaMatchesByShape.set(described.shape, byShapeKey);
    }
    const known = __rihlaRemember(byShapeKey, routes, location, basename, allowPartial);
    return known && known.map((match) => ({ ...match, params: { ...match.params }, route: described.byId.get(match.route.id) }));
  }
  const known = __rihlaRemember(byKey, routes, location, basename, allowPartial);
  // Each caller gets matches of its own (and params it may change), as from the unpatched router.
  return known && known.map((match) => ({ ...match, params: { ...match.params } }));
}
`;

/**
 * The router's source with the two memoizations, or null when it does not have the expected text.
 * Exported for its test (server/route-matching.test.js).
 */
export function patchRouterSource(source) {
  if ([FLATTEN, COMPILE, MATCH, DATA_ROUTES_EXPORT].some((text) => source.split(text).length !== 2)) return null;
  return (
    source
      .replace(DATA_ROUTES_EXPORT, "exports.UNSAFE_convertRoutesToDataRoutes = __rihlaConvertRoutesToDataRoutesKept;")
      .replace(FLATTEN, "let branches = __rihlaBranchesOf(routes);")
      .replace(COMPILE, "function compilePathUncached(path, caseSensitive, end) {")
      .replace(MATCH, "function matchRoutesImplUncached(routes, locationArg, basename, allowPartial) {") + MEMOIZED
  );
}

const SERVER_ROUTES = "function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = \"\",";

const SERVER_ROUTES_MEMOIZED = `
const __rihlaServerRoutes = new WeakMap();
function __rihlaSameModules(kept, given) {
  if (kept === given) return true;
  const keys = Object.keys(kept);
  if (keys.length !== Object.keys(given).length) return false;
  for (const key of keys) if (kept[key] !== given[key]) return false;
  return true;
}
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
  // The recursion into children (with a parent id) goes on as before.
  if (rest.length > 0) return createServerRoutesUncached(manifest, routeModules, future, isSpaMode, ...rest);
  const kept = __rihlaServerRoutes.get(manifest);
  if (kept && kept.future === future && kept.isSpaMode === isSpaMode && __rihlaSameModules(kept.routeModules, routeModules)) return kept.routes;
  const routes = createServerRoutesUncached(manifest, routeModules, future, isSpaMode);
  __rihlaServerRoutes.set(manifest, { routeModules, future, isSpaMode, routes });
  return routes;
}
`;

/**
 * @remix-run/react's routes module with `createServerRoutes` kept per build: <RemixServer> calls it on
 * every render with the build's manifest and a fresh object of the same route modules, and it builds
 * ~520 route objects each time (~3 % of an uncached render, plus their garbage). The router only reads
 * them (its data routes are copies), so one tree per manifest and modules serves every render; a new
 * build (a new manifest, or other modules in development) builds anew. Null when the text differs.
 */
export function patchServerRoutesSource(source) {
  if (source.split(SERVER_ROUTES).length !== 2) return null;
  return source.replace(SERVER_ROUTES, SERVER_ROUTES.replace("createServerRoutes(", "createServerRoutesUncached(")) + SERVER_ROUTES_MEMOIZED;
}

/** Installs the patches for this process; call before anything requires @remix-run/router or @remix-run/react. */
export function memoizeRouteMatching() {
  const routerFile = require.resolve("@remix-run/router");
  const serverRoutesFile = path.join(path.dirname(require.resolve("@remix-run/react")), "routes.js");
  if (require.cache[routerFile] || require.cache[serverRoutesFile]) {
    console.warn("[route-matching] @remix-run/router or @remix-run/react was loaded before the patch; matching is not memoized");
    return false;
  }
  const patches = new Map([
    [routerFile, { patch: patchRouterSource, name: "@remix-run/router" }],
    [serverRoutesFile, { patch: patchServerRoutesSource, name: "@remix-run/react's routes" }],
  ]);
  const loadJs = Module._extensions[".js"];
  Module._extensions[".js"] = function loadJsWithRouterPatch(module, filename) {
    const wanted = patches.get(filename);
    if (!wanted) return loadJs.call(this, module, filename);
    const patched = wanted.patch(readFileSync(filename, "utf8"));
    if (!patched) {
      console.warn(`[route-matching] unexpected ${wanted.name} source; not memoized`);
      return loadJs.call(this, module, filename);
    }
    module._compile(patched, filename);
  };
  return true;
}
