/** Signals between domain services and the HTTP server; one per app context. */
/** `tags`: only the pages carrying one of these surrogate keys changed (app/lib/http.ts); none: every page. */
type SiteChangeListener = (reason: string, tags?: readonly string[]) => void;

export interface SiteChanges {
  /**
   * Listens for changes that alter what public pages show (published content, catalogue updates, a
   * review of one product), so caches of whole pages can be dropped: all of them, or those tagged.
   * Returns a function that stops listening.
   */
  subscribe(listener: SiteChangeListener): () => void;
  notify(reason: string, tags?: readonly string[]): void;
}

export function createSiteChanges(): SiteChanges {
  const listeners = new Set<SiteChangeListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(reason, tags) {
      for (const listener of listeners) listener(reason, tags);
    },
  };
}
