/** Process-wide signals between domain modules and the HTTP server. */
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
