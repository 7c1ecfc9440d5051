// `npm start`: builds the storefront when there is no build (or the sources are newer than it),
// then serves it. Data lives under DATA_DIR (default ./data, git-ignored).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

process.env.NODE_ENV ??= "production";

const BUILD_MARKER = path.resolve("build/index.js");
const SOURCES = ["app", "remix.config.js", "package.json"];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIsStale() {
  if (!existsSync(BUILD_MARKER) || !existsSync("public/build")) return true;
  // A build made by `npm test` carries test-only routes: never serve it.
  if (readFileSync(BUILD_MARKER, "utf8").includes("\"api-test-commerce\"")) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => existsSync(source) && newestMtime(source) > built);
}

if (buildIsStale()) {
  console.log("Building the storefront…");
  const result = spawnSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { startServer } = await import("../server.js");
await startServer();
