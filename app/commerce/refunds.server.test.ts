/**
 * Team refunds on a real database: refunds never add up to more than was captured (concurrent ones
 * included), a repeated form refunds once, agents stay under their limits (what all agents refunded on
 * the order, and today across orders, concurrent refunds and a cancellation's refund included), and a
 * refund the gateway refused is retried by the reconciler. Cancellations: ./cancellation.server.test.ts.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { BookingError } from "#app/booking/types";
import { orderItems, orderRefunds, payments, products } from "#app/db/schema";
import type { SandboxGateway } from "#app/payments/sandbox.server";
import { capturedCardOrder, cardPaidOrder, createCardTestContext, orderState, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import type { TestContext } from "#app/testing/context.server";
import { loadQueues } from "./back-office.server";
import { netAmount } from "./pricing";
import { runReconcilerOnce } from "./reconciler.server";
import { cancelItemForCustomer } from "./cancellation.server";
import { agentRefundAllowance, fitsAgentLimit, listFailedRefunds, nextRefundAttempt, REFUND_AUTO_ATTEMPTS, refundItem, retryRefund } from "./refunds.server";

let ctx: TestContext;
let card: CardTestContext;
let gateway: SandboxGateway;
const agent = { id: null, email: "agent@rihla.test" };
const admin = { id: null, email: "admin@rihla.test" };
let product: TestProduct;
let day = 20;

beforeAll(async () => {
  card = await createCardTestContext({ AGENT_REFUND_LIMIT_SAR: "100" });
  ({ ctx, gateway } = card);
  product = await pickProduct(ctx, { instant: true, refundable: true });
});

afterAll(async () => {
  await ctx?.stop();
});

/** A confirmed order paid by card and captured, weeks ahead: one CONFIRMED item. */
const capturedOrder = (adults = 2) => capturedCardOrder(card, product, { daysAhead: day++, adults });
const stateOf = (orderId: string) => orderState(ctx, orderId);

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
    expect(fitsAgentLimit(10_000, "SAR", 10_000)).toBe(true);
    expect(fitsAgentLimit(10_001, "SAR", 10_000)).toBe(false);
    expect(fitsAgentLimit(2_600, "USD", 10_000)).toBe(true); // 26 USD = 97.50 SAR
    expect(fitsAgentLimit(2_700, "USD", 10_000)).toBe(false); // 27 USD = 101.25 SAR
    expect(fitsAgentLimit(1, "XXX", 10_000)).toBe(false);
    const { orderId, item, captured } = await capturedOrder();
    expect(captured).toBeGreaterThan(10_000);
    expect(await refundItem(ctx, { ...base, actor: agent, role: "agent", orderId, itemId: item.id, amount: 10_001, idempotencyKey: randomUUID() })).toEqual({
      ok: false,
      reason: "LIMIT",
      allowance: { scope: "order", remaining: 10_000, limit: 10_000, currency: "SAR" },
    });
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

describe("agents' limits add up (AGENT_REFUND_LIMIT_SAR per order, AGENT_REFUND_DAILY_LIMIT_SAR per day)", () => {
  // Issue #27: an agent limited to 1,000 SAR, refused 2,300 SAR at once, refunded 900 + 900 + 500 instead.
  let limited: CardTestContext;
  let lctx: TestContext;
  let limitedProduct: TestProduct;
  let unitPrice = 0;
  let dayOffset = 0;
  const agentTwo = { id: null, email: "agent-two@rihla.test" };
  const sar = (whole: number) => whole * 100;

  beforeAll(async () => {
    limited = await createCardTestContext({ AGENT_REFUND_LIMIT_SAR: "1000", AGENT_REFUND_DAILY_LIMIT_SAR: "2000" });
    lctx = limited.ctx;
    limitedProduct = await pickProduct(lctx, { instant: true, refundable: true });
    const [row] = await lctx.db.select({ price: products.priceFrom }).from(products).where(eq(products.id, limitedProduct.productId));
    unitPrice = row!.price!;
  });

  afterAll(async () => {
    await limited?.ctx.stop();
  });

  /** Each test on a day of its own (the daily total is per Riyadh day), from 06:00 Riyadh; a test may use the day after. */
  function newDay(): Date {
    dayOffset += 2;
    const now = new Date(Date.UTC(2030, 0, 8 + dayOffset, 3));
    lctx.setNow(now);
    return now;
  }

  /** A captured order whose one item is worth at least `atLeast` (minor units). */
  async function orderWorth(atLeast: number, daysAhead = 30) {
    const adults = Math.max(1, Math.ceil(atLeast / unitPrice));
    const { order } = await cardPaidOrder(limited, limitedProduct, { daysAhead: daysAhead + dayOffset, adults });
    const [item] = await lctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const [payment] = await lctx.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment!.status).toBe("CAPTURED");
    expect(item!.amount).toBeGreaterThanOrEqual(atLeast);
    return { orderId: order.id, item: item!, payment: payment! };
  }

  const asAgent = (actor = agent) => ({ reason: "goodwill", actor, role: "agent" as const });

  test("on one order: 2,300 refused, 900 refunded, then a second 900 and a 500 refused with what is left; admins are not limited", async () => {
    newDay();
    const { orderId, item } = await orderWorth(sar(3000));
    const refund = (amount: number, who = agent) => refundItem(lctx, { ...asAgent(who), orderId, itemId: item.id, amount, idempotencyKey: randomUUID() });
    expect(await refund(sar(2300))).toEqual({ ok: false, reason: "LIMIT", allowance: { scope: "order", remaining: sar(1000), limit: sar(1000), currency: "SAR" } });
    expect(await refund(sar(900))).toMatchObject({ ok: true, refund: { state: "REFUNDED", actorRole: "agent" } });
    // Another agent's refund on the same order counts too: the limit is the role's, on the order.
    expect(await refund(sar(900), agentTwo)).toEqual({ ok: false, reason: "LIMIT", allowance: { scope: "order", remaining: sar(100), limit: sar(1000), currency: "SAR" } });
    expect(await refund(sar(500))).toMatchObject({ ok: false, reason: "LIMIT", allowance: { remaining: sar(100) } });
    expect(await refund(sar(100), agentTwo)).toMatchObject({ ok: true });
    expect(await refund(1)).toMatchObject({ ok: false, reason: "LIMIT", allowance: { remaining: 0 } });
    // An admin refunds above it, and that does not eat into the agents' limit of another order.
    expect(await refundItem(lctx, { ...base, orderId, itemId: item.id, amount: sar(1300), idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    const state = await lctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(state.map((row) => [row.amount, row.actorRole])).toEqual([
      [sar(900), "agent"],
      [sar(100), "agent"],
      [sar(1300), "admin"],
    ]);
    expect(await agentRefundAllowance(lctx, { orderId, currency: "SAR", role: "agent", now: lctx.clock.now() })).toEqual({ scope: "order", remaining: 0, limit: sar(1000), currency: "SAR" });
    expect(await agentRefundAllowance(lctx, { orderId, currency: "SAR", role: "admin", now: lctx.clock.now() })).toBeNull();
  });

  test("across orders in one day: 900 + 900 + 500 on three orders, the third refused by the daily limit; the next day starts afresh", async () => {
    newDay();
    const orders3 = [await orderWorth(sar(1000)), await orderWorth(sar(1000)), await orderWorth(sar(1000))];
    const refund = (index: number, amount: number) => refundItem(lctx, { ...asAgent(), orderId: orders3[index]!.orderId, itemId: orders3[index]!.item.id, amount, idempotencyKey: randomUUID() });
    expect(await refund(0, sar(900))).toMatchObject({ ok: true });
    expect(await refund(1, sar(900))).toMatchObject({ ok: true });
    expect(await refund(2, sar(500))).toEqual({ ok: false, reason: "LIMIT", allowance: { scope: "day", remaining: sar(200), limit: sar(2000), currency: "SAR" } });
    expect(await agentRefundAllowance(lctx, { orderId: orders3[2]!.orderId, currency: "SAR", role: "agent", now: lctx.clock.now() })).toEqual({ scope: "day", remaining: sar(200), limit: sar(2000), currency: "SAR" });
    // Still the same Riyadh day at 23:59 (20:59 UTC); the next one begins at midnight Riyadh time.
    const [first] = await lctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orders3[0]!.orderId));
    const riyadhMidnight = new Date(Date.UTC(first!.createdAt.getUTCFullYear(), first!.createdAt.getUTCMonth(), first!.createdAt.getUTCDate(), 21));
    expect(await refundItem(lctx, { ...asAgent(), orderId: orders3[2]!.orderId, itemId: orders3[2]!.item.id, amount: sar(500), idempotencyKey: randomUUID(), now: new Date(riyadhMidnight.getTime() - 60_000) })).toMatchObject({ ok: false, reason: "LIMIT" });
    expect(await refundItem(lctx, { ...asAgent(), orderId: orders3[2]!.orderId, itemId: orders3[2]!.item.id, amount: sar(500), idempotencyKey: randomUUID(), now: riyadhMidnight })).toMatchObject({ ok: true });
  });

  test("agents pressing at once: never more than the limit on an order, or in a day", async () => {
    newDay();
    const { orderId, item } = await orderWorth(sar(2000));
    const together = await Promise.all(
      [agent, agentTwo, agent, agentTwo].map((who) => refundItem(lctx, { ...asAgent(who), orderId, itemId: item.id, amount: sar(400), idempotencyKey: randomUUID() })),
    );
    expect(together.filter((result) => result.ok)).toHaveLength(2); // 800 of 1,000
    const onOrder = await lctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(onOrder.reduce((sum, row) => sum + row.amount, 0)).toBe(sar(800));

    // 1,200 left today: of three 900s on three orders at once, one gets through.
    const others = [await orderWorth(sar(1000)), await orderWorth(sar(1000)), await orderWorth(sar(1000))];
    const across = await Promise.all(others.map(({ orderId: id, item: line }, index) => refundItem(lctx, { ...asAgent(index % 2 ? agentTwo : agent), orderId: id, itemId: line.id, amount: sar(900), idempotencyKey: randomUUID() })));
    expect(across.filter((result) => result.ok)).toHaveLength(1);
    expect(across.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: "LIMIT", allowance: { scope: "day", remaining: sar(300), limit: sar(2000), currency: "SAR" } },
      { ok: false, reason: "LIMIT", allowance: { scope: "day", remaining: sar(300), limit: sar(2000), currency: "SAR" } },
    ]);
  });

  test("a cancellation's refund counts against the limits, is refused with what is left before anything moves, and a supplier refusal gives the reservation back", async () => {
    newDay();
    const { orderId, item } = await orderWorth(sar(2000));
    const quote = await limited.engine.quoteCancellation(item.bookingUuid);
    const policyRefund = netAmount(item) - Math.round((netAmount(item) * quote.penaltyPercent) / 100);
    // What the cancellation would refund after the 900 below: more than the 100 left on the order.
    expect(Math.min(policyRefund, netAmount(item) - sar(900))).toBeGreaterThan(sar(100));
    // An agent refunds 900 first: what the policy would give now is above what is left on the order.
    expect(await refundItem(lctx, { ...asAgent(), orderId, itemId: item.id, amount: sar(900), idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    const refused = await cancelItemForCustomer(lctx, { itemId: item.id, orderId, override: false, ...asAgent(agentTwo), reason: "guest is ill" });
    expect(refused).toEqual({ ok: false, reason: "LIMIT", allowance: { scope: "order", remaining: sar(100), limit: sar(1000), currency: "SAR" } });
    expect((await lctx.db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0]!.status).toBe("CONFIRMED");
    expect((await limited.engine.getBooking(item.bookingUuid))?.status).toBe("CONFIRMED");

    // A smaller order: the agent cancels it within the limit, and its refund is the agents' too.
    const small = await orderWorth(1, 40);
    const smallQuote = await limited.engine.quoteCancellation(small.item.bookingUuid);
    const smallRefund = netAmount(small.item) - Math.round((netAmount(small.item) * smallQuote.penaltyPercent) / 100);
    expect(smallRefund).toBeLessThanOrEqual(sar(1000));
    const before = await agentRefundAllowance(lctx, { orderId: small.orderId, currency: "SAR", role: "agent", now: lctx.clock.now() });

    // The supplier refuses first (a used ticket): nothing is reserved, nothing counts.
    const spy = vi.spyOn(limited.engine, "cancel").mockRejectedValueOnce(new BookingError("BOOKING_REDEEMED", "used"));
    expect(await cancelItemForCustomer(lctx, { itemId: small.item.id, orderId: small.orderId, override: false, ...asAgent(), reason: "guest is ill" })).toEqual({ ok: false, reason: "SUPPLIER_REFUSED" });
    spy.mockRestore();
    expect((await lctx.db.select().from(orderItems).where(eq(orderItems.id, small.item.id)))[0]!.status).toBe("CONFIRMED");
    expect(await lctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, small.orderId))).toEqual([]);
    expect((await lctx.db.select().from(payments).where(eq(payments.orderId, small.orderId)))[0]!.refundedAmount).toBe(0);
    expect(await agentRefundAllowance(lctx, { orderId: small.orderId, currency: "SAR", role: "agent", now: lctx.clock.now() })).toEqual(before);

    const cancelled = await cancelItemForCustomer(lctx, { itemId: small.item.id, orderId: small.orderId, override: false, ...asAgent(), reason: "guest is ill" });
    expect(cancelled).toMatchObject({ ok: true, refundAmount: smallRefund, refund: { state: "REFUNDED", actorRole: "agent", amount: smallRefund } });
    const after = await agentRefundAllowance(lctx, { orderId: small.orderId, currency: "SAR", role: "agent", now: lctx.clock.now() });
    expect(after?.remaining).toBe(Math.min(sar(1000) - smallRefund, sar(2000) - sar(900) - smallRefund));
  });
});
