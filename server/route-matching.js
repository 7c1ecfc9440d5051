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
//     URL still tried ~100 branches' RegExps, four times a request, ~10 % of an uncached render).
// If the router's source no longer has the expected text (another version), nothing is patched and a
// warning says so: matching stays correct, only slower.
import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";

const require = createRequire(import.meta.url);

const FLATTEN = "let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);";
const COMPILE = "function compilePath(path, caseSensitive, end) {";
const MATCH = "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {";

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
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let byKey = __rihlaMatchesByRoutes.get(routes);
  if (!byKey) {
    // Only a route tree matched before (the server's, kept for the process) is worth remembering.
    if (__rihlaRankedBranches.has(routes)) __rihlaMatchesByRoutes.set(routes, new Map());
    return matchRoutesImplUncached(routes, locationArg, basename, allowPartial);
  }
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let key = (allowPartial ? "1" : "0") + (basename || "/") + "\u0000" + (location.pathname || "/");
  let known = byKey.get(key);
  if (known === undefined) {
    known = matchRoutesImplUncached(routes, location, basename, allowPartial);
    if (byKey.size >= 2000) byKey.clear();
    byKey.set(key, known);
  }
  // Each caller gets matches of its own (and params it may change), as from the unpatched router.
  return known && known.map((match) => ({ ...match, params: { ...match.params } }));
}
`;

/**
 * The router's source with the two memoizations, or null when it does not have the expected text.
 * Exported for its test (server/route-matching.test.js).
 */
export function patchRouterSource(source) {
  if (source.split(FLATTEN).length !== 2 || source.split(COMPILE).length !== 2 || source.split(MATCH).length !== 2) return null;
  return (
    source
      .replace(FLATTEN, "let branches = __rihlaBranchesOf(routes);")
      .replace(COMPILE, "function compilePathUncached(path, caseSensitive, end) {")
      .replace(MATCH, "function matchRoutesImplUncached(routes, locationArg, basename, allowPartial) {") + MEMOIZED
  );
}

/** Installs the patch for this process; call before anything requires @remix-run/router. */
export function memoizeRouteMatching() {
  const routerFile = require.resolve("@remix-run/router");
  if (require.cache[routerFile]) {
    console.warn("[route-matching] @remix-run/router was loaded before the patch; matching is not memoized");
    return false;
  }
  const loadJs = Module._extensions[".js"];
  Module._extensions[".js"] = function loadJsWithRouterPatch(module, filename) {
    if (filename !== routerFile) return loadJs.call(this, module, filename);
    const patched = patchRouterSource(readFileSync(filename, "utf8"));
    if (!patched) {
      console.warn("[route-matching] unexpected @remix-run/router source; matching is not memoized");
      return loadJs.call(this, module, filename);
    }
    module._compile(patched, filename);
  };
  return true;
}
