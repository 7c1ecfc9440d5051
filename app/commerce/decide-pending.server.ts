/**
 * The decision on an on-request item: the team confirms or rejects it from the console, or the
 * reconciler rejects it when nobody decided in time (ON_REQUEST_AUTO_REJECT_HOURS, before the card
 * authorisation lapses). Both go through here, so the effects are the same:
 *
 * 1. the decision is claimed on the item (a conditional update: whoever claims first decides; an
 *    agent and the reconciler, or two agents, acting at once end with exactly one decision), with its
 *    audit entry and timeline event in the same transaction;
 * 2. the supplier is told through the BookingApi (settlePending: a rejection returns the seats, once);
 * 3. the order is settled: the authorisation is captured for what was confirmed, once, or voided, and
 *    the order's status recomputed along the state machine;
 * 4. the customer is told by email and WhatsApp in their language, and the messages recorded (when the
 *    decision ends the order confirmed or partly confirmed, the order's outcome email tells it instead).
 *
 * A crash between 1 and 3 leaves a claimed, undecided item that the reconciler finishes (resumeDecisions).
 */
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { isBookingError } from "#app/booking/booking.server";
import type { Database } from "#app/db/db.server";
import { orderItems, orders } from "#app/db/schema";
import { recordAudit, SYSTEM_ACTOR, type Actor } from "#app/staff/audit.server";
import { tellCustomer } from "./notifications/tell-customer.server";
import { AUTO_REJECT_REASON } from "./notifications/templates";
import { recordOrderEvent } from "./order-events.server";
import { type CommerceDeps, type OrderItemRow, type OrderStatus } from "./order-records.server";
import { assertItemTransition } from "./order-state";
import { settleOrder } from "./settle-order.server";

export type PendingDecision = "CONFIRMED" | "REJECTED";


export type DecisionRefusal = "NOT_FOUND" | "NOT_PENDING" | "ALREADY_DECIDED" | "SUPPLIER_REFUSED";
export type DecisionResult = { ok: true; orderId: string; orderStatus: OrderStatus | null } | { ok: false; reason: DecisionRefusal };

type DecideInput = { itemId: string; actor: Actor; orderId?: string; now?: Date };

/** Confirms an on-request item: booked at the supplier, its share captured, the customer told. */
export function confirmPendingItem(deps: CommerceDeps, input: DecideInput): Promise<DecisionResult> {
  return decidePendingItem(deps, { ...input, decision: "CONFIRMED", reason: null });
}

/** Rejects an on-request item with a reason the customer reads: seats released, its money voided or refunded. */
export function rejectPendingItem(deps: CommerceDeps, input: DecideInput & { reason: string }): Promise<DecisionResult> {
  return decidePendingItem(deps, { ...input, decision: "REJECTED", reason: input.reason.trim() || null });
}

async function decidePendingItem(deps: CommerceDeps, input: DecideInput & { decision: PendingDecision; reason: string | null }): Promise<DecisionResult> {
  const db = deps.db;
  const now = input.now ?? new Date();
  const claimed = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [item] = await t
      .update(orderItems)
      .set({ decision: input.decision, decisionReason: input.reason, decidedBy: input.actor.email, decidedAt: now })
      .where(and(eq(orderItems.id, input.itemId), eq(orderItems.status, "PENDING"), isNull(orderItems.decision), input.orderId ? eq(orderItems.orderId, input.orderId) : undefined))
      .returning();
    if (!item) return null;
    await recordAudit(
      t,
      input.actor,
      {
        action: input.decision === "CONFIRMED" ? "booking.confirm" : "booking.reject",
        subjectType: "order_item",
        subjectId: item.id,
        orderId: item.orderId,
        before: { status: "PENDING" },
        after: { decision: input.decision },
        reason: input.reason,
      },
      now,
    );
    await recordOrderEvent(t, item.orderId, input.decision === "CONFIRMED" ? "item.confirmed" : "item.rejected", { actor: input.actor.email, detail: { itemId: item.id, reason: input.reason }, now });
    return item;
  });
  if (!claimed) {
    const [item] = await db.select().from(orderItems).where(eq(orderItems.id, input.itemId));
    if (!item || (input.orderId && item.orderId !== input.orderId)) return { ok: false, reason: "NOT_FOUND" };
    return { ok: false, reason: item.decision ? "ALREADY_DECIDED" : "NOT_PENDING" };
  }
  return finishDecision(deps, claimed);
}

/** Steps 2–4 for a claimed item (also the reconciler's way to finish one a crash left half done). */
async function finishDecision(deps: CommerceDeps, item: OrderItemRow): Promise<DecisionResult> {
  const decision = item.decision as PendingDecision;
  const applied = await tellSupplier(deps, item, decision);
  if (!applied) {
    // Only the supplier confirms (an OCTO supplier that has not): the item goes back to the queue.
    await deps.db
      .update(orderItems)
      .set({ decision: null, decisionReason: null, decidedBy: null, decidedAt: null })
      .where(and(eq(orderItems.id, item.id), eq(orderItems.status, "PENDING")));
    return { ok: false, reason: "SUPPLIER_REFUSED" };
  }
  const orderStatus = await settleOrder(deps, item.orderId);
  // The last decision of an order that ends (partly) confirmed is told by the order's outcome email,
  // which lists every item with its status and reason and carries the tickets: one email, not two.
  if (orderStatus === "CONFIRMED" || orderStatus === "PARTIALLY_CONFIRMED") return { ok: true, orderId: item.orderId, orderStatus };
  await tellCustomer(deps, { type: "item.decided", orderId: item.orderId, itemId: item.id });
  return { ok: true, orderId: item.orderId, orderStatus };
}

/** The booking as the supplier now has it decides the item's status; false when it is still pending. */
async function tellSupplier(deps: CommerceDeps, item: OrderItemRow, decision: PendingDecision): Promise<boolean> {
  const api = deps.bookingApi;
  let status: string | undefined;
  try {
    status = (await api.settlePending(item.bookingUuid, decision)).status;
  } catch (error) {
    if (!isBookingError(error)) throw error;
    // Decided otherwise already (the supplier, or a hold that lapsed): the item follows the booking.
    status = (await api.getBooking(item.bookingUuid))?.status ?? "CANCELLED";
  }
  if (status === "PENDING") return false;
  const next = status === "CONFIRMED" ? "CONFIRMED" : "FAILED";
  assertItemTransition("PENDING", next);
  await deps.db
    .update(orderItems)
    .set({ status: next, failureCode: next === "FAILED" ? (decision === "REJECTED" ? "REJECTED" : status) : null })
    .where(and(eq(orderItems.id, item.id), eq(orderItems.status, "PENDING")));
  return true;
}

/** When an undecided item is rejected automatically: ON_REQUEST_AUTO_REJECT_HOURS after its purchase. */
export function autoRejectAt(purchasedAt: Date, hours: number): Date {
  return new Date(purchasedAt.getTime() + hours * 3_600_000);
}

/**
 * The reconciler's part: finishes decisions a crash left claimed but untold, then rejects every
 * on-request item nobody decided before its deadline (same effects as an agent's rejection).
 * Returns how many items it decided.
 */
export async function rejectOverdueItems(deps: CommerceDeps, now: Date, limit = 100): Promise<{ rejected: number; resumed: number }> {
  const db = deps.db;
  const resumable = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.status, "PENDING"), isNotNull(orderItems.decision), lt(orderItems.decidedAt, new Date(now.getTime() - 60_000))))
    .limit(limit);
  let resumed = 0;
  for (const item of resumable) if ((await finishDecision(deps, item)).ok) resumed += 1;

  const deadline = new Date(now.getTime() - deps.env.ON_REQUEST_AUTO_REJECT_HOURS * 3_600_000);
  const overdue = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.status, "PENDING"), isNull(orderItems.decision), lt(orders.purchasedAt, deadline)))
    .limit(limit);
  let rejected = 0;
  for (const { id } of overdue) {
    const result = await rejectPendingItem(deps, { itemId: id, actor: SYSTEM_ACTOR, reason: AUTO_REJECT_REASON, now });
    if (result.ok) rejected += 1;
  }
  return { rejected, resumed };
}
