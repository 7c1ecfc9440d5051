/** Today: what needs a human, oldest first, with its deadline. Updates on its own while open (JavaScript on). */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { backupStatus, type BackupStatus } from "#app/backup/backup.server";
import { MIN_BACKUP_KEY_LENGTH } from "#app/backup/crypto.server";
import { backupScheduleFrom } from "#app/backup/schedule";
import { AdminCard, AdminDate, AdminList, AdminMoney, AdminNotice, AdminPageHeader, AdminTable, AdminTime, StatusBadge, type AdminColumn } from "#app/components/admin/admin-ui";
import { useLiveData } from "#app/components/admin/use-live-data";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { loadQueues } from "#app/commerce/back-office.server";
import { autoRejectAt } from "#app/commerce/decide-pending.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const queues = await loadQueues(app.db, app.clock.now(), locale);
  const hours = app.env.ON_REQUEST_AUTO_REJECT_HOURS;
  // The deadline of each undecided booking: the reconciler rejects it then (before the card authorisation lapses).
  const decisions = queues.decisions.map((item) => ({ ...item, autoRejectAt: autoRejectAt(item.purchasedAt, hours) }));
  // The context refused to start with a schedule that cannot run, so this reads a valid one or none.
  const backups = await backupStatus(app.db, app.clock.now(), backupScheduleFrom(app.env, MIN_BACKUP_KEY_LENGTH));
  return json({ title: t("admin.today.title"), queues: { ...queues, decisions }, backups }, { headers: ADMIN_NO_STORE });
}

type QueueName = "decisions" | "payLater" | "offers" | "failedRefunds" | "paymentFailures" | "departures";

/** One queue of Today, titled by its name; `wide` spans the whole row (a table with more columns than half the page holds). */
function Queue({ name, count, children, wide = false }: { name: QueueName; count: number; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const id = `queue-${name}`;
  return (
    <AdminCard id={id} className={wide ? "admin-queue admin-queue--wide" : "admin-queue"} title={
      <>
        {t(`admin.today.queues.${name}`)} <span className="admin-count" data-testid={`${id}-count`}>{count}</span>
      </>
    }>
      {children}
    </AdminCard>
  );
}

/** A queue shown as a table and counted by its rows; an empty one says there is nothing to do unless `empty` says otherwise. */
function QueueTable<Row>({ name, rows, rowKey, columns, empty, wide }: { name: QueueName; rows: Row[]; rowKey: (row: Row) => string; columns: Array<AdminColumn<Row>>; empty?: string; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Queue name={name} count={rows.length} wide={wide}>
      <AdminTable rows={rows} rowKey={rowKey} empty={empty ?? t("admin.today.empty")} columns={columns} />
    </Queue>
  );
}

/**
 * The backups' state, above the queues: quiet while they run on time, loud (an alert) when the last
 * one failed or none succeeded for two periods, and a plain note when none are scheduled.
 */
function BackupLine({ backups }: { backups: BackupStatus }) {
  const { t } = useTranslation();
  const last = backups.lastSuccessAt ? <AdminTime value={backups.lastSuccessAt} /> : t("admin.backups.never");
  if (backups.last?.status === "failed") {
    return (
      <AdminNotice tone="bad" role="alert" testId="backup-status">
        <strong>{t("admin.backups.failed")}</strong> <AdminTime value={backups.last.at} />: {backups.last.error} <span className="admin-muted">{t("admin.backups.lastGood")} {last}</span>
      </AdminNotice>
    );
  }
  if (backups.alarm) {
    return (
      <AdminNotice tone="bad" role="alert" testId="backup-status">
        <strong>{t("admin.backups.late")}</strong> {t("admin.backups.lastGood")} {last}
      </AdminNotice>
    );
  }
  if (!backups.scheduled) {
    return (
      <AdminNotice tone="info" testId="backup-status">
        {t("admin.backups.off")} {t("admin.backups.lastGood")} {last}
      </AdminNotice>
    );
  }
  return (
    <AdminNotice tone="ok" role="status" testId="backup-status">
      {t("admin.backups.ok")} {last} <span className="admin-muted">{backups.last?.location}</span>
    </AdminNotice>
  );
}

export default function AdminToday() {
  const { queues, backups } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  useLiveData();
  const orderLink = (reference: string) => (
    <Link to={`/admin/orders/${reference}`} className="admin-reference">
      {reference}
    </Link>
  );
  return (
    <>
      <AdminPageHeader title={t("admin.today.heading")} subtitle={t("admin.today.subtitle")} />
      <BackupLine backups={backups} />
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
        <QueueTable
          name="decisions"
          rows={queues.decisions}
          rowKey={(item) => item.itemId}
          wide
          columns={[
            { header: t("admin.fields.reference"), cell: (item) => orderLink(item.reference) },
            { header: t("admin.fields.experience"), cell: (item) => item.title },
            { header: t("admin.fields.travelDate"), cell: (item) => <AdminDate value={item.localDate} /> },
            { header: t("admin.fields.customer"), cell: (item) => item.name },
            { header: t("admin.fields.waitingSince"), cell: (item) => <AdminTime value={item.purchasedAt} /> },
            { header: t("admin.fields.autoRejectAt"), cell: (item) => <AdminTime value={item.autoRejectAt} /> },
          ]}
        />
        <QueueTable
          name="payLater"
          rows={queues.payLater}
          rowKey={(order) => order.reference}
          columns={[
            { header: t("admin.fields.reference"), cell: (order) => orderLink(order.reference) },
            { header: t("admin.fields.customer"), cell: (order) => order.name },
            { header: t("admin.fields.total"), cell: (order) => <AdminMoney amount={order.totalAmount} currency={order.currency} /> },
            { header: t("admin.fields.travelDate"), cell: (order) => (order.travelDate ? <AdminDate value={order.travelDate} /> : null) },
            { header: t("admin.payLater.deadline"), cell: (order) => (order.dueAt ? <AdminTime value={order.dueAt} /> : "—"), testId: "pay-later-deadline" },
          ]}
        />
        <QueueTable
          name="offers"
          rows={queues.offers}
          rowKey={(offer) => offer.reference}
          columns={[
            { header: t("admin.fields.reference"), cell: (offer) => <Link to={`/admin/offers/${offer.reference}`} className="admin-reference">{offer.reference}</Link> },
            { header: t("admin.fields.experience"), cell: (offer) => offer.title },
            { header: t("admin.fields.customer"), cell: (offer) => offer.name },
            { header: t("admin.fields.travelDate"), cell: (offer) => <AdminDate value={offer.dateFrom} /> },
            { header: t("admin.fields.waitingSince"), cell: (offer) => <AdminTime value={offer.createdAt} /> },
          ]}
        />
        <Queue name="failedRefunds" count={queues.failedRefunds.length}>
          <AdminList items={queues.failedRefunds} keyOf={(item) => item.itemId} empty={t("admin.today.empty")}>
            {(item) => (
              <>
                {orderLink(item.reference)} · {item.title} · <AdminMoney amount={item.totalAmount} currency={item.currency} />
              </>
            )}
          </AdminList>
        </Queue>
        <Queue name="paymentFailures" count={queues.paymentFailures.length}>
          <AdminList items={queues.paymentFailures} keyOf={(order) => order.reference} empty={t("admin.today.empty")}>
            {(order) => (
              <>
                {orderLink(order.reference)} · {order.name} · <AdminMoney amount={order.totalAmount} currency={order.currency} /> · <StatusBadge status={order.status} />
              </>
            )}
          </AdminList>
        </Queue>
        <QueueTable
          name="departures"
          rows={queues.departures}
          rowKey={(departure) => `${departure.localDate}-${departure.productId}`}
          empty={t("admin.today.noDepartures")}
          columns={[
            { header: t("admin.fields.travelDate"), cell: (departure) => <AdminDate value={departure.localDate} /> },
            { header: t("admin.fields.experience"), cell: (departure) => departure.title },
            { header: t("admin.fields.bookings"), cell: (departure) => departure.bookings },
            { header: t("admin.fields.travellers"), cell: (departure) => departure.travellers },
          ]}
        />
      </div>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
