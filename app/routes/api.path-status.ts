import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { hitRateLimit } from "#app/auth/rate-limit.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { clientAddress } from "#app/lib/client-address.server";
import { fetchPathStatus, parseSitePath, studioCorsHeaders } from "#app/web/path-status.server";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/**
 * GET /api/path-status?path=/x → `{ status, location }`: what this storefront answers for one of its
 * own paths, redirects not followed. The studio's redirect checks and "Try a path" tool call it
 * (cms/redirect-checks.ts). 400 for anything but a site page path, 429 past the per-address limit.
 */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const headers: Record<string, string> = { "Cache-Control": "no-store", Vary: "Origin", ...studioCorsHeaders(request.headers.get("Origin"), app.env.STUDIO_ORIGIN) };
  const path = parseSitePath(new URL(request.url).searchParams.get("path"));
  if (path === null) return json({ error: "not-a-site-path" }, { status: 400, headers });
  const limit = await hitRateLimit("pathStatusAddress", clientAddress(request), { db: app.db, secret: app.env.SESSION_SECRET });
  if (!limit.allowed) return json({ error: "rate-limited" }, { status: 429, headers: { ...headers, "Retry-After": String(limit.retryAfterSeconds) } });
  try {
    const status = await fetchPathStatus(path, { localOrigin: `http://127.0.0.1:${app.env.PORT}`, publicOrigin: app.env.SITE_URL });
    return json(status, { headers });
  } catch {
    return json({ error: "unavailable" }, { status: 502, headers });
  }
}
