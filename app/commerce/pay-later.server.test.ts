/**
 * Pay later on a real database: the deadline on the order, a payment link paid through the webhook,
 * offline payments, cancel, and expiry releasing the seats exactly once — also when an agent records
 * a payment at the same moment, and when a payment still arrives after expiry (refunded once).
 */
import { and, eq } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { auditLog, orderItems, orderMessages, orders, payments, products } from "#app/db/schema";
import { addDays } from "#app/lib/dates";
import { SANDBOX_CARDS, type SandboxGateway } from "#app/payments/sandbox.server";
import { adultsAt, openSlot, pickProduct, placeTestOrder, type TestProduct } from "#app/testing/commerce-fixtures.server";
import { createTestContext, TEST_NOW, type TestContext } from "#app/testing/context.server";
import { applyPaymentEvent } from "./orders.server";
import { cancelUnpaidOrder, expireDuePayLaterOrders, expireUnpaidOrder, openPaymentLink, recordOfflinePayment } from "./pay-later.server";
import { runReconcilerOnce } from "./reconciler.server";

let ctx: TestContext;
let engine: EmbeddedBookingEngine;
let gateway: SandboxGateway;
let product: TestProduct;
let webhooks: Array<{ rawBody: string; signature: string }> = [];
const agent = { id: null, email: "agent@rihla.test" };
let day = 10;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { SANDBOX_WEBHOOK_SECRET: "test-sandbox-webhook-secret", PAYMENT_GATEWAY: "sandbox", PAY_LATER_DEADLINE_HOURS: "48", PAY_LATER_DAYS_BEFORE_TRAVEL: "2", PAY_LATER_MAX_OPEN_PER_EMAIL: "1000" },
    poolSize: 10,
    sandboxDelivery: async (rawBody, signature) => {
      webhooks.push({ rawBody, signature });
    },
  });
  engine = ctx.bookingApi as EmbeddedBookingEngine;
  gateway = ctx.payments.sandbox;
  product = await pickProduct(ctx, { instant: true });
});

afterAll(async () => {
  await ctx?.stop();
});

beforeEach(() => {
  webhooks = [];
  ctx.mail.length = 0;
});

/** A pay-later order on a slot of its own, travelling in `days` days (far enough for the 48 h rule by default). */
async function payLaterOrder(quantity = 2, days = day++) {
  const slot = await openSlot(ctx, product, addDays(TEST_NOW.toISOString().slice(0, 10), days));
  const order = await placeTestOrder(ctx, [adultsAt(product, slot, quantity)], "pay_later");
  return { order, slot };
}

async function stateOf(orderId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const messages = await ctx.db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId));
  const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.orderId, orderId));
  return { order: order!, items, messages, audit };
}

async function deliverWebhooks() {
  for (const webhook of webhooks.splice(0)) {
    for (const event of await gateway.parseWebhook(webhook.rawBody, new Headers({ "Rihla-Signature": webhook.signature }))) await applyPaymentEvent(ctx, "sandbox", event);
  }
}

test("a pay-later order keeps its seats booked until a deadline: 48 h, or the product's own hours", async () => {
  const far = await payLaterOrder(1, 20);
  expect(far.order.status).toBe("PAY_LATER");
  expect(far.order.paymentDueAt).toEqual(new Date(far.order.purchasedAt.getTime() + 48 * 3_600_000));
  expect((await engine.seatCounts(product.optionId, far.slot))?.booked).toBe(1);
  await ctx.db.update(products).set({ payLaterDeadlineHours: 6 }).where(eq(products.id, product.productId));
  const own = await payLaterOrder(1, 21);
  await ctx.db.update(products).set({ payLaterDeadlineHours: null }).where(eq(products.id, product.productId));
  expect(own.order.paymentDueAt).toEqual(new Date(own.order.purchasedAt.getTime() + 6 * 3_600_000));
});

test("a payment link paid on the hosted page confirms the order (webhook), with event, audit and email", async () => {
  const { order } = await payLaterOrder();
  const link = await openPaymentLink(ctx, order.id, { actor: agent, sendEmail: true });
  expect(link.ok).toBe(true);
  expect(ctx.mail.at(-1)?.text).toContain(`/checkout?pay=${order.accessToken}`);
  // Sending again reuses the open session.
  expect(await openPaymentLink(ctx, order.id, { actor: agent })).toMatchObject({ ok: true, reused: true });
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
  expect(payment).toMatchObject({ status: "CREATED", amount: order.totalAmount });
  await gateway.pay(payment!.sessionId, SANDBOX_CARDS.success);
  await deliverWebhooks();
  const state = await stateOf(order.id);
  expect(state.order.status).toBe("CONFIRMED");
  expect(state.items.every((item) => item.status === "CONFIRMED")).toBe(true);
  expect(state.audit.map((entry) => entry.action).sort()).toEqual(["pay_later.link_sent", "pay_later.paid"]);
  expect(state.messages.map((message) => message.kind)).toEqual(expect.arrayContaining(["PAY_LATER_PAYMENT_LINK", "CONFIRMED"]));
  // Expiry later finds nothing to do.
  ctx.setNow(new Date(TEST_NOW.getTime() + 30 * 86_400_000));
  expect(await expireUnpaidOrder(ctx, order.id, ctx.clock.now())).toEqual({ ok: false, reason: "NOT_OPEN" });
  ctx.setNow(TEST_NOW);
});

test("offline payments: a part leaves it open, the rest confirms it; a reused reference is one payment", async () => {
  const { order } = await payLaterOrder();
  const part = Math.floor(order.totalAmount / 3);
  expect(await recordOfflinePayment(ctx, order.id, { amount: part, method: "bank_transfer", reference: "TRX-1" }, agent)).toEqual({ ok: true, status: "PART_PAID", outstanding: order.totalAmount - part });
  expect(await recordOfflinePayment(ctx, order.id, { amount: part, method: "bank_transfer", reference: "TRX-1" }, agent)).toEqual({ ok: false, reason: "DUPLICATE" });
  expect(await recordOfflinePayment(ctx, order.id, { amount: order.totalAmount, method: "cash", reference: "R-9" }, agent)).toEqual({ ok: false, reason: "BAD_AMOUNT" });
  expect(await recordOfflinePayment(ctx, order.id, { amount: order.totalAmount - part, method: "cash", reference: "R-9" }, agent)).toEqual({ ok: true, status: "CONFIRMED", outstanding: 0 });
  const state = await stateOf(order.id);
  expect(state.order.status).toBe("CONFIRMED");
  expect(state.audit.filter((entry) => entry.action === "pay_later.offline_payment")).toHaveLength(2);
  // After the order's own PAY_LATER notice (email and WhatsApp): the part-payment email, then the confirmation.
  expect(state.messages.filter((message) => message.channel === "email" && message.kind !== "PAY_LATER").map((message) => message.kind)).toEqual(["PAY_LATER_PART_PAID", "CONFIRMED"]);
});

test("an agent cancels an unpaid order: seats released, customer told with the reason", async () => {
  const { order, slot } = await payLaterOrder(3);
  const before = (await engine.seatCounts(product.optionId, slot))!.booked;
  expect(await cancelUnpaidOrder(ctx, order.id, agent, "Customer asked by phone")).toEqual({ ok: true });
  expect((await engine.seatCounts(product.optionId, slot))!.booked).toBe(before - 3);
  const state = await stateOf(order.id);
  expect(state.order.status).toBe("CANCELLED");
  expect(state.items.every((item) => item.status === "CANCELLED")).toBe(true);
  expect(ctx.mail.at(-1)?.text).toContain("Customer asked by phone");
  expect(await cancelUnpaidOrder(ctx, order.id, agent, "again")).toEqual({ ok: false, reason: "NOT_OPEN" });
});

test("the reconciler expires an unpaid order after its deadline, once, and releases its seats", async () => {
  const { order, slot } = await payLaterOrder(2);
  const booked = (await engine.seatCounts(product.optionId, slot))!.booked;
  await expireDuePayLaterOrders(ctx, new Date(order.paymentDueAt!.getTime() - 1000));
  expect((await stateOf(order.id)).order.status).toBe("PAY_LATER");
  const after = new Date(order.paymentDueAt!.getTime() + 1000);
  const passes = await Promise.all([expireDuePayLaterOrders(ctx, after), expireDuePayLaterOrders(ctx, after), runReconcilerOnce(ctx, { now: after })]);
  expect(passes[0].expired + passes[1].expired + passes[2].expiredPayLater).toBeGreaterThanOrEqual(1);
  const state = await stateOf(order.id);
  expect(state.order.status).toBe("EXPIRED");
  expect((await engine.seatCounts(product.optionId, slot))!.booked).toBe(booked - 2);
  expect(state.messages.filter((message) => message.kind === "PAY_LATER_EXPIRED")).toHaveLength(1);
  expect(state.audit.filter((entry) => entry.action === "pay_later.expired")).toHaveLength(1);
});

test("an agent records a payment while the reconciler expires the order: one outcome", async () => {
  for (let round = 0; round < 4; round++) {
    const { order, slot } = await payLaterOrder(1);
    const booked = (await engine.seatCounts(product.optionId, slot))!.booked;
    const after = new Date(order.paymentDueAt!.getTime() + 1000);
    const [paid, expired] = await Promise.all([
      recordOfflinePayment(ctx, order.id, { amount: order.totalAmount, method: "cash", reference: `R-${round}` }, agent, after),
      expireUnpaidOrder(ctx, order.id, after),
    ]);
    expect(paid.ok !== expired.ok).toBe(true);
    const state = await stateOf(order.id);
    const offline = await ctx.db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.gateway, "offline")));
    if (paid.ok) {
      expect(state.order.status).toBe("CONFIRMED");
      expect(offline).toHaveLength(1);
      expect((await engine.seatCounts(product.optionId, slot))!.booked).toBe(booked);
    } else {
      expect(paid).toEqual({ ok: false, reason: "NOT_OPEN" });
      expect(state.order.status).toBe("EXPIRED");
      expect(offline).toHaveLength(0);
      expect((await engine.seatCounts(product.optionId, slot))!.booked).toBe(booked - 1);
    }
  }
});

test("a hosted payment that arrives after expiry is refunded once, and the order stays expired", async () => {
  const { order } = await payLaterOrder(1);
  const link = await openPaymentLink(ctx, order.id, { actor: agent, sendEmail: true });
  if (!link.ok) throw new Error("no link");
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
  // The customer is on the payment page while the deadline passes (the session is closed, but pays anyway in this race).
  await gateway.pay(payment!.sessionId, SANDBOX_CARDS.success);
  expect((await expireUnpaidOrder(ctx, order.id, new Date(order.paymentDueAt!.getTime() + 1000))).ok).toBe(true);
  await deliverWebhooks();
  await runReconcilerOnce(ctx, { now: new Date(order.paymentDueAt!.getTime() + 5000) });
  const [after] = await ctx.db.select().from(payments).where(eq(payments.id, payment!.id));
  expect(after).toMatchObject({ status: "CAPTURED", capturedAmount: order.totalAmount, refundedAmount: order.totalAmount });
  const state = await stateOf(order.id);
  expect(state.order.status).toBe("EXPIRED");
  expect(state.messages.filter((message) => message.kind === "PAY_LATER_LATE_REFUND")).toHaveLength(1);
});
