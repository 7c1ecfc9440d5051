import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportOrders, ordersCsv, parseOrderFilter } from "#app/commerce/back-office.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { recordAudit } from "#app/staff/audit.server";
import { ADMIN_NO_STORE, actorOf, requireStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** The orders the same filters show, as CSV (personal data leaving the console: the export is audited). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const member = await requireStaff(app, request, "orders.view");
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const rows = await exportOrders(app.db, filter);
  const now = app.clock.now();
  await recordAudit(app.db, actorOf(member), { action: "orders.exported", subjectType: "orders", subjectId: "export", after: { filter: { ...filter, page: undefined }, rows: rows.length } }, now);
  return new Response(ordersCsv(rows), {
    headers: { ...ADMIN_NO_STORE, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="orders-${now.toISOString().slice(0, 10)}.csv"` },
  });
}
