/**
 * Orders for tests: a bookable product of the seeded test catalogue, a fresh slot, a cart and a placed
 * order, so a test about what happens after checkout starts from a real order in two lines.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { addToCart, type ItemSelection } from "#app/commerce/cart.server";
import { applyPaymentEvent, placeOrder } from "#app/commerce/orders.server";
import type { PaymentMethod } from "#app/commerce/order-records.server";
import { rowsOf } from "#app/db/db.server";
import { auditLog, carts, orderEvents, orderItems, orderMessages, orderRefunds, orders, payments, sandboxOperations } from "#app/db/schema";
import type { LocaleCode } from "#app/lib/locales";
import { SANDBOX_CARDS, type SandboxAttempt, type SandboxGateway } from "#app/payments/sandbox.server";
import { createTestContext, type TestContext } from "./context.server";

export interface TestProduct {
  productId: string;
  optionId: string;
  adult: string;
}

export const TEST_LEAD = { firstName: "Noura", lastName: "Al-Qahtani", email: "noura@example.com", countryCode: "+966", phone: "501234567" };

/**
 * A SAR product bookable every day with room for 20, one adult unit, instant or on request (or without a
 * fixed price); `refundable`: a policy that refunds in full at some notice; `payLater`: reservable to pay later.
 */
export async function pickProduct(ctx: TestContext, options: { instant?: boolean; noFixedPrice?: boolean; refundable?: boolean; payLater?: boolean; offset?: number } = {}): Promise<TestProduct> {
  const refundable = options.refundable
    ? sql`AND NOT COALESCE((p.cancellation_policy->>'nonRefundable')::boolean, false)
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.cancellation_policy->'rules') r WHERE (r->>'penaltyPercent')::numeric = 0)`
    : sql``;
  const rows = rowsOf<TestProduct>(
    await ctx.db.execute(sql`
      SELECT p.id AS "productId", o.id AS "optionId",
        (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS adult
      FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default
      JOIN availability_schedules s ON s.option_id = o.id
      WHERE s.capacity >= 20 AND s.weekdays = 127 AND s.valid_to IS NULL AND p.expires_on IS NULL AND o.cutoff_minutes = 0
        AND p.availability_type = 'START_TIME' AND p.pricing_per = 'UNIT' AND p.no_fixed_price = ${options.noFixedPrice ?? false}
        AND p.instant_confirmation = ${options.instant ?? true} AND p.currency = 'SAR' ${refundable} ${options.payLater ? sql`AND p.pay_later_allowed` : sql``}
        AND EXISTS (SELECT 1 FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT' AND u.min_quantity IS NULL AND u.accompanied_by = '[]'::jsonb)
      ORDER BY p.id LIMIT 1 OFFSET ${options.offset ?? 0}`),
  );
  if (!rows[0]) throw new Error("no product matches");
  return rows[0];
}

/** The first open slot on or after `day` (ISO date). */
export async function openSlot(ctx: TestContext, product: TestProduct, day: string): Promise<string> {
  const slot = await (ctx.bookingApi as EmbeddedBookingEngine).firstOpenSlot(product.productId, product.optionId, day);
  if (!slot) throw new Error("no open slot");
  return slot.id;
}

export const adultsAt = (product: TestProduct, availabilityId: string, quantity = 1): ItemSelection => ({
  productId: product.productId,
  optionId: product.optionId,
  availabilityId,
  units: [{ unitId: product.adult, quantity }],
  extraIds: [],
});

export async function cartWith(ctx: TestContext, selections: ItemSelection[]): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(carts).values({ id, currency: "SAR", promoCode: null });
  for (const selection of selections) {
    const added = await addToCart(ctx, { id, currency: "SAR", promoCode: null }, selection);
    if (!added.ok) throw new Error(`could not add: ${added.reason}`);
  }
  return id;
}

/** A placed order (throws when checkout refuses it). */
export async function placeTestOrder(ctx: TestContext, selections: ItemSelection[], method: PaymentMethod | "installments", lead = TEST_LEAD, locale: LocaleCode = "en") {
  const placed = await placeOrder(ctx, { cartId: await cartWith(ctx, selections), locale, lead, method, idempotencyKey: randomUUID() });
  if (!placed.ok) throw new Error(`checkout refused: ${placed.reason}`);
  return placed.order;
}

/** A test context whose sandbox gateway keeps its signed webhooks, so a test pays and delivers them itself. */
export type CardTestContext = { ctx: TestContext; engine: EmbeddedBookingEngine; gateway: SandboxGateway; webhooks: Array<{ rawBody: string; signature: string }> };

export async function createCardTestContext(env: Record<string, string> = {}): Promise<CardTestContext> {
  const webhooks: CardTestContext["webhooks"] = [];
  const ctx = await createTestContext({
    env: { SANDBOX_WEBHOOK_SECRET: "test-sandbox-webhook-secret", PAYMENT_GATEWAY: "sandbox", ...env },
    poolSize: 10,
    sandboxDelivery: async (rawBody, signature) => {
      webhooks.push({ rawBody, signature });
    },
  });
  return { ctx, engine: ctx.bookingApi as EmbeddedBookingEngine, gateway: ctx.payments.sandbox, webhooks };
}

/**
 * An order for `adults` of `product` on the first open slot from `daysAhead`, placed in Arabic by a
 * fresh guest and paid with the sandbox's good card, its webhooks applied: captured for an instant
 * product, authorised (ON_HOLD) for an on-request one.
 */
export async function cardPaidOrder(card: CardTestContext, product: TestProduct, options: { daysAhead: number; adults?: number; pay?: SandboxAttempt; method?: "card" | "installments" }) {
  const { ctx, gateway, webhooks } = card;
  const slotId = await openSlot(ctx, product, new Date(ctx.clock.now().getTime() + options.daysAhead * 86_400_000).toISOString().slice(0, 10));
  const lead = { ...TEST_LEAD, email: `noura-${randomUUID().slice(0, 6)}@example.com` };
  const order = await placeTestOrder(ctx, [adultsAt(product, slotId, options.adults ?? 2)], options.method ?? "card", lead, "ar");
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
  webhooks.length = 0;
  await gateway.pay(payment!.sessionId, options.pay ?? SANDBOX_CARDS.success);
  for (const webhook of webhooks.splice(0)) {
    const [event] = await gateway.parseWebhook(webhook.rawBody, new Headers({ "Rihla-Signature": webhook.signature }));
    await applyPaymentEvent(ctx, "sandbox", event!);
  }
  const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { order, item: item!, slotId };
}

/** An order's rows after a test acted on it (one item): order, item, payment, refunds, what the sandbox refunded, messages, audit, timeline. */
export async function orderState(ctx: TestContext, orderId: string) {
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

/** A confirmed order of `product` paid by card and captured (cardPaidOrder): its one CONFIRMED item and what was captured. */
export async function capturedCardOrder(card: CardTestContext, product: TestProduct, options: { daysAhead: number; adults?: number }) {
  const { order } = await cardPaidOrder(card, product, options);
  const state = await orderState(card.ctx, order.id);
  if (state.order.status !== "CONFIRMED" || state.payment.status !== "CAPTURED") throw new Error(`not captured: ${state.order.status} / ${state.payment.status}`);
  return { orderId: order.id, reference: order.reference, item: state.item, captured: state.payment.capturedAmount };
}
