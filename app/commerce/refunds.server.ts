/**
 * Refunds by the team, from the order dossier in the console (a cancellation's refund, whoever asks,
 * is reserved and paid through the same steps: ./cancellation.server.ts).
 *
 * refundItem gives back part or all of one item's price through the order's gateway:
 * 1. a repeated form (same idempotency key) finds the first refund and returns it;
 * 2. under a row lock on the order (so its refunds are added up one at a time), the amount is checked
 *    against the limits of a role without 'refunds.large' (agents): everything that role refunded on
 *    the order (AGENT_REFUND_LIMIT_SAR) and, under an advisory lock, everything it refunded today across
 *    orders (AGENT_REFUND_DAILY_LIMIT_SAR, a Riyadh day), in SAR at display rates; admins have none;
 * 3. in the same transaction, the refund row is written and checked against the item (its net amount
 *    less what was refunded for it) and reserved on the payment with ONE conditional update
 *    (captured − refunded ≥ amount), so refunds never add up to more than was captured, however many
 *    agents press at once; its audit entry and timeline event go with it;
 * 4. the gateway is asked (idempotency key per refund row, so a retry never pays twice); a refusal
 *    leaves the refund FAILED with a next attempt (exponential backoff) that the reconciler makes
 *    (retryFailedRefunds) and the console offers as Retry;
 * 5. the customer is told (./notifications), the message recorded on the order.
 */
import { and, eq, gte, inArray, lte, or, sql, lt } from "drizzle-orm";
import { LOCKS, type Database } from "#app/db/db.server";
import { customerCancellations, orderItems, orderRefunds, orders, payments } from "#app/db/schema";
import { RIYADH_TIME_ZONE, todayInRiyadh } from "#app/lib/dates";
import { convertAmount, isCurrencyCode } from "#app/lib/money";
import { isGatewayName } from "#app/payments/payments.server";
import { recordAudit, SYSTEM_ACTOR, type Actor } from "#app/staff/audit.server";
import { can, type StaffRole } from "#app/staff/roles";
import { tellCustomer } from "./notifications/tell-customer.server";
import { recordOrderEvent } from "./order-events.server";
import { getOrderPayment, type CommerceDeps, type OrderItemRow, type OrderRow, type PaymentRow } from "./order-records.server";
import { netAmount } from "./pricing";

export type RefundRow = typeof orderRefunds.$inferSelect;
export type RefundState = "REFUNDING" | "REFUNDED" | "FAILED";

export type RefundRefusal = "NOT_FOUND" | "NOT_REFUNDABLE" | "INVALID_AMOUNT" | "REASON_REQUIRED" | "EXCEEDS_ITEM" | "EXCEEDS_CAPTURED" | "LIMIT";

/**
 * What a role with refund limits may still refund, in minor units of the order's currency (rounded
 * down): the smaller of what is left of its limit on the order and of its limit today.
 */
export type AgentAllowance = {
  /** The limit that binds: the order's, or the day's (across orders). */
  scope: "order" | "day";
  remaining: number;
  /** That limit, converted. */
  limit: number;
  currency: string;
};

export type RefundResult = { ok: true; refund: RefundRow; repeated: boolean } | { ok: false; reason: Exclude<RefundRefusal, "LIMIT"> } | { ok: false; reason: "LIMIT"; allowance: AgentAllowance };

export type RefundInput = {
  /** The order the console shows (either its id or its reference); the item must belong to it. */
  orderId?: string;
  orderReference?: string;
  itemId: string;
  /** Minor units of the order's currency. */
  amount: number;
  reason: string;
  idempotencyKey: string;
  actor: Actor;
  role: StaffRole;
  now?: Date;
  /** False when the caller tells the customer itself (a cancellation sends one email for both). */
  notify?: boolean;
};

/** Item statuses the team may refund: booked, or cancelled by the team or the customer. */
const REFUNDABLE_ITEMS = ["CONFIRMED", "CANCELLED"];

const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 3_600_000;

/**
 * Automatic attempts before the reconciler stops asking (1 minute … 6 hours apart: about two days).
 * A gateway that refuses that long refuses for a reason (the card account closed, the payment too old):
 * the refund stays FAILED in the console's queue for a person to retry or settle another way.
 */
export const REFUND_AUTO_ATTEMPTS = 16;

/**
 * When a refund that failed `attempts` times is tried again: 1, 2, 4, 8 … minutes, at most 6 hours;
 * null once it has failed REFUND_AUTO_ATTEMPTS times (only a person retries it then).
 */
export function nextRefundAttempt(attempts: number, now: Date): Date | null {
  if (attempts >= REFUND_AUTO_ATTEMPTS) return null;
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + delay);
}

/** Whether refunding `amount` (minor units of `currency`) fits in `leftHalalas` (SAR minor units) of a limit. */
export function fitsAgentLimit(amount: number, currency: string, leftHalalas: number): boolean {
  if (!isCurrencyCode(currency)) return false;
  return convertAmount(amount, currency, "SAR") <= leftHalalas;
}

/** `halalas` in minor units of `currency`, rounded down so that it still fits (fitsAgentLimit). */
function fromHalalasDown(halalas: number, currency: string): number {
  if (!isCurrencyCode(currency) || halalas <= 0) return 0;
  let amount = convertAmount(halalas, "SAR", currency);
  while (amount > 0 && convertAmount(amount, currency, "SAR") > halalas) amount -= 1;
  return amount;
}

type LimitDeps = { env: Pick<CommerceDeps["env"], "AGENT_REFUND_LIMIT_SAR" | "AGENT_REFUND_DAILY_LIMIT_SAR"> };

/** A sum of refunds grouped by currency, in halalas (an unknown currency counts as it is: never less). */
function totalHalalas(rows: Array<{ currency: string; total: string | number | null }>): number {
  return rows.reduce((sum, row) => {
    const amount = Number(row.total ?? 0);
    return sum + (isCurrencyCode(row.currency) ? convertAmount(amount, row.currency, "SAR") : amount);
  }, 0);
}

/** What `role` has left of its limits, in halalas: on the order, and today (a Riyadh day) across orders. */
async function limitsLeft(db: Database, deps: LimitDeps, input: { orderId: string; role: StaffRole; now: Date }): Promise<{ order: number; day: number }> {
  const today = todayInRiyadh(input.now);
  const total = sql<string>`SUM(${orderRefunds.amount})`;
  const onOrder = await db
    .select({ currency: orderRefunds.currency, total })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, input.orderId), eq(orderRefunds.actorRole, input.role)))
    .groupBy(orderRefunds.currency);
  const onDay = await db
    .select({ currency: orderRefunds.currency, total })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.actorRole, input.role),
        gte(orderRefunds.createdAt, sql`(${today}::date)::timestamp AT TIME ZONE ${RIYADH_TIME_ZONE}`),
        lt(orderRefunds.createdAt, sql`(${today}::date + 1)::timestamp AT TIME ZONE ${RIYADH_TIME_ZONE}`)
      )
    )
    .groupBy(orderRefunds.currency);
  return {
    order: deps.env.AGENT_REFUND_LIMIT_SAR * 100 - totalHalalas(onOrder),
    day: deps.env.AGENT_REFUND_DAILY_LIMIT_SAR * 100 - totalHalalas(onDay),
  };
}

function allowanceOf(deps: LimitDeps, left: { order: number; day: number }, currency: string): AgentAllowance {
  const scope = left.day < left.order ? "day" : "order";
  const limitSar = scope === "day" ? deps.env.AGENT_REFUND_DAILY_LIMIT_SAR : deps.env.AGENT_REFUND_LIMIT_SAR;
  return {
    scope,
    remaining: fromHalalasDown(Math.min(left.order, left.day), currency),
    limit: fromHalalasDown(limitSar * 100, currency),
    currency,
  };
}

/**
 * What `role` may still refund on an order (the console shows it beside the refund form); null for a
 * role without limits. Read without locks: the refund itself checks again under them.
 */
export async function agentRefundAllowance(deps: LimitDeps & { db: Database }, input: { orderId: string; currency: string; role: StaffRole; now: Date }): Promise<AgentAllowance | null> {
  if (can(input.role, "refunds.large")) return null;
  return allowanceOf(deps, await limitsLeft(deps.db, deps, input), input.currency);
}

/** A refusal inside a refund's (or a cancellation's) transaction: thrown to roll it back, turned into a result by the caller. */
export class RefundRefused extends Error {
  constructor(
    readonly reason: RefundRefusal,
    readonly allowance?: AgentAllowance
  ) {
    super(reason);
  }
}

export function refusalOf(error: RefundRefused): { ok: false; reason: Exclude<RefundRefusal, "LIMIT"> } | { ok: false; reason: "LIMIT"; allowance: AgentAllowance } {
  if (error.reason === "LIMIT") return { ok: false, reason: "LIMIT", allowance: error.allowance ?? { scope: "order", remaining: 0, limit: 0, currency: "SAR" } };
  return { ok: false, reason: error.reason };
}

/** The order's row, locked for the rest of the transaction: its refunds and cancellations queue behind it. */
export async function lockOrder(t: Database, orderId: string): Promise<void> {
  await t.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
}

/**
 * In a transaction that holds the order's lock: refuses (Refused LIMIT) a refund of `amount` that would
 * take `role` past its limit on the order or today. The day's total spans orders, so it is added up
 * under an advisory lock that every limited refund takes: two agents on two orders cannot both slip under.
 */
export async function holdAgentLimits(t: Database, deps: LimitDeps, input: { orderId: string; currency: string; role: StaffRole; amount: number; now: Date }): Promise<void> {
  if (can(input.role, "refunds.large")) return;
  await t.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.agentRefunds})`);
  const left = await limitsLeft(t, deps, input);
  if (!fitsAgentLimit(input.amount, input.currency, Math.min(left.order, left.day))) throw new RefundRefused("LIMIT", allowanceOf(deps, left, input.currency));
}

export async function findItem(db: Database, input: { orderId?: string; orderReference?: string; itemId: string }): Promise<{ order: OrderRow; item: OrderItemRow } | null> {
  const [row] = await db.select({ item: orderItems, order: orders }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(eq(orderItems.id, input.itemId));
  if (!row) return null;
  if (input.orderId && row.order.id !== input.orderId) return null;
  if (input.orderReference && row.order.reference !== input.orderReference) return null;
  return row;
}

/** Refunds part or all of one item (see the module comment). */
export async function refundItem(deps: CommerceDeps, input: RefundInput): Promise<RefundResult> {
  const db = deps.db;
  const now = input.now ?? deps.clock.now();
  const [existing] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, input.idempotencyKey));
  if (existing) return existing.orderItemId === input.itemId ? { ok: true, refund: existing, repeated: true } : { ok: false, reason: "NOT_FOUND" };
  const reason = input.reason.trim();
  if (!reason) return { ok: false, reason: "REASON_REQUIRED" };
  if (!Number.isInteger(input.amount) || input.amount <= 0) return { ok: false, reason: "INVALID_AMOUNT" };
  const found = await findItem(db, input);
  if (!found) return { ok: false, reason: "NOT_FOUND" };
  const { order, item } = found;
  if (!REFUNDABLE_ITEMS.includes(item.status)) return { ok: false, reason: "NOT_REFUNDABLE" };
  const payment = await getOrderPayment(db, order.id);
  if (!payment || payment.status !== "CAPTURED" || !isGatewayName(payment.gateway)) return { ok: false, reason: "NOT_REFUNDABLE" };

  let created: RefundRow | null;
  try {
    created = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await lockOrder(t, order.id);
      // The same form, submitted twice at once: the first one refunds (and must not count against the second).
      const [first] = await t.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.idempotencyKey, input.idempotencyKey));
      if (first) return null;
      await holdAgentLimits(t, deps, { orderId: order.id, currency: order.currency, role: input.role, amount: input.amount, now });
      return reserveRefund(t, { order, item, payment, amount: input.amount, reason, idempotencyKey: input.idempotencyKey, actor: input.actor, role: input.role, now });
    });
  } catch (error) {
    if (error instanceof RefundRefused) return refusalOf(error);
    throw error;
  }
  if (!created) {
    const [first] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, input.idempotencyKey));
    return first && first.orderItemId === input.itemId ? { ok: true, refund: first, repeated: true } : { ok: false, reason: "NOT_FOUND" };
  }
  const refund = await askGateway(deps, created, now, input.notify ?? true);
  return { ok: true, refund, repeated: false };
}

/**
 * Step 3, in the caller's transaction (which holds the order's lock and checked the limits): the refund
 * row (null when the same key got there first), the item's cap, the amount reserved on the payment,
 * the audit entry and the timeline event.
 */
export async function reserveRefund(
  t: Database,
  input: { order: OrderRow; item: OrderItemRow; payment: PaymentRow; amount: number; reason: string; idempotencyKey: string; actor: Actor; role: StaffRole; now: Date }
): Promise<RefundRow | null> {
  const { order, item, now } = input;
  const [row] = await t
    .insert(orderRefunds)
    .values({
      id: crypto.randomUUID(),
      orderId: order.id,
      orderItemId: item.id,
      paymentId: input.payment.id,
      idempotencyKey: input.idempotencyKey,
      currency: order.currency,
      amount: input.amount,
      reason: input.reason,
      actor: input.actor.email,
      actorRole: input.role,
      state: "REFUNDING",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  // The new row is counted already: what is left must not go below zero.
  if ((await refundableForItem(t, item)) < 0) throw new RefundRefused("EXCEEDS_ITEM");
  const reserved = await t
    .update(payments)
    .set({
      refundedAmount: sql`${payments.refundedAmount} + ${input.amount}`,
      updatedAt: now,
    })
    .where(and(eq(payments.id, input.payment.id), eq(payments.status, "CAPTURED"), sql`${payments.capturedAmount} - ${payments.refundedAmount} >= ${input.amount}`))
    .returning({ id: payments.id });
  if (reserved.length === 0) throw new RefundRefused("EXCEEDS_CAPTURED");
  await recordAudit(
    t,
    input.actor,
    {
      action: "refund.create",
      subjectType: "order_item",
      subjectId: item.id,
      orderId: order.id,
      before: null,
      after: {
        refundId: row.id,
        amount: input.amount,
        currency: order.currency,
        role: input.role,
      },
      reason: input.reason,
    },
    now
  );
  await recordOrderEvent(t, order.id, "refund.requested", {
    actor: input.actor.email,
    detail: {
      itemId: item.id,
      refundId: row.id,
      amount: input.amount,
      currency: order.currency,
      reason: input.reason,
    },
    now,
  });
  return row;
}

/**
 * Gives back a reservation no money moved for (the cancellation it belonged to did not happen): the
 * row goes, the payment's refunded amount comes down by it, and the audit log says so.
 */
export async function releaseRefund(t: Database, refund: RefundRow, actor: Actor, now: Date): Promise<boolean> {
  const [gone] = await t
    .delete(orderRefunds)
    .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.state, "REFUNDING")))
    .returning({ id: orderRefunds.id });
  if (!gone) return false;
  await t
    .update(payments)
    .set({ refundedAmount: sql`${payments.refundedAmount} - ${refund.amount}`, updatedAt: now })
    .where(eq(payments.id, refund.paymentId));
  await recordAudit(
    t,
    actor,
    {
      action: "refund.release",
      subjectType: "order_item",
      subjectId: refund.orderItemId,
      orderId: refund.orderId,
      before: { refundId: refund.id, amount: refund.amount, currency: refund.currency },
      after: null,
    },
    now
  );
  return true;
}

/** What may still be refunded for an item: its net amount less every refund made or reserved for it. */
export async function refundableForItem(db: Database, item: OrderItemRow): Promise<number> {
  const [refunded] = await db
    .select({ total: sql<string>`COALESCE(SUM(${orderRefunds.amount}), 0)` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderItemId, item.id));
  const [cancelled] = await db
    .select({
      total: sql<string>`COALESCE(SUM(${customerCancellations.refundAmount}), 0)`,
    })
    .from(customerCancellations)
    .where(and(eq(customerCancellations.orderItemId, item.id), inArray(customerCancellations.refundState, ["REFUNDING", "REFUNDED", "FAILED"])));
  return netAmount(item) - Number(refunded?.total ?? 0) - Number(cancelled?.total ?? 0);
}

/** Step 4–5 for a refund row in REFUNDING: the gateway call and what follows it (`notify`: tell the customer of it). */
export async function askGateway(deps: CommerceDeps, refund: RefundRow, now: Date, notify: boolean): Promise<RefundRow> {
  const db = deps.db;
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  try {
    if (!payment || !isGatewayName(payment.gateway)) throw new Error("the order has no gateway payment");
    await deps.payments.get(payment.gateway).refund(payment.sessionId, refund.amount, `staff-refund:${refund.id}`);
  } catch (error) {
    const attempts = refund.attempts + 1;
    const lastError = error instanceof Error ? error.message.slice(0, 500) : "refund failed";
    const [failed] = await db
      .update(orderRefunds)
      .set({
        state: "FAILED",
        attempts,
        lastError,
        nextAttemptAt: nextRefundAttempt(attempts, now),
        updatedAt: now,
      })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.state, "REFUNDING")))
      .returning();
    await recordOrderEvent(db, refund.orderId, "refund.failed", {
      detail: {
        itemId: refund.orderItemId,
        refundId: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        error: lastError,
      },
      now,
    });
    deps.incidents.report({
      kind: "refund_failed",
      orderId: refund.orderId,
      gateway: payment?.gateway ?? null,
    });
    return failed ?? refund;
  }
  const [done] = await db
    .update(orderRefunds)
    .set({
      state: "REFUNDED",
      attempts: refund.attempts + 1,
      lastError: null,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.state, "REFUNDING")))
    .returning();
  if (!done) return (await db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id)))[0] ?? refund;
  await recordOrderEvent(db, refund.orderId, "refund.completed", {
    detail: {
      itemId: refund.orderItemId,
      refundId: refund.id,
      amount: refund.amount,
      currency: refund.currency,
    },
    now,
  });
  if (notify) await tellCustomer(deps, { type: "refund.completed", orderId: refund.orderId, itemId: refund.orderItemId, amount: refund.amount });
  return done;
}

export type RetryResult = { ok: true; refund: RefundRow } | { ok: false; reason: "NOT_FOUND" | "NOT_FAILED" };

/**
 * Tries a failed refund again (the console's Retry, at once; the reconciler's, when it is due). The
 * claim FAILED → REFUNDING is a conditional update, so an agent and the reconciler retry it once.
 */
export async function retryRefund(
  deps: CommerceDeps,
  input: {
    refundId: string;
    orderId?: string;
    actor: Actor;
    now?: Date;
    onlyDue?: boolean;
  }
): Promise<RetryResult> {
  const db = deps.db;
  const now = input.now ?? deps.clock.now();
  const claimed = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [row] = await t
      .update(orderRefunds)
      .set({ state: "REFUNDING", updatedAt: now })
      .where(
        and(eq(orderRefunds.id, input.refundId), eq(orderRefunds.state, "FAILED"), input.orderId ? eq(orderRefunds.orderId, input.orderId) : undefined, input.onlyDue ? lte(orderRefunds.nextAttemptAt, now) : undefined)
      )
      .returning();
    if (!row) return null;
    await recordAudit(
      t,
      input.actor,
      {
        action: "refund.retry",
        subjectType: "order_refund",
        subjectId: row.id,
        orderId: row.orderId,
        before: { state: "FAILED" },
        after: { state: "REFUNDING" },
      },
      now
    );
    await recordOrderEvent(t, row.orderId, "refund.retried", {
      actor: input.actor.email,
      detail: {
        itemId: row.orderItemId,
        refundId: row.id,
        amount: row.amount,
        currency: row.currency,
      },
      now,
    });
    return row;
  });
  if (!claimed) {
    const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, input.refundId));
    return {
      ok: false,
      reason: !row || (input.orderId && row.orderId !== input.orderId) ? "NOT_FOUND" : "NOT_FAILED",
    };
  }
  return { ok: true, refund: await askGateway(deps, claimed, now, true) };
}

/**
 * The reconciler's part: retries failed refunds whose next attempt is due, and finishes refunds a
 * crash left REFUNDING (reserved, gateway maybe not asked; its idempotency key makes asking again safe).
 */
export async function retryFailedRefunds(deps: CommerceDeps, now: Date, limit = 100): Promise<{ retried: number; refunded: number }> {
  const db = deps.db;
  const due = await db
    .select()
    .from(orderRefunds)
    .where(or(and(eq(orderRefunds.state, "FAILED"), lte(orderRefunds.nextAttemptAt, now)), and(eq(orderRefunds.state, "REFUNDING"), lt(orderRefunds.updatedAt, new Date(now.getTime() - 5 * 60_000)))))
    .limit(limit);
  let retried = 0;
  let refunded = 0;
  for (const row of due) {
    let result: RefundRow | null = null;
    if (row.state === "FAILED") {
      const retry = await retryRefund(deps, {
        refundId: row.id,
        actor: SYSTEM_ACTOR,
        now,
        onlyDue: true,
      });
      result = retry.ok ? retry.refund : null;
    } else {
      result = await askGateway(deps, row, now, true);
    }
    if (!result) continue;
    retried += 1;
    if (result.state === "REFUNDED") refunded += 1;
  }
  return { retried, refunded };
}

/** Refunds that failed and wait for a retry (the console's queue). */
export async function listFailedRefunds(db: Database, limit = 50): Promise<RefundRow[]> {
  return db.select().from(orderRefunds).where(eq(orderRefunds.state, "FAILED")).orderBy(orderRefunds.createdAt).limit(limit);
}

export async function listOrderRefunds(db: Database, orderId: string): Promise<RefundRow[]> {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(orderRefunds.createdAt);
}
