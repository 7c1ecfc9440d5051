/**
 * Orders: placing one from the cart (holds for every item, one order per idempotency key), and
 * settling it as payment news arrives (webhook, browser return, reconciler). Settling is a function
 * of what is stored — payment status, item statuses — and every step in it is idempotent or guarded
 * by a conditional update, so it can run twice, concurrently, or again after a crash at any point:
 * bookings are confirmed once, money is captured once and refunded once per failed item.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { BookingStatus } from "@octocloud/types";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { isBookingError, type BookingApi } from "#app/booking/booking.server";
import type { AppContext } from "#app/context.server";
import { rowsOf, type Database } from "#app/db/db.server";
import { countRateLimitHit } from "#app/auth/rate-limit.server";
import { orderItems, orders, paymentEvents, payments } from "#app/db/schema";
import type { LocaleCode } from "#app/i18n/locales";
import { isGatewayName } from "#app/payments/payments.server";
import type { PaymentEvent } from "#app/payments/gateway";
import { clearCartItems, loadProducts, reviewCart } from "./cart.server";
import { notifyOrderOutcome, type NotifiedOutcome } from "./notify.server";
import { verifyPaymentEvent, type IntegrityProblem } from "./payment-integrity";
import { netAmount, type PromoRefusal } from "./pricing";
import { redeemPromo, releasePromo } from "./promo.server";
import { cartPath, checkoutPath, checkoutResultPath, localized } from "#app/lib/paths";

/** What the order flow uses from the app context. */
export type CommerceDeps = Pick<AppContext, "env" | "db" | "bookingApi" | "payments" | "mailer" | "whatsapp" | "clock" | "incidents">;

export type OrderStatus =
  | "PLACING"
  | "REFUSED"
  | "AWAITING_PAYMENT"
  | "PROCESSING"
  | "CONFIRMED"
  | "PARTIALLY_CONFIRMED"
  | "ON_HOLD"
  | "PAY_LATER"
  | "PAYMENT_FAILED"
  | "BOOKING_FAILED"
  | "EXPIRED"
  /** A gateway reported money that does not match what the order owes: nothing moves until the team decides. */
  | "REVIEW";

export type ItemStatus = "NEW" | "HELD" | "CONFIRMED" | "PENDING" | "FAILED" | "CANCELLED";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export type PaymentMethod = "card" | "pay_later";

export interface LeadGuest {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  phone: string;
}

export interface PlaceOrderInput {
  cartId: string;
  locale: LocaleCode;
  lead: LeadGuest;
  method: PaymentMethod;
  idempotencyKey: string;
  /** The total the customer saw on the checkout page; a different total today is refused. */
  expectedTotal?: number;
  userId?: string | null;
  /** The client's address (pay-later orders are limited per address too). */
  address?: string;
}

export type PlaceOrderRefusal = "EMPTY_CART" | "UNAVAILABLE" | "PRICE_CHANGED" | "PROMO" | "PAYMENT_UNAVAILABLE" | "PAY_LATER_LIMIT";

export type PlaceOrderResult = { ok: true; order: OrderRow; redirectTo: string } | { ok: false; reason: PlaceOrderRefusal; promoReason?: PromoRefusal };

/** Outcomes the customer is done waiting for. */
const FINAL: OrderStatus[] = ["CONFIRMED", "PARTIALLY_CONFIRMED", "PAYMENT_FAILED", "BOOKING_FAILED", "EXPIRED", "REFUSED"];
const POSITIVE: OrderStatus[] = ["CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER"];
const NOTIFIED: OrderStatus[] = ["CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER", "PAYMENT_FAILED", "BOOKING_FAILED"];

export function isFinalStatus(status: string): boolean {
  return FINAL.includes(status as OrderStatus);
}

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
function randomCode(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("");
}

/** The result page of an order (locale-less path; the caller prefixes the locale). */
export function resultPath(order: Pick<OrderRow, "status" | "accessToken">): string {
  const query = { order: order.accessToken };
  switch (order.status as OrderStatus) {
    case "ON_HOLD":
    case "PAY_LATER":
      return checkoutResultPath("on_hold", query);
    case "PAYMENT_FAILED":
    case "BOOKING_FAILED":
    case "EXPIRED":
      return checkoutResultPath("error", query);
    case "REFUSED":
    case "PLACING":
      return cartPath();
    default:
      return checkoutResultPath("success", query);
  }
}

async function paymentOf(db: Database, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)).limit(1);
  return row ?? null;
}

async function nextStepOf(db: Database, order: OrderRow): Promise<string> {
  if (order.status === "AWAITING_PAYMENT") {
    const payment = await paymentOf(db, order.id);
    // The interstitial 'Redirecting to Secure Checkout...' page sends the browser on to the gateway.
    if (payment) return checkoutPath({ pay: order.accessToken });
  }
  return resultPath(order);
}

export async function findOrderByToken(database: Database, token: string): Promise<OrderRow | null> {
  if (!token || token.length < 20) return null;
  const [row] = await database.select().from(orders).where(eq(orders.accessToken, token));
  return row ?? null;
}

export async function getOrderItems(database: Database, orderId: string): Promise<OrderItemRow[]> {
  return database.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

export async function getOrderPayment(db: Database, orderId: string): Promise<PaymentRow | null> {
  return paymentOf(db, orderId);
}

function contactOf(order: Pick<OrderRow, "firstName" | "lastName" | "email" | "countryCode" | "phone" | "locale">) {
  return {
    firstName: order.firstName,
    lastName: order.lastName,
    fullName: `${order.firstName} ${order.lastName}`,
    emailAddress: order.email,
    phoneNumber: `${order.countryCode}${order.phone}`,
    locales: [order.locale],
  };
}

class PromoUsedUp extends Error {}

/**
 * Turns the cart into an order: re-checks every item, takes a hold per item through the booking
 * engine, then opens a hosted payment session (card) or confirms the bookings (pay later). A second
 * submit with the same idempotency key finds the first order; a refusal releases every hold it took.
 */
/**
 * Pay later takes inventory with no payment: limited per email (open unpaid orders) and per address
 * (orders a day); both limits are settings (PAY_LATER_MAX_OPEN_PER_EMAIL, PAY_LATER_MAX_PER_ADDRESS).
 */
async function payLaterAllowed(deps: CommerceDeps, input: PlaceOrderInput): Promise<boolean> {
  const [open] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`SELECT count(*)::int AS n FROM orders WHERE lower(email) = ${input.lead.email.trim().toLowerCase()}
      AND payment_method = 'pay_later' AND status IN ('PROCESSING', 'PAY_LATER')`),
  );
  if ((open?.n ?? 0) >= deps.env.PAY_LATER_MAX_OPEN_PER_EMAIL) return false;
  if (!input.address) return true;
  const { count } = await countRateLimitHit("payLaterAddress", input.address, { db: deps.db, secret: deps.env.SESSION_SECRET });
  return count <= deps.env.PAY_LATER_MAX_PER_ADDRESS;
}

export async function placeOrder(deps: CommerceDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const db = deps.db;
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (existing) return existing.status === "REFUSED" ? { ok: false, reason: "UNAVAILABLE" } : { ok: true, order: existing, redirectTo: await nextStepOf(db, existing) };

  const review = await reviewCart(deps, input.cartId, input.locale);
  if (review.lines.length === 0) return { ok: false, reason: "EMPTY_CART" };
  if (review.lines.some((line) => line.status === "unavailable")) return { ok: false, reason: "UNAVAILABLE" };
  if (review.promo && !review.promo.applied) return { ok: false, reason: "PROMO", promoReason: review.promo.reason };
  if (input.expectedTotal !== undefined && input.expectedTotal !== review.total) return { ok: false, reason: "PRICE_CHANGED" };

  if (input.method === "pay_later" && !(await payLaterAllowed(deps, input))) return { ok: false, reason: "PAY_LATER_LIMIT" };

  // An unpaid earlier attempt from this cart would keep its seats held against this one.
  await abandonUnpaidOrders(deps, input.cartId);

  const api = deps.bookingApi;
  const products = await loadProducts(db, review.lines.map((line) => line.productId));
  const orderId = randomUUID();
  const now = new Date();
  const order = {
    id: orderId,
    reference: `RH-${randomCode(8)}`,
    purchaseId: `P-${randomCode(10)}`,
    idempotencyKey: input.idempotencyKey,
    accessToken: randomBytes(24).toString("base64url"),
    cartId: input.cartId,
    userId: input.userId ?? null,
    status: "PLACING",
    paymentMethod: input.method,
    locale: input.locale,
    currency: review.currency,
    originalAmount: review.subtotal,
    discountAmount: review.discount,
    totalAmount: review.total,
    promoCode: review.promo?.applied ? review.promo.code : null,
    ...input.lead,
    purchasedAt: now,
    updatedAt: now,
  };
  const items = review.lines.map((line, position) => ({
    id: randomUUID(),
    orderId,
    position,
    bookingUuid: randomUUID(),
    productId: line.productId,
    optionId: line.selection.optionId,
    availabilityId: line.selection.availabilityId,
    localDate: line.localDate,
    units: line.selection.units,
    extraIds: line.selection.extraIds,
    instantConfirmation: products.get(line.productId)?.instantConfirmation ?? true,
    currency: review.currency,
    amount: line.current!.amount,
    discountShare: line.discountShare,
    status: "NEW",
  }));

  let created: boolean;
  try {
    created = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      // The unique idempotency key makes a concurrent double submit wait here, then find the first order.
      const inserted = await t.insert(orders).values(order).onConflictDoNothing({ target: orders.idempotencyKey }).returning({ id: orders.id });
      if (inserted.length === 0) return false;
      await t.insert(orderItems).values(items);
      if (order.promoCode && !(await redeemPromo(t, order.promoCode, orderId))) throw new PromoUsedUp();
      return true;
    });
  } catch (error) {
    if (error instanceof PromoUsedUp) return { ok: false, reason: "PROMO", promoReason: "USED_UP" };
    throw error;
  }
  if (!created) {
    const [first] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
    return first && first.status !== "REFUSED" ? { ok: true, order: first, redirectTo: await nextStepOf(db, first) } : { ok: false, reason: "UNAVAILABLE" };
  }

  const holdMinutes = deps.env.BOOKING_HOLD_MINUTES;
  let refused = false;
  for (const item of items) {
    try {
      await api.reserve({
        uuid: item.bookingUuid,
        productId: item.productId,
        optionId: item.optionId,
        availabilityId: item.availabilityId,
        expirationMinutes: holdMinutes,
        resellerReference: order.reference,
        contact: contactOf(order),
        unitItems: item.units.flatMap((unit) => Array.from({ length: unit.quantity }, () => ({ unitId: unit.unitId }))),
      });
      await db.update(orderItems).set({ status: "HELD" }).where(eq(orderItems.id, item.id));
    } catch (error) {
      if (!isBookingError(error)) {
        await refuseOrder(db, api, orderId);
        throw error;
      }
      await db.update(orderItems).set({ status: "FAILED", failureCode: error.code }).where(eq(orderItems.id, item.id));
      refused = true;
      break;
    }
  }
  if (refused) {
    await refuseOrder(db, api, orderId);
    return { ok: false, reason: "UNAVAILABLE" };
  }

  if (input.method === "pay_later" || order.totalAmount === 0) {
    await db.update(orders).set({ status: "PROCESSING", updatedAt: new Date() }).where(eq(orders.id, orderId));
    const status = await settleOrder(deps, orderId);
    return { ok: true, order: { ...order, status: status ?? "PROCESSING", gateway: null, notifiedStatus: null }, redirectTo: resultPath({ status: status ?? "PROCESSING", accessToken: order.accessToken }) };
  }

  const gateway = deps.payments.default;
  const captureMethod = items.every((item) => item.instantConfirmation) ? "automatic" : "manual";
  const site = deps.env.SITE_URL.replace(/\/$/, "");
  try {
    const session = await gateway.createSession({
      orderId,
      reference: order.reference,
      amount: order.totalAmount,
      currency: order.currency,
      captureMethod,
      description: `Rihla ${order.reference}`,
      returnUrl: site + localized(input.locale, checkoutResultPath("success", { order: order.accessToken })),
      cancelUrl: site + localized(input.locale, checkoutPath({ cancelled: order.accessToken })),
      customerEmail: order.email,
      locale: input.locale,
      idempotencyKey: orderId,
    });
    await db.transaction(async (tx) => {
      await tx.insert(payments).values({
        id: randomUUID(),
        orderId,
        gateway: gateway.name,
        sessionId: session.id,
        redirectUrl: session.url,
        captureMethod,
        status: "CREATED",
        currency: order.currency,
        amount: order.totalAmount,
      });
      await tx.update(orders).set({ status: "AWAITING_PAYMENT", gateway: gateway.name, updatedAt: new Date() }).where(eq(orders.id, orderId));
    });
  } catch (error) {
    console.error("[orders] could not open a payment session", error);
    deps.incidents.report({ kind: "payment_failed", orderId, gateway: gateway.name, declineCode: "session_create_failed" });
    await refuseOrder(db, api, orderId);
    return { ok: false, reason: "PAYMENT_UNAVAILABLE" };
  }
  const [stored] = await db.select().from(orders).where(eq(orders.id, orderId));
  return { ok: true, order: stored!, redirectTo: checkoutPath({ pay: order.accessToken }) };
}

/** Cancels whatever holds an order took and marks it REFUSED (nothing was charged). */
async function refuseOrder(db: Database, api: BookingApi, orderId: string): Promise<void> {
  const items = await getOrderItems(db, orderId);
  for (const item of items) await cancelHold(api, item.bookingUuid);
  await db.update(orderItems).set({ status: "CANCELLED" }).where(and(eq(orderItems.orderId, orderId), inArray(orderItems.status, ["NEW", "HELD"])));
  await db.update(orders).set({ status: "REFUSED", updatedAt: new Date() }).where(eq(orders.id, orderId));
  await releasePromo(db, orderId);
}

async function cancelHold(api: BookingApi, uuid: string): Promise<void> {
  try {
    await api.cancel(uuid, { reason: "Order not completed" });
  } catch (error) {
    // No such booking (the reserve never happened) or already expired: nothing is held.
    if (!isBookingError(error)) throw error;
  }
}

/** Gives up unpaid orders of a cart: their sessions are closed and their holds released. */
export async function abandonUnpaidOrders(deps: CommerceDeps, cartId: string): Promise<void> {
  const db = deps.db;
  const unpaid = await db.select().from(orders).where(and(eq(orders.cartId, cartId), eq(orders.status, "AWAITING_PAYMENT")));
  for (const order of unpaid) await abandonOrder(deps, order.id);
}

/** An unpaid order expires: session closed, holds released. A payment that still arrives is refunded by settleOrder. */
export async function abandonOrder(deps: CommerceDeps, orderId: string): Promise<void> {
  const db = deps.db;
  const api = deps.bookingApi;
  const claimed = await db.update(orders).set({ status: "EXPIRED", updatedAt: new Date() }).where(and(eq(orders.id, orderId), eq(orders.status, "AWAITING_PAYMENT"))).returning();
  if (claimed.length === 0) return;
  const payment = await paymentOf(db, orderId);
  if (payment && isGatewayName(payment.gateway)) {
    await deps.payments.get(payment.gateway)
      .cancel(payment.sessionId, `abandon:${payment.id}`)
      .catch((error: unknown) => console.error("[orders] closing the payment session failed", error));
  }
  for (const item of await getOrderItems(db, orderId)) {
    if (item.status !== "HELD") continue;
    await cancelHold(api, item.bookingUuid);
    await db.update(orderItems).set({ status: "CANCELLED" }).where(and(eq(orderItems.id, item.id), eq(orderItems.status, "HELD")));
  }
  await releasePromo(db, orderId);
}

/** The longest an engine hold lasts (OCTO's extend is capped at a day). */
const MAX_HOLD_MINUTES = 24 * 60;

export type ApplyEventResult = "applied" | "duplicate" | "unknown_session" | "review";

/**
 * Records a verified gateway event once and moves the payment forward. Out-of-order events are
 * harmless: each status change is a conditional update from the states that may precede it, so a
 * late "authorized" never undoes "captured" and a late "failed" never undoes a payment.
 */
export async function applyPaymentEvent(deps: CommerceDeps, gatewayName: string, event: PaymentEvent, options: { settle?: boolean } = {}): Promise<ApplyEventResult> {
  const db = deps.db;
  const inserted = await db
    .insert(paymentEvents)
    .values({ gateway: gatewayName, eventId: event.id, type: event.type, sessionId: event.sessionId, payload: event.raw })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (inserted.length === 0) {
    const [seen] = await db.select().from(paymentEvents).where(and(eq(paymentEvents.gateway, gatewayName), eq(paymentEvents.eventId, event.id)));
    // Seen and fully handled: a duplicate delivery. Seen but not finished (a crash): handle it again.
    if (seen?.processedAt) return "duplicate";
  }
  const [payment] = await db.select().from(payments).where(and(eq(payments.gateway, gatewayName), eq(payments.sessionId, event.sessionId)));
  if (!payment) {
    await markProcessed(db, gatewayName, event.id);
    return "unknown_session";
  }
  const now = new Date();
  const verdict = verifyPaymentEvent(
    { ...payment, captureAmount: payment.captureState === "NONE" ? null : await confirmedTotal(db, payment.orderId) },
    { type: event.type, amount: event.amount, currency: event.currency, orderId: event.orderId ?? null },
  );
  if (!verdict.ok) {
    await holdForReview(deps, payment, event, verdict.problem);
    await markProcessed(db, gatewayName, event.id);
    return "review";
  }
  switch (event.type) {
    case "payment.authorized":
      await db.update(payments).set({ status: "AUTHORIZED", updatedAt: now }).where(and(eq(payments.id, payment.id), eq(payments.status, "CREATED")));
      break;
    case "payment.captured":
      await db
        .update(payments)
        // verifyPaymentEvent has checked the amount: it is what the order owes (or the capture we asked for).
        .set({ status: "CAPTURED", capturedAmount: event.amount!, captureState: "DONE", updatedAt: now })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, ["CREATED", "AUTHORIZED"])));
      break;
    case "payment.failed":
      await db
        .update(payments)
        .set({ status: "FAILED", declineCode: event.declineCode, updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "CREATED")));
      break;
    case "payment.voided":
      await db.update(payments).set({ status: "VOIDED", updatedAt: now }).where(and(eq(payments.id, payment.id), inArray(payments.status, ["CREATED", "AUTHORIZED"])));
      break;
    case "payment.refunded":
      // Our own refunds coming back; settleOrder already recorded them.
      break;
  }
  if (options.settle !== false) await settleOrder(deps, payment.orderId);
  await markProcessed(db, gatewayName, event.id);
  return "applied";
}

/** What the confirmed items cost: the amount settleOrder captures on an authorize-then-capture payment. */
async function confirmedTotal(db: Database, orderId: string): Promise<number> {
  return (await getOrderItems(db, orderId)).filter((item) => item.status === "CONFIRMED").reduce((sum, item) => sum + netAmount(item), 0);
}

/**
 * A gateway's report broke the integrity rule: the order stops where it is (nothing is confirmed or
 * released), its holds are stretched to their longest so the seats stay while the team looks, and
 * support hears of it. Final orders keep their status; the incident still goes out.
 */
async function holdForReview(deps: CommerceDeps, payment: PaymentRow, event: PaymentEvent, problem: IntegrityProblem): Promise<void> {
  const moved = await deps.db
    .update(orders)
    .set({ status: "REVIEW", updatedAt: new Date() })
    .where(and(eq(orders.id, payment.orderId), inArray(orders.status, ["AWAITING_PAYMENT", "PROCESSING", "ON_HOLD", "PAY_LATER"])))
    .returning({ id: orders.id });
  console.error(`[orders] payment event ${event.id} for order ${payment.orderId} refused (${problem}): reported ${event.amount} ${event.currency}, owed ${payment.amount} ${payment.currency}`);
  deps.incidents.report({ kind: "payment_mismatch", orderId: payment.orderId, gateway: payment.gateway, integrityProblem: problem });
  if (moved.length === 0) return;
  for (const item of await getOrderItems(deps.db, payment.orderId)) {
    if (item.status !== "HELD") continue;
    await deps.bookingApi.extendReservation(item.bookingUuid, MAX_HOLD_MINUTES).catch((error: unknown) => console.error("[orders] could not extend a hold under review", error));
  }
}

async function markProcessed(db: Database, gateway: string, eventId: string): Promise<void> {
  await db.update(paymentEvents).set({ processedAt: new Date() }).where(and(eq(paymentEvents.gateway, gateway), eq(paymentEvents.eventId, eventId)));
}

/**
 * Asks the gateway how an unpaid order's session stands and applies that as an event (when a
 * webhook is late or lost). A session that expired unpaid abandons the order.
 */
export async function syncOrderPayment(deps: CommerceDeps, orderId: string): Promise<void> {
  const db = deps.db;
  const payment = await paymentOf(db, orderId);
  if (!payment || !isGatewayName(payment.gateway)) return;
  const state = await deps.payments.get(payment.gateway).retrieveSession(payment.sessionId);
  const type =
    state.status === "captured" ? "payment.captured" : state.status === "authorized" ? "payment.authorized" : state.status === "failed" ? "payment.failed" : state.status === "voided" ? "payment.voided" : null;
  if (type) {
    await applyPaymentEvent(deps, payment.gateway, {
      id: `sync:${state.id}:${state.status}`,
      type,
      sessionId: state.id,
      amount: state.status === "captured" ? state.capturedAmount : state.amount,
      currency: state.currency,
      declineCode: state.declineCode,
      raw: { source: "reconciler", status: state.status },
    });
  } else if (state.status === "expired") {
    await abandonOrder(deps, orderId);
  }
}

const isFailed = (status: string) => status === "FAILED" || status === "CANCELLED";

/**
 * Drives an order as far as its stored state allows and returns its status: confirms held
 * bookings once money is secured, polls on-request bookings, refunds items that failed after a
 * capture, captures (or releases) an authorization once every item is decided, then records the
 * outcome, empties the cart and tells the customer once per outcome.
 */
export async function settleOrder(deps: CommerceDeps, orderId: string): Promise<OrderStatus | null> {
  const db = deps.db;
  const api = deps.bookingApi;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const status = order.status as OrderStatus;
  if (status === "PLACING" || status === "REFUSED" || status === "REVIEW") return status;
  const payment = await paymentOf(db, orderId);
  const gateway = payment && isGatewayName(payment.gateway) ? deps.payments.get(payment.gateway) : null;
  const needsPayment = order.paymentMethod === "card" && order.totalAmount > 0;

  if (needsPayment) {
    if (!payment || payment.status === "CREATED") return status;
    if (payment.status === "FAILED" || (payment.status === "VOIDED" && payment.capturedAmount === 0 && status === "AWAITING_PAYMENT")) {
      for (const item of await getOrderItems(db, orderId)) {
        if (item.status !== "HELD") continue;
        await cancelHold(api, item.bookingUuid);
        await db.update(orderItems).set({ status: "CANCELLED" }).where(and(eq(orderItems.id, item.id), eq(orderItems.status, "HELD")));
      }
      return finish(deps, order, status === "EXPIRED" ? "EXPIRED" : "PAYMENT_FAILED", payment);
    }
  }

  // Money is secured (authorized or captured), or not needed: the holds become bookings.
  for (const item of await getOrderItems(db, orderId)) {
    if (item.status === "HELD") {
      let next: ItemStatus;
      let failureCode: string | null = null;
      try {
        const booking = await api.confirm(item.bookingUuid, { resellerReference: order.reference, contact: contactOf(order) });
        next = booking.status === BookingStatus.CONFIRMED ? "CONFIRMED" : booking.status === BookingStatus.PENDING ? "PENDING" : "FAILED";
        if (next === "FAILED") failureCode = booking.status;
      } catch (error) {
        if (!isBookingError(error)) throw error;
        next = "FAILED";
        failureCode = error.code;
      }
      await db.update(orderItems).set({ status: next, failureCode }).where(and(eq(orderItems.id, item.id), eq(orderItems.status, "HELD")));
    } else if (item.status === "PENDING") {
      const booking = await api.getBooking(item.bookingUuid);
      const decided = booking?.status === BookingStatus.CONFIRMED ? "CONFIRMED" : booking && booking.status !== BookingStatus.PENDING ? "FAILED" : null;
      if (decided) {
        await db
          .update(orderItems)
          .set({ status: decided, failureCode: decided === "FAILED" ? (booking?.status ?? null) : null })
          .where(and(eq(orderItems.id, item.id), eq(orderItems.status, "PENDING")));
      }
    }
  }

  let items = await getOrderItems(db, orderId);
  let currentPayment = payment;
  if (gateway && currentPayment?.status === "CAPTURED") {
    for (const item of items) {
      if (!isFailed(item.status) || (item.refundState !== "NONE" && item.refundState !== "REFUNDING")) continue;
      const amount = netAmount(item);
      if (amount <= 0) {
        await db.update(orderItems).set({ refundState: "REFUNDED" }).where(eq(orderItems.id, item.id));
        continue;
      }
      await db.update(orderItems).set({ refundState: "REFUNDING" }).where(and(eq(orderItems.id, item.id), eq(orderItems.refundState, "NONE")));
      try {
        // The key makes a retried refund (after a crash, or a concurrent settle) a no-op at the gateway.
        await gateway.refund(currentPayment.sessionId, amount, `refund:${item.id}`);
      } catch (error) {
        console.error("[orders] refund failed; the reconciler will retry", error);
        deps.incidents.report({ kind: "refund_failed", orderId, gateway: gateway.name });
        continue;
      }
      const done = await db.update(orderItems).set({ refundState: "REFUNDED" }).where(and(eq(orderItems.id, item.id), eq(orderItems.refundState, "REFUNDING"))).returning({ id: orderItems.id });
      if (done.length > 0) await db.update(payments).set({ refundedAmount: sql`${payments.refundedAmount} + ${amount}`, updatedAt: new Date() }).where(eq(payments.id, currentPayment.id));
    }
  } else if (gateway && currentPayment?.status === "AUTHORIZED" && !items.some((item) => item.status === "HELD" || item.status === "PENDING")) {
    // Every item is decided: charge what was booked, release the rest of the authorization.
    const amount = items.filter((item) => item.status === "CONFIRMED").reduce((sum, item) => sum + netAmount(item), 0);
    await db.update(payments).set({ captureState: "CAPTURING" }).where(and(eq(payments.id, currentPayment.id), eq(payments.captureState, "NONE")));
    if (amount > 0) {
      await gateway.capture(currentPayment.sessionId, amount, `capture:${currentPayment.id}`);
      await db
        .update(payments)
        .set({ status: "CAPTURED", capturedAmount: amount, captureState: "DONE", updatedAt: new Date() })
        .where(and(eq(payments.id, currentPayment.id), eq(payments.status, "AUTHORIZED")));
    } else {
      await gateway.cancel(currentPayment.sessionId, `void:${currentPayment.id}`);
      await db.update(payments).set({ status: "VOIDED", captureState: "DONE", updatedAt: new Date() }).where(and(eq(payments.id, currentPayment.id), eq(payments.status, "AUTHORIZED")));
    }
    await db.update(orderItems).set({ refundState: "RELEASED" }).where(and(eq(orderItems.orderId, orderId), inArray(orderItems.status, ["FAILED", "CANCELLED"]), eq(orderItems.refundState, "NONE")));
    currentPayment = await paymentOf(db, orderId);
    items = await getOrderItems(db, orderId);
  }

  const confirmed = items.filter((item) => item.status === "CONFIRMED").length;
  const failed = items.filter((item) => isFailed(item.status)).length;
  let outcome: OrderStatus;
  if (items.some((item) => item.status === "HELD")) outcome = "PROCESSING";
  else if (order.paymentMethod === "pay_later") outcome = failed === items.length ? "BOOKING_FAILED" : "PAY_LATER";
  else if (items.some((item) => item.status === "PENDING")) outcome = "ON_HOLD";
  else if (failed === 0) outcome = "CONFIRMED";
  else if (confirmed > 0) outcome = "PARTIALLY_CONFIRMED";
  else outcome = status === "EXPIRED" && !currentPayment?.capturedAmount ? "EXPIRED" : "BOOKING_FAILED";
  return finish(deps, order, outcome, currentPayment);
}

async function finish(deps: CommerceDeps, order: OrderRow, outcome: OrderStatus, payment: PaymentRow | null): Promise<OrderStatus> {
  const db = deps.db;
  if (outcome !== order.status) await db.update(orders).set({ status: outcome, updatedAt: new Date() }).where(eq(orders.id, order.id));
  if (outcome === "BOOKING_FAILED" || outcome === "PAYMENT_FAILED" || outcome === "EXPIRED") await releasePromo(db, order.id);
  if (POSITIVE.includes(outcome) && order.cartId) await clearCartItems(deps.db, order.cartId, order.purchasedAt);
  if (NOTIFIED.includes(outcome)) {
    // Each outcome is told once, however many times settling runs.
    const claimed = await db
      .update(orders)
      .set({ notifiedStatus: outcome })
      .where(and(eq(orders.id, order.id), sql`${orders.notifiedStatus} IS DISTINCT FROM ${outcome}`))
      .returning({ id: orders.id });
    if (claimed.length > 0) {
      if (outcome === "PAYMENT_FAILED") deps.incidents.report({ kind: "payment_failed", orderId: order.id, gateway: payment?.gateway ?? null, declineCode: payment?.declineCode });
      if (outcome === "BOOKING_FAILED") deps.incidents.report({ kind: "booking_failed", orderId: order.id, gateway: payment?.gateway ?? null, declineCode: payment?.declineCode });
      if (outcome === "PARTIALLY_CONFIRMED") deps.incidents.report({ kind: "partially_confirmed", orderId: order.id, gateway: payment?.gateway ?? null });
      await sendOutcomeEmail(deps, order, outcome as NotifiedOutcome).catch((error: unknown) => console.error("[orders] notification failed", error));
    }
  }
  return outcome;
}

async function sendOutcomeEmail(deps: CommerceDeps, order: OrderRow, outcome: NotifiedOutcome): Promise<void> {
  const db = deps.db;
  const items = await getOrderItems(db, order.id);
  const products = await loadProducts(db, items.map((item) => item.productId));
  const locale = order.locale as LocaleCode;
  await notifyOrderOutcome(deps, {
    outcome,
    reference: order.reference,
    locale: order.locale,
    email: order.email,
    phone: `${order.countryCode}${order.phone}`,
    firstName: order.firstName,
    total: order.totalAmount,
    currency: order.currency,
    accessUrlPath: resultPath({ status: outcome, accessToken: order.accessToken }),
    items: items.map((item) => ({ title: products.get(item.productId)?.title[locale] ?? item.productId, localDate: item.localDate, status: item.status })),
  });
}
