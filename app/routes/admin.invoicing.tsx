/**
 * Tax invoices (ZATCA): the unit's onboarding and certificate, and the queue of documents ZATCA has not
 * accepted yet (waiting for a retry, or refused), each with ZATCA's last answer and a Retry.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminFacts, AdminMoney, AdminNotice, AdminPageHeader, AdminTable, AdminTime } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { invoicingOverview, retryReport } from "#app/invoicing/invoicing-pass.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminOrderPath } from "#app/lib/paths";
import { can } from "#app/staff/roles";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

/** The console warns this many days before the unit's certificate expires. */
const CERTIFICATE_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const member = await requireStaff(app, request, "orders.view");
  const { t } = adminPageContext(request);
  const now = app.clock.now();
  const overview = await invoicingOverview(app.db, app.env.ZATCA_UNIT);
  const expiresInDays = overview.unit ? Math.floor((overview.unit.certificateExpiresAt.getTime() - now.getTime()) / DAY_MS) : null;
  const retried = new URL(request.url).searchParams.get("retried");
  return json(
    { title: t("admin.invoicing.title"), unitName: app.env.ZATCA_UNIT, reporting: Boolean(app.env.ZATCA_API_URL), ...overview, expiresInDays, warnCertificate: expiresInDays !== null && expiresInDays <= CERTIFICATE_WARNING_DAYS, canRetry: can(member.role, "settings.manage"), retried },
    { headers: ADMIN_NO_STORE },
  );
}

/** POST { documentId }: report it again on the next pass. */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "settings.manage");
  const documentId = String((await request.formData()).get("documentId") ?? "");
  const moved = documentId.length > 0 && documentId.length <= 64 && (await retryReport(app.db, documentId, actorOf(member), app.clock.now()));
  if (!moved) return json({ message: adminPageContext(request).t("admin.invoicing.notRetried") }, { status: 404, headers: ADMIN_NO_STORE });
  return redirect("/admin/invoicing?retried=1", { status: 303, headers: ADMIN_NO_STORE });
}

type Answer = { httpStatus?: number | null; detail?: string; validationResults?: { errorMessages?: Array<{ code?: string; message?: string }>; warningMessages?: Array<{ code?: string; message?: string }> } };

function LastAnswer({ response }: { response: Record<string, unknown> }) {
  const { t } = useTranslation();
  const answer = response as Answer;
  if (answer.httpStatus === undefined) return <span aria-hidden="true">—</span>;
  const messages = [...(answer.validationResults?.errorMessages ?? []), ...(answer.validationResults?.warningMessages ?? [])];
  return (
    <div className="admin-zatca-answer">
      <span dir="ltr">{answer.httpStatus === null ? t("admin.invoicing.noAnswer") : `HTTP ${answer.httpStatus}`}</span>
      {messages.length > 0 ? (
        <ul>
          {messages.map((message, index) => (
            <li key={index} dir="ltr">
              <code>{message.code}</code> {message.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function AdminInvoicing() {
  const data = useLoaderData<typeof loader>();
  // A refused retry answers 404 with its message (the page again, with JavaScript off too).
  const refused = useActionData<typeof action>()?.message;
  const { t } = useTranslation();
  return (
    <>
      <AdminPageHeader title={t("admin.invoicing.heading")} subtitle={t("admin.invoicing.subtitle")} />
      <AdminNotice tone="ok" role="status">
        {data.retried ? t("admin.invoicing.retried") : null}
      </AdminNotice>
      <AdminNotice tone="bad" role="alert">
        {refused}
      </AdminNotice>
      <AdminNotice tone="bad" role="alert" testId="zatca-certificate-warning">
        {data.warnCertificate && data.unit ? t("admin.invoicing.certificateWarning", { days: Math.max(0, data.expiresInDays ?? 0) }) : null}
      </AdminNotice>
      <div className="admin-zatca-grid">
        <AdminCard title={t("admin.invoicing.unit", { unit: data.unitName })}>
          {data.unit ? (
            <AdminFacts
              rows={[
                [t("admin.invoicing.environment"), <span dir="ltr">{data.unit.environment}</span>],
                [t("admin.invoicing.activeFrom"), <AdminTime value={data.unit.activeFrom} />],
                [t("admin.invoicing.certificateUntil"), <AdminTime value={data.unit.certificateExpiresAt} dateOnly />],
                [t("admin.invoicing.reporting"), data.reporting ? t("admin.invoicing.reportingOn") : t("admin.invoicing.reportingOff")],
              ]}
            />
          ) : (
            <p className="admin-zatca-onboard">
              {t("admin.invoicing.notOnboarded")} <code dir="ltr">npm run zatca -- onboard --otp 123456</code>
            </p>
          )}
        </AdminCard>
        <AdminCard title={t("admin.invoicing.counts")}>
          <AdminFacts
            rows={[
              [t("admin.invoicing.issued"), data.counts.issued],
              [t("admin.invoicing.reported"), data.counts.reported],
              [t("admin.invoicing.waiting"), data.counts.waiting],
              [t("admin.invoicing.rejected"), data.counts.rejected],
            ]}
          />
        </AdminCard>
      </div>
      <AdminCard title={t("admin.invoicing.queue")} className="admin-zatca-queue">
      <AdminTable
        empty={t("admin.invoicing.queueEmpty")}
        rows={data.queue}
        rowKey={(document) => document.id}
        className="admin-table--zatca"
        columns={[
          { header: t("admin.invoicing.number"), cell: (document) => <bdi dir="ltr">{document.number}</bdi> },
          { header: t("admin.invoicing.kind"), cell: (document) => t(`admin.invoicing.kinds.${document.kind === "creditNote" || document.kind === "debitNote" ? document.kind : "invoice"}`) },
          {
            header: t("admin.invoicing.order"),
            cell: (document) =>
              document.orderReference ? (
                <Link to={adminOrderPath(document.orderReference)} className="admin-reference" dir="ltr">
                  {document.orderReference}
                </Link>
              ) : (
                "—"
              ),
          },
          { header: t("admin.invoicing.amount"), cell: (document) => <AdminMoney amount={document.payableAmount} currency={document.currency} /> },
          { header: t("admin.invoicing.issuedAt"), cell: (document) => <AdminTime value={document.issuedAt} /> },
          { header: t("admin.invoicing.status"), cell: (document) => <span className={`admin-badge admin-badge--${document.status === "REJECTED" ? "bad" : "wait"}`}>{t(`admin.invoicing.states.${document.status === "REJECTED" ? "rejected" : "waiting"}`)}</span> },
          { header: t("admin.invoicing.attempts"), cell: (document) => document.attempts },
          { header: t("admin.invoicing.lastAnswer"), cell: (document) => <LastAnswer response={document.response} /> },
          {
            header: <span className="visually-hidden">{t("admin.invoicing.retry")}</span>,
            cell: (document) =>
              data.canRetry ? (
                <Form method="post" className="admin-zatca-retry">
                  <input type="hidden" name="documentId" value={document.id} />
                  <button type="submit" className="button button--small button--secondary" aria-label={t("admin.invoicing.retryLabel", { number: document.number })}>
                    {t("admin.invoicing.retry")}
                  </button>
                </Form>
              ) : null,
          },
        ]}
      />
      </AdminCard>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
