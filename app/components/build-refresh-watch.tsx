import { useEffect, useRef } from "react";
import { BUILD_POLL_INTERVAL_MS, isChunkLoadError, isNewerBuild, parseBuildInfo, reloadIfNewerBuild, type BuildInfo } from "#app/site/build-refresh";

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

/** Asks the server which build is current; failures are only logged (spec: manifest errors never surface). */
async function fetchLatestBuild(): Promise<BuildInfo | null> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseBuildInfo(await response.json());
  } catch (error) {
    console.error("[build-refresh] could not fetch builds/latest.json", error);
    return null;
  }
}

/**
 * Reloads the page into a newly deployed build: polls `builds/latest.json` at once, every minute and on
 * window focus, and when a newer build exists, reloads on the next route change (a new `pathname`) or
 * chunk-load error. The guard in app/site/build-refresh.ts allows one reload per path per 10 seconds,
 * so it cannot loop. Takes the path as a prop rather than from the router so this chunk needs only React.
 */
export function BuildRefreshWatch({ pathname }: { pathname: string }) {
  const latest = useRef<BuildInfo | null>(null);
  const firstLocation = useRef(true);
  const checkOnNavigation = useRef<() => boolean>(() => false);

  useEffect(() => {
    const currentId = window.__remixManifest?.version ?? null;
    const tryReload = () =>
      reloadIfNewerBuild({
        currentId,
        latest: latest.current,
        path: window.location.pathname,
        storage: window.sessionStorage,
        now: Date.now(),
        reload: () => window.location.reload(),
      });
    const poll = async () => {
      const info = await fetchLatestBuild();
      if (info) latest.current = info;
    };
    const onChunkError = async (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      // The chunk may be gone because of a deploy this tab has not heard of yet: ask first.
      if (!isNewerBuild(currentId, latest.current)) await poll();
      tryReload();
    };
    const onError = (event: ErrorEvent) => void onChunkError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => void onChunkError(event.reason);
    const onFocus = () => void poll();

    void poll();
    const timer = window.setInterval(() => void poll(), BUILD_POLL_INTERVAL_MS);
    window.addEventListener("focus", onFocus);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    checkOnNavigation.current = tryReload;
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  useEffect(() => {
    // The first render is where the watch started, not a route change.
    if (firstLocation.current) {
      firstLocation.current = false;
      return;
    }
    checkOnNavigation.current();
  }, [pathname]);

  return null;
}
