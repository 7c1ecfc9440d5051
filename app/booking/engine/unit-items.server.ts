/**
 * The units of a booking: the option's quantity rules, the unit item rows with their prices, and the
 * replacement of a booking's units (confirmation with units, rebooking) keeping the items it names.
 */
import { randomUUID } from "node:crypto";
import type { BookingStatus } from "@octocloud/types";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { BookingRow } from "#app/db/schema";
import { BookingError } from "#app/booking/types";
import type { OptionRules } from "./option-rules.server";
import { priceOf } from "./pricing";

/** How many of each unit a list of unit items names. */
export function unitCounts(unitItems: Array<{ unitId: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of unitItems) counts.set(item.unitId, (counts.get(item.unitId) ?? 0) + 1);
  return counts;
}

/** Whether two lists of unit items name the same units, as many of each (in any order). */
export function sameUnits(a: Array<{ unitId: string }>, b: Array<{ unitId: string }>): boolean {
  const first = unitCounts(a);
  const second = unitCounts(b);
  return first.size === second.size && [...first].every(([unitId, count]) => second.get(unitId) === count);
}

export function unitItemRow(
  bookingId: string,
  supplierReference: string,
  number: number,
  item: { uuid?: string | null; unitId: string; resellerReference?: string | null; contact?: unknown },
  prices: Map<string, { retail: number; original: number }>,
  status: BookingStatus,
): typeof schema.bookingUnitItems.$inferInsert {
  const unitPrice = prices.get(item.unitId) ?? { retail: 0, original: 0 };
  return {
    uuid: item.uuid ?? randomUUID(),
    bookingId,
    unitId: item.unitId,
    status,
    retail: unitPrice.retail,
    original: unitPrice.original,
    supplierReference: `${supplierReference}-${number}`,
    resellerReference: item.resellerReference ?? null,
    contact: (item.contact ?? {}) as Record<string, unknown>,
  };
}

/** Quantity rules of units and option; returns the persons counted against capacity. */
export function validateUnits(context: OptionRules, counts: Map<string, number>): number {
  if (counts.size === 0) throw new BookingError("UNPROCESSABLE_ENTITY", "At least one unit is required");
  let pax = 0;
  let total = 0;
  const byId = new Map(context.units.map((unit) => [unit.id, unit]));
  for (const [unitId, quantity] of counts) {
    const unit = byId.get(unitId);
    if (!unit) throw new BookingError("INVALID_UNIT_ID", `Unknown unit ${unitId} for this option`, { unitId });
    if (unit.minQuantity !== null && quantity < unit.minQuantity) throw new BookingError("UNPROCESSABLE_ENTITY", `At least ${unit.minQuantity} × ${unit.internalName} required`, { unitId });
    if (unit.maxQuantity !== null && quantity > unit.maxQuantity) throw new BookingError("UNPROCESSABLE_ENTITY", `At most ${unit.maxQuantity} × ${unit.internalName} allowed`, { unitId });
    if (unit.accompaniedBy.length > 0 && !unit.accompaniedBy.some((id) => (counts.get(id) ?? 0) > 0)) {
      throw new BookingError("UNPROCESSABLE_ENTITY", `${unit.internalName} must be accompanied by an adult`, { unitId });
    }
    pax += unit.paxCount * quantity;
    total += quantity;
  }
  if (total < context.option.minUnits) throw new BookingError("UNPROCESSABLE_ENTITY", `At least ${context.option.minUnits} units required`);
  // The capacity per item: a storefront item holds at most this many travellers.
  if (context.option.maxUnits !== null && total > context.option.maxUnits) {
    throw new BookingError("UNPROCESSABLE_ENTITY", `Up to ${context.option.maxUnits} travellers per item`, { maxUnits: context.option.maxUnits });
  }
  if (context.option.bookingMaxPax !== null && pax > context.option.bookingMaxPax) {
    throw new BookingError("UNPROCESSABLE_ENTITY", `Up to ${context.option.bookingMaxPax} travellers per booking`);
  }
  return pax;
}

/**
 * Replaces a booking's unit items with `requested` (validated against `context`, priced at its prices)
 * in the caller's transaction. An item that names one of the booking's unit items by uuid keeps it
 * (and its ticket); other items are new; the booking's items not named are removed with their tickets.
 * Seats and the booking row are the caller's to update.
 */
export async function applyUnits(
  t: Database,
  booking: BookingRow,
  context: OptionRules,
  requested: Array<{ uuid?: string | null; unitId: string; resellerReference?: string | null; contact?: unknown }>,
  status: BookingStatus,
  localDate: string,
): Promise<{ pax: number; retail: number; original: number }> {
  const counts = unitCounts(requested);
  const pax = validateUnits(context, counts);
  const price = priceOf(context, counts, localDate);
  const current = await t.select().from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id));
  const byUuid = new Map(current.map((item) => [item.uuid, item]));
  const named = new Set<string>();
  for (const item of requested) {
    if (!item.uuid) continue;
    if (named.has(item.uuid)) throw new BookingError("BAD_REQUEST", `unitItems[].uuid ${item.uuid} appears twice`, { uuid: booking.uuid });
    named.add(item.uuid);
  }
  const foreign = [...named].filter((uuid) => !byUuid.has(uuid));
  if (foreign.length > 0) {
    const taken = await t.select({ uuid: schema.bookingUnitItems.uuid }).from(schema.bookingUnitItems).where(inArray(schema.bookingUnitItems.uuid, foreign));
    if (taken.length > 0) throw new BookingError("BAD_REQUEST", `unitItems[].uuid ${taken[0]!.uuid} belongs to another booking`, { uuid: booking.uuid });
  }
  const removed = current.filter((item) => !named.has(item.uuid)).map((item) => item.uuid);
  if (removed.length > 0) await t.delete(schema.bookingUnitItems).where(inArray(schema.bookingUnitItems.uuid, removed));
  let next = Math.max(0, ...current.map((item) => Number(/-(\d+)$/.exec(item.supplierReference)?.[1] ?? 0))) + 1;
  const added: Array<typeof schema.bookingUnitItems.$inferInsert> = [];
  for (const item of requested) {
    const kept = item.uuid ? byUuid.get(item.uuid) : undefined;
    if (!kept) {
      added.push(unitItemRow(booking.id, booking.supplierReference, next++, item, price.byUnit, status));
      continue;
    }
    const unitPrice = price.byUnit.get(item.unitId) ?? { retail: 0, original: 0 };
    await t
      .update(schema.bookingUnitItems)
      .set({
        unitId: item.unitId,
        retail: unitPrice.retail,
        original: unitPrice.original,
        ...(item.contact !== undefined ? { contact: (item.contact ?? {}) as Record<string, unknown> } : {}),
        ...(item.resellerReference !== undefined ? { resellerReference: item.resellerReference ?? null } : {}),
      })
      .where(eq(schema.bookingUnitItems.uuid, kept.uuid));
  }
  if (added.length > 0) await t.insert(schema.bookingUnitItems).values(added);
  return { pax, retail: price.retail, original: price.original };
}
