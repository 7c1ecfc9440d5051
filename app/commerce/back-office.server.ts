/**
 * What the staff console reads about orders: the queues of work that needs a human, order search with
 * filters and pages, the CSV export, and an order's whole dossier (items with their travellers and
 * what was refunded of each, payments, refunds, messages, and one timeline of everything).
 * Reads only; every change goes through the commerce functions the storefront and the reconciler use.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { customOfferRequests, customerCancellations, orderItems, orderRefunds, orders, payments, products, units } from "#app/db/schema";
import type { LocaleCode } from "#app/lib/locales";
import { guardFormula } from "#app/lib/csv-formula";
import { addDays, isIsoDate, RIYADH_TIME_ZONE, todayInRiyadh } from "#app/lib/dates";
import { listAudit } from "#app/staff/audit.server";
import { listOrderEvents, listOrderMessages, orderTimeline, type OrderEvent, type OrderMessage, type TimelineEntry } from "./order-events.server";
import { listOrderRefunds, type RefundRow } from "./refunds.server";
import { ORDER_STATUSES, PAYMENT_METHODS } from "./order-statuses";
import type { OrderItemRow, OrderRow, PaymentRow } from "./orders.server";
import { customerColumns } from "./order-records.server";

export const ORDERS_PAGE_SIZE = 25;
/** The CSV export's ceiling: beyond it, narrow the filters. */
export const ORDERS_EXPORT_LIMIT = 10_000;

export type OrderFilter = {
  /** Reference, email, phone or name (any part). */
  q?: string;
  status?: string;
  method?: string;
  productId?: string;
  travelFrom?: string;
  travelTo?: string;
  purchasedFrom?: string;
  purchasedTo?: string;
  page?: number;
};

/** The filter a query string asks for, with anything malformed dropped (never an error page). */
export function parseOrderFilter(params: URLSearchParams): OrderFilter {
  const text = (name: string, max = 120) => {
    const value = params.get(name)?.trim() ?? "";
    return value && value.length <= max ? value : undefined;
  };
  const date = (name: string) => {
    const value = params.get(name) ?? "";
    return isIsoDate(value) ? value : undefined;
  };
  const status = text("status");
  const method = text("method");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: text("q"),
    status: status && (ORDER_STATUSES as readonly string[]).includes(status) ? status : undefined,
    method: method && (PAYMENT_METHODS as readonly string[]).includes(method) ? method : undefined,
    productId: text("product", 100),
    travelFrom: date("travelFrom"),
    travelTo: date("travelTo"),
    purchasedFrom: date("purchasedFrom"),
    purchasedTo: date("purchasedTo"),
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function orderConditions(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    const digits = filter.q.replace(/\D/g, "");
    const text = or(
      ilike(orders.reference, like),
      ilike(orders.email, like),
      ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, like),
      digits.length >= 4 ? ilike(sql`${orders.countryCode} || ${orders.phone}`, `%${digits}%`) : undefined,
    );
    if (text) conditions.push(text);
  }
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.method) conditions.push(eq(orders.paymentMethod, filter.method));
  // Riyadh days: the team works in Riyadh time.
  if (filter.purchasedFrom) conditions.push(gte(orders.purchasedAt, sql`(${filter.purchasedFrom}::date)::timestamp AT TIME ZONE ${RIYADH_TIME_ZONE}`));
  if (filter.purchasedTo) conditions.push(lt(orders.purchasedAt, sql`(${addDays(filter.purchasedTo, 1)}::date)::timestamp AT TIME ZONE ${RIYADH_TIME_ZONE}`));
  const itemConditions: SQL[] = [];
  if (filter.productId) itemConditions.push(eq(orderItems.productId, filter.productId));
  if (filter.travelFrom) itemConditions.push(gte(orderItems.localDate, filter.travelFrom));
  if (filter.travelTo) itemConditions.push(lte(orderItems.localDate, filter.travelTo));
  if (itemConditions.length) {
    conditions.push(inArray(orders.id, sql`(SELECT ${orderItems.orderId} FROM ${orderItems} WHERE ${and(...itemConditions)})`));
  }
  return conditions.length ? and(...conditions) : undefined;
}

export type OrderListRow = Pick<OrderRow, "id" | "reference" | "status" | "paymentMethod" | "currency" | "totalAmount" | "firstName" | "lastName" | "email" | "countryCode" | "phone" | "purchasedAt" | "locale" | "paymentDueAt"> & {
  items: number;
  firstTravelDate: string | null;
};

const listColumns = {
  id: orders.id,
  reference: orders.reference,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  currency: orders.currency,
  totalAmount: orders.totalAmount,
  ...customerColumns,
  purchasedAt: orders.purchasedAt,
  locale: orders.locale,
  paymentDueAt: orders.paymentDueAt,
  // Spelled out with aliases: Drizzle leaves columns unqualified in a one-table select, and an unqualified
  // "id" inside the subquery would be the item's own id.
  items: sql<number>`(SELECT count(*)::int FROM order_items AS item WHERE item.order_id = "orders"."id")`,
  firstTravelDate: sql<string | null>`(SELECT min(item.local_date)::text FROM order_items AS item WHERE item.order_id = "orders"."id")`,
};

/** One page of orders matching `filter`, newest purchase first, and how many match in all. */
export async function searchOrders(db: Database, filter: OrderFilter): Promise<{ rows: OrderListRow[]; total: number; page: number; pages: number }> {
  const where = orderConditions(filter);
  const [totalRow] = await db.select({ n: count() }).from(orders).where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const page = Math.min(filter.page ?? 1, pages);
  const rows = await db
    .select(listColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.purchasedAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  return { rows, total, page, pages };
}

/** Every order matching `filter` (up to the export limit), for the CSV. */
export async function exportOrders(db: Database, filter: OrderFilter): Promise<OrderListRow[]> {
  return db.select(listColumns).from(orders).where(orderConditions(filter)).orderBy(desc(orders.purchasedAt), desc(orders.id)).limit(ORDERS_EXPORT_LIMIT);
}

/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula (app/lib/csv-formula.ts). */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return `"${guardFormula(text).replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  // A byte-order mark so spreadsheet programs read Arabic names as UTF-8.
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

export const ORDERS_CSV_HEADER = ["reference", "status", "payment_method", "currency", "total_minor_units", "first_name", "last_name", "email", "phone", "purchased_at", "first_travel_date", "items", "locale"];

export function ordersCsv(rows: OrderListRow[]): string {
  return toCsv(
    ORDERS_CSV_HEADER,
    rows.map((row) => [row.reference, row.status, row.paymentMethod, row.currency, row.totalAmount, row.firstName, row.lastName, row.email, `${row.countryCode}${row.phone}`, row.purchasedAt.toISOString(), row.firstTravelDate, row.items, row.locale]),
  );
}

/**
 * An item as the console shows it: its product's title and its travellers' units by their titles (in
 * the console's language), the customer's own cancellation, and `refunded`: the team's refunds made or
 * reserved for it plus the customer's cancellation refund (as the domain caps them).
 */
export type DossierItem = OrderItemRow & {
  title: string;
  travellers: Array<{ unitId: string; title: string; quantity: number }>;
  cancellation: { refundAmount: number; refundState: string } | null;
  refunded: number;
};

export type OrderDossier = {
  order: OrderRow;
  items: DossierItem[];
  payments: PaymentRow[];
  refunds: RefundRow[];
  events: OrderEvent[];
  messages: OrderMessage[];
  /** The story, the staff actions and the messages, oldest first. */
  timeline: TimelineEntry[];
};

/**
 * The order a console URL names: by its reference (case-insensitive), or by its id when `byId` (a Sentry
 * event's console link carries the id when the reporter had no reference). Null for anything else.
 */
export async function findOrderByReference(db: Database, reference: string, options: { byId?: boolean } = {}): Promise<OrderRow | null> {
  if (!reference || reference.length > 64) return null;
  const byReference = eq(sql`upper(${orders.reference})`, reference.toUpperCase());
  const [order] = await db.select().from(orders).where(options.byId ? or(byReference, eq(orders.id, reference)) : byReference);
  return order ?? null;
}

/** Units by id with their titles in `locale` (a unit since removed from the catalogue keeps its id). */
async function unitTitles(db: Database, unitIds: string[], locale: LocaleCode): Promise<Map<string, string>> {
  const ids = [...new Set(unitIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: units.id, title: units.title, internalName: units.internalName }).from(units).where(inArray(units.id, ids));
  return new Map(rows.map((row) => [row.id, row.title[locale] || row.title.en || row.internalName]));
}

/** Everything the console shows about one order, found by its reference (case-insensitive) or its id. */
export async function loadOrderDossier(db: Database, reference: string, locale: LocaleCode): Promise<OrderDossier | null> {
  const order = await findOrderByReference(db, reference, { byId: true });
  if (!order) return null;
  const [itemRows, paymentRows, events, messages, refunds, actions] = await Promise.all([
    db
      .select({ item: orderItems, title: productTitle, refundAmount: customerCancellations.refundAmount, refundState: customerCancellations.refundState })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(customerCancellations, eq(customerCancellations.orderItemId, orderItems.id))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt)),
    listOrderEvents(db, order.id),
    listOrderMessages(db, order.id),
    listOrderRefunds(db, order.id),
    listAudit(db, { orderId: order.id, limit: 500 }),
  ]);
  const unitTitle = await unitTitles(db, itemRows.flatMap(({ item }) => item.units.map((unit) => unit.unitId)), locale);
  const items = itemRows.map(({ item, title, refundAmount, refundState }) => {
    const cancellation = refundState === null || refundAmount === null ? null : { refundAmount, refundState };
    const teamRefunds = refunds.filter((refund) => refund.orderItemId === item.id).reduce((sum, refund) => sum + refund.amount, 0);
    return {
      ...item,
      title: title?.[locale] || title?.en || item.productId,
      travellers: item.units.map((unit) => ({ unitId: unit.unitId, title: unitTitle.get(unit.unitId) ?? unit.unitId, quantity: unit.quantity })),
      cancellation,
      refunded: teamRefunds + (cancellation && cancellation.refundState !== "NONE" ? cancellation.refundAmount : 0),
    };
  });
  return { order, items, payments: paymentRows, refunds, events, messages, timeline: orderTimeline(events, actions, messages) };
}

// ── Queues ──────────────────────────────────────────────────────────────────────────────────────

export type QueueOrder = { reference: string; name: string; status: string; currency: string; totalAmount: number; purchasedAt: Date; travelDate: string | null; dueAt?: Date | null };
export type QueueItem = QueueOrder & { itemId: string; title: string; localDate: string };
export type QueueOffer = { reference: string; name: string; email: string; title: string; dateFrom: string; groupSize: number; createdAt: Date };
export type Departure = { productId: string; title: string; localDate: string; bookings: number; travellers: number };

export type Queues = {
  decisions: QueueItem[];
  payLater: QueueOrder[];
  offers: QueueOffer[];
  failedRefunds: QueueItem[];
  paymentFailures: QueueOrder[];
  departures: Departure[];
};

const QUEUE_LIMIT = 50;

function titleIn(locale: LocaleCode) {
  return (title: Record<string, string> | null, fallback: string) => title?.[locale] || title?.en || fallback;
}

/** What needs a human now, oldest first (the oldest is the most urgent). */
export async function loadQueues(db: Database, now: Date, locale: LocaleCode): Promise<Queues> {
  const title = titleIn(locale);
  const itemQueue = (where: SQL | undefined) =>
    db
      .select({
        itemId: orderItems.id,
        localDate: orderItems.localDate,
        productId: orderItems.productId,
        productTitle: products.title,
        reference: orders.reference,
        firstName: orders.firstName,
        lastName: orders.lastName,
        status: orders.status,
        currency: orderItems.currency,
        amount: orderItems.amount,
        purchasedAt: orders.purchasedAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(where)
      .orderBy(asc(orders.purchasedAt))
      .limit(QUEUE_LIMIT);
  const toItem = (row: Awaited<ReturnType<typeof itemQueue>>[number]): QueueItem => ({
    itemId: row.itemId,
    reference: row.reference,
    name: `${row.firstName} ${row.lastName}`,
    status: row.status,
    currency: row.currency,
    totalAmount: row.amount,
    purchasedAt: row.purchasedAt,
    travelDate: row.localDate,
    localDate: row.localDate,
    title: title(row.productTitle, row.productId),
  });
  const orderQueue = (where: SQL | undefined, first = asc(orders.purchasedAt)) =>
    db.select(listColumns).from(orders).where(where).orderBy(first, asc(orders.purchasedAt)).limit(QUEUE_LIMIT);
  const toOrder = (row: OrderListRow): QueueOrder => ({
    reference: row.reference,
    name: `${row.firstName} ${row.lastName}`,
    status: row.status,
    currency: row.currency,
    totalAmount: row.totalAmount,
    purchasedAt: row.purchasedAt,
    travelDate: row.firstTravelDate,
    dueAt: row.paymentDueAt,
  });
  const today = todayInRiyadh(now);
  const [decisions, payLater, offers, failedRefunds, paymentFailures, departures] = await Promise.all([
    itemQueue(eq(orderItems.status, "PENDING")),
    // The nearest payment deadline first.
    orderQueue(eq(orders.status, "PAY_LATER"), sql`${orders.paymentDueAt} ASC NULLS LAST`),
    db
      .select({ reference: customOfferRequests.reference, name: customOfferRequests.name, email: customOfferRequests.email, productId: customOfferRequests.productId, productTitle: products.title, dateFrom: customOfferRequests.dateFrom, groupSize: customOfferRequests.groupSize, createdAt: customOfferRequests.createdAt })
      .from(customOfferRequests)
      .leftJoin(products, eq(products.id, customOfferRequests.productId))
      .where(eq(customOfferRequests.status, "RECEIVED"))
      .orderBy(asc(customOfferRequests.createdAt))
      .limit(QUEUE_LIMIT),
    itemQueue(
      or(
        eq(orderItems.refundState, "FAILED"),
        inArray(orderItems.id, sql`(SELECT ${customerCancellations.orderItemId} FROM ${customerCancellations} WHERE ${customerCancellations.refundState} = 'FAILED')`),
        // The team's refunds the gateway refused (retried by the reconciler; Retry on the order).
        inArray(orderItems.id, sql`(SELECT ${orderRefunds.orderItemId} FROM ${orderRefunds} WHERE ${orderRefunds.state} = 'FAILED')`),
      ),
    ),
    orderQueue(and(eq(orders.status, "PAYMENT_FAILED"), gte(orders.updatedAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))),
    db
      .select({
        productId: orderItems.productId,
        productTitle: products.title,
        localDate: orderItems.localDate,
        bookings: sql<number>`count(*)::int`,
        travellers: sql<number>`coalesce(sum((SELECT sum((unit->>'quantity')::int) FROM jsonb_array_elements(${orderItems.units}) AS unit)), 0)::int`,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(and(eq(orderItems.status, "CONFIRMED"), gte(orderItems.localDate, today), lte(orderItems.localDate, addDays(today, 1))))
      .groupBy(orderItems.productId, products.title, orderItems.localDate)
      .orderBy(asc(orderItems.localDate), asc(orderItems.productId)),
  ]);
  return {
    decisions: decisions.map(toItem),
    payLater: payLater.map(toOrder),
    offers: offers.map((row) => ({ reference: row.reference, name: row.name, email: row.email, title: title(row.productTitle, row.productId), dateFrom: row.dateFrom, groupSize: row.groupSize, createdAt: row.createdAt })),
    failedRefunds: failedRefunds.map(toItem),
    paymentFailures: paymentFailures.map(toOrder),
    departures: departures.map((row) => ({ productId: row.productId, title: title(row.productTitle, row.productId), localDate: row.localDate, bookings: row.bookings, travellers: row.travellers })),
  };
}
