/** Today: what needs a human, oldest first, with its deadline. Updates on its own while open (JavaScript on). */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminDate, AdminEmpty, AdminMoney, AdminPageHeader, AdminTime, StatusBadge } from "#app/components/admin/admin-ui";
import { useLiveData } from "#app/components/admin/use-live-data";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { loadQueues } from "#app/commerce/back-office.server";
import { autoRejectAt } from "#app/commerce/decide-pending.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "./admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const queues = await loadQueues(app.db, app.clock.now(), locale);
  const hours = app.env.ON_REQUEST_AUTO_REJECT_HOURS;
  // The deadline of each undecided booking: the reconciler rejects it then (before the card authorisation lapses).
  const decisions = queues.decisions.map((item) => ({ ...item, autoRejectAt: autoRejectAt(item.purchasedAt, hours) }));
  return json({ title: t("admin.today.title"), queues: { ...queues, decisions } }, { headers: ADMIN_NO_STORE });
}

function Queue({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <AdminCard id={id} className="admin-queue" title={
      <>
        {title} <span className="admin-count" data-testid={`${id}-count`}>{count}</span>
      </>
    }>
      {children}
    </AdminCard>
  );
}

export default function AdminToday() {
  const { queues } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  useLiveData();
  const orderLink = (reference: string) => <Link to={`/admin/orders/${reference}`}>{reference}</Link>;
  return (
    <>
      <AdminPageHeader title={t("admin.today.heading")} subtitle={t("admin.today.subtitle")} />
      <div className="admin-summary" role="list">
        {(
          [
            ["decisions", queues.decisions.length],
            ["payLater", queues.payLater.length],
            ["offers", queues.offers.length],
            ["failedRefunds", queues.failedRefunds.length],
            ["paymentFailures", queues.paymentFailures.length],
            ["departures", queues.departures.length],
          ] as const
        ).map(([key, count]) => (
          <a key={key} href={`#queue-${key}`} className={`admin-summary__tile${count > 0 && key !== "departures" ? " admin-summary__tile--due" : ""}`} role="listitem">
            <span className="admin-summary__count">{count}</span>
            <span className="admin-summary__label">{t(`admin.today.queues.${key}`)}</span>
          </a>
        ))}
      </div>
      <div className="admin-queues">
        <Queue id="queue-decisions" title={t("admin.today.queues.decisions")} count={queues.decisions.length}>
          {queues.decisions.length === 0 ? (
            <AdminEmpty>{t("admin.today.empty")}</AdminEmpty>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.fields.reference")}</th>
                  <th scope="col">{t("admin.fields.experience")}</th>
                  <th scope="col">{t("admin.fields.travelDate")}</th>
                  <th scope="col">{t("admin.fields.customer")}</th>
                  <th scope="col">{t("admin.fields.waitingSince")}</th>
                  <th scope="col">{t("admin.fields.autoRejectAt")}</th>
                </tr>
              </thead>
              <tbody>
                {queues.decisions.map((item) => (
                  <tr key={item.itemId}>
                    <td>{orderLink(item.reference)}</td>
                    <td>{item.title}</td>
                    <td><AdminDate value={item.localDate} /></td>
                    <td>{item.name}</td>
                    <td><AdminTime value={item.purchasedAt} /></td>
                    <td><AdminTime value={item.autoRejectAt} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Queue>
        <Queue id="queue-payLater" title={t("admin.today.queues.payLater")} count={queues.payLater.length}>
          {queues.payLater.length === 0 ? (
            <AdminEmpty>{t("admin.today.empty")}</AdminEmpty>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.fields.reference")}</th>
                  <th scope="col">{t("admin.fields.customer")}</th>
                  <th scope="col">{t("admin.fields.total")}</th>
                  <th scope="col">{t("admin.fields.travelDate")}</th>
                  <th scope="col">{t("admin.payLater.deadline")}</th>
                </tr>
              </thead>
              <tbody>
                {queues.payLater.map((order) => (
                  <tr key={order.reference}>
                    <td>{orderLink(order.reference)}</td>
                    <td>{order.name}</td>
                    <td><AdminMoney amount={order.totalAmount} currency={order.currency} /></td>
                    <td>{order.travelDate ? <AdminDate value={order.travelDate} /> : null}</td>
                    <td data-testid="pay-later-deadline">{order.dueAt ? <AdminTime value={order.dueAt} /> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Queue>
        <Queue id="queue-offers" title={t("admin.today.queues.offers")} count={queues.offers.length}>
          {queues.offers.length === 0 ? (
            <AdminEmpty>{t("admin.today.empty")}</AdminEmpty>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.fields.reference")}</th>
                  <th scope="col">{t("admin.fields.experience")}</th>
                  <th scope="col">{t("admin.fields.customer")}</th>
                  <th scope="col">{t("admin.fields.travelDate")}</th>
                  <th scope="col">{t("admin.fields.waitingSince")}</th>
                </tr>
              </thead>
              <tbody>
                {queues.offers.map((offer) => (
                  <tr key={offer.reference}>
                    <td><Link to={`/admin/offers/${offer.reference}`}>{offer.reference}</Link></td>
                    <td>{offer.title}</td>
                    <td>{offer.name}</td>
                    <td><AdminDate value={offer.dateFrom} /></td>
                    <td><AdminTime value={offer.createdAt} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Queue>
        <Queue id="queue-failedRefunds" title={t("admin.today.queues.failedRefunds")} count={queues.failedRefunds.length}>
          {queues.failedRefunds.length === 0 ? (
            <AdminEmpty>{t("admin.today.empty")}</AdminEmpty>
          ) : (
            <ul className="admin-list">
              {queues.failedRefunds.map((item) => (
                <li key={item.itemId}>
                  {orderLink(item.reference)} · {item.title} · <AdminMoney amount={item.totalAmount} currency={item.currency} />
                </li>
              ))}
            </ul>
          )}
        </Queue>
        <Queue id="queue-paymentFailures" title={t("admin.today.queues.paymentFailures")} count={queues.paymentFailures.length}>
          {queues.paymentFailures.length === 0 ? (
            <AdminEmpty>{t("admin.today.empty")}</AdminEmpty>
          ) : (
            <ul className="admin-list">
              {queues.paymentFailures.map((order) => (
                <li key={order.reference}>
                  {orderLink(order.reference)} · {order.name} · <AdminMoney amount={order.totalAmount} currency={order.currency} /> · <StatusBadge status={order.status} />
                </li>
              ))}
            </ul>
          )}
        </Queue>
        <Queue id="queue-departures" title={t("admin.today.queues.departures")} count={queues.departures.length}>
          {queues.departures.length === 0 ? (
            <AdminEmpty>{t("admin.today.noDepartures")}</AdminEmpty>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.fields.travelDate")}</th>
                  <th scope="col">{t("admin.fields.experience")}</th>
                  <th scope="col">{t("admin.fields.bookings")}</th>
                  <th scope="col">{t("admin.fields.travellers")}</th>
                </tr>
              </thead>
              <tbody>
                {queues.departures.map((departure) => (
                  <tr key={`${departure.localDate}-${departure.productId}`}>
                    <td><AdminDate value={departure.localDate} /></td>
                    <td>{departure.title}</td>
                    <td>{departure.bookings}</td>
                    <td>{departure.travellers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Queue>
      </div>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
