/**
 * Start-up and shut-down hooks of the server process. Domain modules register what must run before
 * the first request (migrations, warm caches) and what must close cleanly on SIGTERM (databases,
 * listeners); the HTTP server (server.js) calls `boot` and `shutdown` through the server build.
 */
type Hook = { name: string; run: () => Promise<void> | void };

const bootHooks: Hook[] = [];
const shutdownHooks: Hook[] = [];

export function onBoot(name: string, run: Hook["run"]): void {
  bootHooks.push({ name, run });
}

export function onShutdown(name: string, run: Hook["run"]): void {
  shutdownHooks.push({ name, run });
}

export async function runBoot(): Promise<void> {
  for (const hook of bootHooks) await hook.run();
}

/** Runs every shut-down hook, newest first, even when one fails. */
export async function runShutdown(): Promise<void> {
  for (const hook of [...shutdownHooks].reverse()) {
    try {
      await hook.run();
    } catch (error) {
      console.error(`[shutdown] ${hook.name} failed`, error);
    }
  }
}

type SiteChangeListener = (reason: string) => void;
const siteChangeListeners = new Set<SiteChangeListener>();

/**
 * Listens for changes that alter what public pages show (published content, catalogue updates), so
 * caches of whole pages can be dropped. Returns a function that stops listening.
 */
export function subscribeToSiteChanges(listener: SiteChangeListener): () => void {
  siteChangeListeners.add(listener);
  return () => siteChangeListeners.delete(listener);
}

export function notifySiteChanged(reason: string): void {
  for (const listener of siteChangeListeners) listener(reason);
}
