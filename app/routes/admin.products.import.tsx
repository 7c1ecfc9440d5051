/**
 * Bulk catalogue changes by CSV (role catalogue or admin): download the own experiences as a CSV, upload
 * an edited file, read the dry run (every row's problems with its row and column, or what would be
 * created, changed and removed), then apply. Plain multipart POST forms: no JavaScript needed.
 *
 * The dry run's file travels to "Apply" in a hidden field with its SHA-256 digest; apply checks the
 * digest (the file the staff member read the report of) and then checks the whole file again inside the
 * transaction that writes it, so a hand-made request can never write more than an upload could.
 */
import {
  MaxPartSizeExceededError,
  json,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminPageHeader, AdminTable, AdminNotice } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { HiddenFields } from "#app/components/forms";
import { CATALOGUE_CSV_MAX_BYTES, CATALOGUE_IMPORT_BODY_LIMIT, IMPORT_ERRORS } from "#app/catalogue/manage/csv-format";
import { catalogueCsvDigest as digestOf, importCatalogueCsv, type ImportReport, type ImportSummary } from "#app/catalogue/manage/csv-import.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { catalogueCsvPath, catalogueImportPath } from "#app/lib/paths";
import importStylesHref from "#app/styles/admin-import.css?url";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: importStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const { t } = adminPageContext(request);
  const url = new URL(request.url);
  const applied = url.searchParams.get("applied") === "1";
  const counts = ["created", "updated", "removed"].map((key) => Number(url.searchParams.get(key) ?? 0) || 0);
  return json({ title: t("admin.catalogueImport.title"), maxKb: Math.round(CATALOGUE_CSV_MAX_BYTES / 1024), applied, created: counts[0]!, updated: counts[1]!, removed: counts[2]! }, { headers: ADMIN_NO_STORE });
}

type ActionData = { report: ImportReport; csv: string; digest: string; fileName: string };

function fileError(message: string, status: number, values?: Record<string, string | number>) {
  const report: ImportReport = { ok: false, applied: false, rows: [], issues: [{ row: 0, column: null, message, values }], summary: emptySummary() };
  return json<ActionData>({ report, csv: "", digest: "", fileName: "" }, { status, headers: ADMIN_NO_STORE });
}
const emptySummary = (): ImportSummary => ({
  product: { create: 0, update: 0, remove: 0, unchanged: 0 },
  option: { create: 0, update: 0, remove: 0, unchanged: 0 },
  unit: { create: 0, update: 0, remove: 0, unchanged: 0 },
});

export async function action({ request, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "catalogue.manage");
  // The file twice at most (apply sends it as text in a field), plus the form's own parts.
  if (Number(request.headers.get("Content-Length") ?? 0) > CATALOGUE_IMPORT_BODY_LIMIT) return fileError(IMPORT_ERRORS.tooLarge, 413, { size: Math.round(CATALOGUE_CSV_MAX_BYTES / 1024) });
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: CATALOGUE_CSV_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return fileError(IMPORT_ERRORS.tooLarge, 413, { size: Math.round(CATALOGUE_CSV_MAX_BYTES / 1024) });
    return fileError(IMPORT_ERRORS.file, 400);
  }
  const intent = formData.get("intent");
  let csv: string;
  let fileName = "";
  if (intent === "apply") {
    csv = String(formData.get("csv") ?? "");
    fileName = String(formData.get("fileName") ?? "").slice(0, 200);
    if (!csv || digestOf(csv) !== formData.get("digest")) return fileError("admin.catalogueImport.errors.changed", 409);
  } else {
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) return fileError(IMPORT_ERRORS.empty, 400);
    fileName = file.name.slice(0, 200);
    csv = await file.text();
  }
  const report = await importCatalogueCsv(app, actorOf(member), csv, app.clock.now(), { apply: intent === "apply" });
  if (report.applied) {
    const total = (action: "create" | "update" | "remove") => report.summary.product[action] + report.summary.option[action] + report.summary.unit[action];
    return redirect(`${catalogueImportPath}?applied=1&created=${total("create")}&updated=${total("update")}&removed=${total("remove")}`, { status: 303, headers: ADMIN_NO_STORE });
  }
  return json<ActionData>({ report, csv: report.ok ? csv : "", digest: report.ok ? digestOf(csv) : "", fileName }, { status: report.ok ? 200 : 400, headers: ADMIN_NO_STORE });
}

const KINDS = ["product", "option", "unit"] as const;
const ACTIONS = ["create", "update", "remove", "unchanged"] as const;

function Summary({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation();
  return (
    <div className="admin-import-summary-wrap">
      <table className="admin-import-summary">
        <thead>
          <tr>
            <th scope="col">{t("admin.catalogueImport.kind")}</th>
            {ACTIONS.map((action) => (
              <th key={action} scope="col">
                {t(`admin.catalogueImport.actions.${action}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`admin.catalogueImport.kinds.${kind}`)}</th>
              {ACTIONS.map((action) => (
                <td key={action} data-testid={`summary-${kind}-${action}`}>
                  {summary[kind][action]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminProductsImport() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state === "submitting";
  const report = result?.report;
  const changes = report ? KINDS.reduce((sum, kind) => sum + report.summary[kind].create + report.summary[kind].update + report.summary[kind].remove, 0) : 0;
  return (
    <>
      <AdminPageHeader
        title={t("admin.catalogueImport.heading")}
        subtitle={t("admin.catalogueImport.subtitle")}
        actions={
          <Link to="/admin/products" className="button button--secondary">
            {t("admin.catalogueImport.backToProducts")}
          </Link>
        }
      />
      {data.applied && !result ? (
        <p className="admin-notice admin-notice--ok" role="status" data-testid="import-applied">
          {t("admin.catalogueImport.applied", { created: data.created, updated: data.updated, removed: data.removed })}
        </p>
      ) : null}
      <div className="admin-import">
        <AdminCard title={t("admin.catalogueImport.exportTitle")}>
          <p className="admin-muted">{t("admin.catalogueImport.exportHint")}</p>
          <a className="button button--secondary" href={catalogueCsvPath} download data-testid="catalogue-export">
            {t("admin.catalogueImport.download")}
          </a>
        </AdminCard>
        <AdminCard title={t("admin.catalogueImport.uploadTitle")}>
          <p className="admin-muted">{t("admin.catalogueImport.uploadHint", { size: data.maxKb })}</p>
          <Form method="post" encType="multipart/form-data" className="admin-form admin-import__upload" key={report?.applied === false && report.ok ? "checked" : "upload"}>
            <input type="hidden" name="intent" value="check" />
            <div className="form-field">
              <label htmlFor="import-file">{t("admin.catalogueImport.file")}</label>
              <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
            </div>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("admin.catalogueImport.check")}
            </button>
          </Form>
        </AdminCard>
      </div>
      {report ? (
        <section className="admin-import__report" aria-labelledby="import-report-heading" data-testid="import-report">
          <h2 id="import-report-heading">
            {t("admin.catalogueImport.reportTitle")}
            {result?.fileName ? (
              <span className="admin-muted" dir="ltr">
                {" "}
                {result.fileName}
              </span>
            ) : null}
          </h2>
          {report.ok ? (
            <AdminNotice tone="ok" role="status">
              {changes ? t("admin.catalogueImport.valid", { count: changes }) : t("admin.catalogueImport.noChanges")}
            </AdminNotice>
          ) : (
            <AdminNotice tone="bad" role="alert">
              {t("admin.catalogueImport.invalid", { count: report.issues.length })}
            </AdminNotice>
          )}
          {report.issues.length ? (
            <AdminTable
              rows={report.issues.map((issue, index) => ({ ...issue, key: index }))}
              rowKey={(issue) => issue.key}
              empty={null}
              className="admin-table--import-issues"
              columns={[
                { header: t("admin.catalogueImport.row"), testId: "issue-row", cell: (issue) => (issue.row ? issue.row : "—") },
                { header: t("admin.catalogueImport.column"), testId: "issue-column", cell: (issue) => (issue.column ? <code dir="ltr">{issue.column}</code> : "—") },
                { header: t("admin.catalogueImport.problem"), testId: "issue-message", cell: (issue) => t(issue.message, { ...issue.values, defaultValue: t("admin.catalogueImport.errors.value") }) },
              ]}
            />
          ) : null}
          {report.ok ? (
            <>
              <Summary summary={report.summary} />
              <AdminTable
                rows={report.rows.filter((row) => row.action !== "unchanged")}
                rowKey={(row) => `${row.kind}:${row.id}`}
                empty={t("admin.catalogueImport.noChanges")}
                className="admin-table--import-rows"
                columns={[
                  { header: t("admin.catalogueImport.row"), cell: (row) => row.row },
                  { header: t("admin.catalogueImport.kind"), cell: (row) => t(`admin.catalogueImport.kinds.${row.kind}`) },
                  { header: t("admin.catalogueImport.id"), cell: (row) => <code dir="ltr">{row.id}</code> },
                  { header: t("admin.catalogueImport.name"), cell: (row) => row.title || "—" },
                  { header: t("admin.catalogueImport.change"), testId: "row-action", cell: (row) => <span className={`admin-badge admin-badge--${row.action === "remove" ? "bad" : row.action === "create" ? "ok" : "wait"}`}>{t(`admin.catalogueImport.actions.${row.action}`)}</span> },
                ]}
              />
              {changes ? (
                <Form method="post" encType="multipart/form-data" className="admin-import__apply">
                  <HiddenFields values={{ intent: "apply", csv: result.csv, digest: result.digest, fileName: result.fileName }} />
                  <p className="admin-muted">{t("admin.catalogueImport.applyHint")}</p>
                  <button type="submit" className="button button--primary" disabled={busy}>
                    {t("admin.catalogueImport.apply", { count: changes })}
                  </button>
                </Form>
              ) : null}
            </>
          ) : (
            <p className="admin-muted">{t("admin.catalogueImport.nothingWritten")}</p>
          )}
        </section>
      ) : null}
      <AdminCard title={t("admin.catalogueImport.formatTitle")} className="admin-import__format">
        <p className="admin-muted">{t("admin.catalogueImport.formatHint")}</p>
        <ul className="admin-import__rules">
          {(["kinds", "ids", "partial", "remove", "values", "notInFile"] as const).map((rule) => (
            <li key={rule}>{t(`admin.catalogueImport.format.${rule}`)}</li>
          ))}
        </ul>
      </AdminCard>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
