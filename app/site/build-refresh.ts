/**
 * The build-refresh rules, pure so they can be tested with a fake clock and storage. The browser side
 * (the build-refresh component) polls `builds/latest.json`; when a newer build is deployed, the next
 * route change or chunk-load error reloads the page. A per-path flag in sessionStorage makes sure a
 * reload that does not cure the problem cannot turn into a loop.
 */

/** How long a reload of a path blocks another reload of the same path. */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = "rihla:build-reload";
/** How often the browser asks for the latest build id. */
export const BUILD_POLL_INTERVAL_MS = 60_000;

export type BuildInfo = { id: string; time: string };

/** The subset of Storage the guard uses (sessionStorage in the browser, a Map in tests). */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

/** True when the server reports a build other than the one this page runs. */
export function isNewerBuild(currentId: string | null | undefined, latest: BuildInfo | null | undefined): boolean {
  return Boolean(currentId && latest?.id && latest.id !== currentId);
}

function readFlags(storage: KeyValueStorage): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Claims the reload of `path` at `now`: true (and the flag is stored) unless the same path was reloaded
 * less than RELOAD_GUARD_MS ago. Expired flags of other paths are dropped on the way.
 */
export function claimReload(storage: KeyValueStorage, path: string, now: number, guardMs: number = RELOAD_GUARD_MS): boolean {
  const flags = readFlags(storage);
  const last = flags[path];
  if (typeof last === "number" && now - last >= 0 && now - last < guardMs) return false;
  const kept = Object.fromEntries(Object.entries(flags).filter(([, time]) => typeof time === "number" && now - time < guardMs));
  kept[path] = now;
  try {
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: without a flag a loop cannot be ruled out, so do not reload.
    return false;
  }
  return true;
}

/** Decides whether to reload now; reloads at most once per path per guard period. */
export function reloadIfNewerBuild(options: {
  currentId: string | null | undefined;
  latest: BuildInfo | null | undefined;
  path: string;
  storage: KeyValueStorage;
  now: number;
  reload: () => void;
}): boolean {
  if (!isNewerBuild(options.currentId, options.latest)) return false;
  if (!claimReload(options.storage, options.path, options.now)) return false;
  options.reload();
  return true;
}

/** True for the errors browsers raise when a code-split chunk (an old build's file) fails to load. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? `${reason.name} ${reason.message}` : typeof reason === "string" ? reason : "";
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i.test(message);
}

/** Parses a `builds/latest.json` body; null for anything else. */
export function parseBuildInfo(body: unknown): BuildInfo | null {
  if (!body || typeof body !== "object") return null;
  const { id, time } = body as Record<string, unknown>;
  return typeof id === "string" && id !== "" ? { id, time: typeof time === "string" ? time : "" } : null;
}
