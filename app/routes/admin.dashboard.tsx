/**
 * Dashboard: revenue, bookings, travellers, sales by channel, occupancy and pay-later conversion over a
 * range of Riyadh days (app/commerce/dashboard.server.ts says what each figure counts). A GET form and
 * server-rendered SVG bars, each chart with its figures as a table: it all reads without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminDate, AdminFilterActions, AdminMoney, AdminPageHeader, AdminTable, type AdminColumn } from "#app/components/admin/admin-ui";
import { InputField, useSchemaForm } from "#app/components/conform-fields";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { FormErrors } from "#app/components/forms";
import { DashboardRangeSchema } from "#app/commerce/console-schemas";
import { defaultDashboardRange, loadDashboard, type Dashboard } from "#app/commerce/dashboard.server";
import { useFormatMoney, useFormatNumber } from "#app/i18n/use-format";
import { isCurrencyCode } from "#app/lib/money";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ADMIN_NO_STORE, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const params = new URL(request.url).searchParams;
  const title = t("admin.dashboard.title");
  // No range asked for: the last 30 Riyadh days.
  if (!params.has("from") && !params.has("to")) {
    const range = defaultDashboardRange(app.clock.now());
    return json({ title, reply: null, range, dashboard: await loadDashboard(app.db, range, locale) }, { headers: ADMIN_NO_STORE });
  }
  const submission = parseWithZod(params, { schema: DashboardRangeSchema });
  if (submission.status !== "success") {
    return json({ title, reply: submission.reply(), range: { from: params.get("from") ?? "", to: params.get("to") ?? "" }, dashboard: null }, { status: 400, headers: ADMIN_NO_STORE });
  }
  return json({ title, reply: null, range: submission.value, dashboard: await loadDashboard(app.db, submission.value, locale) }, { headers: ADMIN_NO_STORE });
}

/** One bar per day, scaled to the largest; negative values (refunds above takings) draw as empty days. */
function DayBars({ id, title, days, valueOf, format }: { id: string; title: string; days: string[]; valueOf: (day: string) => number; format: (value: number) => string }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === "rtl";
  const values = days.map(valueOf);
  const max = Math.max(1, ...values);
  const slot = 10;
  const width = days.length * slot;
  return (
    <AdminCard id={id} title={title} className="admin-chart">
      <div className="admin-chart__plot">
        <span className="admin-chart__max">{format(Math.max(0, ...values))}</span>
        {/* Decorative: the table below carries the figures for screen readers and without SVG. */}
        <svg className="admin-chart__bars" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          {values.map((value, index) => {
            const height = value > 0 ? Math.max(1, (value / max) * 100) : 0;
            // Right to left in Arabic: the first day at the right edge.
            const x = (rtl ? days.length - 1 - index : index) * slot + 1;
            return <rect key={days[index]} className="admin-chart__bar" x={x} y={100 - height} width={slot - 2} height={height} />;
          })}
        </svg>
        <div className="admin-chart__axis">
          <AdminDate value={days[0]!} />
          <AdminDate value={days.at(-1)!} />
        </div>
      </div>
      <details className="admin-chart__data">
        <summary>{t("admin.dashboard.tableFallback")}</summary>
        <AdminTable
          rows={days.map((day, index) => ({ day, value: values[index]! }))}
          rowKey={(row) => row.day}
          empty={t("admin.dashboard.none")}
          columns={[
            { header: t("admin.dashboard.day"), cell: (row) => <AdminDate value={row.day} /> },
            { header: title, cell: (row) => format(row.value) },
          ]}
        />
      </details>
    </AdminCard>
  );
}

function Tile({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="admin-summary__tile" role="listitem" data-testid={testId}>
      <span className="admin-summary__count">{children}</span>
      <span className="admin-summary__label">{label}</span>
    </div>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const formatMoney = useFormatMoney();
  const travellersOn = new Map(dashboard.bookings.map((row) => [row.day, row.travellers]));
  const bookings = dashboard.bookings.reduce((sum, row) => sum + row.bookings, 0);
  const travellers = dashboard.bookings.reduce((sum, row) => sum + row.travellers, 0);
  const refunds = dashboard.totals.filter((total) => total.refunded > 0);
  return (
    <>
      <div className="admin-summary" role="list">
        {dashboard.totals.map((total) => (
          <Tile key={total.currency} label={`${t("admin.dashboard.net")} · ${total.currency}`} testId={`dashboard-net-${total.currency}`}>
            <AdminMoney amount={total.net} currency={total.currency} />
          </Tile>
        ))}
        {refunds.map((total) => (
          <Tile key={total.currency} label={`${t("admin.dashboard.refunded")} · ${total.currency}`} testId={`dashboard-refunded-${total.currency}`}>
            <AdminMoney amount={total.refunded} currency={total.currency} />
          </Tile>
        ))}
        <Tile label={t("admin.dashboard.orders")} testId="dashboard-orders">
          {formatNumber(dashboard.totals.reduce((sum, total) => sum + total.orders, 0))}
        </Tile>
        <Tile label={t("admin.dashboard.bookings")} testId="dashboard-bookings">
          {formatNumber(bookings)}
        </Tile>
        <Tile label={t("admin.dashboard.travellers")} testId="dashboard-travellers">
          {formatNumber(travellers)}
        </Tile>
        <Tile label={t("admin.dashboard.payLater")} testId="dashboard-pay-later">
          {t("admin.dashboard.payLaterOf", { paid: formatNumber(dashboard.payLater.paid), placed: formatNumber(dashboard.payLater.placed) })}
        </Tile>
      </div>

      {dashboard.totals.map((total) => {
        const netOn = new Map(dashboard.revenue.filter((row) => row.currency === total.currency).map((row) => [row.day, row.net]));
        return (
          <DayBars
            key={total.currency}
            id={`chart-revenue-${total.currency}`}
            title={t("admin.dashboard.revenueChart", { currency: total.currency })}
            days={dashboard.days}
            valueOf={(day) => netOn.get(day) ?? 0}
            format={(value) => (isCurrencyCode(total.currency) ? formatMoney({ amount: value, currency: total.currency }) : formatNumber(value))}
          />
        );
      })}
      <DayBars id="chart-travellers" title={t("admin.dashboard.bookingsChart")} days={dashboard.days} valueOf={(day) => travellersOn.get(day) ?? 0} format={(value) => formatNumber(value)} />

      <FigureTable
        id="dashboard-revenue"
        title={t("admin.dashboard.revenue")}
        rows={dashboard.revenue}
        rowKey={(row) => `${row.day}-${row.currency}`}
        columns={[
          { header: t("admin.dashboard.day"), cell: (row) => <AdminDate value={row.day} /> },
          { header: t("admin.dashboard.orders"), cell: (row) => formatNumber(row.orders) },
          { header: t("admin.dashboard.captured"), cell: (row) => <AdminMoney amount={row.captured} currency={row.currency} /> },
          { header: t("admin.dashboard.refunded"), cell: (row) => <AdminMoney amount={row.refunded} currency={row.currency} /> },
          { header: t("admin.dashboard.net"), cell: (row) => <AdminMoney amount={row.net} currency={row.currency} />, testId: "dashboard-net" },
        ]}
      />

      <FigureTable
        id="dashboard-channels"
        title={t("admin.dashboard.channels")}
        rows={dashboard.channels}
        rowKey={(row) => `${row.reseller ?? ""}-${row.currency}`}
        columns={[
          { header: t("admin.dashboard.channel"), cell: (row) => row.reseller ?? t("admin.dashboard.storefront") },
          { header: t("admin.dashboard.bookings"), cell: (row) => formatNumber(row.bookings) },
          { header: t("admin.dashboard.travellers"), cell: (row) => formatNumber(row.travellers) },
          { header: t("admin.dashboard.amount"), cell: (row) => <AdminMoney amount={row.amount} currency={row.currency} /> },
        ]}
      />

      <FigureTable
        id="dashboard-occupancy"
        title={t("admin.dashboard.occupancy")}
        rows={dashboard.occupancy}
        rowKey={(row) => `${row.day}-${row.productId}`}
        columns={[
          { header: t("admin.dashboard.day"), cell: (row) => <AdminDate value={row.day} /> },
          { header: t("admin.dashboard.product"), cell: (row) => row.productName },
          { header: t("admin.dashboard.booked"), cell: (row) => formatNumber(row.booked) },
          { header: t("admin.dashboard.capacity"), cell: (row) => formatNumber(row.capacity) },
          { header: t("admin.dashboard.occupancyShare"), cell: (row) => formatNumber(row.capacity > 0 ? row.booked / row.capacity : 0, { style: "percent", maximumFractionDigits: 0 }) },
        ]}
      />
      <p className="admin-muted">{t("admin.dashboard.note")}</p>
    </>
  );
}

/** One of the dashboard's tables in its card, saying "nothing in this period" when it has no rows. */
function FigureTable<Row>({ id, title, rows, rowKey, columns }: { id: string; title: string; rows: Row[]; rowKey: (row: Row) => string; columns: Array<AdminColumn<Row>> }) {
  const { t } = useTranslation();
  return (
    <AdminCard id={id} title={title}>
      <AdminTable rows={rows} rowKey={rowKey} empty={t("admin.dashboard.none")} columns={columns} />
    </AdminCard>
  );
}

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm("dashboard-range", DashboardRangeSchema, { lastResult: data.reply, defaultValue: data.range });
  return (
    <>
      <AdminPageHeader
        title={t("admin.dashboard.heading")}
        subtitle={t("admin.dashboard.subtitle")}
        actions={
          data.dashboard ? (
            <a className="button button--secondary" href={`/admin/dashboard.csv?${new URLSearchParams(data.dashboard.range).toString()}`} download>
              {t("admin.dashboard.export")}
            </a>
          ) : null
        }
      />
      <Form method="get" className="admin-filters" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField field={fields.from} type="date" label={t("admin.dashboard.from")} />
        <InputField field={fields.to} type="date" label={t("admin.dashboard.to")} />
        <AdminFilterActions submit={t("admin.dashboard.show")} />
      </Form>
      {data.dashboard ? <Figures dashboard={data.dashboard} /> : null}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
