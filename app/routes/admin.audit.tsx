/** The audit log: every staff action, newest first, paged back by id. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPageHeader, AdminTable, AdminTime } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminOrderPath } from "#app/lib/paths";
import { listAudit } from "#app/staff/audit.server";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

const PAGE = 100;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  const { t } = adminPageContext(request);
  const before = Number.parseInt(new URL(request.url).searchParams.get("before") ?? "", 10);
  const entries = await listAudit(app.db, { beforeId: Number.isSafeInteger(before) && before > 0 ? before : undefined, limit: PAGE });
  return json({ title: t("admin.audit.title"), entries, next: entries.length === PAGE ? entries.at(-1)?.id ?? null : null }, { headers: ADMIN_NO_STORE });
}

function Change({ value }: { value: Record<string, unknown> | null }) {
  return value ? <code dir="ltr">{JSON.stringify(value)}</code> : <span aria-hidden="true">—</span>;
}

export default function AdminAudit() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <AdminPageHeader title={t("admin.audit.heading")} subtitle={t("admin.audit.subtitle")} />
      <AdminTable
        className="admin-table--audit"
        rows={data.entries}
        rowKey={(entry) => entry.id}
        empty={t("admin.audit.none")}
        columns={[
          { header: t("admin.audit.when"), cell: (entry) => <AdminTime value={entry.createdAt} /> },
          { header: t("admin.audit.who"), cell: (entry) => <span dir="ltr">{entry.actorEmail}</span> },
          { header: t("admin.audit.what"), cell: (entry) => t(`admin.events.${entry.action}`, { defaultValue: entry.action }) },
          {
            header: t("admin.audit.subject"),
            // An order's entry (a refund names its booking line) links the order by its reference.
            cell: (entry) =>
              entry.orderReference ? (
                <Link to={adminOrderPath(entry.orderReference)} className="admin-reference" dir="ltr">
                  {entry.orderReference}
                </Link>
              ) : (
                <bdi dir="ltr">{`${entry.subjectType}:${entry.subjectId}`}</bdi>
              ),
          },
          { header: t("admin.audit.before"), cell: (entry) => <Change value={entry.before ?? null} /> },
          { header: t("admin.audit.after"), cell: (entry) => <Change value={entry.after ?? null} /> },
          { header: t("admin.audit.reason"), cell: (entry) => entry.reason ?? "" },
        ]}
      />
      {data.next ? (
        <nav className="admin-pagination" aria-label={t("admin.orders.pages")}>
          <span />
          <Link to={`?before=${data.next}`} rel="next">
            {t("admin.audit.older")}
          </Link>
        </nav>
      ) : null}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
