/**
 * Holds: a reservation takes the slot's vacancies in the same transaction that records the booking
 * ON_HOLD, idempotent on the client's uuid; a hold can be extended, and expires (its seats return)
 * when its time is up.
 */
import { randomUUID } from "node:crypto";
import { BookingStatus } from "@octocloud/types";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { BookingRow } from "#app/db/schema";
import { BookingError, type OctoBooking, type ReserveBody } from "#app/booking/types";
import { bookableSlot } from "./availability.server";
import type { EngineDeps } from "./deps";
import { releaseExpired, takeSeats } from "./inventory.server";
import { findBooking, getBooking, requireBooking, toOcto } from "./octo-view.server";
import { priceOf } from "./pricing";
import { sameUnits, unitCounts, unitItemRow, validateUnits } from "./unit-items.server";

/** When a hold made (or extended) now ends: `minutes` from now, kept between one minute and a day. */
function holdExpiry(now: Date, minutes: number): Date {
  return new Date(now.getTime() + Math.max(1, Math.min(minutes, 24 * 60)) * 60_000);
}

/** Holds the units of a slot for `holdMinutes` unless the body asks for another time (1 minute to a day). */
export async function reserve(deps: EngineDeps, holdMinutes: number, body: ReserveBody & { quotedOffer?: string }): Promise<OctoBooking> {
  const uuid = body.uuid || randomUUID();
  const existing = await findBooking(deps.db, uuid);
  if (existing) return replay(deps, existing, body);

  const context = await deps.options.get(deps.db, body.productId, body.optionId);
  if (context.product.noFixedPrice && !body.quotedOffer) throw new BookingError("NO_FIXED_PRICE", "This experience has no fixed price; request a custom offer instead");
  const slot = await bookableSlot(deps, context, body.availabilityId);
  const counts = unitCounts(body.unitItems);
  const pax = validateUnits(context, counts);
  const price = priceOf(context, counts, slot.localDate);
  const now = deps.now();
  const bookingId = `bkg_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
  const supplierReference = `RH-${uuid.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
  const testMode = body.testMode === true;

  const outcome = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const inserted = await t
      .insert(schema.bookings)
      .values({
        id: bookingId,
        uuid,
        productId: context.product.id,
        optionId: context.option.id,
        availabilityId: slot.id,
        localDate: slot.localDate,
        utcStartAt: slot.utcStart,
        status: BookingStatus.ON_HOLD,
        pax,
        currency: context.currency,
        totalRetail: price.retail,
        totalOriginal: price.original,
        contact: (body.contact ?? {}) as Record<string, unknown>,
        notes: body.notes ?? null,
        resellerReference: body.resellerReference ?? null,
        supplierReference,
        testMode,
        utcExpiresAt: holdExpiry(now, body.expirationMinutes ?? holdMinutes),
        utcCreatedAt: now,
        utcUpdatedAt: now,
      })
      // A concurrent request with the same uuid waits on the unique index, then finds this row.
      .onConflictDoNothing({ target: schema.bookings.uuid })
      .returning({ id: schema.bookings.id });
    if (inserted.length === 0) return { replay: true as const };
    // Throwing (no vacancies) rolls back the booking row too: nothing of a refused reservation remains.
    await takeSeats(t, context.option.id, slot, "held", pax, now, testMode);
    const items = body.unitItems.map((item, index) => unitItemRow(bookingId, supplierReference, index + 1, item, price.byUnit, BookingStatus.ON_HOLD));
    if (items.length > 0) await t.insert(schema.bookingUnitItems).values(items);
    return { replay: false as const };
  });

  const stored = await findBooking(deps.db, uuid);
  if (!stored) throw new Error(`Booking ${uuid} vanished after reservation`);
  return outcome.replay ? replay(deps, stored, body) : toOcto(deps, stored);
}

/**
 * The same uuid again: the booking when the request is the same one (a retry after a timeout), a
 * UUID_CONFLICT when the uuid already names a booking of other content (product, option, time, units).
 */
async function replay(deps: EngineDeps, existing: BookingRow, body: ReserveBody): Promise<OctoBooking> {
  const items = await deps.db.select({ unitId: schema.bookingUnitItems.unitId }).from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, existing.id));
  const same =
    existing.productId === body.productId &&
    (body.optionId === undefined || existing.optionId === body.optionId) &&
    existing.availabilityId === body.availabilityId &&
    existing.testMode === (body.testMode === true) &&
    sameUnits(items, body.unitItems ?? []);
  if (!same) throw new BookingError("UUID_CONFLICT", "This uuid already identifies a different booking; send a new uuid", { uuid: existing.uuid });
  return toOcto(deps, existing);
}

export async function extendReservation(deps: EngineDeps, uuid: string, expirationMinutes: number): Promise<OctoBooking> {
  const now = deps.now();
  const updated = await deps.db
    .update(schema.bookings)
    .set({ utcExpiresAt: holdExpiry(now, expirationMinutes), utcUpdatedAt: now })
    .where(and(eq(schema.bookings.uuid, uuid), eq(schema.bookings.status, BookingStatus.ON_HOLD), sql`${schema.bookings.utcExpiresAt} > ${now}`))
    .returning({ id: schema.bookings.id });
  if (updated.length === 0) {
    const booking = await requireBooking(deps.db, uuid);
    throw new BookingError(booking.status === BookingStatus.ON_HOLD ? "BOOKING_EXPIRED" : "INVALID_BOOKING_STATUS", "Only a live hold can be extended", { uuid });
  }
  return (await getBooking(deps, uuid))!;
}

/** Expires every stale hold and gives its seats back; returns how many expired. */
export async function expireHolds(deps: Pick<EngineDeps, "db" | "now">): Promise<number> {
  const now = deps.now();
  return deps.db.transaction((tx) => releaseExpired(tx as unknown as Database, now));
}
