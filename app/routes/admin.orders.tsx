/** Orders: search by reference, email, phone or name; filter; page; export what is shown as CSV. A GET form: works without JavaScript. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminDate, AdminDateRange, AdminFilterActions, AdminFilterSearch, AdminFilterSelect, AdminPager, AdminMoney, AdminTable, AdminPageHeader, AdminTime, StatusBadge } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { parseOrderFilter, searchOrders } from "#app/commerce/back-office.server";
import { ORDER_STATUSES, PAYMENT_METHODS } from "#app/commerce/order-statuses";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  const { t } = adminPageContext(request);
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const result = await searchOrders(app.db, filter);
  return json({ title: t("admin.orders.title"), filter, ...result }, { headers: ADMIN_NO_STORE });
}

/** The filters that pick one code of a list (or any): the query parameter, its label, the codes and where their names are. */
const CODE_FILTERS = [
  { name: "status", labelKey: "admin.fields.status", codes: ORDER_STATUSES, codeKey: "admin.status" },
  { name: "method", labelKey: "admin.fields.paymentMethod", codes: PAYMENT_METHODS, codeKey: "admin.methods" },
] as const;

export default function AdminOrders() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { search } = useLocation();
  const filter = data.filter;
  const exportParams = new URLSearchParams(search);
  exportParams.delete("page");
  return (
    <>
      <AdminPageHeader
        title={t("admin.orders.heading")}
        subtitle={t("admin.orders.count", { count: data.total })}
        actions={
          <a className="button button--secondary" href={`/admin/orders/export.csv${exportParams.size ? `?${exportParams.toString()}` : ""}`} download>
            {t("admin.orders.export")}
          </a>
        }
      />
      <Form method="get" className="admin-filters" role="search">
        <AdminFilterSearch id="orders-q" label={t("admin.orders.search")} value={filter.q} placeholder={t("admin.orders.searchPlaceholder")} />
        {CODE_FILTERS.map(({ name, labelKey, codes, codeKey }) => (
          <AdminFilterSelect key={name} id={`orders-${name}`} name={name} label={t(labelKey)} value={filter[name]} anyLabel={t("admin.orders.any")} choices={codes.map((code) => ({ value: code, label: t(`${codeKey}.${code}`) }))} />
        ))}
        <div className="form-field">
          <label htmlFor="orders-product">{t("admin.fields.productId")}</label>
          <input id="orders-product" name="product" defaultValue={filter.productId ?? ""} maxLength={100} dir="ltr" />
        </div>
        <AdminDateRange legend={t("admin.fields.travelDate")} from={{ name: "travelFrom", value: filter.travelFrom }} to={{ name: "travelTo", value: filter.travelTo }} />
        <AdminDateRange legend={t("admin.fields.purchased")} from={{ name: "purchasedFrom", value: filter.purchasedFrom }} to={{ name: "purchasedTo", value: filter.purchasedTo }} />
        <AdminFilterActions clearTo="/admin/orders" />
      </Form>
      <AdminTable
        rows={data.rows}
        rowKey={(row) => row.id}
        empty={t("admin.orders.none")}
        columns={[
          {
            header: t("admin.fields.reference"),
            cell: (row) => (
              <Link to={`/admin/orders/${row.reference}`} className="admin-reference">
                {row.reference}
              </Link>
            ),
          },
          { header: t("admin.fields.status"), cell: (row) => <StatusBadge status={row.status} /> },
          {
            header: t("admin.fields.customer"),
            cell: (row) => (
              <>
                {row.firstName} {row.lastName}
                <span className="admin-muted" dir="ltr">{row.email}</span>
              </>
            ),
          },
          { header: t("admin.fields.total"), cell: (row) => <AdminMoney amount={row.totalAmount} currency={row.currency} /> },
          { header: t("admin.fields.paymentMethod"), cell: (row) => t(`admin.methods.${row.paymentMethod}`, { defaultValue: row.paymentMethod }) },
          { header: t("admin.fields.travelDate"), cell: (row) => (row.firstTravelDate ? <AdminDate value={row.firstTravelDate} /> : null) },
          { header: t("admin.fields.purchased"), cell: (row) => <AdminTime value={row.purchasedAt} /> },
        ]}
      />
      <AdminPager page={data.page} pages={data.pages} search={search} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
