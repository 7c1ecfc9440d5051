/**
 * Collecting a pay-later order's payment. A pay-later order's bookings are confirmed with the supplier
 * at once (the seats are taken, so nobody else can buy them) and the order waits in PAY_LATER until
 * `paymentDueAt`. Then exactly one of these ends it:
 * - the customer pays a hosted-payment session (a link the agent sends, or "Pay now"): the webhook
 *   settles it → CONFIRMED;
 * - an agent records an offline payment (bank transfer, cash) that covers the total → CONFIRMED;
 * - an agent cancels it, or the reconciler finds it past its deadline → CANCELLED / EXPIRED, the
 *   bookings are cancelled (seats released) and the customer is told.
 * Each end is a conditional update from PAY_LATER in one transaction with its timeline event and audit
 * entry, so concurrent agents and the reconciler produce one outcome. A gateway payment that still
 * arrives after another end is refunded once.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { localToUtc, parseAvailabilityId } from "#app/booking/time";
import type { Database } from "#app/db/db.server";
import { orderEvents, orderItems, orders, payments, products } from "#app/db/schema";
import { isLocaleCode, type LocaleCode } from "#app/lib/locales";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import type { Env } from "#app/lib/env.server";
import { checkoutPath, checkoutResultPath, localized } from "#app/lib/paths";
import { isGatewayName } from "#app/payments/payments.server";
import type { PaymentGateway } from "#app/payments/gateway";
import { recordAudit, SYSTEM_ACTOR, type Actor } from "#app/staff/audit.server";
import { noticeDueAt, tellCustomer } from "./notifications/tell-customer.server";
import { recordOrderEvent } from "./order-events.server";
import { openOrderSession } from "./payment-session.server";
import { cancelHold, getOrderItems, type CommerceDeps, type OrderRow, type PaymentRow } from "./order-records.server";
import { payLaterDeadline, payLaterHours, type OfflinePaymentMethod } from "./pay-later";

/** Where a pay-later order's payment stands: what was paid offline, what is left, the open link. */
export type PayLaterState = { dueAt: Date | null; paid: number; outstanding: number; openLink: string | null };

/** The deadline for a pay-later order placed now over these items (product overrides, travel cap). */
export async function payLaterDueAt(
  db: Database,
  env: Pick<Env, "PAY_LATER_DEADLINE_HOURS" | "PAY_LATER_DAYS_BEFORE_TRAVEL">,
  placedAt: Date,
  items: Array<{ productId: string; localDate: string; availabilityId: string }>,
): Promise<Date> {
  const ids = [...new Set(items.map((item) => item.productId))];
  const rows = ids.length ? await db.select({ id: products.id, timeZone: products.timeZone, hours: products.payLaterDeadlineHours }).from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const travelStarts = items.map((item) => {
    const zone = byId.get(item.productId)?.timeZone ?? RIYADH_TIME_ZONE;
    const parsed = parseAvailabilityId(item.availabilityId);
    return localToUtc(zone, item.localDate, parsed?.localTime ?? "00:00");
  });
  return payLaterDeadline({ placedAt, hours: payLaterHours(rows.map((row) => row.hours), env.PAY_LATER_DEADLINE_HOURS), travelStarts, daysBeforeTravel: env.PAY_LATER_DAYS_BEFORE_TRAVEL });
}

/** Offline payments are rows of `payments` at the pseudo-gateway "offline" (method in captureMethod). */
export const OFFLINE_GATEWAY = "offline";

export async function loadPayLaterState(db: Database, order: OrderRow): Promise<PayLaterState> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt));
  const paid = rows.filter((row) => row.gateway === OFFLINE_GATEWAY).reduce((sum, row) => sum + row.capturedAmount, 0);
  const open = [...rows].reverse().find((row) => row.gateway !== OFFLINE_GATEWAY && row.status === "CREATED");
  return { dueAt: order.paymentDueAt, paid, outstanding: Math.max(0, order.totalAmount - paid), openLink: open?.redirectUrl ?? null };
}

type Tx = Database;
async function inTransaction<T>(db: Database, work: (t: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => work(tx as unknown as Database));
}

/** The order row, locked for the rest of the transaction (agents and the reconciler queue behind it). */
async function lockOrder(t: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await t.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

// ── Ends: expire, cancel ─────────────────────────────────────────────────────────────────────────

export type CloseOutcome = { ok: true } | { ok: false; reason: "NOT_FOUND" | "NOT_OPEN" | "NOT_DUE" };

/**
 * Ends an unpaid order: EXPIRED (past its deadline, by the reconciler) or CANCELLED (by an agent).
 * The claim from PAY_LATER is the one decision; the seats are released and the customer told after it.
 */
async function closeUnpaid(deps: CommerceDeps, orderId: string, end: "EXPIRED" | "CANCELLED", actor: Actor, now: Date, reason: string | null): Promise<CloseOutcome> {
  const claimed = await inTransaction(deps.db, async (t) => {
    const order = await lockOrder(t, orderId);
    if (!order) return { ok: false as const, reason: "NOT_FOUND" as const };
    if (order.paymentMethod !== "pay_later" || order.status !== "PAY_LATER") return { ok: false as const, reason: "NOT_OPEN" as const };
    if (end === "EXPIRED" && (!order.paymentDueAt || order.paymentDueAt > now)) return { ok: false as const, reason: "NOT_DUE" as const };
    await t.update(orders).set({ status: end, updatedAt: now }).where(and(eq(orders.id, orderId), eq(orders.status, "PAY_LATER")));
    const kind = end === "EXPIRED" ? "pay_later.expired" : "pay_later.cancelled";
    await recordOrderEvent(t, orderId, kind, { actor: actor.email, detail: end === "EXPIRED" ? { dueAt: order.paymentDueAt?.toISOString() } : {}, now });
    await recordAudit(t, actor, { action: kind, subjectType: "order", subjectId: orderId, orderId, before: { status: "PAY_LATER" }, after: { status: end }, reason }, now);
    return { ok: true as const, order: { ...order, status: end } };
  });
  if (!claimed.ok) return claimed;
  await releaseSeats(deps, orderId);
  await closeOpenSessions(deps, orderId);
  await tellCustomer(deps, { type: "pay_later", orderId, news: end, reason });
  return { ok: true };
}

/** The reconciler: an unpaid order past its deadline gives its seats back (once). */
export function expireUnpaidOrder(deps: CommerceDeps, orderId: string, now: Date): Promise<CloseOutcome> {
  return closeUnpaid(deps, orderId, "EXPIRED", SYSTEM_ACTOR, now, null);
}

/** An agent cancels an unpaid order (seats released, customer told, reason shown to them). */
export function cancelUnpaidOrder(deps: CommerceDeps, orderId: string, actor: Actor, reason: string, now: Date = new Date()): Promise<CloseOutcome> {
  return closeUnpaid(deps, orderId, "CANCELLED", actor, now, reason);
}

/** Cancels every booking an ended order still has; idempotent (the reconciler repeats it after a crash). */
export async function releaseSeats(deps: Pick<CommerceDeps, "db" | "bookingApi">, orderId: string): Promise<number> {
  let released = 0;
  for (const item of await getOrderItems(deps.db, orderId)) {
    if (item.status !== "CONFIRMED" && item.status !== "HELD" && item.status !== "PENDING") continue;
    await cancelHold(deps.bookingApi, item.bookingUuid);
    const moved = await deps.db.update(orderItems).set({ status: "CANCELLED" }).where(and(eq(orderItems.id, item.id), eq(orderItems.status, item.status))).returning({ id: orderItems.id });
    released += moved.length;
  }
  return released;
}

/** Closes payment links nobody used (a late payment would be refunded anyway). */
async function closeOpenSessions(deps: CommerceDeps, orderId: string): Promise<void> {
  const open = await deps.db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, "CREATED")));
  for (const payment of open) {
    if (!isGatewayName(payment.gateway)) continue;
    await deps.payments
      .get(payment.gateway)
      .cancel(payment.sessionId, `close:${payment.id}`)
      .catch((error: unknown) => console.error("[pay-later] closing a payment link failed", error));
  }
}

/** Reconciler pass: expires due orders, and finishes releasing seats of ended ones (after a crash). */
export async function expireDuePayLaterOrders(deps: CommerceDeps, now: Date, limit = 100): Promise<{ expired: number; released: number }> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "PAY_LATER"), isNotNull(orders.paymentDueAt), lte(orders.paymentDueAt, now)))
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit);
  let expired = 0;
  for (const { id } of due) if ((await expireUnpaidOrder(deps, id, now)).ok) expired += 1;
  const leftovers = await deps.db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.paymentMethod, "pay_later"), inArray(orders.status, ["EXPIRED", "CANCELLED"]), inArray(orderItems.status, ["CONFIRMED", "HELD", "PENDING"])))
    .limit(limit);
  let released = 0;
  for (const { id } of leftovers) released += await releaseSeats(deps, id);
  return { expired, released };
}

// ── Paying: a link, or offline ───────────────────────────────────────────────────────────────────

export type PaymentLinkOutcome = { ok: true; url: string; reused: boolean } | { ok: false; reason: "NOT_FOUND" | "NOT_OPEN" | "NOTHING_DUE" | "GATEWAY" };

/**
 * A hosted-payment session for what is left to pay (an open one is reused). `sendEmail` (agents) mails
 * the link and records the step; the customer's own "Pay now" only opens it.
 */
export async function openPaymentLink(deps: CommerceDeps, orderId: string, options: { actor?: Actor; sendEmail?: boolean; now?: Date } = {}): Promise<PaymentLinkOutcome> {
  const now = options.now ?? new Date();
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: "NOT_FOUND" };
  if (order.paymentMethod !== "pay_later" || order.status !== "PAY_LATER") return { ok: false, reason: "NOT_OPEN" };
  const state = await loadPayLaterState(deps.db, order);
  if (state.outstanding <= 0) return { ok: false, reason: "NOTHING_DUE" };
  let url = state.openLink;
  const reused = url !== null;
  let paymentId: string | null = null;
  if (!url) {
    const gatewayName = deps.payments.default.name;
    const attempt = (await deps.db.select({ n: sql<number>`count(*)::int` }).from(payments).where(eq(payments.orderId, orderId)))[0]?.n ?? 0;
    const locale: LocaleCode = isLocaleCode(order.locale) ? order.locale : "en";
    try {
      const { session } = await openOrderSession(deps, order, locale, { amount: state.outstanding, captureMethod: "automatic", cancelPath: checkoutResultPath("on_hold", { order: order.accessToken }), idempotencyKey: `paylink:${order.id}:${attempt}` });
      paymentId = randomUUID();
      await deps.db.insert(payments).values({ id: paymentId, orderId, gateway: gatewayName, sessionId: session.id, redirectUrl: session.url, captureMethod: "automatic", status: "CREATED", currency: order.currency, amount: state.outstanding });
      url = session.url;
    } catch (error) {
      console.error("[pay-later] could not open a payment session", error);
      deps.incidents.report({ kind: "payment_failed", orderId, gateway: gatewayName, declineCode: "session_create_failed" });
      return { ok: false, reason: "GATEWAY" };
    }
  }
  if (options.sendEmail) {
    const actor = options.actor ?? SYSTEM_ACTOR;
    await inTransaction(deps.db, async (t) => {
      await recordOrderEvent(t, orderId, "pay_later.link_sent", { actor: actor.email, detail: { amount: state.outstanding, reused }, now });
      await recordAudit(t, actor, { action: "pay_later.link_sent", subjectType: "order", subjectId: orderId, orderId, before: null, after: { amount: state.outstanding, paymentId } }, now);
    });
    const locale: LocaleCode = isLocaleCode(order.locale) ? order.locale : "en";
    // The email links to our own page, which sends the browser on to the open session (or offers a new one).
    const link = deps.env.SITE_URL.replace(/\/$/, "") + localized(locale, checkoutPath({ pay: order.accessToken }));
    await tellCustomer(deps, { type: "pay_later", orderId, news: "PAYMENT_LINK", amount: state.outstanding, link });
  }
  return { ok: true, url, reused };
}

export type OfflinePaymentInput = { amount: number; method: OfflinePaymentMethod; reference: string; note?: string };
export type OfflinePaymentOutcome =
  | { ok: true; status: "CONFIRMED" | "PART_PAID"; outstanding: number }
  | { ok: false; reason: "NOT_FOUND" | "NOT_OPEN" | "DUPLICATE" | "BAD_AMOUNT" };

/**
 * Records money received outside the gateway. The order is locked, so this and an expiry or a second
 * agent are decided one after the other: a payment on an order that already ended is refused.
 */
export async function recordOfflinePayment(deps: CommerceDeps, orderId: string, input: OfflinePaymentInput, actor: Actor, now: Date = new Date()): Promise<OfflinePaymentOutcome> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) return { ok: false, reason: "BAD_AMOUNT" };
  const result = await inTransaction(deps.db, async (t) => {
    const order = await lockOrder(t, orderId);
    if (!order) return { ok: false as const, reason: "NOT_FOUND" as const };
    if (order.paymentMethod !== "pay_later" || order.status !== "PAY_LATER") return { ok: false as const, reason: "NOT_OPEN" as const };
    const state = await loadPayLaterState(t, order);
    if (input.amount > state.outstanding) return { ok: false as const, reason: "BAD_AMOUNT" as const };
    const inserted = await t
      .insert(payments)
      .values({
        id: randomUUID(),
        orderId,
        gateway: OFFLINE_GATEWAY,
        // The method's reference (transfer reference, receipt number): the same one twice is one payment.
        sessionId: `${input.method}:${input.reference}`,
        redirectUrl: "",
        captureMethod: input.method,
        status: "CAPTURED",
        currency: order.currency,
        amount: input.amount,
        capturedAmount: input.amount,
        captureState: "DONE",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (inserted.length === 0) return { ok: false as const, reason: "DUPLICATE" as const };
    const outstanding = state.outstanding - input.amount;
    const status = outstanding <= 0 ? ("CONFIRMED" as const) : ("PART_PAID" as const);
    if (status === "CONFIRMED") await t.update(orders).set({ status: "CONFIRMED", notifiedStatus: "CONFIRMED", noticeDueAt: noticeDueAt(now), updatedAt: now }).where(eq(orders.id, orderId));
    const detail = { amount: input.amount, method: input.method, reference: input.reference, outstanding, paymentId: inserted[0]!.id };
    await recordOrderEvent(t, orderId, status === "CONFIRMED" ? "pay_later.paid_offline" : "pay_later.part_paid", { actor: actor.email, detail, now });
    await recordAudit(t, actor, { action: "pay_later.offline_payment", subjectType: "payment", subjectId: inserted[0]!.id, orderId, before: { status: "PAY_LATER", outstanding: state.outstanding }, after: { status: status === "CONFIRMED" ? "CONFIRMED" : "PAY_LATER", ...detail }, reason: input.note || null }, now);
    return { ok: true as const, status, outstanding, order };
  });
  if (!result.ok) return result;
  if (result.status === "CONFIRMED") {
    await closeOpenSessions(deps, orderId);
    await tellCustomer(deps, { type: "order.outcome", orderId, outcome: "CONFIRMED" });
  } else {
    await tellCustomer(deps, { type: "pay_later", orderId, news: "PART_PAID", amount: input.amount });
  }
  return { ok: true, status: result.status, outstanding: result.outstanding };
}

/**
 * settleOrder's step for a pay-later order whose hosted payment was captured: PAY_LATER → CONFIRMED
 * once; a payment for an order that ended otherwise (expired, cancelled, paid offline) is refunded once.
 */
export async function settlePayLaterPayment(deps: CommerceDeps, order: OrderRow, payment: PaymentRow, gateway: PaymentGateway, now: Date = new Date()): Promise<string> {
  if (payment.status !== "CAPTURED") return order.status;
  const claimed = await inTransaction(deps.db, async (t) => {
    const moved = await t
      .update(orders)
      .set({ status: "CONFIRMED", notifiedStatus: "CONFIRMED", noticeDueAt: noticeDueAt(now), updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, "PAY_LATER")))
      .returning();
    if (moved.length === 0) return null;
    await recordOrderEvent(t, order.id, "pay_later.paid", { actor: "customer", detail: { paymentId: payment.id, amount: payment.capturedAmount, gateway: payment.gateway }, now });
    await recordAudit(t, SYSTEM_ACTOR, { action: "pay_later.paid", subjectType: "payment", subjectId: payment.id, orderId: order.id, before: { status: "PAY_LATER" }, after: { status: "CONFIRMED", amount: payment.capturedAmount } }, now);
    return moved[0]!;
  });
  if (claimed) {
    // The confirmation (tickets links) is the order flow's own outcome message.
    await tellCustomer(deps, { type: "order.outcome", orderId: order.id, outcome: "CONFIRMED" });
    return "CONFIRMED";
  }
  const [paidBy] = await deps.db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "pay_later.paid"), sql`${orderEvents.detail}->>'paymentId' = ${payment.id}`));
  if (!paidBy) await refundLatePayment(deps, order, payment, gateway, now);
  const [current] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  return current?.status ?? order.status;
}

/** Money that arrived for an order that no longer wants it goes back, once (a guarded claim, then an idempotent refund). */
async function refundLatePayment(deps: CommerceDeps, order: OrderRow, payment: PaymentRow, gateway: PaymentGateway, now: Date): Promise<void> {
  const owed = payment.capturedAmount - payment.refundedAmount;
  if (owed <= 0) return;
  // Marked first, so the reconciler retries a refund a crash or the gateway interrupted.
  await deps.db.update(payments).set({ captureState: "REFUNDING", updatedAt: now }).where(eq(payments.id, payment.id));
  try {
    // Concurrent settles send the same key: the gateway refunds once.
    await gateway.refund(payment.sessionId, owed, `late-refund:${payment.id}`);
  } catch (error) {
    console.error("[pay-later] refunding a late payment failed; the reconciler retries", error);
    deps.incidents.report({ kind: "refund_failed", orderId: order.id, gateway: gateway.name });
    return;
  }
  const done = await inTransaction(deps.db, async (t) => {
    const moved = await t
      .update(payments)
      .set({ refundedAmount: payment.capturedAmount, captureState: "DONE", updatedAt: now })
      .where(and(eq(payments.id, payment.id), sql`${payments.refundedAmount} < ${payment.capturedAmount}`))
      .returning({ id: payments.id });
    if (moved.length === 0) return false;
    await recordOrderEvent(t, order.id, "pay_later.late_refund", { detail: { paymentId: payment.id, amount: owed }, now });
    await recordAudit(t, SYSTEM_ACTOR, { action: "pay_later.late_refund", subjectType: "payment", subjectId: payment.id, orderId: order.id, before: { refunded: payment.refundedAmount }, after: { refunded: payment.capturedAmount } }, now);
    return true;
  });
  if (done) await tellCustomer(deps, { type: "pay_later", orderId: order.id, news: "LATE_REFUND", amount: owed });
}
