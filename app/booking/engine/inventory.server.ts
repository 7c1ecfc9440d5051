/**
 * Seats of slots: the only code that writes the inventory's held and booked counts. Seats are taken
 * with one conditional UPDATE (never past capacity) in the caller's transaction, the one that records
 * the booking, so concurrent reservations can never oversell; they move between held and booked, and
 * come back when a hold expires or a booking is cancelled.
 */
import { BookingStatus } from "@octocloud/types";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { rowsOf, type Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { BookingRow } from "#app/db/schema";
import type { Slot } from "#app/booking/slots";
import { BookingError } from "#app/booking/types";

/**
 * Takes `pax` seats of a slot into `column` with one conditional update (never past capacity), in the
 * caller's transaction; NOT_ENOUGH_VACANCIES otherwise. A freesale slot has no count to take from. A
 * test booking is checked against the vacancies but takes none.
 */
export async function takeSeats(t: Database, optionId: string, slot: Slot, column: "held" | "booked", pax: number, now: Date, testMode = false, releaseExpiredFirst = true): Promise<void> {
  if (slot.capacity === null || pax <= 0) return;
  if (releaseExpiredFirst) await releaseExpired(t, now, { optionId, availabilityId: slot.id });
  await t
    .insert(schema.inventory)
    .values({ optionId, availabilityId: slot.id, localDate: slot.localDate, capacity: slot.capacity })
    .onConflictDoNothing();
  const free = sql`${schema.inventory.capacity} - ${schema.inventory.held} - ${schema.inventory.booked}`;
  const where = and(eq(schema.inventory.optionId, optionId), eq(schema.inventory.availabilityId, slot.id), sql`${free} >= ${pax}`);
  const taken = testMode
    ? await t.select({ vacancies: sql<number>`${free}` }).from(schema.inventory).where(where)
    : await t
        .update(schema.inventory)
        .set(column === "held" ? { held: sql`${schema.inventory.held} + ${pax}`, updatedAt: now } : { booked: sql`${schema.inventory.booked} + ${pax}`, updatedAt: now })
        .where(where)
        .returning({ vacancies: sql<number>`${free}` });
  if (taken.length > 0) return;
  const [row] = await t
    .select({ vacancies: sql<number>`${free}` })
    .from(schema.inventory)
    .where(and(eq(schema.inventory.optionId, optionId), eq(schema.inventory.availabilityId, slot.id)));
  const left = Math.max(0, Number(row?.vacancies ?? 0));
  throw new BookingError(
    "NOT_ENOUGH_VACANCIES",
    left === 0 ? "Sold out: no places are left at this time" : `Only ${left} place${left === 1 ? "" : "s"} left at this time; ${pax} requested`,
    { vacancies: left, requested: pax, availabilityId: slot.id },
  );
}

/** Moves seats between held and booked, or gives them back. */
export async function moveSeats(t: Database, booking: Pick<BookingRow, "optionId" | "availabilityId" | "testMode">, change: { held?: number; booked?: number }, now: Date): Promise<void> {
  if (booking.testMode) return;
  await t
    .update(schema.inventory)
    .set({
      held: sql`greatest(${schema.inventory.held} + ${change.held ?? 0}, 0)`,
      booked: sql`greatest(${schema.inventory.booked} + ${change.booked ?? 0}, 0)`,
      updatedAt: now,
    })
    .where(and(eq(schema.inventory.optionId, booking.optionId), eq(schema.inventory.availabilityId, booking.availabilityId)));
}

/**
 * Expires holds past their expiry (of one slot, or all) and gives their seats back, in the caller's
 * transaction. Slots are updated in a fixed order so concurrent sweeps cannot deadlock.
 */
export async function releaseExpired(t: Database, now: Date, slot?: { optionId: string; availabilityId: string }): Promise<number> {
  const expired = await t
    .update(schema.bookings)
    .set({ status: BookingStatus.EXPIRED, utcUpdatedAt: now })
    .where(
      and(
        eq(schema.bookings.status, BookingStatus.ON_HOLD),
        lte(schema.bookings.utcExpiresAt, now),
        ...(slot ? [eq(schema.bookings.optionId, slot.optionId), eq(schema.bookings.availabilityId, slot.availabilityId)] : []),
      ),
    )
    .returning({ id: schema.bookings.id, optionId: schema.bookings.optionId, availabilityId: schema.bookings.availabilityId, pax: schema.bookings.pax, testMode: schema.bookings.testMode });
  if (expired.length === 0) return 0;
  await t
    .update(schema.bookingUnitItems)
    .set({ status: BookingStatus.EXPIRED })
    .where(inArray(schema.bookingUnitItems.bookingId, expired.map((row) => row.id)));
  const bySlot = new Map<string, { optionId: string; availabilityId: string; pax: number }>();
  for (const row of expired) {
    // A test booking never held seats.
    if (row.testMode) continue;
    const key = `${row.optionId}|${row.availabilityId}`;
    const entry = bySlot.get(key) ?? { optionId: row.optionId, availabilityId: row.availabilityId, pax: 0 };
    entry.pax += row.pax;
    bySlot.set(key, entry);
  }
  for (const key of [...bySlot.keys()].sort()) {
    const entry = bySlot.get(key)!;
    await t
      .update(schema.inventory)
      .set({ held: sql`greatest(${schema.inventory.held} - ${entry.pax}, 0)`, updatedAt: now })
      .where(and(eq(schema.inventory.optionId, entry.optionId), eq(schema.inventory.availabilityId, entry.availabilityId)));
  }
  return expired.length;
}

/** Raw seat counts of a slot (for tests and operations dashboards). */
export async function seatCounts(db: Database, optionId: string, availabilityId: string): Promise<{ capacity: number; held: number; booked: number } | null> {
  const rows = rowsOf<{ capacity: number; held: number; booked: number }>(
    await db.execute(sql`SELECT capacity, held, booked FROM inventory WHERE option_id = ${optionId} AND availability_id = ${availabilityId}`),
  );
  return rows[0] ?? null;
}
