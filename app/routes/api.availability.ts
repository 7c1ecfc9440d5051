import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { loadAvailabilityMonth } from "#app/catalogue/availability-month.server";
import { AvailabilityMonthQuerySchema } from "#app/catalogue/availability-month.server";
import { CACHE_FRESH_MINUTE } from "#app/lib/http";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;

/**
 * GET /api/availability?product=&option=&month=YYYY-MM&currency=XXX — one month of the availability
 * calendar (available days and the lowest price of each) for the detail page's JavaScript calendar.
 */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = AvailabilityMonthQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return json({ error: "BAD_REQUEST", issues: parsed.error.issues.map((issue) => issue.path.join(".")) }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const result = await loadAvailabilityMonth(app, parsed.data);
  if (!result.ok) return json({ error: result.error }, { status: result.status, headers: { "Cache-Control": "public, max-age=0, s-maxage=60" } });
  // Availability changes with every booking: shared caches may keep it for a minute.
  return json(result.month, { headers: { "Cache-Control": CACHE_FRESH_MINUTE } });
}
