/**
 * Cancelling a confirmed booking, whoever asks: the customer from their bookings page, or the team
 * from the console for the customer. Both take the same steps:
 * 1. the product's policy quotes the refund (quoteCancellation: the BookingApi's penalty for the time
 *    left before the start, applied to what the item cost the customer: its amount less its share of
 *    the discount); an admin may override the policy (with a reason) and refund what is left in full;
 * 2. under the order's row lock, the item is claimed CONFIRMED → CANCELLED and its refund, capped by
 *    what is left of the item (less every refund made for it) and by what was captured, reserved on
 *    the payment in the same transaction, with the timeline event (and the team's audit entry; an
 *    agent's refund counts against the agents' limits);
 * 3. the booking is cancelled at the supplier (seats back); a supplier that refuses (a used ticket)
 *    undoes the claim and the reservation;
 * 4. the order is CANCELLED once nothing of it is left, the refund asked of the gateway with an
 *    idempotency key (a retry never pays twice), and the customer told (ITEM_CANCELLED).
 * The team's refund is a refund row (./refunds.server.ts retries it); the customer's is their
 * cancellation record (customer_cancellations), which their bookings page and the console show.
 */
import { and, eq, sql } from "drizzle-orm";
import { isBookingError } from "#app/booking/booking.server";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { customerCancellations, orderItems, orders, payments, products } from "#app/db/schema";
import type { LocaleCode } from "#app/lib/locales";
import { isGatewayName, type GatewayName } from "#app/payments/payments.server";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { can, type StaffRole } from "#app/staff/roles";
import { tellCustomer } from "./notifications/tell-customer.server";
import { recordOrderEvent } from "./order-events.server";
import { getOrderItems, getOrderPayment, type CommerceDeps, type OrderItemRow, type OrderRow, type PaymentRow } from "./order-records.server";
import { assertItemTransition } from "./order-state";
import { netAmount } from "./pricing";
import { askGateway, findItem, holdAgentLimits, lockOrder, refundableForItem, RefundRefused, refusalOf, releaseRefund, reserveRefund, type AgentAllowance, type RefundRow } from "./refunds.server";
import { moveOrderStatus } from "./settle-order.server";

/** The item refundState a team cancellation leaves (settleOrder refunds only NONE/REFUNDING failed items). */
export const TEAM_CANCELLED = "TEAM_CANCELLED";
/** The same for the customer's own cancellation: its money is theirs to follow (customer_cancellations), not the settler's. */
export const CUSTOMER_CANCELLED = "CUSTOMER_CANCELLED";

export type CancellationQuote = {
  allowed: boolean;
  currency: string;
  /** What the customer paid for this booking. */
  paid: number;
  refundAmount: number;
  penaltyPercent: number;
};

/** The customer's share of a refund: the policy's penalty applied to what they paid. */
export function customerRefund(paid: number, penaltyPercent: number): number {
  const penalty = Math.min(100, Math.max(0, penaltyPercent));
  return paid - Math.round((paid * penalty) / 100);
}

/**
 * What cancelling `item` now would refund under its policy. The policy allows a cancellation while it
 * still refunds something (non-refundable and last-minute bookings are kept).
 */
export async function quoteCancellation(deps: Pick<CommerceDeps, "bookingApi">, item: OrderItemRow): Promise<CancellationQuote> {
  const paid = netAmount(item);
  const refused = { allowed: false, currency: item.currency, paid, refundAmount: 0, penaltyPercent: 100 };
  if (item.status !== "CONFIRMED") return refused;
  try {
    const quote = await deps.bookingApi.quoteCancellation(item.bookingUuid);
    const refundAmount = customerRefund(paid, quote.penaltyPercent);
    return { allowed: quote.refund !== "NONE" && refundAmount > 0, currency: item.currency, paid, refundAmount, penaltyPercent: Math.min(100, Math.max(0, quote.penaltyPercent)) };
  } catch (error) {
    if (!isBookingError(error)) throw error;
    return refused;
  }
}

type CapturedPayment = PaymentRow & { gateway: GatewayName };

/** The payment a cancellation can refund from: captured at a gateway (pay later, or paid offline: nothing to give back here). */
async function capturedPayment(db: Database, orderId: string): Promise<CapturedPayment | null> {
  const payment = await getOrderPayment(db, orderId);
  return payment && payment.status === "CAPTURED" && isGatewayName(payment.gateway) ? { ...payment, gateway: payment.gateway } : null;
}

/** Step 2's claim: CONFIRMED → CANCELLED once (false when another cancellation or decision got there first). */
async function claimItem(t: Database, item: OrderItemRow, refundState: string): Promise<boolean> {
  assertItemTransition("CONFIRMED", "CANCELLED");
  const claimed = await t
    .update(orderItems)
    .set({ status: "CANCELLED", refundState })
    .where(and(eq(orderItems.id, item.id), eq(orderItems.status, "CONFIRMED")))
    .returning({ id: orderItems.id });
  return claimed.length > 0;
}

/** Step 2's undo after the supplier refused: the booking stands, so does the item. */
async function unclaimItem(t: Database, item: OrderItemRow): Promise<void> {
  await t
    .update(orderItems)
    .set({ status: "CONFIRMED", refundState: item.refundState })
    .where(and(eq(orderItems.id, item.id), eq(orderItems.status, "CANCELLED")));
}

/** Once nothing of an order is left booked or waiting, it is CANCELLED (along the state machine). */
export async function recomputeAfterCancellation(db: Database, orderId: string, now: Date): Promise<void> {
  const items = await getOrderItems(db, orderId);
  const live = items.some((row) => row.status !== "CANCELLED" && row.status !== "FAILED");
  if (live || !items.some((row) => row.status === "CANCELLED")) return;
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order) await moveOrderStatus(db, orderId, order.status, "CANCELLED", now);
}

// ── The customer asks ────────────────────────────────────────────────────────────────────────────

/** What cancelling uses: the database, the BookingApi, the gateways, and what telling the customer needs. */
export type CancelDeps = Pick<CommerceDeps, "db" | "bookingApi" | "payments" | "mailer" | "whatsapp" | "env" | "clock">;

/** Who asks: a signed-in customer (their account's orders), or a guest holding the order's secret link (that order). */
export type BookingOwner = { userId: string } | { accessToken: string };

/** The owner's own confirmed-or-not booking (its order and item), or null when it is not theirs. */
async function customerItem(db: Database, owner: BookingOwner, itemId: string): Promise<{ order: OrderRow; item: OrderItemRow } | null> {
  if (!/^[0-9a-f-]{36}$/.test(itemId)) return null;
  const ownsOrder = "userId" in owner ? eq(orders.userId, owner.userId) : eq(orders.accessToken, owner.accessToken);
  const [row] = await db.select({ item: orderItems, order: orders }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(and(eq(orderItems.id, itemId), ownsOrder));
  return row ?? null;
}

/** What cancelling now would refund, with the booking's title in `locale`; null when the booking is not the user's. */
export async function quoteCustomerCancellation(deps: CancelDeps, owner: BookingOwner, itemId: string, locale: LocaleCode): Promise<{ item: { id: string; title: string; localDate: string }; quote: CancellationQuote } | null> {
  const found = await customerItem(deps.db, owner, itemId);
  if (!found) return null;
  const { item } = found;
  const [product] = await deps.db.select({ title: productTitle }).from(products).where(eq(products.id, item.productId));
  const title = product?.title[locale] || product?.title.en || item.productId;
  return { item: { id: item.id, title, localDate: item.localDate }, quote: await quoteCancellation(deps, item) };
}

export type CancelOutcome = { status: "cancelled"; refundAmount: number; currency: string; refunded: boolean } | { status: "not-found" } | { status: "not-allowed" };

/** The customer cancels their booking under its policy (see the module comment); a second submit is not allowed. */
export async function cancelCustomerBooking(deps: CancelDeps, owner: BookingOwner, itemId: string): Promise<CancelOutcome> {
  const db = deps.db;
  const found = await customerItem(db, owner, itemId);
  if (!found) return { status: "not-found" };
  const { order, item } = found;
  const quote = await quoteCancellation(deps, item);
  if (!quote.allowed) return { status: "not-allowed" };
  const captured = await capturedPayment(db, order.id);
  const now = deps.clock.now();

  let claimed: { refundAmount: number } | null;
  try {
    claimed = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await lockOrder(t, order.id);
      const refundAmount = captured ? Math.min(quote.refundAmount, Math.max(0, await refundableForItem(t, item))) : 0;
      if (!(await claimItem(t, item, CUSTOMER_CANCELLED))) return null;
      await t
        .insert(customerCancellations)
        .values({ orderItemId: item.id, orderId: order.id, userId: "userId" in owner ? owner.userId : null, currency: order.currency, refundAmount, penaltyPercent: quote.penaltyPercent, refundState: refundAmount > 0 ? "REFUNDING" : "NONE" })
        .onConflictDoNothing();
      if (refundAmount > 0 && captured) await reserveOnPayment(t, captured, refundAmount, now);
      await recordOrderEvent(t, order.id, "item.cancelled_by_customer", { actor: "customer", detail: { itemId: item.id, penaltyPercent: quote.penaltyPercent, refundAmount, currency: order.currency }, now });
      return { refundAmount };
    });
  } catch (error) {
    if (error instanceof RefundRefused) return { status: "not-allowed" };
    throw error;
  }
  if (!claimed) return { status: "not-allowed" };
  const { refundAmount } = claimed;
  try {
    await deps.bookingApi.cancel(item.bookingUuid, { reason: "Cancelled by the customer" });
  } catch (error) {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      if (isBookingError(error)) {
        // The supplier refused: the booking stands, nothing is cancelled and no money moves.
        await unclaimItem(t, item);
        await t.delete(customerCancellations).where(eq(customerCancellations.orderItemId, item.id));
        if (refundAmount > 0 && captured) await reserveOnPayment(t, captured, -refundAmount, now);
        await recordOrderEvent(t, order.id, "item.cancel_refused", { actor: "customer", detail: { itemId: item.id, code: error.code }, now });
      } else if (refundAmount > 0) {
        // The supplier did not answer: the booking may still stand, so the refund waits for a person (the console's queue).
        await t.update(customerCancellations).set({ refundState: "FAILED", updatedAt: now }).where(eq(customerCancellations.orderItemId, item.id));
      }
    });
    if (!isBookingError(error)) throw error;
    return { status: "not-allowed" };
  }
  await recomputeAfterCancellation(db, order.id, now);

  let refunded = false;
  if (refundAmount > 0 && captured) {
    try {
      await deps.payments.get(captured.gateway).refund(captured.sessionId, refundAmount, `cancel:${item.id}`);
      await db.update(customerCancellations).set({ refundState: "REFUNDED", updatedAt: now }).where(and(eq(customerCancellations.orderItemId, item.id), eq(customerCancellations.refundState, "REFUNDING")));
      refunded = true;
    } catch (error) {
      console.error("[cancellation] the customer's refund failed; left FAILED for the console's queue", error);
      await db.update(customerCancellations).set({ refundState: "FAILED", updatedAt: now }).where(eq(customerCancellations.orderItemId, item.id));
    }
  }
  await tellCustomer(deps, { type: "item.cancelled", orderId: order.id, itemId: item.id, refundAmount });
  return { status: "cancelled", refundAmount, currency: order.currency, refunded };
}

/** Reserves `amount` (or gives it back, when negative) on a captured payment: never more than captured, however many ask at once. */
export async function reserveOnPayment(t: Database, payment: PaymentRow, amount: number, now: Date): Promise<void> {
  const moved = await t
    .update(payments)
    .set({ refundedAmount: sql`${payments.refundedAmount} + ${amount}`, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "CAPTURED"), sql`${payments.capturedAmount} - ${payments.refundedAmount} >= ${amount}`))
    .returning({ id: payments.id });
  if (moved.length === 0) throw new RefundRefused("EXCEEDS_CAPTURED");
}

// ── The team asks ────────────────────────────────────────────────────────────────────────────────

export type CancelRefusal = "NOT_FOUND" | "NOT_CANCELLABLE" | "REASON_REQUIRED" | "FORBIDDEN" | "OUTSIDE_POLICY" | "LIMIT" | "EXCEEDS_CAPTURED" | "SUPPLIER_REFUSED";
export type CancelResult =
  | { ok: true; refundAmount: number; currency: string; refund: RefundRow | null }
  | { ok: false; reason: Exclude<CancelRefusal, "LIMIT"> }
  | { ok: false; reason: "LIMIT"; allowance: AgentAllowance };

export type TeamCancelInput = { itemId: string; orderId?: string; reason: string; override: boolean; actor: Actor; role: StaffRole; now?: Date };

/**
 * The team cancels a confirmed booking for the customer (see the module comment): under its policy
 * (what the policy refunds, less what was refunded for the item already), or, for an admin with a
 * reason, against it (what is left of the item, in full). A supplier that does not answer leaves the
 * item cancelled as the team asked, but its refund waits for a person: the booking may still stand.
 */
export async function cancelItemForCustomer(deps: CommerceDeps, input: TeamCancelInput): Promise<CancelResult> {
  const db = deps.db;
  const now = input.now ?? deps.clock.now();
  const reason = input.reason.trim();
  if (input.override && !can(input.role, "policy.override")) return { ok: false, reason: "FORBIDDEN" };
  if (!reason) return { ok: false, reason: "REASON_REQUIRED" };
  const found = await findItem(db, input);
  if (!found) return { ok: false, reason: "NOT_FOUND" };
  const { order, item } = found;
  if (item.status !== "CONFIRMED") return { ok: false, reason: "NOT_CANCELLABLE" };
  const quote = await quoteCancellation(deps, item);
  if (!quote.allowed && !input.override) return { ok: false, reason: "OUTSIDE_POLICY" };
  const captured = await capturedPayment(db, order.id);

  let claimed: { refundAmount: number; refund: RefundRow | null } | null;
  try {
    claimed = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await lockOrder(t, order.id);
      const left = captured ? Math.max(0, await refundableForItem(t, item)) : 0;
      const refundAmount = Math.min(input.override ? netAmount(item) : quote.refundAmount, left);
      if (refundAmount > 0) await holdAgentLimits(t, deps, { orderId: order.id, currency: order.currency, role: input.role, amount: refundAmount, now });
      if (!(await claimItem(t, item, TEAM_CANCELLED))) return null;
      await recordAudit(
        t,
        input.actor,
        { action: input.override ? "booking.cancel_override" : "booking.cancel", subjectType: "order_item", subjectId: item.id, orderId: order.id, before: { status: "CONFIRMED" }, after: { status: "CANCELLED", refundAmount }, reason },
        now,
      );
      await recordOrderEvent(t, order.id, "item.cancelled", {
        actor: input.actor.email,
        detail: { itemId: item.id, reason, override: input.override, penaltyPercent: input.override ? 0 : quote.penaltyPercent, refundAmount, currency: order.currency },
        now,
      });
      const refund =
        refundAmount > 0 && captured
          ? await reserveRefund(t, { order, item, payment: captured, amount: refundAmount, reason, idempotencyKey: `cancel:${item.id}`, actor: input.actor, role: input.role, now })
          : null;
      return { refundAmount, refund };
    });
  } catch (error) {
    if (!(error instanceof RefundRefused)) throw error;
    const refusal = refusalOf(error);
    // EXCEEDS_ITEM cannot happen: the amount was capped by what is left of the item, under the same lock.
    return refusal.reason === "LIMIT" ? refusal : { ok: false, reason: refusal.reason === "EXCEEDS_CAPTURED" ? "EXCEEDS_CAPTURED" : "NOT_CANCELLABLE" };
  }
  if (!claimed) return { ok: false, reason: "NOT_CANCELLABLE" };
  const { refundAmount } = claimed;
  try {
    await deps.bookingApi.cancel(item.bookingUuid, { reason });
  } catch (error) {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      if (isBookingError(error)) await unclaimItem(t, item);
      const released = claimed.refund ? await releaseRefund(t, claimed.refund, input.actor, now) : false;
      if (isBookingError(error)) {
        await recordOrderEvent(t, order.id, "item.cancel_refused", { actor: input.actor.email, detail: { itemId: item.id, code: error.code, ...(released ? { releasedRefundId: claimed.refund?.id } : {}) }, now });
      }
    });
    if (!isBookingError(error)) throw error;
    return { ok: false, reason: "SUPPLIER_REFUSED" };
  }
  await recomputeAfterCancellation(db, order.id, now);

  // One message tells of the cancellation and its refund (askGateway's own is not sent).
  const refund = claimed.refund ? await askGateway(deps, claimed.refund, now, false) : null;
  await tellCustomer(deps, { type: "item.cancelled", orderId: order.id, itemId: item.id, refundAmount });
  return { ok: true, refundAmount, currency: order.currency, refund };
}
