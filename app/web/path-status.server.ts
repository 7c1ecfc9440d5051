/**
 * What the storefront answers for one of its own paths, without following redirects: the studio's
 * redirect checks ("does this target answer 404?") and its "Try a path" tool ask it through
 * GET /api/path-status?path=/x (app/routes/api.path-status.ts).
 *
 * Only site paths are asked, and only of this server over loopback: never another host (no SSRF),
 * never the API, the operator channel or other machinery (a path is refused when any segment, decoded,
 * starts with `_` or its first page segment is a system one), and only with GET and no cookies.
 */
import { resolveLocalPath } from "#app/lib/safe-redirect";
import { RECOGNISED_LOCALE_PREFIXES } from "#app/lib/redirects";

export type PathStatus = { status: number; location: string | null };

const MAX_PATH_LENGTH = 2048;
const SYSTEM_SEGMENTS = new Set(["api", "octo", "assets", "build", "builds", "resources", "studio", "healthz", "readyz", "generated", "images", "locales", ".well-known"]);

/** The site path `raw` asks about (resolved as a browser would, query kept), or null to refuse it. */
export function parseSitePath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_PATH_LENGTH) return null;
  const path = resolveLocalPath(raw);
  if (path === null) return null;
  const pathname = path.split(/[?#]/)[0]!;
  let segments: string[];
  try {
    segments = pathname.split("/").filter(Boolean).map((segment) => decodeURIComponent(segment).toLowerCase());
  } catch {
    return null;
  }
  if (segments.some((segment) => segment.startsWith("_") || segment.includes("/") || segment.includes("\\") || segment === "." || segment === "..")) return null;
  const pageSegments = (RECOGNISED_LOCALE_PREFIXES as readonly string[]).includes(segments[0] ?? "") ? segments.slice(1) : segments;
  if (SYSTEM_SEGMENTS.has(segments[0] ?? "") || SYSTEM_SEGMENTS.has(pageSegments[0] ?? "")) return null;
  return path.split("#")[0]!;
}

/**
 * GETs `path` from `localOrigin` (this server), following no redirect, and answers its status and
 * Location (made site-relative when it points at this site: `publicOrigin` or `localOrigin`).
 */
export async function fetchPathStatus(
  path: string,
  options: { localOrigin: string; publicOrigin: string; fetch?: typeof fetch; timeoutMs?: number },
): Promise<PathStatus> {
  const doFetch = options.fetch ?? fetch;
  const url = new URL(path, options.localOrigin);
  if (url.origin !== new URL(options.localOrigin).origin) throw new Error("path-status: not a site path");
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const ask = () => doFetch(url, { method: "GET", redirect: "manual", headers: { Accept: "text/html" }, signal });
  // A pooled keep-alive connection the server has just closed fails at once (ECONNRESET): GET is safe to ask again.
  const response = await ask().catch((error: unknown) => {
    if (signal.aborted) throw error;
    return ask();
  });
  await response.body?.cancel();
  const header = response.headers.get("Location");
  return { status: response.status, location: header === null ? null : siteRelative(header, url, [options.localOrigin, options.publicOrigin]) };
}

function siteRelative(location: string, base: URL, ownOrigins: string[]): string {
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return location;
  }
  const own = ownOrigins.map((origin) => new URL(origin).origin);
  return own.includes(target.origin) ? `${target.pathname}${target.search}` : target.href;
}

/** CORS headers for the studio's origin when it is the one asking (and configured); none otherwise. */
export function studioCorsHeaders(requestOrigin: string | null, studioOrigin: string | undefined): Record<string, string> {
  if (!studioOrigin || !requestOrigin) return {};
  let allowed: string;
  try {
    allowed = new URL(studioOrigin).origin;
  } catch {
    return {};
  }
  return requestOrigin === allowed ? { "Access-Control-Allow-Origin": allowed } : {};
}
