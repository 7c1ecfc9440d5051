/**
 * The hard parts of commerce on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the last seats under 100 concurrent checkouts, webhooks delivered twice and out of order, a crash
 * between capture and confirmation, on-request holds, promo codes redeemed at the total shown and
 * raced for their last use (the pure promo and rounding rules are in pricing.test.ts).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { rowsOf } from "#app/db/db.server";
import { carts, orderItems, orderMessages, orders, payments, promoCodes } from "#app/db/schema";
import type { TestDatabase } from "#app/db/testing.server";
import { SandboxGateway, SANDBOX_CARDS, signSandboxPayload, verifySandboxSignature } from "#app/payments/sandbox.server";
import { WebhookSignatureError } from "#app/payments/gateway";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { addToCart, reviewCart, type ItemSelection } from "./cart.server";
import { applyPaymentEvent, placeOrder, settleOrder, type PlaceOrderResult } from "./orders.server";
import { runReconcilerOnce } from "./reconciler.server";

let ctx: TestContext;
let database: TestDatabase;
let engine: EmbeddedBookingEngine;
let gateway: SandboxGateway;
/** Webhooks the sandbox "sent", kept for the test to deliver (twice, out of order …). */
let outbox: Array<{ rawBody: string; signature: string }> = [];
const clock = new Date("2030-01-08T06:00:00Z");
const SECRET = "test-sandbox-webhook-secret";

beforeAll(async () => {
  ctx = await createTestContext({
    env: { SANDBOX_WEBHOOK_SECRET: SECRET, PAYMENT_GATEWAY: "sandbox", BOOKING_HOLD_MINUTES: "30" },
    now: clock,
    poolSize: 20,
    sandboxDelivery: async (rawBody, signature) => {
      outbox.push({ rawBody, signature });
    },
  });
  database = ctx.database;
  engine = ctx.bookingApi as EmbeddedBookingEngine;
  gateway = ctx.payments.sandbox;
});

afterAll(async () => {
  await ctx?.stop();
});

beforeEach(() => {
  outbox = [];
});

interface Product {
  productId: string;
  optionId: string;
  adult: string;
}

async function pickProduct(instant: boolean, offset = 0): Promise<Product> {
  const rows = rowsOf<Product>(
    await database.db.execute(sql`
      SELECT p.id AS "productId", o.id AS "optionId",
        (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS adult
      FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default
      JOIN availability_schedules s ON s.option_id = o.id
      WHERE s.capacity >= 20 AND s.weekdays = 127 AND s.valid_to IS NULL AND p.expires_on IS NULL AND o.cutoff_minutes = 0
        AND p.availability_type = 'START_TIME' AND p.pricing_per = 'UNIT' AND NOT p.no_fixed_price
        AND p.instant_confirmation = ${instant} AND p.currency = 'SAR'
        AND EXISTS (SELECT 1 FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT' AND u.min_quantity IS NULL AND u.accompanied_by = '[]'::jsonb)
      ORDER BY p.id LIMIT 1 OFFSET ${offset}`),
  );
  if (!rows[0]) throw new Error("no product matches");
  return rows[0];
}

let dayOffset = 2;
/** A fresh slot per test (each test takes a later day), so tests never share seats. */
async function freshSlot(product: Product): Promise<string> {
  const day = new Date(clock.getTime() + dayOffset++ * 86_400_000).toISOString().slice(0, 10);
  const slot = await engine.firstOpenSlot(product.productId, product.optionId, day);
  if (!slot) throw new Error("no open slot");
  return slot.id;
}

async function cartWith(selections: ItemSelection[], promoCode: string | null = null): Promise<string> {
  const id = randomUUID();
  await database.db.insert(carts).values({ id, currency: "SAR", promoCode });
  for (const selection of selections) {
    const added = await addToCart(ctx, { id, currency: "SAR", promoCode }, selection);
    if (!added.ok) throw new Error(`could not add: ${added.reason}`);
  }
  return id;
}

const adults = (product: Product, availabilityId: string, quantity = 1): ItemSelection => ({
  productId: product.productId,
  optionId: product.optionId,
  availabilityId,
  units: [{ unitId: product.adult, quantity }],
  extraIds: [],
});

const lead = { firstName: "Noura", lastName: "Al-Qahtani", email: "noura@example.com", countryCode: "+966", phone: "501234567" };

async function checkout(cartId: string, method: "card" | "pay_later" = "card"): Promise<PlaceOrderResult> {
  return placeOrder(ctx, { cartId, locale: "en", lead, method, idempotencyKey: randomUUID() });
}

async function sessionOf(orderId: string): Promise<string> {
  const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return payment!.sessionId;
}

async function deliver(webhook: { rawBody: string; signature: string }, settle = true) {
  const [event] = await gateway.parseWebhook(webhook.rawBody, new Headers({ "Rihla-Signature": webhook.signature }));
  return applyPaymentEvent(ctx, "sandbox", event!, { settle });
}

async function statusOf(orderId: string) {
  const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { order: order!, items, payment };
}

describe("checkout and payment", () => {
  test("card: holds, hosted payment, webhook → confirmed and captured; the cart is emptied", async () => {
    const product = await pickProduct(true);
    const cartId = await cartWith([adults(product, await freshSlot(product), 2)]);
    const placed = await checkout(cartId);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.redirectTo).toMatch(/^\/checkout\?pay=/);
    expect((await statusOf(placed.order.id)).items.every((item) => item.status === "HELD")).toBe(true);
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.success);
    expect(outbox).toHaveLength(1);
    expect(await deliver(outbox[0]!)).toBe("applied");
    const { order, items, payment } = await statusOf(placed.order.id);
    expect(order.status).toBe("CONFIRMED");
    expect(items.map((item) => item.status)).toEqual(["CONFIRMED"]);
    expect(payment).toMatchObject({ status: "CAPTURED", capturedAmount: order.totalAmount, refundedAmount: 0 });
    expect((await reviewCart(ctx, cartId, "en")).lines).toHaveLength(0);
  });

  test("a double submit with one idempotency key makes one order", async () => {
    const product = await pickProduct(true);
    const cartId = await cartWith([adults(product, await freshSlot(product))]);
    const key = randomUUID();
    const [a, b] = await Promise.all([0, 1].map(() => placeOrder(ctx, { cartId, locale: "en", lead, method: "card", idempotencyKey: key })));
    expect(a!.ok && b!.ok).toBe(true);
    if (a!.ok && b!.ok) expect(a!.order.id).toBe(b!.order.id);
    const count = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${cartId}`));
    expect(count[0]!.n).toBe(1);
  });

  test("a declined card fails the order and releases the seats", async () => {
    const product = await pickProduct(true);
    const slot = await freshSlot(product);
    const before = await engine.seatCounts(product.optionId, slot);
    const placed = await checkout(await cartWith([adults(product, slot, 3)]));
    if (!placed.ok) throw new Error("refused");
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.decline);
    await deliver(outbox[0]!);
    const { order, items, payment } = await statusOf(placed.order.id);
    expect(order.status).toBe("PAYMENT_FAILED");
    expect(items[0]!.status).toBe("CANCELLED");
    expect(payment).toMatchObject({ status: "FAILED", declineCode: "card_declined", capturedAmount: 0 });
    expect(await engine.seatCounts(product.optionId, slot)).toEqual(before ?? { capacity: expect.any(Number), held: 0, booked: 0 });
  });

  test("pay later confirms the bookings and waits for the team", async () => {
    const product = await pickProduct(true);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]), "pay_later");
    if (!placed.ok) throw new Error("refused");
    expect(placed.redirectTo).toMatch(/^\/checkout\/on_hold\?order=/);
    const { order, items, payment } = await statusOf(placed.order.id);
    expect(order.status).toBe("PAY_LATER");
    expect(items[0]!.status).toBe("CONFIRMED");
    expect(payment).toBeUndefined();
  });

  test("pay later is limited: two open unpaid orders per email, five a day per address", async () => {
    const product = await pickProduct(true, 2);
    const email = `paylater-${randomUUID().slice(0, 8)}@example.com`;
    const payLater = async (who: string, address: string) =>
      placeOrder(ctx, { cartId: await cartWith([adults(product, await freshSlot(product))]), locale: "en", lead: { ...lead, email: who }, method: "pay_later", idempotencyKey: randomUUID(), address });
    for (let i = 0; i < ctx.env.PAY_LATER_MAX_OPEN_PER_EMAIL; i++) expect((await payLater(email, randomUUID())).ok).toBe(true);
    expect(await payLater(email.toUpperCase(), randomUUID())).toEqual({ ok: false, reason: "PAY_LATER_LIMIT" });
    // A card order for the same email is still welcome.
    expect((await placeOrder(ctx, { cartId: await cartWith([adults(product, await freshSlot(product))]), locale: "en", lead: { ...lead, email }, method: "card", idempotencyKey: randomUUID() })).ok).toBe(true);
    const address = randomUUID();
    for (let i = 0; i < 5; i++) expect((await payLater(`other-${i}-${randomUUID().slice(0, 6)}@example.com`, address)).ok).toBe(true);
    expect(await payLater(`sixth-${randomUUID().slice(0, 6)}@example.com`, address)).toEqual({ ok: false, reason: "PAY_LATER_LIMIT" });
  });

  test("on request: authorized, on hold, captured only once the supplier confirms", async () => {
    const product = await pickProduct(false);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.success);
    await deliver(outbox[0]!);
    let state = await statusOf(placed.order.id);
    expect(state.order.status).toBe("ON_HOLD");
    expect(state.payment).toMatchObject({ status: "AUTHORIZED", capturedAmount: 0, captureMethod: "manual" });
    await engine.settlePending(state.items[0]!.bookingUuid, "CONFIRMED");
    await runReconcilerOnce(ctx, { settleAfterMs: 0 });
    state = await statusOf(placed.order.id);
    expect(state.order.status).toBe("CONFIRMED");
    expect(state.payment).toMatchObject({ status: "CAPTURED", capturedAmount: state.order.totalAmount });
  });

  test("on request rejected: the authorization is released, nothing is charged", async () => {
    const product = await pickProduct(false, 1);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.authorizeOnly);
    await deliver(outbox[0]!);
    const items = (await statusOf(placed.order.id)).items;
    await engine.settlePending(items[0]!.bookingUuid, "REJECTED");
    await settleOrder(ctx, placed.order.id);
    const state = await statusOf(placed.order.id);
    expect(state.order.status).toBe("BOOKING_FAILED");
    expect(state.payment).toMatchObject({ status: "VOIDED", capturedAmount: 0 });
  });

  test("an item whose hold expired before payment is refunded: partially confirmed", async () => {
    const product = await pickProduct(true);
    const other = await pickProduct(true, 1);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product)), adults(other, await freshSlot(other), 2)]));
    if (!placed.ok) throw new Error("refused");
    const held = (await statusOf(placed.order.id)).items.find((item) => item.position === 1)!;
    await database.db.execute(sql`UPDATE bookings SET utc_expires_at = ${new Date(clock.getTime() - 1000)} WHERE uuid = ${held.bookingUuid}`);
    await engine.expireHolds();
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.success);
    await deliver(outbox[0]!);
    const { order, items, payment } = await statusOf(placed.order.id);
    expect(order.status).toBe("PARTIALLY_CONFIRMED");
    const failed = items.find((item) => item.position === 1)!;
    // The reaper expired it first, so the engine refuses to confirm a booking that is no longer on hold.
    expect(failed).toMatchObject({ status: "FAILED", refundState: "REFUNDED" });
    expect(["BOOKING_EXPIRED", "INVALID_BOOKING_STATUS"]).toContain(failed.failureCode);
    expect(payment!.refundedAmount).toBe(failed.amount - failed.discountShare);
    const [session] = rowsOf<{ refunded_amount: number }>(await database.db.execute(sql`SELECT refunded_amount FROM sandbox_sessions WHERE id = ${payment!.sessionId}`));
    expect(session!.refunded_amount).toBe(payment!.refundedAmount);
  });
});

describe("webhooks", () => {
  test("every webhook delivered twice and out of order changes nothing the second time", async () => {
    const product = await pickProduct(false, 2);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.success); // authorized
    const items = (await statusOf(placed.order.id)).items;
    await deliver(outbox[0]!);
    await engine.settlePending(items[0]!.bookingUuid, "CONFIRMED");
    await settleOrder(ctx, placed.order.id); // captures: the sandbox sends payment.captured
    expect(outbox.map((webhook) => JSON.parse(webhook.rawBody).type)).toEqual(["payment.authorized", "payment.captured"]);
    const snapshot = await statusOf(placed.order.id);
    // Newest first, each twice.
    const results = [];
    for (const webhook of [outbox[1]!, outbox[0]!, outbox[1]!, outbox[0]!]) results.push(await deliver(webhook));
    expect(results.filter((result) => result === "duplicate")).toHaveLength(3);
    const after = await statusOf(placed.order.id);
    expect(after.order.status).toBe("CONFIRMED");
    expect(after.payment).toEqual(snapshot.payment);
    expect(after.order.notifiedStatus).toBe("CONFIRMED");
  });

  test("captured arriving before authorized, and failed after captured, are harmless", async () => {
    const product = await pickProduct(true);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    const sessionId = await sessionOf(placed.order.id);
    const event = (type: string, id: string) => ({ id, type: type as "payment.captured", sessionId, amount: placed.order.totalAmount, currency: "SAR", declineCode: null, raw: {} });
    await applyPaymentEvent(ctx, "sandbox", event("payment.captured", "evt_a"));
    await applyPaymentEvent(ctx, "sandbox", event("payment.authorized", "evt_b"));
    await applyPaymentEvent(ctx, "sandbox", { ...event("payment.failed", "evt_c"), declineCode: "card_declined" });
    const { order, payment } = await statusOf(placed.order.id);
    expect(order.status).toBe("CONFIRMED");
    expect(payment).toMatchObject({ status: "CAPTURED", declineCode: null });
  });

  test("a validly signed capture of 1 halala for a SAR order is refused: the order goes to review, nothing is confirmed, seats are kept", async () => {
    const product = await pickProduct(true);
    const slot = await freshSlot(product);
    const placed = await checkout(await cartWith([adults(product, slot, 2)]));
    if (!placed.ok) throw new Error("refused");
    const sessionId = await sessionOf(placed.order.id);
    const forged = JSON.stringify({
      id: "evt_forged_1",
      type: "payment.captured",
      created: Math.floor(Date.now() / 1000),
      data: { sessionId, amount: 1, currency: "SAR", declineCode: null, metadata: { orderId: placed.order.id } },
    });
    expect(await deliver({ rawBody: forged, signature: signSandboxPayload(forged, SECRET) })).toBe("review");
    const { order, items, payment } = await statusOf(placed.order.id);
    expect(order.status).toBe("REVIEW");
    expect(order.notifiedStatus).toBeNull();
    expect(items.map((item) => item.status)).toEqual(["HELD"]);
    expect(payment).toMatchObject({ status: "CREATED", capturedAmount: 0 });
    // The seats stay held for the team to decide, and the hold outlives the usual 30 minutes.
    expect((await engine.seatCounts(product.optionId, slot))?.held).toBeGreaterThanOrEqual(2);
    const booking = await engine.getBooking(items[0]!.bookingUuid);
    expect(booking?.status).toBe("ON_HOLD");
    expect(new Date(booking!.utcExpiresAt!).getTime() - clock.getTime()).toBeGreaterThan(23 * 60 * 60_000);
    // Neither settling again nor the reconciler moves it on.
    expect(await settleOrder(ctx, placed.order.id)).toBe("REVIEW");
    await runReconcilerOnce(ctx, { settleAfterMs: 0 });
    expect((await statusOf(placed.order.id)).order.status).toBe("REVIEW");
    // No confirmation was sent to the customer.
    expect(ctx.mail.filter((message) => message.to === lead.email && message.subject.includes(placed.order.reference))).toHaveLength(0);
  });

  test.each([
    ["another currency", { amount: null as number | null, currency: "USD" }],
    ["more than owed", { amount: 1, currency: "SAR", extra: true }],
    ["another order's metadata", { amount: null as number | null, currency: "SAR", orderId: "ord_someone_else" }],
  ])("a capture with %s is refused too", async (_, change) => {
    const product = await pickProduct(true);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    const amount = change.amount === null ? placed.order.totalAmount : placed.order.totalAmount + 1;
    const forged = JSON.stringify({
      id: `evt_forged_${randomUUID()}`,
      type: "payment.captured",
      created: Math.floor(Date.now() / 1000),
      data: { sessionId: await sessionOf(placed.order.id), amount, currency: change.currency, declineCode: null, metadata: { orderId: "orderId" in change ? change.orderId : placed.order.id } },
    });
    expect(await deliver({ rawBody: forged, signature: signSandboxPayload(forged, SECRET) })).toBe("review");
    expect((await statusOf(placed.order.id)).order.status).toBe("REVIEW");
  });

  test("signatures: a tampered body, a wrong secret or an old timestamp is refused", () => {
    const body = JSON.stringify({ id: "evt_1" });
    const header = signSandboxPayload(body, SECRET);
    expect(() => verifySandboxSignature(body, header, SECRET)).not.toThrow();
    expect(() => verifySandboxSignature(`${body} `, header, SECRET)).toThrow(WebhookSignatureError);
    expect(() => verifySandboxSignature(body, header, "another-secret-value")).toThrow(WebhookSignatureError);
    expect(() => verifySandboxSignature(body, signSandboxPayload(body, SECRET, Math.floor(Date.now() / 1000) - 3600), SECRET)).toThrow(WebhookSignatureError);
    expect(() => verifySandboxSignature(body, null, SECRET)).toThrow(WebhookSignatureError);
  });
});

describe("recovery", () => {
  test("a process killed between capture and confirmation recovers when the reconciler runs", async () => {
    const product = await pickProduct(true);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.success);
    // The capture is recorded, then the process "dies" before confirming the bookings.
    await deliver(outbox[0]!, false);
    let state = await statusOf(placed.order.id);
    expect(state.payment!.status).toBe("CAPTURED");
    expect(state.items[0]!.status).toBe("HELD");
    const report = await runReconcilerOnce(ctx, { settleAfterMs: 0 });
    expect(report.errors).toBe(0);
    state = await statusOf(placed.order.id);
    expect(state.order.status).toBe("CONFIRMED");
    expect(state.items[0]!.status).toBe("CONFIRMED");
  });

  test("a confirmation email a crash kept from being sent is sent by the reconciler, once", async () => {
    const product = await pickProduct(true);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.success);
    const working = ctx.mailer;
    // The process "dies" while sending: the mailer never answers, so nothing is sent or recorded.
    ctx.mailer = { send: () => new Promise(() => undefined) };
    void deliver(outbox[0]!);
    await vi.waitFor(async () => expect((await statusOf(placed.order.id)).order.notifiedStatus).toBe("CONFIRMED"));
    ctx.mailer = working;
    const toCustomer = () => ctx.mail.filter((message) => message.to === lead.email && message.subject.includes(placed.order.reference));
    // Within the grace period the request that claimed the email may still send it.
    expect((await runReconcilerOnce(ctx, { now: new Date(clock.getTime() + 60_000) })).noticesSent).toBe(0);
    expect(toCustomer()).toHaveLength(0);
    expect((await runReconcilerOnce(ctx, { now: new Date(clock.getTime() + 3 * 60_000) })).noticesSent).toBe(1);
    expect(toCustomer()).toHaveLength(1);
    expect((await statusOf(placed.order.id)).order.noticeDueAt).toBeNull();
    const messages = await database.db.select().from(orderMessages).where(eq(orderMessages.orderId, placed.order.id));
    expect(messages.filter((message) => message.channel === "email").map((message) => [message.kind, message.status])).toEqual([["CONFIRMED", "SENT"]]);
    expect((await runReconcilerOnce(ctx, { now: new Date(clock.getTime() + 60 * 60_000) })).noticesSent).toBe(0);
    expect(toCustomer()).toHaveLength(1);
  });

  test("a confirmation email the mail server refused is tried again with backoff, then left to the console's Resend", async () => {
    const product = await pickProduct(true);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.success);
    const working = ctx.mailer;
    ctx.mailer = { send: async () => Promise.reject(new Error("421 try again later")) };
    try {
      await deliver(outbox[0]!);
      expect((await statusOf(placed.order.id)).order.status).toBe("CONFIRMED");
      const dueAfter = async () => ((await statusOf(placed.order.id)).order.noticeDueAt?.getTime() ?? 0) - clock.getTime();
      // One failure: owed again 2 minutes on; the reconciler's tries fail too and back off 4, 8, 16 minutes.
      expect(await dueAfter()).toBe(2 * 60_000);
      for (const minutes of [4, 8, 16]) {
        const at = new Date((await statusOf(placed.order.id)).order.noticeDueAt!.getTime());
        ctx.setNow(at);
        await runReconcilerOnce(ctx, { now: at });
        expect((await statusOf(placed.order.id)).order.noticeDueAt!.getTime() - at.getTime()).toBe(minutes * 60_000);
      }
      // The fifth failure ends the tries: the order shows five failed emails for the team to resend.
      const last = (await statusOf(placed.order.id)).order.noticeDueAt!;
      ctx.setNow(last);
      await runReconcilerOnce(ctx, { now: last });
      expect((await statusOf(placed.order.id)).order.noticeDueAt).toBeNull();
      const failed = await database.db.select().from(orderMessages).where(eq(orderMessages.orderId, placed.order.id));
      expect(failed.filter((message) => message.channel === "email" && message.status === "FAILED")).toHaveLength(5);
    } finally {
      ctx.mailer = working;
      ctx.setNow(clock);
    }
  });

  test("a webhook that never came: the reconciler asks the gateway", async () => {
    const product = await pickProduct(true);
    const placed = await checkout(await cartWith([adults(product, await freshSlot(product))]));
    if (!placed.ok) throw new Error("refused");
    await gateway.pay(await sessionOf(placed.order.id), SANDBOX_CARDS.success);
    outbox = []; // lost
    await runReconcilerOnce(ctx, { settleAfterMs: 0 });
    expect((await statusOf(placed.order.id)).order.status).toBe("CONFIRMED");
  });
});

describe("the last seats", () => {
  test("100 concurrent checkouts for the last 10 seats: exactly 10 orders, no charge without a booking", async () => {
    const product = await pickProduct(true, 2);
    const slot = await freshSlot(product);
    const counts = await engine.seatCounts(product.optionId, slot);
    const capacity = counts?.capacity ?? (await engine.checkAvailability({ productId: product.productId, optionId: product.optionId, availabilityIds: [slot] }))[0]!.capacity!;
    // Other customers already hold all but ten seats.
    for (let taken = 0; taken < capacity - 10; taken += 1) {
      await engine.reserve({ uuid: randomUUID(), productId: product.productId, optionId: product.optionId, availabilityId: slot, expirationMinutes: 600, unitItems: [{ unitId: product.adult }] });
    }
    const cartIds = [];
    for (let index = 0; index < 100; index += 1) cartIds.push(await cartWith([adults(product, slot)]));
    const results = await Promise.all(cartIds.map((cartId) => checkout(cartId)));
    const placed = results.filter((result): result is Extract<PlaceOrderResult, { ok: true }> => result.ok);
    expect(placed).toHaveLength(10);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === "UNAVAILABLE")).toBe(true);
    for (const order of placed) await gateway.pay(await sessionOf(order.order.id), SANDBOX_CARDS.success);
    for (const webhook of outbox) await deliver(webhook);
    const confirmed = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.availability_id = ${slot} AND o.status = 'CONFIRMED'`));
    expect(confirmed[0]!.n).toBe(10);
    const charged = rowsOf<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM payments p JOIN order_items i ON i.order_id = p.order_id WHERE i.availability_id = ${slot} AND p.captured_amount > 0 AND i.status <> 'CONFIRMED'`),
    );
    expect(charged[0]!.n).toBe(0);
    const seats = await engine.seatCounts(product.optionId, slot);
    expect(seats!.held + seats!.booked).toBe(capacity);
  });
});

describe("promo codes", () => {
  test("the order is placed at the total the cart and the checkout showed, discount shares included", async () => {
    await database.db.insert(promoCodes).values({ code: "SAMETOTAL", kind: "PERCENT", value: 1000, currency: null });
    const product = await pickProduct(true);
    const cartId = await cartWith([adults(product, await freshSlot(product), 3)], "SAMETOTAL");
    const review = await reviewCart(ctx, cartId, "en");
    expect(review.promo).toMatchObject({ applied: true });
    expect(review.total).toBe(review.subtotal - review.discount);
    const placed = await placeOrder(ctx, { cartId, locale: "en", lead, method: "pay_later", idempotencyKey: randomUUID(), expectedTotal: review.total });
    if (!placed.ok) throw new Error(`refused: ${placed.reason}`);
    expect(placed.order).toMatchObject({ originalAmount: review.subtotal, discountAmount: review.discount, totalAmount: review.total });
    const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
    expect(items.reduce((sum, item) => sum + item.amount - item.discountShare, 0)).toBe(review.total);
  });

  test("a code with one use left goes to one of two racing orders", async () => {
    await database.db.insert(promoCodes).values({ code: "LASTONE", kind: "FIXED", value: 100, currency: "SAR", maxRedemptions: 1 });
    const product = await pickProduct(true);
    const slot = await freshSlot(product);
    const [a, b] = await Promise.all([cartWith([adults(product, slot)], "LASTONE"), cartWith([adults(product, slot)], "LASTONE")]);
    const results = await Promise.all([checkout(a), checkout(b)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ reason: "PROMO", promoReason: "USED_UP" });
  });
});
