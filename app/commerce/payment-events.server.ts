/**
 * Payment news from a gateway (a webhook, or the reconciler asking after a session): each event is
 * recorded once, checked against what the order owes, applied to the payment, and the order settled.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { orders, paymentEvents, payments } from "#app/db/schema";
import { isGatewayName } from "#app/payments/payments.server";
import type { PaymentEvent } from "#app/payments/gateway";
import { applyChangePaymentEvent } from "./manage-booking.server";
import { changeWithEvent } from "./order-events.server";
import { confirmedAmount, getOrderItems, getOrderPayment, type CommerceDeps, type PaymentRow } from "./order-records.server";
import { verifyPaymentEvent, type IntegrityProblem } from "./payment-integrity";
import { abandonOrder, settleOrder } from "./settle-order.server";

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
  if (!(await recordEventOnce(db, gatewayName, event))) return "duplicate";
  const [payment] = await db.select().from(payments).where(and(eq(payments.gateway, gatewayName), eq(payments.sessionId, event.sessionId)));
  if (!payment || payment.purpose === "CHANGE") {
    // Not an order's payment: perhaps a guest's move paying its difference (its own session and checks).
    const wasMove = await applyChangePaymentEvent(deps, gatewayName, event);
    await markProcessed(db, gatewayName, event.id);
    return wasMove ? "applied" : "unknown_session";
  }
  const verdict = verifyPaymentEvent(
    { ...payment, captureAmount: payment.captureState === "NONE" ? null : confirmedAmount(await getOrderItems(db, payment.orderId)) },
    { type: event.type, amount: event.amount, currency: event.currency, orderId: event.orderId ?? null, method: event.method ?? null },
  );
  if (!verdict.ok) {
    await holdForReview(deps, payment, event, verdict.problem);
    await markProcessed(db, gatewayName, event.id);
    return "review";
  }
  await movePayment(db, payment, event);
  if (options.settle !== false) await settleOrder(deps, payment.orderId);
  await markProcessed(db, gatewayName, event.id);
  return "applied";
}

/** Stores the event; false when it was seen and fully handled before (a seen but unfinished one, after a crash, is handled again). */
async function recordEventOnce(db: Database, gatewayName: string, event: PaymentEvent): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({ gateway: gatewayName, eventId: event.id, type: event.type, sessionId: event.sessionId, payload: event.raw })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (inserted.length > 0) return true;
  const [seen] = await db.select().from(paymentEvents).where(and(eq(paymentEvents.gateway, gatewayName), eq(paymentEvents.eventId, event.id)));
  return !seen?.processedAt;
}

/**
 * The payment's status change an event brings, from the states that may precede it, with its step on
 * the order's story (only when it moved the payment: a repeated or late event tells nothing new).
 */
async function movePayment(db: Database, payment: PaymentRow, event: PaymentEvent): Promise<void> {
  const now = new Date();
  const method = event.method ?? null;
  const detail = {
    paymentId: payment.id,
    gateway: payment.gateway,
    amount: event.amount ?? payment.amount,
    currency: event.currency ?? payment.currency,
    ...(event.declineCode ? { declineCode: event.declineCode } : {}),
    ...(method ? { method } : {}),
  };
  // How the customer paid is kept once the gateway says (a later event without it keeps what was said).
  const withMethod = method ? { method } : {};
  const move = async (kind: "payment.authorized" | "payment.captured" | "payment.failed" | "payment.voided", changes: Partial<PaymentRow>, from: string[]) => {
    await changeWithEvent(db, payment.orderId, kind, async (t) => {
      const moved = await t
        .update(payments)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, from)))
        .returning({ id: payments.id });
      return moved.length > 0;
    }, { detail, now });
  };
  switch (event.type) {
    case "payment.authorized":
      return move("payment.authorized", { status: "AUTHORIZED", ...withMethod }, ["CREATED"]);
    case "payment.captured":
      // verifyPaymentEvent has checked the amount: it is what the order owes (or the capture we asked for).
      return move("payment.captured", { status: "CAPTURED", capturedAmount: event.amount!, captureState: "DONE", ...withMethod }, ["CREATED", "AUTHORIZED"]);
    case "payment.failed":
      return move("payment.failed", { status: "FAILED", declineCode: event.declineCode, ...withMethod }, ["CREATED"]);
    case "payment.voided":
      return move("payment.voided", { status: "VOIDED" }, ["CREATED", "AUTHORIZED"]);
    case "payment.refunded":
      // Our own refunds coming back; they were recorded when they were made.
      return;
  }
}

/**
 * A gateway's report broke the integrity rule: the order stops where it is (nothing is confirmed or
 * released), its holds are stretched to their longest so the seats stay while the team looks, and
 * support hears of it. Final orders keep their status; the incident still goes out.
 */
async function holdForReview(deps: CommerceDeps, payment: PaymentRow, event: PaymentEvent, problem: IntegrityProblem): Promise<void> {
  const moved = await changeWithEvent(deps.db, payment.orderId, "order.review", async (t) => {
    const rows = await t
      .update(orders)
      .set({ status: "REVIEW", updatedAt: new Date() })
      .where(and(eq(orders.id, payment.orderId), inArray(orders.status, ["AWAITING_PAYMENT", "PROCESSING", "ON_HOLD", "PAY_LATER"])))
      .returning({ id: orders.id });
    return rows.length > 0;
  }, { detail: { problem, eventId: event.id, amount: event.amount, currency: event.currency } });
  console.error(`[orders] payment event ${event.id} for order ${payment.orderId} refused (${problem}): reported ${event.amount} ${event.currency}, owed ${payment.amount} ${payment.currency}`);
  deps.incidents.report({ kind: "payment_mismatch", orderId: payment.orderId, gateway: payment.gateway, integrityProblem: problem });
  if (!moved) return;
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
  const payment = await getOrderPayment(deps.db, orderId);
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
      method: state.method,
      raw: { source: "reconciler", status: state.status },
    });
  } else if (state.status === "expired") {
    await abandonOrder(deps, orderId);
    // A payment link nobody used stops being offered (a pay-later order opens a new one on "Pay now").
    await deps.db.update(payments).set({ status: "VOIDED", updatedAt: new Date() }).where(and(eq(payments.id, payment.id), eq(payments.status, "CREATED")));
  }
}
