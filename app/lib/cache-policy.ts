/**
 * Each route declares its cache class once, in its `handle` export:
 *
 *   export const handle = { cache: "public" } satisfies CacheHandle;
 *
 * - `public`: the same for every anonymous visitor; shared caches may keep it (`s-maxage`), unless the
 *   request carries a personal cookie. The loader may pick a shorter shared policy (dated pages).
 * - `private`: personal data (cart, checkout, account, auth): `private, no-store`.
 * - `no-store`: never stored anywhere (webhooks, health checks, one-off redirects).
 *
 * The document renderer (entry.server), the in-process page cache and the build manifest all read the
 * class from the route module's handle; nothing else keeps a list of routes.
 */
import { CACHE_PRIVATE, CACHE_PUBLIC_PAGE, isPersonalRequest, pagePathOfDataRequest } from "./http";

export const CACHE_CLASSES = ["public", "private", "no-store"] as const;
export type CacheClass = (typeof CACHE_CLASSES)[number];

/** The part of a route's `handle` this module reads. */
export type CacheHandle = { cache: CacheClass };

export const CACHE_NO_STORE = "no-store";

/** The class a route module's `handle` declares, or null when it declares none. */
export function cacheClassOf(handle: unknown): CacheClass | null {
  const value = typeof handle === "object" && handle !== null ? (handle as { cache?: unknown }).cache : undefined;
  return (CACHE_CLASSES as readonly unknown[]).includes(value) ? (value as CacheClass) : null;
}

/** The Cache-Control of a class (a public page as an anonymous visitor sees it). */
export function cacheControlOf(cacheClass: CacheClass | null): string {
  if (cacheClass === "public") return CACHE_PUBLIC_PAGE;
  if (cacheClass === "no-store") return CACHE_NO_STORE;
  return CACHE_PRIVATE;
}

function isShared(cacheControl: string): boolean {
  return /(?:^|,)\s*public\b|s-maxage/i.test(cacheControl) && !/\b(?:private|no-store)\b/i.test(cacheControl);
}

/**
 * The Cache-Control a response of a route of `cacheClass` leaves with, given what its loader or
 * `headers` export chose (`current`). Private and no-store classes always win; a public route keeps its
 * loader's shared policy (s-maxage=60 for dated pages) but never shares a page asked for with a personal
 * cookie. A route that declares nothing is never shared.
 */
export function enforceCacheClass(cacheClass: CacheClass | null, current: string | null, request: Request): string {
  if (cacheClass !== "public") return cacheClass === null && current && !isShared(current) ? current : cacheControlOf(cacheClass);
  if (isPersonalRequest(request)) return current && !isShared(current) ? current : CACHE_PRIVATE;
  return current || CACHE_PUBLIC_PAGE;
}

/** A route of a server build, as `build.routes` lists it. */
export type BuildRoute = { id: string; path?: string; index?: boolean; parentId?: string; module?: { handle?: unknown } };

type Pattern = { id: string; segments: string[]; index: boolean };

function fullSegments(routes: Record<string, BuildRoute>, route: BuildRoute): string[] {
  const own = (route.path ?? "").split("/").filter(Boolean);
  const parent = route.parentId ? routes[route.parentId] : undefined;
  return parent ? [...fullSegments(routes, parent), ...own] : own;
}

/** Remix's ranking, simplified for a flat route table: static beats dynamic beats splat. */
function score(pattern: Pattern, segments: string[]): number | null {
  let total = pattern.index ? 2 : 0;
  for (let i = 0; i < pattern.segments.length; i++) {
    const part = pattern.segments[i]!;
    if (part === "*") return total - 2;
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(":")) total += 3;
    else if (part.toLowerCase() === segment.toLowerCase()) total += 10;
    else return null;
  }
  return pattern.segments.length === segments.length ? total : null;
}

/**
 * For the page cache, which sees raw URLs: the cache class of the route a URL reaches (a single-fetch
 * data request, `/faq.data`, is its page's: `/_root.data` is the home page's), or null when no route
 * with a handle matches.
 */
export function createCacheClassResolver(routes: Record<string, BuildRoute>): (url: string) => CacheClass | null {
  const patterns: Pattern[] = Object.values(routes)
    .filter((route) => route.parentId !== undefined)
    .map((route) => ({ id: route.id, segments: fullSegments(routes, route), index: Boolean(route.index) }));
  return (url) => {
    const parsed = new URL(url, "http://localhost");
    const pathname = pagePathOfDataRequest(parsed.pathname);
    let segments: string[];
    try {
      segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return null;
    }
    let best: { id: string; score: number } | null = null;
    for (const pattern of patterns) {
      const value = score(pattern, segments);
      if (value !== null && (best === null || value > best.score)) best = { id: pattern.id, score: value };
    }
    return best ? cacheClassOf(routes[best.id]?.module?.handle) : null;
  };
}
