import { lazy, Suspense, useEffect, useState } from "react";

const BuildRefreshWatch = lazy(() => import("./build-refresh-watch").then((module) => ({ default: module.BuildRefreshWatch })));

/**
 * Reloads the page into a newly deployed build (build-refresh-watch.tsx). A deploy matters to a tab only
 * when its visitor navigates or loads a new chunk, which starts with a gesture: the watch (its code and
 * its first poll) waits for the first one (entry.client.tsx) rather than weighing on every page's load.
 */
export function BuildRefresh({ pathname }: { pathname: string }) {
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    let active = true;
    void window.rihlaFirstGesture?.then(() => active && setWatching(true));
    return () => {
      active = false;
    };
  }, []);
  if (!watching) return null;
  return (
    <Suspense fallback={null}>
      <BuildRefreshWatch pathname={pathname} />
    </Suspense>
  );
}
