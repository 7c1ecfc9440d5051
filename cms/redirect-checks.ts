/**
 * What the studio asks about redirect rules: the other published rules (loops and chains are checked
 * by app/lib/redirect-chain.ts, which the storefront shares) and the storefront's own answer for a
 * path (GET {storefront}/api/path-status?path=/x, app/routes/api.path-status.ts). No `sanity` import.
 */
import { checkRedirectRule, rulesChainingInto, type RedirectRuleLike } from "../app/lib/redirect-chain";
import { DEFAULT_STOREFRONT_URL, SITE_PATH_PATTERN } from "./constants";

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

type AskStorefront = (path: string) => Promise<PathStatus | null>;

const isSitePath = (to: string) => SITE_PATH_PATTERN.test(to.split(/[?#]/)[0] ?? "");

/**
 * Why the redirect `from` → `to` must not be saved, or null: the shape of `to`, pointing at itself,
 * a loop or a chain through the other published rules, a page the storefront answers 404 for.
 */
export async function redirectTargetError(to: string, from: string | undefined, loadOthers: () => Promise<RedirectRuleLike[]>, ask: AskStorefront = storefrontPathStatus): Promise<string | null> {
  const isUrl = /^https?:\/\/[^/\s]+/i.test(to);
  if (!isSitePath(to) && !isUrl) return "Use a site path starting with / or a full http(s):// URL.";
  if (to === from) return "A redirect cannot point at itself.";
  if (isUrl) return null;
  const problem = typeof from === "string" ? checkRedirectRule({ from, to }, await loadOthers())[0] : undefined;
  if (problem) return problem.message;
  const answer = await ask(to.split("#")[0]!);
  return answer?.status === 404 ? `The storefront answers 404 (page not found) for ${to}: point at a page that exists.` : null;
}

/** What the editor should know but may save anyway: other rules chaining through this one, or the storefront could not be asked. */
export async function redirectTargetWarning(to: string, from: string | undefined, loadOthers: () => Promise<RedirectRuleLike[]>, ask: AskStorefront = storefrontPathStatus): Promise<string | null> {
  if (!isSitePath(to)) return null;
  const incoming = typeof from === "string" ? rulesChainingInto({ from, to }, await loadOthers()) : [];
  if (incoming.length > 0) return `${incoming.join(", ")} already redirect${incoming.length === 1 ? "s" : ""} to ${from}, so ${incoming.length === 1 ? "it" : "they"} will chain through this rule: point ${incoming.length === 1 ? "it" : "them"} straight at ${to}.`;
  const answer = await ask(to.split("#")[0]!);
  return answer === null ? `Could not ask the storefront (${STOREFRONT_URL}) whether ${to} exists: check it by hand, or set SANITY_STUDIO_STOREFRONT_URL and the storefront's STUDIO_ORIGIN.` : null;
}
