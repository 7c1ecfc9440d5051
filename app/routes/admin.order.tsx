/**
 * One order as the team sees it: the customer, each booking line with its travellers and refunds, the
 * payment, the messages sent, and one timeline of everything that happened. The page is one value
 * (app/commerce/order-view.server.ts) and each form one call (app/commerce/order-actions.server.ts).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminCustomerCard, AdminFacts, AdminMoney, AdminNotice, AdminRecordHeader, AdminTime } from "#app/components/admin/admin-ui";
import { BookingLine, OrderMessages, OrderTimeline, PaymentDetails, useNoticeText } from "#app/components/admin/order-parts";
import { PayLaterPanel } from "#app/components/admin/pay-later-panel";
import { useLiveData } from "#app/components/admin/use-live-data";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { orderIntentOf, permissionFor, runOrderAction, type OrderNotice } from "#app/commerce/order-actions.server";
import { loadOrderPage } from "#app/commerce/order-view.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, actorOf, adminNotFound, loadRecordPage, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const { page, t, query } = await loadRecordPage(app, request, params.reference, (lookup) => loadOrderPage(app, lookup));
  return json({ ...page, title: t("admin.order.title", { reference: page.order.reference }), payLaterNotice: query.get("payLater")?.slice(0, 40) ?? null }, { headers: ADMIN_NO_STORE });
}

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const intent = orderIntentOf(fields);
  if (!intent) {
    await requireStaff(app, request, "orders.view");
    return json({ notice: { key: "admin.errors.notFound", tone: "bad" } as OrderNotice, itemId: "" }, { status: 400, headers: ADMIN_NO_STORE });
  }
  const member = await requireStaff(app, request, permissionFor(intent, fields));
  const result = await runOrderAction(app, { reference: params.reference ?? "", intent, fields, actor: actorOf(member), role: member.role });
  if ("notFound" in result) throw adminNotFound(request);
  return json({ notice: result.notice, itemId: result.itemId ?? "" }, { status: result.status, headers: ADMIN_NO_STORE });
}

export default function AdminOrder() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  useLiveData();
  const { order } = data;
  const [searchParams] = useSearchParams();
  return (
    <>
      <AdminRecordHeader
        back={{ to: "/admin/orders", label: t("admin.nav.orders") }}
        reference={order.reference}
        status={order.status}
        subtitle={
          <>
            {t("admin.order.placed")} <AdminTime value={order.purchasedAt} />
          </>
        }
      />
      {result?.notice ? (
        <AdminNotice tone={result.notice.tone} role={result.notice.tone === "bad" ? "alert" : "status"}>
          {noticeText(result.notice)}
        </AdminNotice>
      ) : null}
      <div className="admin-order">
        <div className="admin-order__main">
          <AdminCard id="order-items" title={t("admin.order.items")}>
            <ol className="admin-items">
              {data.items.map((item) => (
                <BookingLine key={item.id} item={item} page={data} />
              ))}
            </ol>
          </AdminCard>
          <AdminCard id="order-timeline" title={t("admin.order.timeline")}>
            <OrderTimeline entries={data.timeline} />
          </AdminCard>
        </div>
        <aside className="admin-order__side">
          <AdminCustomerCard id="order-customer" name={order.name} email={order.email} phone={<a href={`tel:${order.phone.replace(/\s/g, "")}`} dir="ltr">{order.phone}</a>} locale={order.locale} more={[[t("admin.fields.account"), order.account ? t("admin.order.hasAccount") : t("admin.order.guest")]]} />
          {data.payLater ? <PayLaterPanel data={data.payLater} notice={data.payLaterNotice} /> : null}
          <AdminCard id="order-payment" title={t("admin.order.payment")}>
            <AdminFacts
              rows={[
                [t("admin.fields.paymentMethod"), t(`admin.methods.${order.paymentMethod}`, { defaultValue: order.paymentMethod })],
                [t("admin.fields.subtotal"), <AdminMoney key="s" amount={order.originalAmount} currency={order.currency} />],
                ...(order.discountAmount > 0 ? [[`${t("admin.fields.discount")}${order.promoCode ? ` (${order.promoCode})` : ""}`, <AdminMoney key="d" amount={-order.discountAmount} currency={order.currency} />] as [string, JSX.Element]] : []),
                [t("admin.fields.total"), <strong key="t"><AdminMoney amount={order.totalAmount} currency={order.currency} /></strong>],
              ]}
            />
            <PaymentDetails page={data} />
          </AdminCard>
          <AdminCard id="order-messages" title={t("admin.order.messages")}>
            <OrderMessages page={data} notice={searchParams.get("message")} />
          </AdminCard>
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
