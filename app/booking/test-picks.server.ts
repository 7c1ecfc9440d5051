/**
 * Seeded products and slots for booking engine tests: a START_TIME product open every day with a
 * fixed capacity and no booking cutoff, its adult unit, and helpers to pin a slot's capacity and
 * a product's cancellation policy. Test code only.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { rowsOf, type Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { CancellationPolicy } from "#app/db/types";

export interface PickedProduct {
  productId: string;
  optionId: string;
  adult: string;
  currency: string;
  adultPrice: number;
}

/** The `offset`-th standard product: per-unit prices, instant confirmation, capacity ≥ 20, every day. */
export async function pickStandardProduct(db: Database, offset = 0): Promise<PickedProduct> {
  const rows = rowsOf<PickedProduct>(
    await db.execute(sql`
      SELECT p.id AS "productId", o.id AS "optionId", p.currency,
        (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS adult,
        (SELECT u.price FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS "adultPrice"
      FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default
      JOIN availability_schedules s ON s.option_id = o.id
      WHERE s.capacity >= 20 AND s.weekdays = 127 AND s.valid_to IS NULL AND p.expires_on IS NULL
        AND o.cutoff_minutes = 0 AND p.availability_type = 'START_TIME' AND p.pricing_per = 'UNIT'
        AND NOT p.no_fixed_price AND p.instant_confirmation AND p.published
        AND (o.max_units IS NULL OR o.max_units >= 6) AND (o.booking_max_pax IS NULL OR o.booking_max_pax >= 6)
        AND EXISTS (SELECT 1 FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT' AND u.min_quantity IS NULL AND (u.max_quantity IS NULL OR u.max_quantity >= 6))
        AND NOT EXISTS (SELECT 1 FROM units u WHERE u.option_id = o.id AND u.accompanied_by <> '[]'::jsonb AND u.type = 'ADULT')
      ORDER BY p.id LIMIT 1 OFFSET ${offset}`),
  );
  if (!rows[0]) throw new Error("no seeded product matches");
  return rows[0];
}

/** Gives a slot a capacity of its own (the inventory row the engine counts in), before anything is booked on it. */
export async function pinCapacity(db: Database, optionId: string, availabilityId: string, capacity: number): Promise<void> {
  await db
    .insert(schema.inventory)
    .values({ optionId, availabilityId, localDate: availabilityId.slice(0, 10), capacity, held: 0, booked: 0 })
    .onConflictDoUpdate({ target: [schema.inventory.optionId, schema.inventory.availabilityId], set: { capacity, held: 0, booked: 0 } });
}

/** Free cancellation until `hours` before the start, nothing back after: an OCTO cutoff of `hours`. */
export async function setFreeCancellationHours(db: Database, productId: string, hours: number): Promise<CancellationPolicy> {
  const policy: CancellationPolicy = {
    nonRefundable: false,
    rules: [
      { days: 0, hours, minutes: 0, penaltyPercent: 0 },
      { days: 0, hours: 0, minutes: 0, penaltyPercent: 100 },
    ],
  };
  await db.update(schema.products).set({ cancellationPolicy: policy }).where(eq(schema.products.id, productId));
  return policy;
}

export const adults = (unitId: string, count: number) => Array.from({ length: count }, () => ({ unitId }));

export const newUuid = () => randomUUID();
