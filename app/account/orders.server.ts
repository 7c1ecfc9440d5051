/**
 * The signed-in customer's orders, read over the commerce tables. Every lookup is scoped by the
 * owner's user id in the query itself, so another user's order, item, ticket or invoice is simply
 * not found (the routes answer 404), never visible.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { customerCancellations, orderItems, orders, payments, productOptions, products, users } from "#app/db/schema";
import type { LocalizedText, PickupPoint } from "#app/db/types";
import type { LocaleCode } from "#app/lib/locales";
import type { UserRow } from "#app/auth/auth.server";
import { paidWith, type OrderItemRow, type OrderRow, type PaidWith } from "#app/commerce/order-records.server";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import { readAnswer, type ReadAnswer } from "#app/booking/questions";

export type InvoiceItem = {
  id: string;
  bookingUuid: string;
  productId: string;
  slug: string;
  title: string;
  optionTitle: string;
  localDate: string;
  /** Local start "HH:MM" when the slot has a start time. */
  startTime: string | null;
  timeZone: string;
  travellers: number;
  extras: string[];
  meetingPoint: string;
  pickup: { name: string; address: string; time: string | null } | null;
  latitude: number;
  longitude: number;
  status: string;
  amount: number;
  discountShare: number;
  cancellation: { refundAmount: number; refundState: string } | null;
  /** The guest's answers to the experience's booking questions (issue #33). */
  answers: ReadAnswer[];
};

export type Invoice = {
  id: string;
  reference: string;
  /** The invoice number: the purchase id the checkout gave the order. */
  invoiceId: string;
  status: string;
  purchasedAt: Date;
  currency: string;
  originalAmount: number;
  discountAmount: number;
  totalAmount: number;
  promoCode: string | null;
  guest: { firstName: string; lastName: string; email: string; phone: string };
  locale: string;
  items: InvoiceItem[];
  /** Pay later, still unpaid: when payment is due, and the token "Pay now" posts with. */
  payLater: { dueAt: Date | null; token: string } | null;
  /** How it was paid at the gateway ("card" when the gateway did not say); null when not (yet) paid there. */
  paidWith: PaidWith | null;
  /** Money returned so far through the gateway (refunds of failed, rejected, cancelled or refunded items). */
  refundedAmount: number;
};

type PaymentFacts = Pick<Invoice, "paidWith" | "refundedAmount">;

/** How each order was paid at a gateway and what of it was refunded (offline payments name no method). */
async function paymentFactsFor(database: Database, orderIds: string[]): Promise<Map<string, PaymentFacts>> {
  const result = new Map<string, PaymentFacts>();
  if (orderIds.length === 0) return result;
  const rows = await database
    .select({ orderId: payments.orderId, gateway: payments.gateway, status: payments.status, method: payments.method, capturedAmount: payments.capturedAmount, refundedAmount: payments.refundedAmount })
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(payments.createdAt);
  for (const row of rows) {
    const facts = result.get(row.orderId) ?? { paidWith: null, refundedAmount: 0 };
    result.set(row.orderId, {
      paidWith: paidWith(row) ?? facts.paidWith,
      refundedAmount: facts.refundedAmount + row.refundedAmount,
    });
  }
  return result;
}

/** Orders worth a customer's invoices page: anything past the cart (not refused or still being placed). */
const SHOWN_STATUSES = ["AWAITING_PAYMENT", "PROCESSING", "CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER", "PAYMENT_FAILED", "BOOKING_FAILED", "EXPIRED", "CANCELLED"];

const text = (value: LocalizedText | undefined, locale: LocaleCode) => (value ? (value[locale] ?? value.en ?? "") : "");

function startTimeOf(availabilityId: string): string | null {
  const match = /T(\d{2}:\d{2})/.exec(availabilityId);
  return match && match[1] !== "00:00" ? match[1]! : null;
}

async function itemsFor(database: Database, orderRows: OrderRow[], locale: LocaleCode): Promise<Map<string, InvoiceItem[]>> {
  const result = new Map<string, InvoiceItem[]>();
  if (orderRows.length === 0) return result;
  const itemRows = await database
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderRows.map((order) => order.id)))
    .orderBy(orderItems.position);
  const productIds = [...new Set(itemRows.map((item) => item.productId))];
  const optionIds = [...new Set(itemRows.map((item) => item.optionId))];
  const [productRows, optionRows, cancellations] = await Promise.all([
    productIds.length
      ? database
          .select({ id: products.id, slug: products.slug, title: productTitle, content: products.content, timeZone: products.timeZone, extras: products.extras, pickupPoints: products.pickupPoints, latitude: products.latitude, longitude: products.longitude })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    optionIds.length ? database.select({ id: productOptions.id, title: productOptions.title }).from(productOptions).where(inArray(productOptions.id, optionIds)) : [],
    itemRows.length ? database.select().from(customerCancellations).where(inArray(customerCancellations.orderItemId, itemRows.map((item) => item.id))) : [],
  ]);
  const productById = new Map(productRows.map((row) => [row.id, row]));
  const optionById = new Map(optionRows.map((row) => [row.id, row]));
  const cancellationById = new Map(cancellations.map((row) => [row.orderItemId, row]));
  for (const item of itemRows) {
    const product = productById.get(item.productId);
    const pickup: PickupPoint | undefined = product?.pickupPoints[0];
    const cancellation = cancellationById.get(item.id);
    const entry: InvoiceItem = {
      id: item.id,
      bookingUuid: item.bookingUuid,
      productId: item.productId,
      slug: product?.slug ?? "",
      title: text(product?.title, locale),
      optionTitle: text(optionById.get(item.optionId)?.title, locale),
      localDate: item.localDate,
      startTime: startTimeOf(item.availabilityId),
      timeZone: product?.timeZone ?? RIYADH_TIME_ZONE,
      travellers: item.units.reduce((sum, unit) => sum + unit.quantity, 0),
      extras: item.extraIds.map((id) => text(product?.extras.find((extra) => extra.id === id)?.title, locale)).filter(Boolean),
      meetingPoint: text(product?.content.meetingPoint, locale),
      pickup: pickup ? { name: text(pickup.name, locale), address: text(pickup.address, locale), time: pickup.pickupTime } : null,
      latitude: product?.latitude ?? 0,
      longitude: product?.longitude ?? 0,
      status: item.status,
      amount: item.amount,
      discountShare: item.discountShare,
      cancellation: cancellation ? { refundAmount: cancellation.refundAmount, refundState: cancellation.refundState } : null,
      answers: item.bookingAnswers.map((answer) => readAnswer(answer, locale)),
    };
    result.set(item.orderId, [...(result.get(item.orderId) ?? []), entry]);
  }
  return result;
}

function toInvoice(order: OrderRow, items: InvoiceItem[], paid: PaymentFacts | undefined): Invoice {
  return {
    paidWith: paid?.paidWith ?? null,
    refundedAmount: paid?.refundedAmount ?? 0,
    id: order.id,
    reference: order.reference,
    invoiceId: order.purchaseId,
    status: order.status,
    payLater: order.status === "PAY_LATER" ? { dueAt: order.paymentDueAt, token: order.accessToken } : null,
    purchasedAt: order.purchasedAt,
    currency: order.currency,
    originalAmount: order.originalAmount,
    discountAmount: order.discountAmount,
    totalAmount: order.totalAmount,
    promoCode: order.promoCode,
    guest: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: `${order.countryCode} ${order.phone}` },
    locale: order.locale,
    items,
  };
}

/** The user's orders, newest first (guest orders with their verified address are attached first). */
export async function listInvoices(userId: string, locale: LocaleCode, db: Database): Promise<Invoice[]> {
  const database = db;
  const [user] = await database.select().from(users).where(eq(users.id, userId));
  if (!user) return [];
  // Orders placed after sign-in (checkout does not pass the user yet) or before verification.
  await attachGuestOrders(user, database);
  const rows = await database
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, SHOWN_STATUSES)))
    .orderBy(desc(orders.purchasedAt));
  const [items, paid] = await Promise.all([itemsFor(database, rows, locale), paymentFactsFor(database, rows.map((order) => order.id))]);
  return rows.map((order) => toInvoice(order, items.get(order.id) ?? [], paid.get(order.id)));
}

/** One of the user's orders, or null when it is not theirs (or does not exist). */
export async function getInvoiceForUser(userId: string, orderId: string, locale: LocaleCode, db: Database): Promise<Invoice | null> {
  const database = db;
  if (!/^[0-9a-f-]{36}$/.test(orderId)) return null;
  const [order] = await database
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), inArray(orders.status, SHOWN_STATUSES)));
  if (!order) return null;
  const [items, paid] = await Promise.all([itemsFor(database, [order], locale), paymentFactsFor(database, [order.id])]);
  return toInvoice(order, items.get(order.id) ?? [], paid.get(order.id));
}

/** One booking of the user's orders with its order, or null when it is not theirs. */
export async function getBookingForUser(userId: string, itemId: string, locale: LocaleCode, db: Database): Promise<{ invoice: Invoice; item: InvoiceItem } | null> {
  const database = db;
  if (!/^[0-9a-f-]{36}$/.test(itemId)) return null;
  const [row] = await database
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)));
  if (!row) return null;
  const invoice = await getInvoiceForUser(userId, row.orderId, locale, database);
  const item = invoice?.items.find((candidate) => candidate.id === itemId);
  return invoice && item ? { invoice, item } : null;
}

/**
 * Gives a verified account the orders placed as a guest with its address. Unverified accounts get
 * nothing: anyone can sign up with someone else's email, only the mailbox owner can verify it.
 */
export async function attachGuestOrders(user: Pick<UserRow, "id" | "email" | "emailVerifiedAt">, db: Database): Promise<number> {
  if (!user.emailVerifiedAt) return 0;
  const attached = await db
    .update(orders)
    .set({ userId: user.id })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${user.email.toLowerCase()}`))
    .returning({ id: orders.id });
  return attached.length;
}

/** attachGuestOrders for the account `userId` (after its address was verified); 0 when it is gone. */
export async function attachGuestOrdersOf(userId: string, db: Database): Promise<number> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ? attachGuestOrders(user, db) : 0;
}
