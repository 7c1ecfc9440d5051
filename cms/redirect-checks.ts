/**
 * What the studio asks about redirect rules: the other published rules (loops and chains are checked
 * by app/lib/redirect-chain.ts, which the storefront shares) and the storefront's own answer for a
 * path (GET {storefront}/api/path-status?path=/x, app/routes/api.path-status.ts). No `sanity` import.
 */
import { DEFAULT_STOREFRONT_URL } from "./constants";

/** The storefront the studio checks against: SANITY_STUDIO_STOREFRONT_URL, as for "Open preview". */
export const STOREFRONT_URL = (process.env.SANITY_STUDIO_STOREFRONT_URL || DEFAULT_STOREFRONT_URL).replace(/\/$/, "");

/** Published rules other than the document `$id` (its draft too): the ones the storefront applies beside it. */
export const OTHER_REDIRECT_RULES_QUERY = `*[_type == "redirectRule" && !(_id in path("drafts.**")) && !(_id in [$id, $draft]) && defined(from) && defined(to)]{ from, to, "permanent": permanent == true }`;
/** Every published rule, in the order the storefront matches them. */
export const REDIRECT_RULES_QUERY = `*[_type == "redirectRule" && !(_id in path("drafts.**")) && defined(from) && defined(to)] | order(from asc){ from, to, "permanent": permanent == true }`;

export type PathStatus = { status: number; location: string | null };

const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; answer: Promise<PathStatus | null> }>();

/**
 * The storefront's status for `path` (redirects not followed), or null when it cannot be asked
 * (down, not configured for this studio's origin, rate-limited). Answers are kept 30 s, so the
 * validators of one edit share a request.
 */
export function storefrontPathStatus(path: string, options: { fresh?: boolean; storefrontUrl?: string } = {}): Promise<PathStatus | null> {
  const base = options.storefrontUrl ?? STOREFRONT_URL;
  const key = `${base} ${path}`;
  const kept = cache.get(key);
  if (!options.fresh && kept && Date.now() - kept.at < CACHE_MS) return kept.answer;
  const answer = askStorefront(base, path);
  cache.set(key, { at: Date.now(), answer });
  return answer;
}

async function askStorefront(base: string, path: string): Promise<PathStatus | null> {
  try {
    const response = await fetch(`${base}/api/path-status?path=${encodeURIComponent(path)}`, { signal: AbortSignal.timeout(8_000) });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<PathStatus>;
    return typeof body.status === "number" ? { status: body.status, location: typeof body.location === "string" ? body.location : null } : null;
  } catch {
    return null;
  }
}
