/**
 * Availability across products: close a date range for every product of a destination (a sandstorm,
 * a holiday) with a reason, or reopen it; the recent closures from the audit log; and a way to open one
 * product's schedule by its id. Plain POST forms that work without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminDate, AdminPageHeader, AdminTable, AdminTime, AdminNotice } from "#app/components/admin/admin-ui";
import { useStaffForm } from "#app/components/admin/staff-forms";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Field, FormErrors } from "#app/components/forms";
import { InputField, SelectField, TextareaInputField } from "#app/components/conform-fields";
import { bulkSetClosed, listDestinationsWithProducts, loadScheduleProduct } from "#app/booking/schedule-admin.server";
import { BulkClosureSchema } from "#app/booking/schedule-schemas";
import { formatNumber } from "#app/i18n/format";
import { useLocale } from "#app/i18n/use-locale";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminAvailabilityPath, adminSchedulePath } from "#app/lib/paths";
import { listAudit } from "#app/staff/audit.server";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

const NOTICES = ["closed", "reopened"] as const;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const { locale, t } = adminPageContext(request);
  const url = new URL(request.url);
  // "Open a product's schedule" is a GET form: an id that exists goes straight to its page.
  const productId = url.searchParams.get("product")?.trim() ?? "";
  let productMissing = false;
  if (productId) {
    const product = /^[A-Za-z0-9_-]{1,80}$/.test(productId) ? await loadScheduleProduct(app.db, productId) : null;
    if (product) throw redirect(adminSchedulePath(product.id), { headers: ADMIN_NO_STORE });
    productMissing = true;
  }
  const [destinations, recent] = await Promise.all([listDestinationsWithProducts(app.db, locale), listAudit(app.db, { subjectType: "destination", limit: 20 })]);
  const names = new Map(destinations.map((destination) => [destination.id, destination.name[locale] || destination.name.en]));
  const notice = url.searchParams.get("notice");
  return json(
    {
      title: t("admin.availability.title"),
      destinations: destinations.map((destination) => ({ id: destination.id, name: destination.name[locale] || destination.name.en, products: destination.products })),
      recent: recent.map((entry) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor: entry.actorEmail,
        action: entry.action,
        destination: names.get(entry.subjectId) ?? entry.subjectId,
        from: String(entry.after?.from ?? ""),
        to: String(entry.after?.to ?? ""),
        products: Number(entry.after?.products ?? 0),
        reason: entry.reason ?? null,
      })),
      notice: NOTICES.find((candidate) => candidate === notice) ?? null,
      productId: productMissing ? productId.slice(0, 80) : null,
      externalSupplier: Boolean(app.env.BOOKING_API_URL),
    },
    { headers: ADMIN_NO_STORE },
  );
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "catalogue.manage");
  const submission = parseWithZod(await request.formData(), { schema: BulkClosureSchema });
  if (submission.status !== "success") return json({ bulk: submission.reply() }, { status: 400, headers: ADMIN_NO_STORE });
  const result = await bulkSetClosed(app, actorOf(member), submission.value, app.clock.now());
  if (!result.ok) return json({ bulk: submission.reply({ fieldErrors: { destinationId: [result.error.key] } }) }, { status: 400, headers: ADMIN_NO_STORE });
  return redirect(adminAvailabilityPath({ notice: submission.value.intent === "close" ? "closed" : "reopened" }), { status: 303, headers: ADMIN_NO_STORE });
}

export default function AdminAvailability() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const { code } = useLocale();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useStaffForm("bulk-closure", BulkClosureSchema, result?.bulk, { intent: "close" });
  return (
    <>
      <AdminPageHeader title={t("admin.availability.heading")} subtitle={t("admin.availability.subtitle")} />
      <AdminNotice tone="ok" role="status">{data.notice ? t(`admin.availability.notices.${data.notice}`) : null}</AdminNotice>
      {data.externalSupplier ? <AdminNotice tone="bad">{t("admin.schedule.externalSupplier")}</AdminNotice> : null}
      <div className="admin-two-columns">
        <AdminCard id="bulk-closure" title={t("admin.availability.bulkTitle")}>
          <Form method="post" className="admin-form" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <SelectField field={fields.destinationId} label={t("admin.availability.destination")}>
              <option value="">{t("admin.availability.chooseDestination")}</option>
              {data.destinations.map((destination) => (
                <option key={destination.id} value={destination.id}>
                  {t("admin.availability.destinationOption", { name: destination.name, products: formatNumber(code, destination.products) })}
                </option>
              ))}
            </SelectField>
            <div className="schedule-rule-form__row">
              <InputField field={fields.from} type="date" label={t("admin.availability.from")} />
              <InputField field={fields.to} type="date" label={t("admin.availability.to")} />
            </div>
            <TextareaInputField field={fields.reason} label={t("admin.availability.reason")} hint={t("admin.availability.reasonHint")} rows={2} maxLength={500} />
            <p className="schedule-slot__warning">{t("admin.availability.warning")}</p>
            <div className="schedule-rule-form__actions">
              <button type="submit" name={fields.intent.name} value="close" className="button button--danger" disabled={busy}>
                {t("admin.availability.close")}
              </button>
              <button type="submit" name={fields.intent.name} value="reopen" className="button button--secondary" disabled={busy}>
                {t("admin.availability.reopen")}
              </button>
            </div>
          </Form>
        </AdminCard>
        <AdminCard id="open-schedule" title={t("admin.availability.openSchedule")}>
          <Form method="get" className="admin-form">
            <Field
              label={t("admin.fields.productId")}
              hint={t("admin.availability.productHint")}
              errors={data.productId ? ["admin.availability.noProduct"] : undefined}
              errorId="open-schedule-product-error"
              inputProps={{ id: "open-schedule-product", name: "product", defaultValue: data.productId ?? "", required: true, maxLength: 80, dir: "ltr", autoComplete: "off" }}
            />
            <button type="submit" className="button button--secondary">
              {t("admin.availability.openButton")}
            </button>
          </Form>
        </AdminCard>
      </div>
      <AdminCard id="bulk-recent" title={t("admin.availability.recent")}>
        <AdminTable
          rows={data.recent}
          rowKey={(entry) => entry.id}
          empty={t("admin.availability.none")}
          columns={[
            { header: t("admin.audit.when"), cell: (entry) => <AdminTime value={entry.at} /> },
            { header: t("admin.audit.what"), cell: (entry) => t(`admin.events.${entry.action}`, { defaultValue: entry.action }) },
            { header: t("admin.availability.destination"), cell: (entry) => entry.destination },
            {
              header: t("admin.availability.dates"),
              cell: (entry) =>
                entry.from ? (
                  <>
                    <AdminDate value={entry.from} /> – <AdminDate value={entry.to} />
                  </>
                ) : null,
            },
            { header: t("admin.availability.products"), cell: (entry) => formatNumber(code, entry.products) },
            { header: t("admin.audit.who"), cell: (entry) => <span dir="ltr">{entry.actor}</span> },
            { header: t("admin.audit.reason"), cell: (entry) => entry.reason ?? "" },
          ]}
        />
      </AdminCard>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
