/** Signals between domain services and the HTTP server; one per app context. */
type SiteChangeListener = (reason: string) => void;

export interface SiteChanges {
  /**
   * Listens for changes that alter what public pages show (published content, catalogue updates), so
   * caches of whole pages can be dropped. Returns a function that stops listening.
   */
  subscribe(listener: SiteChangeListener): () => void;
  notify(reason: string): void;
}

export function createSiteChanges(): SiteChanges {
  const listeners = new Set<SiteChangeListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(reason) {
      for (const listener of listeners) listener(reason);
    },
  };
}
