/**
 * The data-request queue (PDPL, admins): file a request for an email (export or anonymise, with a
 * note), see every request newest first with who filed and who completed it, and for each download
 * everything held for the address (JSON) or erase it. Plain POST forms: works without JavaScript (the
 * export posts as a document, so the browser downloads the file).
 */
import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ErasureBlocker } from "#app/account/personal-data.server";
import { AdminCard, AdminNotice, AdminPageHeader, AdminTable, AdminTime } from "#app/components/admin/admin-ui";
import { useStaffForm } from "#app/components/admin/staff-forms";
import { InputField, SelectField, TextareaInputField } from "#app/components/conform-fields";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { FormErrors } from "#app/components/forms";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminDataRequestsPath } from "#app/lib/paths";
import { anonymiseDataRequest, exportDataRequest, fileDataRequest, isAnonymised, listDataRequests } from "#app/account/data-requests.server";
import { DATA_REQUEST_KINDS, DataRequestSchema, parseStaffForm } from "#app/staff/schemas";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

const NOTICES = ["filed", "anonymised"] as const;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "privacy.manage");
  const { t } = adminPageContext(request);
  const rows = await listDataRequests(app.db);
  const requests = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    email: isAnonymised(row) ? null : row.email,
    note: row.note,
    filedByEmail: row.filedByEmail,
    completedByEmail: row.completedByEmail,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    blockers: ((row.outcome?.blockers as ErasureBlocker[] | undefined) ?? []).map((blocker) => blocker.reference),
  }));
  const notice = new URL(request.url).searchParams.get("notice");
  return json({ title: t("admin.dataRequests.title"), requests, notice: NOTICES.find((known) => known === notice) ?? null }, { headers: ADMIN_NO_STORE });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "privacy.manage");
  const actor = actorOf(member);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "file") {
    const submission = parseStaffForm(formData, DataRequestSchema);
    if (submission.status !== "success") return json({ file: submission.reply(), refused: null }, { status: 400, headers: ADMIN_NO_STORE });
    await fileDataRequest(app.db, actor, submission.value, app.clock.now());
    return redirect(adminDataRequestsPath({ notice: "filed" }), { status: 303, headers: ADMIN_NO_STORE });
  }
  const id = Number(formData.get("id"));
  if (intent === "export") {
    const outcome = await exportDataRequest(app.db, actor, id, app.clock.now());
    if (outcome.status !== "ok") return json({ file: null, refused: { id, key: outcome.status === "gone" ? "admin.dataRequests.gone" : "admin.errors.notFound", blockers: [] as ErasureBlocker[] } }, { status: outcome.status === "gone" ? 410 : 404, headers: ADMIN_NO_STORE });
    return new Response(JSON.stringify(outcome.data, null, 2), {
      headers: { ...ADMIN_NO_STORE, "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="data-request-${id}.json"` },
    });
  }
  if (intent === "anonymise") {
    const outcome = await anonymiseDataRequest(app, actor, id);
    if (outcome.status === "anonymised") return redirect(adminDataRequestsPath({ notice: "anonymised" }), { status: 303, headers: ADMIN_NO_STORE });
    if (outcome.status === "refused") {
      const key = outcome.reason === "staff" ? "admin.dataRequests.refusedStaff" : "admin.dataRequests.refused";
      return json({ file: null, refused: { id, key, blockers: outcome.blockers } }, { status: 409, headers: ADMIN_NO_STORE });
    }
    return json({ file: null, refused: { id, key: outcome.status === "gone" ? "admin.dataRequests.gone" : "admin.errors.notFound", blockers: [] as ErasureBlocker[] } }, { status: outcome.status === "gone" ? 410 : 404, headers: ADMIN_NO_STORE });
  }
  return json({ file: null, refused: null }, { status: 400, headers: ADMIN_NO_STORE });
}

export default function AdminDataRequests() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  // A new, empty form after each completed navigation (the redirect after filing); a refused one keeps what was typed.
  const { key } = useLocation();
  const refused = result?.refused ?? null;
  return (
    <div className="admin-data-requests">
      <AdminPageHeader title={t("admin.dataRequests.heading")} subtitle={t("admin.dataRequests.subtitle")} />
      <AdminNotice tone="ok" role="status">
        {data.notice ? t(`admin.dataRequests.notice.${data.notice}`) : null}
      </AdminNotice>
      {refused ? (
        <div className="admin-notice admin-notice--bad" role="alert" data-testid="data-request-refused">
          <p>{t(refused.key, { id: refused.id })}</p>
          {refused.blockers.length ? (
            <ul className="admin-data-requests__blockers">
              {refused.blockers.map((blocker: ErasureBlocker) => (
                <li key={`${blocker.reference}-${blocker.localDate}`}>
                  <bdi>{blocker.title}</bdi> · <span dir="ltr">{blocker.localDate}</span> · <span dir="ltr">{blocker.reference}</span> — {t(`admin.dataRequests.reason.${blocker.reason}`)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="admin-two-columns admin-data-requests__columns">
        <AdminCard id="data-requests-list" title={t("admin.dataRequests.list")}>
          <AdminTable
            rows={data.requests}
            rowKey={(row) => row.id}
            className="admin-data-requests__table"
            empty={<p className="admin-muted">{t("admin.dataRequests.none")}</p>}
            columns={[
              {
                header: t("admin.dataRequests.request"),
                cell: (row) => (
                  <>
                    <span className="admin-data-requests__email admin-data-requests__address" dir="ltr">
                      {row.email ?? t("admin.dataRequests.erasedEmail")}
                    </span>
                    <span className="admin-muted">
                      {t(`admin.dataRequests.kinds.${row.kind}`)} · <AdminTime value={row.createdAt} />
                    </span>
                    {row.note ? <span className="admin-data-requests__note">{row.note}</span> : null}
                  </>
                ),
              },
              {
                header: t("admin.dataRequests.status"),
                cell: (row) => (
                  <>
                    <span className={`admin-badge admin-badge--${row.status === "DONE" ? "ok" : row.status === "REFUSED" ? "bad" : "act"}`}>{t(`admin.dataRequests.statuses.${row.status}`)}</span>
                    {row.status === "REFUSED" && row.blockers.length ? (
                      <span className="admin-muted" dir="ltr">
                        {row.blockers.join(", ")}
                      </span>
                    ) : null}
                  </>
                ),
              },
              {
                header: t("admin.dataRequests.who"),
                cell: (row) => (
                  <>
                    <span className="admin-data-requests__who">
                      {t("admin.dataRequests.filedBy")} <bdi className="admin-data-requests__address">{row.filedByEmail}</bdi>
                    </span>
                    {row.completedByEmail && row.completedAt ? (
                      <span className="admin-muted">
                        {t("admin.dataRequests.completedBy")} <bdi className="admin-data-requests__address">{row.completedByEmail}</bdi> · <AdminTime value={row.completedAt} />
                      </span>
                    ) : null}
                  </>
                ),
              },
              {
                header: <span className="visually-hidden">{t("admin.dataRequests.actions")}</span>,
                cell: (row) =>
                  row.email === null ? null : (
                    <div className="admin-data-requests__actions">
                      <Form method="post" reloadDocument>
                        <input type="hidden" name="id" value={row.id} />
                        <button type="submit" name="intent" value="export" className="button button--secondary button--small">
                          {t("admin.dataRequests.export")}
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <button type="submit" name="intent" value="anonymise" className="button button--danger button--small">
                          {t("admin.dataRequests.anonymise")}
                        </button>
                      </Form>
                    </div>
                  ),
              },
            ]}
          />
        </AdminCard>
        <AdminCard id="data-requests-file" title={t("admin.dataRequests.file")}>
          <FileRequestForm key={key} lastResult={result?.file ?? undefined} />
        </AdminCard>
      </div>
    </div>
  );
}

function FileRequestForm({ lastResult }: { lastResult: Parameters<typeof useStaffForm>[2] }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useStaffForm("data-request", DataRequestSchema, lastResult, { kind: "EXPORT" });
  return (
    <Form method="post" className="admin-form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="file" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField field={fields.email} label={t("admin.fields.email")} type="email" autoComplete="off" />
      <SelectField field={fields.kind} label={t("admin.dataRequests.kind")}>
        {DATA_REQUEST_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`admin.dataRequests.kinds.${kind}`)}
          </option>
        ))}
      </SelectField>
      <TextareaInputField field={fields.note} label={t("admin.dataRequests.note")} hint={t("admin.dataRequests.noteHint")} rows={3} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t("admin.dataRequests.submit")}
      </button>
    </Form>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
