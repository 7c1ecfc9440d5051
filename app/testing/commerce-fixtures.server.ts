/**
 * Orders for tests: a bookable product of the seeded test catalogue, a fresh slot, a cart and a placed
 * order, so a test about what happens after checkout starts from a real order in two lines.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { addToCart, type ItemSelection } from "#app/commerce/cart.server";
import { placeOrder } from "#app/commerce/orders.server";
import type { PaymentMethod } from "#app/commerce/order-records.server";
import { rowsOf } from "#app/db/db.server";
import { carts } from "#app/db/schema";
import type { TestContext } from "./context.server";

export interface TestProduct {
  productId: string;
  optionId: string;
  adult: string;
}

export const TEST_LEAD = { firstName: "Noura", lastName: "Al-Qahtani", email: "noura@example.com", countryCode: "+966", phone: "501234567" };

/** A SAR product bookable every day with room for 20, one adult unit, instant or on request (or without a fixed price). */
export async function pickProduct(ctx: TestContext, options: { instant?: boolean; noFixedPrice?: boolean; offset?: number } = {}): Promise<TestProduct> {
  const rows = rowsOf<TestProduct>(
    await ctx.db.execute(sql`
      SELECT p.id AS "productId", o.id AS "optionId",
        (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS adult
      FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default
      JOIN availability_schedules s ON s.option_id = o.id
      WHERE s.capacity >= 20 AND s.weekdays = 127 AND s.valid_to IS NULL AND p.expires_on IS NULL AND o.cutoff_minutes = 0
        AND p.availability_type = 'START_TIME' AND p.pricing_per = 'UNIT' AND p.no_fixed_price = ${options.noFixedPrice ?? false}
        AND p.instant_confirmation = ${options.instant ?? true} AND p.currency = 'SAR'
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
export async function placeTestOrder(ctx: TestContext, selections: ItemSelection[], method: PaymentMethod, lead = TEST_LEAD) {
  const placed = await placeOrder(ctx, { cartId: await cartWith(ctx, selections), locale: "en", lead, method, idempotencyKey: randomUUID() });
  if (!placed.ok) throw new Error(`checkout refused: ${placed.reason}`);
  return placed.order;
}
