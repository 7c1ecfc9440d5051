/**
 * What the server knows about its own build: the id (the Remix manifest version, which changes with
 * every build that changes a browser file) and when it was built, plus the per-build manifest the
 * specification's client reads: route rules (each page path of the route table with the cache policy its
 * `handle` declares)
 * and the prerendered paths (none: every page is rendered on request and cached by HTTP).
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { cacheClassOf, cacheControlOf, type BuildRoute } from "#app/lib/cache-policy";
import type { BuildInfo } from "./build-refresh";

type ServerBuildShape = {
  assets: { version: string };
  routes: Record<string, BuildRoute>;
};

export type RouteRule = { path: string; routeId: string; cacheControl: string };
export type BuildManifest = BuildInfo & { routeRules: RouteRule[]; prerendered: string[] };

/** The server build, where the server keeps it (it always runs from the repository root). */
export const SERVER_BUILD_PATH = path.resolve("build/server/index.js");

const LOCALE_ROUTE_ID = /^(en|ru|zh|ar)\/(.+)$/;

let cached: Promise<BuildManifest> | undefined;

/** The running build's id and manifest (read once per process: a deploy starts a new process). */
export function getBuildManifest(): Promise<BuildManifest> {
  cached ??= loadBuildManifest().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadBuildManifest(): Promise<BuildManifest> {
  // The build is already loaded by the server; importing it again returns the same module instance.
  const build = (await import(/* @vite-ignore */ pathToFileURL(SERVER_BUILD_PATH).href)) as ServerBuildShape;
  const built = await stat(SERVER_BUILD_PATH);
  return { id: build.assets.version, time: built.mtime.toISOString(), ...routeManifest(build.routes) };
}

/** Route rules from the route table of a build: page routes only (ids `{locale}/{name}`) with the cache policy of their handle, sorted by path. */
export function routeManifest(routes: ServerBuildShape["routes"]): Pick<BuildManifest, "routeRules" | "prerendered"> {
  const routeRules: RouteRule[] = [];
  for (const route of Object.values(routes)) {
    const match = LOCALE_ROUTE_ID.exec(route.id);
    if (!match) continue;
    const pagePath = route.index ? "/" : `/${route.path ?? ""}`;
    routeRules.push({ path: pagePath, routeId: route.id, cacheControl: cacheControlOf(cacheClassOf(route.module?.handle)) });
  }
  routeRules.sort((a, b) => a.path.localeCompare(b.path));
  return { routeRules, prerendered: [] };
}
