import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadManifest, manifestCsv, parseManifestFilter } from "#app/commerce/manifest.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { recordAudit } from "#app/staff/audit.server";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** The manifest the same day and product show, as CSV (guests' contact details leaving the console: audited). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const member = await requireStaff(app, request, "orders.view");
  const { locale } = adminPageContext(request);
  const filter = parseManifestFilter(new URL(request.url).searchParams, app.clock.now());
  const manifest = await loadManifest(app.db, filter, locale);
  await recordAudit(app.db, actorOf(member), { action: "manifest.exported", subjectType: "manifest", subjectId: filter.date, after: { ...filter, rows: manifest.rows.length } }, app.clock.now());
  return new Response(manifestCsv(manifest), {
    headers: { ...ADMIN_NO_STORE, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="manifest-${filter.date}${filter.productId ? `-${filter.productId.replace(/[^\w-]/g, "")}` : ""}.csv"` },
  });
}
