/** Guides and resources (issue #33): the list of guides, drivers, vehicles, boats and rooms, and a form to add one. Plain POST: works without JavaScript. */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminNotice, AdminPageHeader, AdminTable } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Field } from "#app/components/forms";
import { RESOURCE_KINDS } from "#app/booking/departure-resources";
import { addResource } from "#app/booking/departure-resources.server";
import { listResources, parseResourceForm, type ResourceFormErrors } from "#app/booking/resources-console.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { todayInRiyadh } from "#app/lib/dates";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const { t } = adminPageContext(request);
  const resources = await listResources(app.db);
  return json({ title: t("admin.resources.title"), resources, today: todayInRiyadh(app.clock.now()), added: new URL(request.url).searchParams.get("added") }, { headers: ADMIN_NO_STORE });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const form = await request.formData();
  const parsed = parseResourceForm(form);
  if (!parsed.ok) {
    const values = { kind: String(form.get("kind") ?? ""), name: String(form.get("name") ?? ""), capacity: String(form.get("capacity") ?? "") };
    return json({ errors: parsed.errors as ResourceFormErrors, values }, { status: 400, headers: ADMIN_NO_STORE });
  }
  await addResource(app.db, parsed.value);
  return redirect(`/admin/resources?added=${encodeURIComponent(parsed.value.name)}`, { headers: ADMIN_NO_STORE });
}

export default function AdminResources() {
  const { resources, today, added } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const errors = result?.errors ?? {};
  const values = result?.values;
  const errorOf = (key: keyof ResourceFormErrors) => (errors[key] ? [errors[key]!] : undefined);
  const kindChoices = RESOURCE_KINDS.map((kind) => <option key={kind} value={kind}>{t(`admin.resources.kinds.${kind}`)}</option>);
  return (
    <div className="admin-resources">
      <AdminPageHeader title={t("admin.resources.heading")} subtitle={t("admin.resources.subtitle")} />
      <AdminNotice tone="ok" role="status">
        {added ? t("admin.resources.added", { name: added }) : null}
      </AdminNotice>
      <div className="admin-two-columns">
        <AdminCard id="resources-list" title={t("admin.resources.list")}>
          <AdminTable
            rows={resources}
            rowKey={(resource) => resource.id}
            empty={<p className="admin-muted">{t("admin.resources.none")}</p>}
            columns={[
              { header: t("admin.resources.kind"), cell: (resource) => t(`admin.resources.kinds.${resource.kind}`) },
              { header: t("admin.fields.name"), cell: (resource) => <bdi>{resource.name}</bdi> },
              { header: t("admin.resources.capacity"), cell: (resource) => resource.capacity ?? "—" },
              {
                header: <span className="visually-hidden">{t("admin.resources.daySheet")}</span>,
                cell: (resource) => <Link to={`/admin/resources/${resource.id}/day?date=${today}`}>{t("admin.resources.daySheet")}</Link>,
              },
            ]}
          />
        </AdminCard>
        <AdminCard id="resources-add" title={t("admin.resources.add")}>
          <Form method="post" className="admin-form" noValidate>
            <div className="form-field">
              <label htmlFor="resource-kind">{t("admin.resources.kind")}</label>
              <select id="resource-kind" name="kind" defaultValue={values?.kind ?? "guide"} aria-invalid={errors.kind ? true : undefined}>
                {kindChoices}
              </select>
            </div>
            <Field label={t("admin.fields.name")} errors={errorOf("name")} errorId="resource-name-error" inputProps={{ id: "resource-name", name: "name", defaultValue: values?.name ?? "", autoComplete: "off", maxLength: 120 }} />
            <Field
              label={t("admin.resources.capacity")}
              hint={t("admin.resources.capacityHint")}
              errors={errorOf("capacity")}
              errorId="resource-capacity-error"
              inputProps={{ id: "resource-capacity", name: "capacity", type: "number", min: 1, max: 999, inputMode: "numeric", defaultValue: values?.capacity ?? "" }}
            />
            <button type="submit" className="button button--primary">
              {t("admin.resources.submit")}
            </button>
          </Form>
        </AdminCard>
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
