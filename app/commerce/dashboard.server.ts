/**
 * The console's dashboard: sales figures over a range of Riyadh days, read straight from the orders,
 * payments, refunds and bookings, per currency and in minor units (never converted, so every figure
 * reconciles with the orders to the halala; SAR first).
 *
 * What each figure counts (the choices are the business's, written once here):
 * - Revenue of a day: what was captured on the orders placed that Riyadh day, minus what was refunded on
 *   those orders (refunds done, state REFUNDED). Attributed to the order's day, so a day's figure equals
 *   the orders list filtered by that purchase day; a later refund lowers the day of its order.
 * - Bookings and travellers: bookings of the booking engine confirmed that Riyadh day (storefront and
 *   resellers alike; resellers' test-key bookings left out), and their persons (pax). A pay-later
 *   order's booking counts once confirmed, while its payment is awaited: its seats are taken.
 * - Sales by channel: those bookings' retail value, the storefront's (no reseller owns the booking) and
 *   each reseller's.
 * - Occupancy: seats booked against capacity of the departures that have an inventory row (a departure
 *   nothing was ever held on has none and is left out), per product and local day of departure.
 * - Pay-later conversion: pay-later orders placed in the range, and how many of them are CONFIRMED with a
 *   captured payment.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "#app/db/db.server";
import { addDays, RIYADH_TIME_ZONE, todayInRiyadh } from "#app/lib/dates";
import type { LocaleCode } from "#app/lib/locales";
import { BASE_CURRENCY } from "#app/lib/money";
import { DASHBOARD_DEFAULT_DAYS, type DashboardRange } from "./console-schemas";

/** The default range ending today in Riyadh. */
export function defaultDashboardRange(now: Date): DashboardRange {
  const to = todayInRiyadh(now);
  return { from: addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1)), to };
}

/** One currency's money on one day, in minor units: captured, refunded and what stays (net). */
export type RevenueDay = { day: string; currency: string; orders: number; captured: number; refunded: number; net: number };
export type BookingDay = { day: string; bookings: number; travellers: number };
/** `reseller` is null for the storefront. */
export type ChannelSales = { reseller: string | null; currency: string; bookings: number; travellers: number; amount: number };
export type OccupancyRow = { day: string; productId: string; productName: string; booked: number; capacity: number };
export type PayLaterConversion = { placed: number; paid: number };
export type CurrencyTotal = { currency: string; orders: number; captured: number; refunded: number; net: number };

export type Dashboard = {
  range: DashboardRange;
  /** Every day of the range, oldest first (days with nothing sold included, so charts have no gaps). */
  days: string[];
  totals: CurrencyTotal[];
  revenue: RevenueDay[];
  bookings: BookingDay[];
  channels: ChannelSales[];
  occupancy: OccupancyRow[];
  payLater: PayLaterConversion;
};

// The zone is our own constant, written into the SQL as a literal so the grouping expression is the
// same text in SELECT and GROUP BY (a bound parameter would be two different parameters to PostgreSQL).
const ZONE = sql.raw(`'${RIYADH_TIME_ZONE.replace(/'/g, "")}'`);
const riyadhDay = (column: string) => sql`to_char(${sql.raw(column)} AT TIME ZONE ${ZONE}, 'YYYY-MM-DD')`;
/** `column` lies within the range's Riyadh days. */
const withinRange = (column: string, range: DashboardRange) =>
  sql`${sql.raw(column)} >= (${range.from}::date)::timestamp AT TIME ZONE ${ZONE} AND ${sql.raw(column)} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${ZONE}`;

const byCurrency = (a: string, b: string) => (a === b ? 0 : a === BASE_CURRENCY ? -1 : b === BASE_CURRENCY ? 1 : a.localeCompare(b));

/** The dashboard over `range`; product names in `locale` (English, then the id, when it has none). */
export async function loadDashboard(db: Database, range: DashboardRange, locale: LocaleCode): Promise<Dashboard> {
  const revenue = rowsOf<Omit<RevenueDay, "net">>(
    await db.execute(sql`
      SELECT ${riyadhDay("o.purchased_at")} AS day, o.currency, count(*)::int AS orders,
        coalesce(sum(paid.captured), 0)::bigint AS captured, coalesce(sum(back.refunded), 0)::bigint AS refunded
      FROM orders o
      JOIN LATERAL (SELECT sum(p.captured_amount) AS captured FROM payments p WHERE p.order_id = o.id) paid ON true
      LEFT JOIN LATERAL (SELECT sum(r.amount) AS refunded FROM order_refunds r WHERE r.order_id = o.id AND r.state = 'REFUNDED') back ON true
      WHERE ${withinRange("o.purchased_at", range)} AND paid.captured > 0
      GROUP BY 1, 2 ORDER BY 1, 2`),
  ).map((row) => ({ ...row, captured: Number(row.captured), refunded: Number(row.refunded), net: Number(row.captured) - Number(row.refunded) }));

  const bookings = rowsOf<BookingDay>(
    await db.execute(sql`
      SELECT ${riyadhDay("b.utc_confirmed_at")} AS day, count(*)::int AS bookings, coalesce(sum(b.pax), 0)::int AS travellers
      FROM bookings b
      WHERE ${withinRange("b.utc_confirmed_at", range)} AND b.status = 'CONFIRMED' AND NOT b.test_mode
      GROUP BY 1 ORDER BY 1`),
  );

  const channels = rowsOf<ChannelSales>(
    await db.execute(sql`
      SELECT r.name AS reseller, b.currency, count(*)::int AS bookings, coalesce(sum(b.pax), 0)::int AS travellers, coalesce(sum(b.total_retail), 0)::bigint AS amount
      FROM bookings b
      LEFT JOIN reseller_bookings rb ON rb.booking_uuid = b.uuid
      LEFT JOIN resellers r ON r.id = rb.reseller_id
      WHERE ${withinRange("b.utc_confirmed_at", range)} AND b.status = 'CONFIRMED' AND NOT b.test_mode
      GROUP BY 1, 2 ORDER BY (r.name IS NOT NULL), 1, 2`),
  ).map((row) => ({ ...row, amount: Number(row.amount) }));

  const occupancy = rowsOf<Omit<OccupancyRow, "productName"> & { title: Record<string, string> | null }>(
    await db.execute(sql`
      SELECT to_char(i.local_date, 'YYYY-MM-DD') AS day, p.id AS "productId", p.title,
        sum(i.booked)::int AS booked, sum(i.capacity)::int AS capacity
      FROM inventory i
      JOIN product_options po ON po.id = i.option_id
      JOIN products p ON p.id = po.product_id
      WHERE i.local_date BETWEEN ${range.from}::date AND ${range.to}::date AND i.booked > 0
      GROUP BY 1, 2, 3 ORDER BY 1, 2`),
  ).map(({ title, ...row }) => ({ ...row, productName: title?.[locale] || title?.en || row.productId }));

  const [payLater] = rowsOf<PayLaterConversion>(
    await db.execute(sql`
      SELECT count(*)::int AS placed,
        count(*) FILTER (WHERE o.status = 'CONFIRMED' AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.captured_amount > 0))::int AS paid
      FROM orders o
      WHERE ${withinRange("o.purchased_at", range)} AND o.payment_method = 'pay_later'`),
  );

  const totals = new Map<string, CurrencyTotal>();
  for (const row of revenue) {
    const total = totals.get(row.currency) ?? { currency: row.currency, orders: 0, captured: 0, refunded: 0, net: 0 };
    total.orders += row.orders;
    total.captured += row.captured;
    total.refunded += row.refunded;
    total.net += row.net;
    totals.set(row.currency, total);
  }

  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);

  return {
    range,
    days,
    totals: [...totals.values()].sort((a, b) => byCurrency(a.currency, b.currency)),
    revenue: revenue.sort((a, b) => a.day.localeCompare(b.day) || byCurrency(a.currency, b.currency)),
    bookings,
    channels,
    occupancy,
    payLater: payLater ?? { placed: 0, paid: 0 },
  };
}

/** The dashboard as CSV rows: one section per figure, money in minor units with its currency. */
export function dashboardCsvRows(dashboard: Dashboard): { header: string[]; rows: Array<Array<string | number | null>> } {
  const rows: Array<Array<string | number | null>> = [];
  for (const row of dashboard.revenue) rows.push(["revenue", row.day, row.currency, null, row.orders, null, row.captured, row.refunded, row.net]);
  for (const row of dashboard.bookings) rows.push(["bookings", row.day, null, null, row.bookings, row.travellers, null, null, null]);
  for (const row of dashboard.channels) rows.push(["channel", null, row.currency, row.reseller ?? "storefront", row.bookings, row.travellers, row.amount, null, null]);
  for (const row of dashboard.occupancy) rows.push(["occupancy", row.day, null, row.productId, row.booked, row.capacity, null, null, null]);
  rows.push(["pay_later", null, null, null, dashboard.payLater.placed, dashboard.payLater.paid, null, null, null]);
  return { header: ["figure", "day", "currency", "subject", "count", "travellers_or_capacity_or_paid", "amount_minor_units", "refunded_minor_units", "net_minor_units"], rows };
}
