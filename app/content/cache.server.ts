import { createHash } from "node:crypto";
import { cachified, totalTtl, type Cache, type CacheEntry } from "@epic-web/cachified";
import { LRUCache } from "lru-cache";

/**
 * Server-side cache for content queries: cachified (stale-while-revalidate) over an in-process LRU.
 *
 * Eviction is by document type and language: every entry records the document types its query reads
 * and the locale it was asked in. A change to a document evicts the entries that read its type in its
 * language, plus entries that are not localized (redirect rules). That is coarser than per-document
 * tracking (editing one blog post also evicts the blog list and the other posts of that language), but
 * it cannot miss a dependency through references or list queries, and content changes are rare next
 * to reads.
 */

export interface ContentChange {
  /** Document id, with or without the `drafts.` prefix. */
  id?: string;
  /** Document type. Without it the whole cache is evicted. */
  type?: string;
  /** Language of the document; undefined means all languages. */
  language?: string | null;
}

export interface CachedQuery<T> {
  /** Query name and text identify the query; params and locale complete the key. */
  name: string;
  query: string;
  params: Record<string, unknown>;
  locale: string | null;
  /** Document types the result depends on. */
  types: readonly string[];
  getFreshValue: () => Promise<T>;
}

export interface ContentCacheOptions {
  /** Fresh for this long (ms). */
  ttl?: number;
  /** Then served stale while one background refresh runs, for this long (ms). */
  swr?: number;
  max?: number;
}

export type CacheEvent = "hit" | "miss" | "stale";

interface Dependency {
  types: ReadonlySet<string>;
  locale: string | null;
}

export interface ContentCache {
  get<T>(query: CachedQuery<T>): Promise<T>;
  /** Evicts what a changed document touches; returns the evicted keys. */
  evict(change: ContentChange): string[];
  clear(): void;
  keys(): string[];
  /** Resolves when background (stale-while-revalidate) refreshes have finished. */
  settle(): Promise<void>;
  /** Counts of hits, misses and stale reads since creation (for tests and timing). */
  readonly stats: Record<CacheEvent, number>;
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function cacheKey(name: string, query: string, params: Record<string, unknown>, locale: string | null): string {
  const hash = createHash("sha1").update(query).digest("hex").slice(0, 10);
  return `content:${name}:${hash}:${locale ?? "*"}:${stableStringify(params)}`;
}

/** What cachified will do with an entry: serve it (hit), serve it and refresh in the background (stale), or fetch (miss). */
function classify(entry: CacheEntry | undefined, ttl: number, swr: number, now = Date.now()): CacheEvent {
  if (!entry) return "miss";
  const age = now - entry.metadata.createdTime;
  if (age <= ttl) return "hit";
  return age <= ttl + swr ? "stale" : "miss";
}

export function createContentCache({ ttl = 60_000, swr = 24 * 60 * 60_000, max = 2_000 }: ContentCacheOptions = {}): ContentCache {
  const dependencies = new Map<string, Dependency>();
  const lru = new LRUCache<string, CacheEntry>({
    max,
    // Keep the dependency index in step when the LRU drops an entry on its own.
    dispose: (_value, key, reason) => {
      if (reason === "evict" || reason === "expire") dependencies.delete(key);
    },
  });
  const cache: Cache = {
    set(key, value) {
      const lifetime = totalTtl(value?.metadata);
      lru.set(key, value, { ttl: lifetime === Infinity ? undefined : lifetime, start: value?.metadata?.createdTime });
    },
    get(key) {
      return lru.get(key);
    },
    delete(key) {
      lru.delete(key);
    },
  };
  const stats: Record<CacheEvent, number> = { hit: 0, miss: 0, stale: 0 };
  // Background refreshes we started, so tests and shutdown can wait for them.
  const pending = new Set<Promise<unknown>>();

  return {
    stats,
    async get<T>({ name, query, params, locale, types, getFreshValue }: CachedQuery<T>): Promise<T> {
      const key = cacheKey(name, query, params, locale);
      dependencies.set(key, { types: new Set(types), locale });
      stats[classify(lru.peek(key), ttl, swr)] += 1;
      return cachified<T>({
        key,
        cache,
        ttl,
        swr,
        getFreshValue,
        waitUntil: (promise) => {
          pending.add(promise);
          void promise.finally(() => pending.delete(promise));
        },
      });
    },
    evict(change) {
      const evicted: string[] = [];
      for (const [key, dependency] of dependencies) {
        const typeMatches = !change.type || dependency.types.has(change.type);
        const languageMatches = !change.language || dependency.locale === null || dependency.locale === change.language;
        if (typeMatches && languageMatches) {
          dependencies.delete(key);
          lru.delete(key);
          evicted.push(key);
        }
      }
      return evicted;
    },
    clear() {
      dependencies.clear();
      lru.clear();
    },
    keys() {
      return [...lru.keys()];
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
