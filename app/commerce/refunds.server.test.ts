/**
 * Team refunds and cancellations on a real database: refunds never add up to more than was captured
 * (concurrent ones included), a repeated form refunds once, agents stay under their limit, a refund
 * the gateway refused is retried by the reconciler, and cancellations follow the product's policy
 * unless an admin overrides it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { auditLog, orderEvents, orderItems, orderMessages, orderRefunds, orders, payments, sandboxOperations } from "#app/db/schema";
import type { SandboxGateway } from "#app/payments/sandbox.server";
import { cardPaidOrder, createCardTestContext, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import type { TestContext } from "#app/testing/context.server";
import { loadQueues } from "./back-office.server";
import { runReconcilerOnce } from "./reconciler.server";
import { cancelItemForCustomer, listFailedRefunds, nextRefundAttempt, REFUND_AUTO_ATTEMPTS, refundItem, retryRefund, withinAgentLimit } from "./refunds.server";

let ctx: TestContext;
let card: CardTestContext;
let engine: EmbeddedBookingEngine;
let gateway: SandboxGateway;
const agent = { id: null, email: "agent@rihla.test" };
const admin = { id: null, email: "admin@rihla.test" };
let product: TestProduct;
let day = 20;

beforeAll(async () => {
  card = await createCardTestContext({ AGENT_REFUND_LIMIT_SAR: "100" });
  ({ ctx, engine, gateway } = card);
  product = await pickProduct(ctx, { instant: true, refundable: true });
});

afterAll(async () => {
  await ctx?.stop();
});

/** A confirmed order paid by card and captured, weeks ahead: one CONFIRMED item. */
async function capturedOrder(adults = 2) {
  const { order } = await cardPaidOrder(card, product, { daysAhead: day++, adults });
  const state = await stateOf(order.id);
  expect(state.order.status).toBe("CONFIRMED");
  expect(state.payment.status).toBe("CAPTURED");
  return { orderId: order.id, reference: order.reference, item: state.item, captured: state.payment.capturedAmount };
}

async function stateOf(orderId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  const operations = await ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.sessionId, payment!.sessionId));
  const refunds = await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  const messages = await ctx.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId));
  const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.orderId, orderId));
  const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  const refundedAtGateway = operations.filter((op) => op.kind === "refund").reduce((sum, op) => sum + op.amount, 0);
  return { order: order!, item: item!, payment: payment!, refunds, refundedAtGateway, messages, audit, events };
}

const base = { reason: "goodwill", actor: admin, role: "admin" as const };

describe("refundItem", () => {
  test("partial refunds add up to at most what was captured; the customer is told in Arabic; audited", async () => {
    const { orderId, reference, item, captured } = await capturedOrder();
    const first = await refundItem(ctx, { ...base, orderReference: reference, itemId: item.id, amount: Math.floor(captured / 2), idempotencyKey: randomUUID() });
    expect(first).toMatchObject({ ok: true, repeated: false, refund: { state: "REFUNDED", amount: Math.floor(captured / 2) } });
    const tooMuch = await refundItem(ctx, { ...base, orderId, itemId: item.id, amount: captured - Math.floor(captured / 2) + 1, idempotencyKey: randomUUID() });
    expect(tooMuch).toEqual({ ok: false, reason: "EXCEEDS_ITEM" });
    const rest = await refundItem(ctx, { ...base, orderId, itemId: item.id, amount: captured - Math.floor(captured / 2), idempotencyKey: randomUUID() });
    expect(rest).toMatchObject({ ok: true });
    expect(await refundItem(ctx, { ...base, orderId, itemId: item.id, amount: 1, idempotencyKey: randomUUID() })).toEqual({ ok: false, reason: "EXCEEDS_ITEM" });

    const state = await stateOf(orderId);
    expect(state.payment.refundedAmount).toBe(captured);
    expect(state.refundedAtGateway).toBe(captured);
    expect(state.messages.filter((m) => m.kind === "REFUNDED" && m.status === "SENT")).toHaveLength(2);
    const mail = ctx.mail.filter((m) => m.to === state.order.email);
    expect(mail.at(-1)?.subject).toContain("استرداد");
    expect(state.audit.filter((entry) => entry.action === "refund.create")).toHaveLength(2);
    expect(state.events.map((event) => event.kind)).toEqual(expect.arrayContaining(["refund.requested", "refund.completed"]));
    // A wrong order reference finds nothing.
    expect(await refundItem(ctx, { ...base, orderReference: "NOPE", itemId: item.id, amount: 1, idempotencyKey: randomUUID() })).toEqual({ ok: false, reason: "NOT_FOUND" });
  });

  test("five concurrent refunds of 40 % each: at most two succeed, never more than captured", async () => {
    const { orderId, item, captured } = await capturedOrder();
    const share = Math.floor((captured * 40) / 100);
    const results = await Promise.all(Array.from({ length: 5 }, () => refundItem(ctx, { ...base, orderId, itemId: item.id, amount: share, idempotencyKey: randomUUID() })));
    const succeeded = results.filter((result) => result.ok);
    expect(succeeded.length).toBeLessThanOrEqual(2);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    const state = await stateOf(orderId);
    expect(state.payment.refundedAmount).toBe(succeeded.length * share);
    expect(state.refundedAtGateway).toBe(succeeded.length * share);
    expect(state.refundedAtGateway).toBeLessThanOrEqual(captured);
  });

  test("the same key refunds once and returns the first result", async () => {
    const { orderId, item } = await capturedOrder();
    const key = randomUUID();
    const first = await refundItem(ctx, { ...base, orderId, itemId: item.id, amount: 1000, idempotencyKey: key });
    const again = await refundItem(ctx, { ...base, orderId, itemId: item.id, amount: 1000, idempotencyKey: key });
    const together = await Promise.all([1, 2].map(() => refundItem(ctx, { ...base, orderId, itemId: item.id, amount: 500, idempotencyKey: key })));
    expect(first.ok && again.ok && again.repeated && again.refund.id === first.refund.id).toBe(true);
    for (const result of together) expect(result.ok && result.refund.id).toBe(first.ok && first.refund.id);
    const state = await stateOf(orderId);
    expect(state.refunds).toHaveLength(1);
    expect(state.payment.refundedAmount).toBe(1000);
    expect(state.refundedAtGateway).toBe(1000);
  });

  test("an agent is refused above AGENT_REFUND_LIMIT_SAR; an admin may", async () => {
    expect(withinAgentLimit(10_000, "SAR", 100)).toBe(true);
    expect(withinAgentLimit(10_001, "SAR", 100)).toBe(false);
    expect(withinAgentLimit(2_600, "USD", 100)).toBe(true); // 26 USD = 97.50 SAR
    expect(withinAgentLimit(2_700, "USD", 100)).toBe(false); // 27 USD = 101.25 SAR
    const { orderId, item, captured } = await capturedOrder();
    expect(captured).toBeGreaterThan(10_000);
    expect(await refundItem(ctx, { ...base, actor: agent, role: "agent", orderId, itemId: item.id, amount: 10_001, idempotencyKey: randomUUID() })).toEqual({ ok: false, reason: "LIMIT" });
    expect((await refundItem(ctx, { ...base, actor: agent, role: "agent", orderId, itemId: item.id, amount: 10_000, idempotencyKey: randomUUID() })).ok).toBe(true);
    expect((await refundItem(ctx, { ...base, orderId, itemId: item.id, amount: 10_001, idempotencyKey: randomUUID() })).ok).toBe(true);
    expect(await refundItem(ctx, { ...base, reason: "  ", orderId, itemId: item.id, amount: 1, idempotencyKey: randomUUID() })).toEqual({ ok: false, reason: "REASON_REQUIRED" });
  });

  test("a refund the gateway refuses is FAILED, listed, and retried by the reconciler with backoff", async () => {
    const { orderId, item } = await capturedOrder();
    const spy = vi.spyOn(gateway, "refund").mockRejectedValueOnce(new Error("gateway down"));
    const now = ctx.clock.now();
    const result = await refundItem(ctx, { ...base, orderId, itemId: item.id, amount: 2_500, idempotencyKey: randomUUID(), now });
    expect(result).toMatchObject({ ok: true, refund: { state: "FAILED", attempts: 1, lastError: "gateway down" } });
    if (!result.ok) throw new Error("refused");
    expect(result.refund.nextAttemptAt).toEqual(nextRefundAttempt(1, now));
    expect((await listFailedRefunds(ctx.db)).map((row) => row.id)).toContain(result.refund.id);
    // Today's "failed refunds" queue shows it.
    expect((await loadQueues(ctx.db, now, "en")).failedRefunds.map((entry) => entry.itemId)).toContain(item.id);
    // The amount stays reserved: nothing more than captured can be promised meanwhile.
    expect((await stateOf(orderId)).payment.refundedAmount).toBe(2_500);

    // Not due yet: the reconciler leaves it.
    await runReconcilerOnce(ctx, { now });
    expect((await stateOf(orderId)).refunds[0]!.state).toBe("FAILED");
    // Fails again when due: the next attempt waits twice as long.
    spy.mockRejectedValueOnce(new Error("still down"));
    const later = new Date(result.refund.nextAttemptAt!.getTime() + 1000);
    await runReconcilerOnce(ctx, { now: later });
    const second = (await stateOf(orderId)).refunds[0]!;
    expect(second).toMatchObject({ state: "FAILED", attempts: 2 });
    expect(second.nextAttemptAt!.getTime() - later.getTime()).toBe(2 * (result.refund.nextAttemptAt!.getTime() - now.getTime()));
    const report = await runReconcilerOnce(ctx, { now: new Date(second.nextAttemptAt!.getTime() + 1000) });
    expect(report.refundsRetried).toBeGreaterThanOrEqual(1);
    const state = await stateOf(orderId);
    expect(state.refunds[0]).toMatchObject({ state: "REFUNDED", attempts: 3 });
    expect(state.refundedAtGateway).toBe(2_500);
    expect(state.payment.refundedAmount).toBe(2_500);
    expect(await retryRefund(ctx, { refundId: result.refund.id, actor: agent })).toEqual({ ok: false, reason: "NOT_FAILED" });
    expect((await loadQueues(ctx.db, later, "en")).failedRefunds.map((entry) => entry.itemId)).not.toContain(item.id);
    spy.mockRestore();
  });

  test("after REFUND_AUTO_ATTEMPTS refusals the reconciler stops; a person can still retry", async () => {
    const { orderId, item } = await capturedOrder();
    const spy = vi.spyOn(gateway, "refund").mockRejectedValue(new Error("account closed"));
    const now = ctx.clock.now();
    const result = await refundItem(ctx, { ...base, orderId, itemId: item.id, amount: 1_000, idempotencyKey: randomUUID(), now });
    if (!result.ok) throw new Error("refused");
    // As if it had already failed all but once: the next refusal is the last automatic one.
    await ctx.db.update(orderRefunds).set({ attempts: REFUND_AUTO_ATTEMPTS - 1 }).where(eq(orderRefunds.id, result.refund.id));
    await runReconcilerOnce(ctx, { now: new Date(result.refund.nextAttemptAt!.getTime() + 1000) });
    const stopped = (await stateOf(orderId)).refunds[0]!;
    expect(stopped).toMatchObject({ state: "FAILED", attempts: REFUND_AUTO_ATTEMPTS, nextAttemptAt: null });
    // Much later, the reconciler leaves it alone; it stays in the console's queue.
    const report = await runReconcilerOnce(ctx, { now: new Date(now.getTime() + 30 * 86_400_000) });
    expect(report.refundsRetried).toBe(0);
    expect((await stateOf(orderId)).refunds[0]).toMatchObject({ state: "FAILED", attempts: REFUND_AUTO_ATTEMPTS });
    expect((await listFailedRefunds(ctx.db)).map((row) => row.id)).toContain(result.refund.id);
    // A person retries once the provider is fixed.
    spy.mockResolvedValue(undefined);
    const retried = await retryRefund(ctx, { refundId: result.refund.id, actor: agent });
    expect(retried).toMatchObject({ ok: true, refund: { state: "REFUNDED" } });
    spy.mockRestore();
  });
});

describe("cancelItemForCustomer", () => {
  test("within the policy: booking cancelled, the policy's refund paid, order CANCELLED, customer told", async () => {
    const { orderId, item, captured } = await capturedOrder();
    const quote = await engine.quoteCancellation(item.bookingUuid);
    // Its refund is above the agents' limit (100 SAR here): an agent is refused before anything moves.
    expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "guest is ill", override: false, actor: agent, role: "agent" })).toEqual({ ok: false, reason: "LIMIT" });
    const result = await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "guest is ill", override: false, actor: admin, role: "admin" });
    const expected = captured - Math.round((captured * quote.penaltyPercent) / 100);
    expect(result).toMatchObject({ ok: true, refundAmount: expected, currency: "SAR" });
    const state = await stateOf(orderId);
    expect(state.item).toMatchObject({ status: "CANCELLED", refundState: "TEAM_CANCELLED" });
    expect(state.order.status).toBe("CANCELLED");
    expect((await engine.getBooking(item.bookingUuid))?.status).toBe("CANCELLED");
    expect(state.refunds).toMatchObject([{ amount: expected }]);
    expect(state.refundedAtGateway).toBe(expected);
    expect(state.messages.map((m) => m.kind)).toContain("ITEM_CANCELLED");
    expect(state.audit.map((entry) => entry.action)).toContain("booking.cancel");
    expect(state.item.status).toBe("CANCELLED");
    // Settling again refunds nothing more.
    await runReconcilerOnce(ctx);
    expect((await stateOf(orderId)).refundedAtGateway).toBe(expected);
    expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "again", override: false, actor: agent, role: "agent" })).toEqual({ ok: false, reason: "NOT_CANCELLABLE" });
  });

  test("outside the policy: refused for an agent; an admin's override (with a reason) cancels and refunds in full", async () => {
    const { orderId, item, captured } = await capturedOrder();
    const saved = ctx.clock.now();
    // The day after the activity: every policy keeps 100 %.
    ctx.setNow(new Date(new Date(`${item.localDate}T12:00:00Z`).getTime() + 2 * 86_400_000));
    try {
      expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "late", override: false, actor: admin, role: "admin" })).toEqual({ ok: false, reason: "OUTSIDE_POLICY" });
      expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "late", override: true, actor: agent, role: "agent" })).toEqual({ ok: false, reason: "FORBIDDEN" });
      expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: " ", override: true, actor: admin, role: "admin" })).toEqual({ ok: false, reason: "REASON_REQUIRED" });
      expect((await stateOf(orderId)).item.status).toBe("CONFIRMED");
      const result = await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "supplier closed the site", override: true, actor: admin, role: "admin" });
      expect(result).toMatchObject({ ok: true, refundAmount: captured });
      const state = await stateOf(orderId);
      expect(state.item.status).toBe("CANCELLED");
      expect(state.refundedAtGateway).toBe(captured);
      expect(state.audit.map((entry) => entry.action)).toContain("booking.cancel_override");
    } finally {
      ctx.setNow(saved);
    }
  });
});
