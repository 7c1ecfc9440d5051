import type { LoaderFunctionArgs } from "@remix-run/node";
import { toCsv } from "#app/commerce/back-office.server";
import { DashboardRangeSchema } from "#app/commerce/console-schemas";
import { dashboardCsvRows, defaultDashboardRange, loadDashboard } from "#app/commerce/dashboard.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { recordAudit } from "#app/staff/audit.server";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** The dashboard's figures over the same range, as CSV (money in minor units per currency). Audited like the console's other exports. */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const member = await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const params = new URL(request.url).searchParams;
  const parsed = params.has("from") || params.has("to") ? DashboardRangeSchema.safeParse({ from: params.get("from") ?? "", to: params.get("to") ?? "" }) : { success: true as const, data: defaultDashboardRange(app.clock.now()) };
  if (!parsed.success) {
    return new Response(parsed.error.issues.map((issue) => t(issue.message)).join("\n"), { status: 400, headers: { ...ADMIN_NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  const range = parsed.data;
  const { header, rows } = dashboardCsvRows(await loadDashboard(app.db, range, locale));
  await recordAudit(app.db, actorOf(member), { action: "dashboard.exported", subjectType: "dashboard", subjectId: `${range.from}..${range.to}`, after: { ...range, rows: rows.length } }, app.clock.now());
  return new Response(toCsv(header, rows), {
    headers: { ...ADMIN_NO_STORE, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="dashboard-${range.from}-${range.to}.csv"` },
  });
}
