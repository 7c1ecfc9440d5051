/**
 * The global redirect and rewrite rules (specification section 2.3) as one pure function.
 *
 * It runs before rendering on every page request (see app/root.tsx). Given the requested path (with
 * its query), the storefront type and the per-path rules from the CMS, it answers where to send the
 * visitor instead, or null to render the path as it is. Every redirect it produces from the request
 * alone is a local path: only a CMS rule may point at another host.
 */

import { CITY_SEGMENT_PREFIX, citySegment, listingPath } from "./paths";
import { hasUnsafeCharacters, isSafeLocalPath } from "./safe-redirect";
import type { StorefrontType } from "./storefront";

/** A per-path rule maintained by editors in the CMS. */
export type CmsRedirectRule = {
  /** A site path, e.g. `/old-page` or `/ar/old-page`. */
  from: string;
  /** A site path, or an absolute http(s) URL. */
  to: string;
  permanent: boolean;
};

export type RedirectResult = { redirect: string; status: 301 | 302 };

/** Locale prefixes the rules recognise; only the offered ones (ru, zh, ar) are kept in the target. */
export const RECOGNISED_LOCALE_PREFIXES = ["en", "fr", "es", "de", "ar", "ru", "tr", "az", "zh", "it", "he", "fa", "pt"] as const;
const OFFERED_PREFIXES = new Set(["ru", "zh", "ar"]);

/** First segments (after the optional locale) that the rewrite rules leave alone. */
export const LEFT_ALONE_SEGMENTS = [
  "blog",
  "experiences",
  "auth",
  "about",
  "cart",
  "checkout",
  "terms-and-conditions",
  "privacy-policy",
  "faq",
  "things-to-do",
  "search",
  "invoices",
  "account",
  "privacy",
] as const;
const LEFT_ALONE = new Set<string>(LEFT_ALONE_SEGMENTS);

/**
 * Paths that belong to the application rather than to pages (API, assets, images, health check).
 * They are never rewritten, so a two-segment API path cannot be mistaken for `/{city}/{product}`.
 */
const SYSTEM_SEGMENTS = new Set(["api", "octo", "_ipx", "assets", "build", "builds", "resources", "studio", "healthz", "generated", "images", "locales", ".well-known"]);

/** Longest path we try to interpret; anything longer is left to the 404 handling. */
const MAX_PATH_LENGTH = 2048;

type Step = { permanent: boolean };

/**
 * Where the request for `pathWithQuery` must go instead, or null when it renders as it is.
 * `cmsRules` are matched on the exact path (trailing slash ignored) before the built-in rules.
 */
export function resolveRedirect(
  pathWithQuery: string,
  storefrontType: StorefrontType,
  cmsRules: readonly CmsRedirectRule[] = [],
): RedirectResult | null {
  if (typeof pathWithQuery !== "string" || pathWithQuery.length > MAX_PATH_LENGTH) return null;
  const queryStart = pathWithQuery.search(/[?#]/);
  const rawPath = queryStart === -1 ? pathWithQuery : pathWithQuery.slice(0, queryStart);
  const query = queryStart === -1 ? "" : stripFragment(pathWithQuery.slice(queryStart));
  if (!rawPath.startsWith("/") || hasUnsafeCharacters(rawPath)) return null;

  const segments = rawPath.split("/").filter((segment) => segment !== "");
  const canonicalPath = `/${segments.join("/")}`;

  const cmsResult = applyCmsRule(canonicalPath, query, cmsRules);
  if (cmsResult) return cmsResult;

  const steps: Step[] = [];
  // An untidy path (`/faq/`, `//faq`) is sent to its tidy form for free with any other rule.
  if (canonicalPath !== rawPath) steps.push({ permanent: true });

  // Leading locale segments: the first offered one wins; English and languages we do not offer are
  // dropped (English has no prefix), so `/fr/faq`, `/en/faq` and `/fr/en/faq` all reach `/faq`.
  let locale = "";
  while (segments.length > 0) {
    const raw = segments[0]!;
    const code = raw.toLowerCase();
    if (!(RECOGNISED_LOCALE_PREFIXES as readonly string[]).includes(code)) break;
    segments.shift();
    if (OFFERED_PREFIXES.has(code)) {
      locale = code;
      if (raw !== code) steps.push({ permanent: false }); // `/AR/faq` → `/ar/faq`
      break;
    }
    steps.push({ permanent: false });
  }

  const rest = rewriteSegments(segments, storefrontType, steps);
  if (steps.length === 0) return null;

  const target = `${locale ? `/${locale}` : ""}${rest.length ? `/${rest.join("/")}` : locale ? "" : "/"}`;
  if (!isSafeLocalPath(target)) return null;
  const redirect = target + query;
  if (redirect === pathWithQuery) return null;
  return { redirect, status: steps.every((step) => step.permanent) ? 301 : 302 };
}

/** The built-in rules on the path below the locale prefix; records each rule applied in `steps`. */
function rewriteSegments(segments: string[], storefrontType: StorefrontType, steps: Step[]): string[] {
  const [first, second] = segments;
  if (first === undefined) return segments;
  const listingSegment = listingPath(storefrontType).slice(1);

  if (first.startsWith("discover")) {
    steps.push({ permanent: false });
    return [listingSegment];
  }
  if (segments.length === 1 && (first === "experiences" || first === "things-to-do") && first !== listingSegment) {
    steps.push({ permanent: false });
    return [listingSegment];
  }
  if (LEFT_ALONE.has(first) || first.startsWith(CITY_SEGMENT_PREFIX) || SYSTEM_SEGMENTS.has(first)) {
    return segments;
  }
  if (second !== undefined) {
    steps.push({ permanent: true });
    return storefrontType === "supplier" ? ["experiences", second] : [citySegment(first), second];
  }
  return segments;
}

function applyCmsRule(canonicalPath: string, query: string, rules: readonly CmsRedirectRule[]): RedirectResult | null {
  for (const rule of rules) {
    const from = normaliseRulePath(rule.from);
    if (from === null || from !== canonicalPath) continue;
    const status = rule.permanent ? 301 : 302;
    if (isExternalUrl(rule.to)) return { redirect: rule.to, status };
    const to = normaliseRulePath(rule.to.split(/[?#]/)[0] ?? "");
    if (to === null || to === canonicalPath || !isSafeLocalPath(to)) continue;
    const ruleQuery = rule.to.includes("?") ? stripFragment(rule.to.slice(rule.to.indexOf("?"))) : "";
    return { redirect: to + mergeQueries(ruleQuery, query), status };
  }
  return null;
}

function normaliseRulePath(path: string): string | null {
  if (typeof path !== "string" || !isSafeLocalPath(path.split(/[?#]/)[0] ?? "")) return null;
  const segments = path.split(/[?#]/)[0]!.split("/").filter(Boolean);
  return `/${segments.join("/")}`;
}

function isExternalUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && value.startsWith(`${url.protocol}//`);
  } catch {
    return false;
  }
}


function stripFragment(query: string): string {
  const hash = query.indexOf("#");
  const withoutHash = hash === -1 ? query : query.slice(0, hash);
  return withoutHash === "?" ? "" : withoutHash;
}

function mergeQueries(ruleQuery: string, requestQuery: string): string {
  if (!ruleQuery) return requestQuery;
  if (!requestQuery) return ruleQuery;
  return `${ruleQuery}&${requestQuery.slice(1)}`;
}
