// @ts-check
// Whether the production build in build/ can be served as it is. Plain JavaScript because `npm start`
// (start.js) runs under node without tsx; the TypeScript scripts (production-build.ts) import it too,
// typed through the JSDoc below (checked by `tsc`: the @ts-check above).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** What the build is made from (build.js: how): a change to any of them makes it stale. */
const SOURCES = ["app", "vite.config.ts", "package.json", "scripts/build.js"];
/** What build.js writes into build/: the server bundle, the seed's worker beside it, and the browsers' files. */
const OUTPUTS = ["build/server/index.js", "build/server/seed-worker.js", "build/client/assets"];
/** The server bundle (server.js imports it). */
const SERVER_BUNDLE = OUTPUTS[0] ?? "";

/**
 * The newest modification time of a file, or of anything under a folder.
 * @param {string} target
 * @returns {number}
 */
function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * True when build/ must be rebuilt before it is served: there is none, part of it is missing (the
 * browser assets, or the seed's worker of a build from before build.js made one), it carries the
 * test-only routes (a build made by `npm test`), or a source is newer than it.
 * @returns {boolean}
 */
export function buildIsStale() {
  if (OUTPUTS.some((output) => !existsSync(output))) return true;
  // The test build is recognised by a test route's id: it must never be served.
  if (readFileSync(SERVER_BUNDLE, "utf8").includes('"api-test-commerce"')) return true;
  // The older output: an interrupted build may have replaced index.js but not the worker.
  const built = Math.min(...OUTPUTS.map((output) => statSync(output).mtimeMs));
  return SOURCES.some((source) => existsSync(source) && newestMtime(source) > built);
}
