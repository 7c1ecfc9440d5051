import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCatalogueCsv } from "#app/catalogue/manage/csv-export.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, requireStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** The company's own experiences, options, units and base prices as one CSV (the import reads the same file back). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const csv = await exportCatalogueCsv(app.db);
  return new Response(csv, {
    headers: { ...ADMIN_NO_STORE, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="catalogue-${app.clock.now().toISOString().slice(0, 10)}.csv"` },
  });
}
