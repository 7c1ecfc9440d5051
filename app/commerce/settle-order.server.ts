/**
 * Settling an order as payment news arrives (webhook, browser return, reconciler). Settling is a
 * function of what is stored — payment status, item statuses — and every step in it is idempotent
 * or guarded by a conditional update, so it can run twice, concurrently, or again after a crash at
 * any point: bookings are confirmed once, money is captured once and refunded once per failed item.
 */
import { BookingStatus } from "@octocloud/types";
import { and, eq, inArray, sql } from "drizzle-orm";
import { isBookingError } from "#app/booking/booking.server";
import { orderItems, orders, payments } from "#app/db/schema";
import { isGatewayName } from "#app/payments/payments.server";
import type { PaymentGateway } from "#app/payments/gateway";
import type { Database } from "#app/db/db.server";
import { clearCartItems } from "./cart.server";
import { canTransition } from "./order-state";
import type { NotifiedOutcome } from "./notifications/customer-events";
import { noticeDueAt, tellCustomer } from "./notifications/tell-customer.server";
import { followOfferOrder } from "./offer-orders.server";
import { changeWithEvent } from "./order-events.server";
import { settlePayLaterPayment } from "./pay-later.server";
import {
  cancelHold,
  confirmedAmount,
  contactOf,
  getOrderItems,
  getOrderPayment,
  type CommerceDeps,
  type ItemStatus,
  type OrderItemRow,
  type OrderRow,
  type OrderStatus,
  type PaymentRow,
} from "./order-records.server";
import { netAmount } from "./pricing";
import { releasePromo } from "./promo.server";

const POSITIVE: OrderStatus[] = ["CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER"];
const NOTIFIED: OrderStatus[] = ["CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER", "PAYMENT_FAILED", "BOOKING_FAILED"];

const isFailed = (status: string) => status === "FAILED" || status === "CANCELLED";

/**
 * Drives an order as far as its stored state allows and returns its status: confirms held
 * bookings once money is secured, polls on-request bookings, refunds items that failed after a
 * capture, captures (or releases) an authorization once every item is decided, then records the
 * outcome, empties the cart and tells the customer once per outcome.
 */
export async function settleOrder(deps: CommerceDeps, orderId: string): Promise<OrderStatus | null> {
  const db = deps.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const status = order.status as OrderStatus;
  if (status === "PLACING" || status === "REFUSED" || status === "REVIEW") return status;
  const payment = await getOrderPayment(db, orderId);
  const gateway = payment && isGatewayName(payment.gateway) ? deps.payments.get(payment.gateway) : null;
  const needsPayment = order.paymentMethod === "card" && order.totalAmount > 0;

  if (order.paymentMethod === "pay_later" && status !== "PROCESSING") {
    // Pay later after placing: only a hosted payment (a link, "Pay now") moves it, in its own module.
    if (payment && gateway) return (await settlePayLaterPayment(deps, order, payment, gateway)) as OrderStatus;
    return status;
  }

  if (needsPayment) {
    if (!payment || payment.status === "CREATED") return status;
    if (payment.status === "FAILED" || (payment.status === "VOIDED" && payment.capturedAmount === 0 && status === "AWAITING_PAYMENT")) {
      await releaseHeldItems(deps, orderId);
      return finish(deps, order, status === "EXPIRED" ? "EXPIRED" : "PAYMENT_FAILED", payment);
    }
  }

  // Money is secured (authorized or captured), or not needed: the holds become bookings.
  await decideBookings(deps, order);

  let items = await getOrderItems(db, orderId);
  let currentPayment = payment;
  if (gateway && currentPayment?.status === "CAPTURED") {
    await refundFailedItems(deps, gateway, currentPayment, items);
  } else if (gateway && currentPayment?.status === "AUTHORIZED" && !items.some((item) => item.status === "HELD" || item.status === "PENDING")) {
    await captureWhatWasBooked(deps, gateway, currentPayment, items);
    currentPayment = await getOrderPayment(db, orderId);
    items = await getOrderItems(db, orderId);
  }

  return finish(deps, order, outcomeOf(order, items, currentPayment), currentPayment, items);
}

/** Cancels every hold the order still has (its payment failed or never came). */
async function releaseHeldItems(deps: CommerceDeps, orderId: string): Promise<void> {
  for (const item of await getOrderItems(deps.db, orderId)) {
    if (item.status !== "HELD") continue;
    await cancelHold(deps.bookingApi, item.bookingUuid);
    await deps.db.update(orderItems).set({ status: "CANCELLED" }).where(and(eq(orderItems.id, item.id), eq(orderItems.status, "HELD")));
  }
}

/** Confirms each held booking and asks after each on-request one; every item moves at most once. */
async function decideBookings(deps: CommerceDeps, order: OrderRow): Promise<void> {
  const { db, bookingApi: api } = deps;
  for (const item of await getOrderItems(db, order.id)) {
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
      await changeWithEvent(db, order.id, next === "FAILED" ? "item.failed" : next === "PENDING" ? "item.pending" : "item.booked", async (t) => {
        const moved = await t.update(orderItems).set({ status: next, failureCode }).where(and(eq(orderItems.id, item.id), eq(orderItems.status, "HELD"))).returning({ id: orderItems.id });
        return moved.length > 0;
      }, { detail: { itemId: item.id, ...(failureCode ? { code: failureCode } : {}) } });
    } else if (item.status === "PENDING") {
      const booking = await api.getBooking(item.bookingUuid);
      const decided = booking?.status === BookingStatus.CONFIRMED ? "CONFIRMED" : booking && booking.status !== BookingStatus.PENDING ? "FAILED" : null;
      if (decided) {
        const code = decided === "FAILED" ? (booking?.status ?? null) : null;
        await changeWithEvent(db, order.id, decided === "FAILED" ? "item.failed" : "item.booked", async (t) => {
          const moved = await t
            .update(orderItems)
            .set({ status: decided, failureCode: code })
            .where(and(eq(orderItems.id, item.id), eq(orderItems.status, "PENDING")))
            .returning({ id: orderItems.id });
          return moved.length > 0;
        }, { detail: { itemId: item.id, ...(code ? { code } : {}) } });
      }
    }
  }
}

/** Money was captured: each failed item is refunded once (a crash mid-refund is retried with the same key). */
async function refundFailedItems(deps: CommerceDeps, gateway: PaymentGateway, payment: PaymentRow, items: OrderItemRow[]): Promise<void> {
  const db = deps.db;
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
      await gateway.refund(payment.sessionId, amount, `refund:${item.id}`);
    } catch (error) {
      console.error("[orders] refund failed; the reconciler will retry", error);
      deps.incidents.report({ kind: "refund_failed", orderId: payment.orderId, gateway: gateway.name });
      continue;
    }
    await changeWithEvent(db, payment.orderId, "payment.refunded", async (t) => {
      const done = await t.update(orderItems).set({ refundState: "REFUNDED" }).where(and(eq(orderItems.id, item.id), eq(orderItems.refundState, "REFUNDING"))).returning({ id: orderItems.id });
      if (done.length === 0) return false;
      await t.update(payments).set({ refundedAmount: sql`${payments.refundedAmount} + ${amount}`, updatedAt: new Date() }).where(eq(payments.id, payment.id));
      return true;
    }, { detail: { paymentId: payment.id, itemId: item.id, amount, currency: payment.currency, code: item.failureCode ?? item.status } });
  }
}

/** Every item is decided: charge what was booked, release the rest of the authorization. */
async function captureWhatWasBooked(deps: CommerceDeps, gateway: PaymentGateway, payment: PaymentRow, items: OrderItemRow[]): Promise<void> {
  const db = deps.db;
  const amount = confirmedAmount(items);
  await db.update(payments).set({ captureState: "CAPTURING" }).where(and(eq(payments.id, payment.id), eq(payments.captureState, "NONE")));
  const detail = { paymentId: payment.id, gateway: payment.gateway, amount, currency: payment.currency };
  if (amount > 0) {
    await gateway.capture(payment.sessionId, amount, `capture:${payment.id}`);
    await changeWithEvent(db, payment.orderId, "payment.captured", async (t) => {
      const moved = await t
        .update(payments)
        .set({ status: "CAPTURED", capturedAmount: amount, captureState: "DONE", updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "AUTHORIZED")))
        .returning({ id: payments.id });
      return moved.length > 0;
    }, { detail });
  } else {
    await gateway.cancel(payment.sessionId, `void:${payment.id}`);
    await changeWithEvent(db, payment.orderId, "payment.voided", async (t) => {
      const moved = await t.update(payments).set({ status: "VOIDED", captureState: "DONE", updatedAt: new Date() }).where(and(eq(payments.id, payment.id), eq(payments.status, "AUTHORIZED"))).returning({ id: payments.id });
      return moved.length > 0;
    }, { detail: { ...detail, amount: payment.amount } });
  }
  await db.update(orderItems).set({ refundState: "RELEASED" }).where(and(eq(orderItems.orderId, payment.orderId), inArray(orderItems.status, ["FAILED", "CANCELLED"]), eq(orderItems.refundState, "NONE")));
}

/** The order's status given its items and payment once this pass has moved them. */
function outcomeOf(order: OrderRow, items: OrderItemRow[], payment: PaymentRow | null): OrderStatus {
  const confirmed = items.filter((item) => item.status === "CONFIRMED").length;
  const failed = items.filter((item) => isFailed(item.status)).length;
  if (items.some((item) => item.status === "HELD")) return "PROCESSING";
  if (order.paymentMethod === "pay_later") return failed === items.length ? "BOOKING_FAILED" : "PAY_LATER";
  if (items.some((item) => item.status === "PENDING")) return "ON_HOLD";
  if (failed === 0) return "CONFIRMED";
  if (confirmed > 0) return "PARTIALLY_CONFIRMED";
  return order.status === "EXPIRED" && !payment?.capturedAmount ? "EXPIRED" : "BOOKING_FAILED";
}

/**
 * Records the outcome, frees the promo or empties the cart, and tells the customer once per outcome.
 * `items`: the order's items as this pass left them, when it has them (spares reading them again).
 */
async function finish(deps: CommerceDeps, order: OrderRow, outcome: OrderStatus, payment: PaymentRow | null, items?: OrderItemRow[]): Promise<OrderStatus> {
  const db = deps.db;
  if (outcome !== order.status) await moveOrderStatus(db, order.id, order.status, outcome);
  if (outcome !== order.status) await followOfferOrder(db, order.id, outcome);
  if (outcome === "BOOKING_FAILED" || outcome === "PAYMENT_FAILED" || outcome === "EXPIRED") await releasePromo(db, order.id);
  if (POSITIVE.includes(outcome) && order.cartId) await clearCartItems(deps.db, order.cartId, order.purchasedAt);
  if (NOTIFIED.includes(outcome)) {
    // An order the team rejected item by item has told the customer each decision with its reason
    // (decide-pending.server.ts); a "we ran into a problem" email, or an incident, would be wrong.
    const rejectedByDecision = outcome === "BOOKING_FAILED" && (items ?? (await getOrderItems(db, order.id))).every((item) => item.decision === "REJECTED");
    // Each outcome is told once, however many times settling runs. The claim also records the notice
    // as owed, so a crash before it is sent leaves it to the reconciler (sendOwedNotices).
    const claimed = await db
      .update(orders)
      .set({ notifiedStatus: outcome, noticeDueAt: rejectedByDecision ? null : noticeDueAt(deps.clock.now()) })
      .where(and(eq(orders.id, order.id), sql`${orders.notifiedStatus} IS DISTINCT FROM ${outcome}`))
      .returning({ id: orders.id });
    if (claimed.length > 0 && !rejectedByDecision) {
      if (outcome === "PAYMENT_FAILED") deps.incidents.report({ kind: "payment_failed", orderId: order.id, reference: order.reference, gateway: payment?.gateway ?? null, declineCode: payment?.declineCode });
      if (outcome === "BOOKING_FAILED") deps.incidents.report({ kind: "booking_failed", orderId: order.id, reference: order.reference, gateway: payment?.gateway ?? null, declineCode: payment?.declineCode });
      if (outcome === "PARTIALLY_CONFIRMED") deps.incidents.report({ kind: "partially_confirmed", orderId: order.id, reference: order.reference, gateway: payment?.gateway ?? null });
      await tellCustomer(deps, { type: "order.outcome", orderId: order.id, outcome: outcome as NotifiedOutcome });
    }
  }
  return outcome;
}

/**
 * Moves an order to `to` if the state machine allows it from the status it has now: a conditional
 * update on the status read, retried once against a status another writer set meanwhile. An illegal
 * move (a confirmed order that settling would demote, say) leaves the order as it is. True when moved.
 */
export async function moveOrderStatus(db: Database, orderId: string, from: string, to: OrderStatus, now: Date = new Date()): Promise<boolean> {
  let current = from;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (current === to) return false;
    if (!canTransition(current, to)) {
      console.warn(`[orders] order ${orderId} stays ${current}: ${current} → ${to} is not a legal move`);
      return false;
    }
    const from = current;
    const moved = await changeWithEvent(db, orderId, `order.${to.toLowerCase() as Lowercase<OrderStatus>}`, async (t) => {
      const rows = await t.update(orders).set({ status: to, updatedAt: now }).where(and(eq(orders.id, orderId), eq(orders.status, from))).returning({ id: orders.id });
      return rows.length > 0;
    }, { detail: { from }, now });
    if (moved) return true;
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!row) return false;
    current = row.status;
  }
  return false;
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
  const claimed = await changeWithEvent(db, orderId, "order.expired", async (t) => {
    const rows = await t.update(orders).set({ status: "EXPIRED", updatedAt: new Date() }).where(and(eq(orders.id, orderId), eq(orders.status, "AWAITING_PAYMENT"))).returning({ id: orders.id });
    return rows.length > 0;
  }, { detail: { from: "AWAITING_PAYMENT" } });
  if (!claimed) return;
  const payment = await getOrderPayment(db, orderId);
  if (payment && isGatewayName(payment.gateway)) {
    await deps.payments
      .get(payment.gateway)
      .cancel(payment.sessionId, `abandon:${payment.id}`)
      .catch((error: unknown) => console.error("[orders] closing the payment session failed", error));
  }
  await releaseHeldItems(deps, orderId);
  await releasePromo(db, orderId);
  await followOfferOrder(db, orderId, "EXPIRED");
}
