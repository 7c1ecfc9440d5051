/** The audit log: every staff action, newest first, paged back by id. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminEmpty, AdminPageHeader, AdminTime } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import type { CacheHandle } from "#app/lib/cache-policy";
import { listAudit } from "#app/staff/audit.server";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "./admin-auth.server";

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
      {data.entries.length === 0 ? (
        <AdminEmpty>{t("admin.audit.none")}</AdminEmpty>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--audit">
            <thead>
              <tr>
                <th scope="col">{t("admin.audit.when")}</th>
                <th scope="col">{t("admin.audit.who")}</th>
                <th scope="col">{t("admin.audit.what")}</th>
                <th scope="col">{t("admin.audit.subject")}</th>
                <th scope="col">{t("admin.audit.before")}</th>
                <th scope="col">{t("admin.audit.after")}</th>
                <th scope="col">{t("admin.audit.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td><AdminTime value={entry.createdAt} /></td>
                  <td dir="ltr">{entry.actorEmail}</td>
                  <td>{t(`admin.events.${entry.action}`, { defaultValue: entry.action })}</td>
                  <td dir="ltr">
                    {entry.subjectType}:{entry.subjectId}
                  </td>
                  <td><Change value={entry.before ?? null} /></td>
                  <td><Change value={entry.after ?? null} /></td>
                  <td>{entry.reason ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
