/**
 * What a staff member can do on the console's order page — confirm or reject an on-request booking,
 * refund part of a booked line, cancel it for the customer, retry a refused refund — as one call from
 * the posted fields to the notice the page shows and the HTTP status it answers with.
 */
import type { Actor } from "#app/staff/audit.server";
import type { StaffRole } from "#app/staff/roles";
import { isCurrencyCode, toMinor } from "#app/lib/money";
import { findOrderByReference } from "./back-office.server";
import { cancelItemForCustomer } from "./cancellation.server";
import { confirmPendingItem, rejectPendingItem } from "./decide-pending.server";
import { DecisionSchema } from "./decision-schema";
import type { CommerceDeps } from "./order-records.server";
import { RefundFormSchema } from "./refund-schema";
import { refundItem, retryRefund, type AgentAllowance } from "./refunds.server";

/** `allowance`: a refusal at the agents' limit says what is left of it (the key interpolates `remaining` and `limit`). */
export type OrderNotice = { key: string; tone: "ok" | "bad"; allowance?: AgentAllowance };

export type OrderActionResult = { notice: OrderNotice; itemId?: string; status: number } | { notFound: true };

export type OrderIntent = "confirm" | "reject" | "refund" | "cancel" | "retryRefund";

/** Why a decision was refused, by the reason the booking side gives: the message key (a refusal is told as `bad`). */
const DECISION_REFUSALS: Record<string, string> = {
  NOT_FOUND: "admin.errors.notFound",
  NOT_PENDING: "admin.decide.notPending",
  ALREADY_DECIDED: "admin.decide.alreadyDecided",
  SUPPLIER_REFUSED: "admin.decide.supplierRefused",
};

/** Why a refund, a cancellation or a retry was refused, by the reason refunds give: the message key. */
const REFUND_REFUSALS: Record<string, string> = {
  NOT_FOUND: "admin.errors.notFound",
  NOT_REFUNDABLE: "admin.refunds.notRefundable",
  INVALID_AMOUNT: "admin.refunds.amountInvalid",
  REASON_REQUIRED: "admin.refunds.reasonRequired",
  EXCEEDS_ITEM: "admin.refunds.exceedsItem",
  EXCEEDS_CAPTURED: "admin.refunds.exceedsCaptured",
  NOT_CANCELLABLE: "admin.refunds.notCancellable",
  FORBIDDEN: "admin.refunds.overrideForbidden",
  OUTSIDE_POLICY: "admin.refunds.outsidePolicy",
  SUPPLIER_REFUSED: "admin.refunds.supplierRefused",
  NOT_FAILED: "admin.refunds.notFailed",
};

/** What the team is told of a refund the gateway was asked for, by the refund's state. */
const REFUND_STATE_NOTICES: Record<string, OrderNotice> = {
  REFUNDED: { key: "admin.refunds.done", tone: "ok" },
  REFUNDING: { key: "admin.refunds.pending", tone: "ok" },
  FAILED: { key: "admin.refunds.failed", tone: "bad" },
};

/** The intent a posted form names, or null for anything else. */
export function orderIntentOf(fields: Record<string, unknown>): OrderIntent | null {
  const intent = fields.intent;
  return intent === "confirm" || intent === "reject" || intent === "refund" || intent === "cancel" || intent === "retryRefund" ? intent : null;
}

/** The permission an intent needs (cancelling against the policy needs the override). */
export function permissionFor(intent: OrderIntent, fields: Record<string, unknown>): "bookings.decide" | "policy.override" | "refunds.small" {
  if (intent === "confirm" || intent === "reject") return "bookings.decide";
  return intent === "cancel" && fields.override === "on" ? "policy.override" : "refunds.small";
}

/** The notice for a refusal at the agents' limit: which limit binds, and what is left of it. */
function limitNotice(allowance: AgentAllowance): OrderNotice {
  return { key: allowance.scope === "day" ? "admin.refunds.limitDay" : "admin.refunds.limitOrder", tone: "bad", allowance };
}

const refusalStatus = (reason: string) => (reason === "NOT_FOUND" ? 404 : 409);

/** Runs one of the order page's forms for `actor`; `notFound` when no order has that reference. */
export async function runOrderAction(deps: CommerceDeps, input: { reference: string; intent: OrderIntent; fields: Record<string, unknown>; actor: Actor; role: StaffRole }): Promise<OrderActionResult> {
  const order = await findOrderByReference(deps.db, input.reference);
  if (!order) return { notFound: true };
  const { actor, role, fields } = input;
  const itemId = typeof fields.itemId === "string" ? fields.itemId : "";
  const reply = (notice: OrderNotice, status: number): OrderActionResult => ({ notice, itemId, status });
  const refuse = (keys: Record<string, string>, reason: string, status = refusalStatus(reason)) => reply({ key: keys[reason]!, tone: "bad" }, status);

  if (input.intent === "confirm" || input.intent === "reject") {
    const parsed = DecisionSchema.safeParse(fields);
    if (!parsed.success) return reply({ key: parsed.error.issues[0]?.message ?? "admin.errors.required", tone: "bad" }, 400);
    const decision = parsed.data;
    const result =
      decision.intent === "confirm"
        ? await confirmPendingItem(deps, { itemId: decision.itemId, orderId: order.id, actor })
        : await rejectPendingItem(deps, { itemId: decision.itemId, orderId: order.id, actor, reason: decision.reason });
    if (result.ok) return reply({ key: decision.intent === "confirm" ? "admin.decide.confirmed" : "admin.decide.rejected", tone: "ok" }, 200);
    return refuse(DECISION_REFUSALS, result.reason);
  }

  const parsed = RefundFormSchema.safeParse(fields);
  if (!parsed.success) return reply({ key: parsed.error.issues[0]?.message ?? "admin.errors.required", tone: "bad" }, 400);
  const form = parsed.data;
  if (form.intent === "retryRefund") {
    const result = await retryRefund(deps, { refundId: form.refundId, orderId: order.id, actor });
    return result.ok ? reply(REFUND_STATE_NOTICES[result.refund.state]!, 200) : refuse(REFUND_REFUSALS, result.reason);
  }
  if (form.intent === "cancel") {
    const result = await cancelItemForCustomer(deps, { itemId: form.itemId, orderId: order.id, reason: form.reason, override: form.override === "on", actor, role });
    if (result.ok) return reply(result.refund?.state === "FAILED" ? REFUND_STATE_NOTICES.FAILED! : { key: "admin.refunds.cancelled", tone: "ok" }, 200);
    if (result.reason === "LIMIT") return reply(limitNotice(result.allowance), 403);
    return refuse(REFUND_REFUSALS, result.reason);
  }
  let amount: number;
  try {
    if (!isCurrencyCode(order.currency)) throw new Error("no currency");
    amount = toMinor(form.amount.replace(",", "."), order.currency);
  } catch {
    return refuse(REFUND_REFUSALS, "INVALID_AMOUNT", 400);
  }
  const result = await refundItem(deps, { orderId: order.id, itemId: form.itemId, amount, reason: form.reason, idempotencyKey: form.idempotencyKey, actor, role });
  if (result.ok) return reply(REFUND_STATE_NOTICES[result.refund.state]!, 200);
  if (result.reason === "LIMIT") return reply(limitNotice(result.allowance), 403);
  return refuse(REFUND_REFUSALS, result.reason);
}
