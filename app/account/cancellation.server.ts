/**
 * A customer cancels a confirmed booking from the invoices page. The refund comes from the product's
 * cancellation rules through the booking engine (BookingApi.quoteCancellation: the penalty percent
 * for the time left before the start), applied to what this booking cost the customer (its amount
 * less its share of the discount). The engine's cancel returns the seats to inventory; the refund goes
 * back through the order's payment gateway with an idempotency key, so a retry never pays twice.
 */
import { and, eq, sql } from "drizzle-orm";
import { isBookingError } from "#app/booking/booking.server";
import { getOrderPayment, type CommerceDeps } from "#app/commerce/order-records.server";
import { tellCustomer } from "#app/commerce/notifications/tell-customer.server";
import { customerCancellations, orderItems, payments } from "#app/db/schema";
import type { LocaleCode } from "#app/lib/locales";
import { isGatewayName } from "#app/payments/payments.server";
import { getBookingForUser, type Invoice, type InvoiceItem } from "./orders.server";
import { netAmount } from "#app/commerce/pricing";

export type CancellationQuote = {
  allowed: boolean;
  currency: string;
  /** What the customer paid for this booking. */
  paid: number;
  refundAmount: number;
  penaltyPercent: number;
};

/** The customer's share of a refund: the policy's penalty applied to what they paid. */
/** What cancelling uses: the database, the BookingApi and the gateways. */
export type CancelDeps = Pick<CommerceDeps, "db" | "bookingApi" | "payments" | "mailer" | "whatsapp" | "env" | "clock">;

export function customerRefund(paid: number, penaltyPercent: number): number {
  const penalty = Math.min(100, Math.max(0, penaltyPercent));
  return paid - Math.round((paid * penalty) / 100);
}

/** What cancelling now would refund; null when the booking is not the user's. */
export async function quoteCustomerCancellation(deps: CancelDeps, userId: string, itemId: string, locale: LocaleCode): Promise<{ invoice: Invoice; item: InvoiceItem; quote: CancellationQuote } | null> {
  const found = await getBookingForUser(userId, itemId, locale, deps.db);
  if (!found) return null;
  const { invoice, item } = found;
  const paid = netAmount(item);
  if (item.status !== "CONFIRMED") return { ...found, quote: { allowed: false, currency: invoice.currency, paid, refundAmount: 0, penaltyPercent: 100 } };
  const api = deps.bookingApi;
  try {
    const quote = await api.quoteCancellation(item.bookingUuid);
    const refundAmount = customerRefund(paid, quote.penaltyPercent);
    // The policy allows a cancellation while it still refunds something (non-refundable and
    // last-minute bookings are kept).
    return { ...found, quote: { allowed: quote.refund !== "NONE" && refundAmount > 0, currency: invoice.currency, paid, refundAmount, penaltyPercent: quote.penaltyPercent } };
  } catch (error) {
    if (!isBookingError(error)) throw error;
    return { ...found, quote: { allowed: false, currency: invoice.currency, paid, refundAmount: 0, penaltyPercent: 100 } };
  }
}

export type CancelOutcome = { status: "cancelled"; refundAmount: number; currency: string; refunded: boolean } | { status: "not-found" } | { status: "not-allowed" };

/** Cancels the booking (seats back), records it, and refunds through the gateway. */
export async function cancelCustomerBooking(deps: CancelDeps, userId: string, itemId: string, locale: LocaleCode): Promise<CancelOutcome> {
  const quoted = await quoteCustomerCancellation(deps, userId, itemId, locale);
  if (!quoted) return { status: "not-found" };
  const { invoice, item, quote } = quoted;
  if (!quote.allowed) return { status: "not-allowed" };
  const db = deps.db;
  // Claim the item first: CONFIRMED → CANCELLED with a refund state the order settler leaves alone
  // (it refunds only failed items in NONE/REFUNDING), so the money goes back exactly once, from here.
  const claimed = await db
    .update(orderItems)
    .set({ status: "CANCELLED", refundState: "CUSTOMER_CANCELLED" })
    .where(and(eq(orderItems.id, item.id), eq(orderItems.status, "CONFIRMED")))
    .returning({ id: orderItems.id });
  if (claimed.length === 0) return { status: "not-allowed" };
  await db
    .insert(customerCancellations)
    .values({ orderItemId: item.id, orderId: invoice.id, userId, currency: invoice.currency, refundAmount: quote.refundAmount, penaltyPercent: quote.penaltyPercent, refundState: "REFUNDING" })
    .onConflictDoNothing();
  const api = deps.bookingApi;
  await api.cancel(item.bookingUuid, { reason: "Cancelled by the customer" });

  const payment = await getOrderPayment(db, invoice.id);
  let refunded = false;
  if (payment && payment.status === "CAPTURED" && isGatewayName(payment.gateway) && quote.refundAmount > 0) {
    try {
      await deps.payments.get(payment.gateway).refund(payment.sessionId, quote.refundAmount, `cancel:${item.id}`);
      const done = await db
        .update(customerCancellations)
        .set({ refundState: "REFUNDED", updatedAt: new Date() })
        .where(and(eq(customerCancellations.orderItemId, item.id), eq(customerCancellations.refundState, "REFUNDING")))
        .returning({ id: customerCancellations.orderItemId });
      if (done.length > 0) await db.update(payments).set({ refundedAmount: sql`${payments.refundedAmount} + ${quote.refundAmount}`, updatedAt: new Date() }).where(eq(payments.id, payment.id));
      refunded = true;
    } catch (error) {
      console.error("[account] refund after cancellation failed; left REFUNDING for a retry", error);
      await db.update(customerCancellations).set({ refundState: "FAILED", updatedAt: new Date() }).where(eq(customerCancellations.orderItemId, item.id));
    }
  } else {
    // Pay-later bookings (nothing captured): nothing to pay back.
    await db.update(customerCancellations).set({ refundState: "NONE", updatedAt: new Date() }).where(eq(customerCancellations.orderItemId, item.id));
  }
  await tellCustomer(deps, { type: "item.cancelled", orderId: invoice.id, itemId: item.id, refundAmount: quote.refundAmount });
  return { status: "cancelled", refundAmount: quote.refundAmount, currency: invoice.currency, refunded };
}
