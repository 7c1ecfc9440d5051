/** Orders: search by reference, email, phone or name; filter; page; export what is shown as CSV. A GET form: works without JavaScript. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminDate, AdminFilterActions, AdminPager, AdminMoney, AdminTable, AdminPageHeader, AdminTime, StatusBadge } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { parseOrderFilter, searchOrders } from "#app/commerce/back-office.server";
import { ORDER_STATUSES, PAYMENT_METHODS } from "#app/commerce/order-statuses";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  const { t } = adminPageContext(request);
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const result = await searchOrders(app.db, filter);
  return json({ title: t("admin.orders.title"), filter, ...result }, { headers: ADMIN_NO_STORE });
}

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
        <div className="form-field admin-filters__search">
          <label htmlFor="orders-q">{t("admin.orders.search")}</label>
          <input id="orders-q" name="q" type="search" defaultValue={filter.q ?? ""} placeholder={t("admin.orders.searchPlaceholder")} maxLength={120} />
        </div>
        <div className="form-field">
          <label htmlFor="orders-status">{t("admin.fields.status")}</label>
          <select id="orders-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("admin.orders.any")}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="orders-method">{t("admin.fields.paymentMethod")}</label>
          <select id="orders-method" name="method" defaultValue={filter.method ?? ""}>
            <option value="">{t("admin.orders.any")}</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`admin.methods.${method}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="orders-product">{t("admin.fields.productId")}</label>
          <input id="orders-product" name="product" defaultValue={filter.productId ?? ""} maxLength={100} dir="ltr" />
        </div>
        <fieldset className="admin-filters__range">
          <legend>{t("admin.fields.travelDate")}</legend>
          <input aria-label={t("admin.orders.from")} name="travelFrom" type="date" defaultValue={filter.travelFrom ?? ""} />
          <input aria-label={t("admin.orders.to")} name="travelTo" type="date" defaultValue={filter.travelTo ?? ""} />
        </fieldset>
        <fieldset className="admin-filters__range">
          <legend>{t("admin.fields.purchased")}</legend>
          <input aria-label={t("admin.orders.from")} name="purchasedFrom" type="date" defaultValue={filter.purchasedFrom ?? ""} />
          <input aria-label={t("admin.orders.to")} name="purchasedTo" type="date" defaultValue={filter.purchasedTo ?? ""} />
        </fieldset>
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
