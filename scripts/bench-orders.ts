/**
 * Orders bench: p50/p95 of placing an order (re-check, holds, payment session) and of handling a
 * payment webhook (verify, dedupe, confirm bookings, capture bookkeeping, email), on the seeded test
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Run: npx tsx scripts/bench-orders.ts [n]
 * Prints its figures as JSON lines (the contract of scripts/bench-report.ts).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { addToCart } from "#app/commerce/cart.server";
import { applyPaymentEvent, placeOrder } from "#app/commerce/orders.server";
import { rowsOf } from "#app/db/db.server";
import { carts, payments } from "#app/db/schema";
import { SANDBOX_CARDS } from "#app/payments/sandbox.server";
import { createTestContext } from "#app/testing/context.server";
import { eq } from "drizzle-orm";
import { emitFigure } from "./bench-report";

const runs = Number(process.argv[2] ?? 200);
/** Orders placed first to warm the JIT and the database, not counted. */
const WARM_UP = 10;
const round = (value: number) => Math.round(value * 100) / 100;
const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;

const webhooks: Array<{ rawBody: string; signature: string }> = [];
const ctx = await createTestContext({
  env: { SANDBOX_WEBHOOK_SECRET: "bench-sandbox-webhook-secret", PAYMENT_GATEWAY: "sandbox" },
  sandboxDelivery: async (rawBody, signature) => {
    webhooks.push({ rawBody, signature });
  },
});
const database = ctx.database;
const engine = ctx.bookingApi as EmbeddedBookingEngine;
const gateway = ctx.payments.sandbox;

const products = rowsOf<{ productId: string; optionId: string; adult: string }>(
  await database.db.execute(sql`
    SELECT p.id AS "productId", o.id AS "optionId", (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS adult
    FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default JOIN availability_schedules s ON s.option_id = o.id
    WHERE s.capacity >= 20 AND s.weekdays = 127 AND s.valid_to IS NULL AND p.expires_on IS NULL AND o.cutoff_minutes = 0 AND p.instant_confirmation
      AND p.availability_type = 'START_TIME' AND p.pricing_per = 'UNIT' AND NOT p.no_fixed_price AND p.currency = 'SAR'
      AND EXISTS (SELECT 1 FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT' AND u.min_quantity IS NULL AND u.accompanied_by = '[]'::jsonb)
    ORDER BY p.id LIMIT 20`),
);

const placing: number[] = [];
const handling: number[] = [];
for (let run = 0; run < runs + WARM_UP; run += 1) {
  const product = products[run % products.length]!;
  const slot = await engine.firstOpenSlot(product.productId, product.optionId, `2030-01-${String(10 + (run % 15)).padStart(2, "0")}`);
  const cartId = randomUUID();
  await database.db.insert(carts).values({ id: cartId, currency: "SAR" });
  await addToCart(ctx, { id: cartId, currency: "SAR", promoCode: null }, { productId: product.productId, optionId: product.optionId, availabilityId: slot!.id, units: [{ unitId: product.adult, quantity: 1 }], extraIds: [] });
  let started = performance.now();
  const placed = await placeOrder(ctx, { cartId, locale: "en", method: "card", idempotencyKey: randomUUID(), lead: { firstName: "A", lastName: "B", email: "a@example.com", countryCode: "+966", phone: "501234567" } });
  const placingTime = performance.now() - started;
  if (run >= WARM_UP) placing.push(placingTime);
  if (!placed.ok) throw new Error(`refused: ${placed.reason}`);
  const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
  await gateway.pay(payment!.sessionId, SANDBOX_CARDS.success);
  const webhook = webhooks.pop()!;
  started = performance.now();
  const [event] = await gateway.parseWebhook(webhook.rawBody, new Headers({ "Rihla-Signature": webhook.signature }));
  await applyPaymentEvent(ctx, "sandbox", event!);
  if (run >= WARM_UP) handling.push(performance.now() - started);
}
placing.sort((a, b) => a - b);
handling.sort((a, b) => a - b);
const note = `${database.kind}, ${runs} runs after ${WARM_UP} not counted`;
emitFigure("orders", "place an order p95", round(percentile(placing, 0.95)), "ms", "≤ 100 ms", { p50: round(percentile(placing, 0.5)), samples: runs, note });
emitFigure("orders", "payment webhook p95", round(percentile(handling, 0.95)), "ms", "≤ 30 ms", { p50: round(percentile(handling, 0.5)), samples: runs, note });
await ctx.stop();
