/**
 * Products (role catalogue or admin): every experience with search, city filter, on/off sale and its
 * "from" price; the company's own first. A GET form (works without JavaScript), and one POST form that
 * raises or lowers the prices of every own experience of a city by a percentage.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminCard, AdminFilterActions, AdminFilterSearch, AdminFilterSelect, AdminPager, AdminMoney, AdminPageHeader, AdminTable, AdminTime, AdminNotice } from "#app/components/admin/admin-ui";
import { useStaffForm } from "#app/components/admin/staff-forms";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ConformForm } from "#app/components/conform-fields";
import { BulkPriceFields, DestinationSelect } from "#app/components/admin/catalogue-forms";
import { isCatalogueRuleError } from "#app/catalogue/manage/catalogue-write.server";
import { changePricesByPercent } from "#app/catalogue/manage/prices.server";
import { listProductsForConsole, loadCatalogueChoices } from "#app/catalogue/manage/queries.server";
import { BulkPriceSchema, CATALOGUE_ERRORS, ProductListQuerySchema, parseCatalogueForm } from "#app/catalogue/manage/schemas";
import type { CacheHandle } from "#app/lib/cache-policy";
import { catalogueImportPath } from "#app/lib/paths";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

const BulkDestinationSchema = BulkPriceSchema.extend({ destinationId: z.string({ error: CATALOGUE_ERRORS.destination }).trim().min(1, { error: CATALOGUE_ERRORS.destination }).max(64) });

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const { t } = adminPageContext(request);
  const url = new URL(request.url);
  const query = ProductListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [result, choices] = await Promise.all([listProductsForConsole(app.db, { q: query.q, destination: query.destination, own: query.own === "1", page: query.page }), loadCatalogueChoices(app.db)]);
  return json(
    { title: t("admin.catalogue.title"), query, ...result, destinations: choices.destinations, bulk: url.searchParams.get("bulk"), bulkCount: Number(url.searchParams.get("count") ?? 0) },
    { headers: ADMIN_NO_STORE },
  );
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "catalogue.manage");
  const formData = await request.formData();
  const submission = parseCatalogueForm(formData, BulkDestinationSchema);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400, headers: ADMIN_NO_STORE });
  try {
    const { productIds } = await changePricesByPercent(app, actorOf(member), { destinationId: submission.value.destinationId }, submission.value.percent, app.clock.now(), submission.value.reason);
    return redirect(`/admin/products?destination=${encodeURIComponent(submission.value.destinationId)}&own=1&bulk=done&count=${productIds.length}`, { status: 303, headers: ADMIN_NO_STORE });
  } catch (error) {
    if (isCatalogueRuleError(error)) return json({ result: submission.reply({ formErrors: [error.key] }) }, { status: error.status, headers: ADMIN_NO_STORE });
    throw error;
  }
}

export default function AdminProducts() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const name = (text: { en: string; ar: string }) => (i18n.language === "ar" ? text.ar || text.en : text.en);
  const [form, fields] = useStaffForm("bulk-destination", BulkDestinationSchema, actionData?.result, { destinationId: data.query.destination ?? "" });
  return (
    <>
      <AdminPageHeader
        title={t("admin.catalogue.heading")}
        subtitle={t("admin.catalogue.count", { count: data.total })}
        actions={
          <>
            <Link className="button button--secondary" to={catalogueImportPath}>
              {t("admin.catalogueImport.link")}
            </Link>
            <Link className="button button--primary" to="/admin/products/new">
              {t("admin.catalogue.new")}
            </Link>
          </>
        }
      />
      {data.bulk === "done" ? (
        <AdminNotice tone="ok" role="status">
          {t("admin.catalogue.notices.bulkDone", { count: data.bulkCount })}
        </AdminNotice>
      ) : null}
      <Form method="get" className="admin-filters" role="search">
        <AdminFilterSearch id="products-q" label={t("admin.catalogue.search")} value={data.query.q} placeholder={t("admin.catalogue.searchPlaceholder")} />
        <AdminFilterSelect
          id="products-destination"
          name="destination"
          label={t("admin.catalogue.fields.destination")}
          value={data.query.destination}
          anyLabel={t("admin.catalogue.anyCity")}
          choices={data.destinations.map((destination) => ({ value: destination.id, label: name(destination.name) }))}
        />
        <div className="admin-check admin-filters__own">
          <input id="products-own" type="checkbox" name="own" value="1" defaultChecked={data.query.own === "1"} />
          <label htmlFor="products-own">{t("admin.catalogue.ownOnly")}</label>
        </div>
        <AdminFilterActions clearTo="/admin/products" />
      </Form>
      <AdminTable
        rows={data.rows}
        rowKey={(row) => row.id}
        rowClassName={(row) => (row.published ? undefined : "admin-row--muted")}
        empty={t("admin.catalogue.none")}
        className="admin-table--products"
        columns={[
          {
            header: t("admin.catalogue.fields.title"),
            cell: (row) => (
              <>
                <Link to={`/admin/products/${row.id}`} className="admin-product-link">
                  {name(row.title)}
                </Link>
                <span className="admin-muted" dir="ltr">
                  {row.id}
                  {row.own ? ` · ${t("admin.catalogue.own")}` : ""}
                </span>
              </>
            ),
          },
          { header: t("admin.catalogue.fields.destination"), cell: (row) => name(row.destination) },
          {
            header: t("admin.catalogue.sale"),
            testId: "sale-status",
            cell: (row) => <span className={`admin-badge admin-badge--${row.published ? "ok" : "neutral"}`}>{row.published ? t("admin.catalogue.onSale") : t("admin.catalogue.offSale")}</span>,
          },
          {
            header: t("admin.catalogue.priceFrom"),
            cell: (row) => (row.noFixedPrice ? t("admin.catalogue.noFixedPriceShort") : row.priceFrom === null ? "—" : <AdminMoney amount={row.priceFrom} currency={row.currency} />),
          },
          { header: t("admin.catalogue.updated"), cell: (row) => <AdminTime value={row.updatedAt} dateOnly /> },
        ]}
      />
      <AdminPager page={data.page} pages={data.pages} search={search} />
      <AdminCard id="bulk-destination-card" title={t("admin.catalogue.bulk.cityTitle")}>
        <p className="admin-muted">{t("admin.catalogue.bulk.cityHint")}</p>
        <ConformForm form={form} className="admin-form admin-bulk" submitLabel={t("admin.catalogue.bulk.apply")} submitClassName="button button--secondary" busy={false}>
          <DestinationSelect field={fields.destinationId} destinations={data.destinations} />
          <BulkPriceFields fields={fields} />
        </ConformForm>
      </AdminCard>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
