/**
 * The production build the bench and the profiler measure: rebuilt when there is none, it is older than
 * the sources, or it carries the e2e test routes (RIHLA_TEST_ROUTES).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds for production when there is no build, it is older than the sources, or it carries test routes. */
export function ensureProductionBuild() {
  const marker = path.resolve("build/index.js");
  const stale =
    !existsSync(marker) ||
    !existsSync("public/build") ||
    readFileSync(marker, "utf8").includes('"api-test-commerce"') ||
    ["app", "remix.config.js", "package.json"].some((source) => existsSync(source) && newestMtime(source) > statSync(marker).mtimeMs);
  if (!stale) return;
  process.stderr.write("building for production…\n");
  const built = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: ["ignore", 2, 2], env: { ...process.env, NODE_ENV: "production", RIHLA_TEST_ROUTES: "" } });
  if (built.status !== 0) process.exit(1);
}
