/**
 * Outcome notices that did not go out when they were claimed (the request crashed first, or the email
 * failed): the reconciler sends them when due; and an agent may send a recorded outcome email again
 * from the console (rebuilt from the order as it is now).
 */
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { orderMessages, orders } from "#app/db/schema";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { isNotifiedOutcome } from "./customer-events";
import { noticeDueAt, tellCustomer, type NotifyDeps, type SentMessage } from "./tell-customer.server";

/**
 * Sends the notices still owed at `now`: each is claimed first by moving its due time on, so another
 * pass or instance does not send it too. Returns how many were sent, and how many failed again.
 */
export async function sendOwedNotices(deps: NotifyDeps, now: Date, limit = 100): Promise<{ sent: number; failed: number }> {
  const owed = await deps.db
    .select()
    .from(orders)
    .where(and(isNotNull(orders.noticeDueAt), lte(orders.noticeDueAt, now), isNotNull(orders.notifiedStatus)))
    .orderBy(asc(orders.noticeDueAt))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const order of owed) {
    const outcome = order.notifiedStatus;
    if (!outcome || !isNotifiedOutcome(outcome)) {
      await deps.db.update(orders).set({ noticeDueAt: null }).where(eq(orders.id, order.id));
      continue;
    }
    const claimed = await deps.db
      .update(orders)
      .set({ noticeDueAt: noticeDueAt(now) })
      .where(and(eq(orders.id, order.id), eq(orders.noticeDueAt, order.noticeDueAt!), eq(orders.notifiedStatus, outcome)))
      .returning({ id: orders.id });
    if (claimed.length === 0) continue;
    const delivery = await tellCustomer(deps, { type: "order.outcome", orderId: order.id, outcome });
    if (delivery.emailError) failed += 1;
    else sent += 1;
  }
  return { sent, failed };
}

export type ResendResult = { ok: true; message: SentMessage } | { ok: false; reason: "NOT_FOUND" | "NOT_RESENDABLE" | "FAILED" };

/**
 * Sends a recorded outcome email of an order again, rebuilt from the order as it is now and the
 * message's kind, to the order's address (the new message is recorded like any), and audits the resend
 * as `actor`'s.
 */
export async function resendOrderEmail(deps: NotifyDeps, orderId: string, messageId: number, actor: Actor, now: Date): Promise<ResendResult> {
  const [found] = await deps.db.select().from(orderMessages).where(and(eq(orderMessages.id, messageId), eq(orderMessages.orderId, orderId)));
  if (!found) return { ok: false, reason: "NOT_FOUND" };
  if (found.channel !== "email" || !isNotifiedOutcome(found.kind)) return { ok: false, reason: "NOT_RESENDABLE" };
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: "NOT_FOUND" };
  const delivery = await tellCustomer(deps, { type: "order.outcome", orderId, outcome: found.kind }, { channels: ["email"] });
  const message = delivery.messages[0];
  await recordAudit(deps.db, actor, { action: "message.resent", subjectType: "order_message", subjectId: String(messageId), orderId, after: { kind: found.kind, channel: "email", recipient: order.email, status: message?.status ?? "FAILED" } }, now);
  return message?.status === "SENT" ? { ok: true, message } : { ok: false, reason: "FAILED" };
}
