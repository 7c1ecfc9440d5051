/**
 * A booking after its hold: confirmed (or PENDING on request, then settled by the supplier),
 * cancelled with the refund its policy gives, or moved to another time, units, option or product.
 * Every step runs in one transaction that locks the booking row and moves its seats with it.
 */
import { BookingStatus, type BookingCancellationBody, type BookingConfirmationBody } from "@octocloud/types";
import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { BookingRow } from "#app/db/schema";
import type { CancellationPolicy } from "#app/db/types";
import { beforeCancellationCutoff, quoteRefund, type RefundQuote } from "#app/booking/policy";
import type { Slot } from "#app/booking/slots";
import { anyTicketRedeemed, issueTickets } from "#app/booking/tickets.server";
import { BookingError, type CancelOptions, type OctoBooking, type RebookChange } from "#app/booking/types";
import { bookableSlot, slotOf } from "./availability.server";
import type { EngineDeps } from "./deps";
import { moveSeats, releaseExpired, takeSeats } from "./inventory.server";
import { getBooking, requireBooking } from "./octo-view.server";
import type { OptionRules } from "./option-rules.server";
import { applyUnits, sameUnits } from "./unit-items.server";

/**
 * ON_HOLD → CONFIRMED (or PENDING for on-request products), issuing the voucher and tickets. With
 * `unitItems` the booking's units are replaced first (the rules and the capacity checked again, the
 * price recomputed), as OCTO's confirmation allows. Idempotent: confirming again with the same units
 * returns the booking; with other units it is refused (PATCH changes a confirmed booking).
 */
export async function confirm(deps: EngineDeps, uuid: string, body: BookingConfirmationBody): Promise<OctoBooking> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const booking = await requireBooking(t, uuid, true);
    if (booking.status === BookingStatus.CONFIRMED || booking.status === BookingStatus.PENDING || booking.status === BookingStatus.REDEEMED) {
      if (body.unitItems && body.unitItems.length > 0) {
        const items = await t.select({ unitId: schema.bookingUnitItems.unitId }).from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id));
        if (!sameUnits(items, body.unitItems)) {
          return { kind: "status" as const, status: booking.status, message: "This booking is already confirmed; change its units with PATCH /bookings/{uuid}" };
        }
      }
      return { kind: "done" as const };
    }
    if (booking.status === BookingStatus.ON_HOLD && booking.utcExpiresAt && booking.utcExpiresAt <= now) {
      // Expire it now and report that, committing the release rather than rolling it back.
      await releaseExpired(t, now, { optionId: booking.optionId, availabilityId: booking.availabilityId });
      return { kind: "expired" as const };
    }
    if (booking.status !== BookingStatus.ON_HOLD) return { kind: "status" as const, status: booking.status, message: `A ${booking.status} booking cannot be confirmed` };
    const context = await deps.options.get(t, booking.productId, booking.optionId);
    const status = context.product.instantConfirmation ? BookingStatus.CONFIRMED : BookingStatus.PENDING;
    let pax = booking.pax;
    let totals = { retail: booking.totalRetail, original: booking.totalOriginal };
    if (body.unitItems && body.unitItems.length > 0) {
      const applied = await applyUnits(t, booking, context, body.unitItems, BookingStatus.ON_HOLD, booking.localDate);
      const delta = applied.pax - booking.pax;
      if (delta > 0) {
        const slot = await slotOf(deps, t, context, booking.availabilityId);
        if (!slot || slot.status === "CLOSED") throw new BookingError("AVAILABILITY_CLOSED", "This date or time is closed for booking; no units can be added", { availabilityId: booking.availabilityId });
        await takeSeats(t, context.option.id, slot, "held", delta, now, booking.testMode);
      } else if (delta < 0) {
        await moveSeats(t, booking, { held: delta }, now);
      }
      pax = applied.pax;
      totals = applied;
    } else {
      for (const item of body.unitItems ?? []) {
        if (!item.uuid) continue;
        await t
          .update(schema.bookingUnitItems)
          .set({ contact: (item.contact ?? {}) as Record<string, unknown>, resellerReference: item.resellerReference ?? null })
          .where(and(eq(schema.bookingUnitItems.bookingId, booking.id), eq(schema.bookingUnitItems.uuid, item.uuid)));
      }
    }
    await t
      .update(schema.bookings)
      .set({
        status,
        pax,
        totalRetail: totals.retail,
        totalOriginal: totals.original,
        utcConfirmedAt: status === BookingStatus.CONFIRMED ? now : null,
        utcExpiresAt: null,
        utcUpdatedAt: now,
        contact: { ...(booking.contact ?? {}), ...(body.contact as Record<string, unknown>) },
        resellerReference: body.resellerReference ?? booking.resellerReference,
      })
      .where(eq(schema.bookings.id, booking.id));
    await t.update(schema.bookingUnitItems).set({ status }).where(eq(schema.bookingUnitItems.bookingId, booking.id));
    await moveSeats(t, booking, { held: -pax, booked: pax }, now);
    if (status === BookingStatus.CONFIRMED) await issueTicketsFor(t, booking.id, now);
    return { kind: "done" as const };
  });
  if (result.kind === "expired") throw new BookingError("BOOKING_EXPIRED", "The hold on this booking has expired; please reserve again", { uuid });
  if (result.kind === "status") throw new BookingError("INVALID_BOOKING_STATUS", result.message, { uuid, status: result.status });
  return (await getBooking(deps, uuid))!;
}

/** The voucher and a ticket per unit item of a booking that has become CONFIRMED. */
async function issueTicketsFor(t: Database, bookingId: string, now: Date): Promise<void> {
  const items = await t.select({ uuid: schema.bookingUnitItems.uuid }).from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, bookingId));
  await issueTickets(t, bookingId, items.map((item) => item.uuid), now);
}

/** Supplier decision on an on-request (PENDING) booking. */
export async function settlePending(deps: EngineDeps, uuid: string, decision: "CONFIRMED" | "REJECTED"): Promise<OctoBooking> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const booking = await requireBooking(t, uuid, true);
    if (booking.status === decision) return;
    if (booking.status !== BookingStatus.PENDING) throw new BookingError("INVALID_BOOKING_STATUS", `A ${booking.status} booking is not awaiting confirmation`, { uuid });
    await t
      .update(schema.bookings)
      .set({ status: decision, utcConfirmedAt: decision === "CONFIRMED" ? now : null, utcUpdatedAt: now })
      .where(eq(schema.bookings.id, booking.id));
    await t.update(schema.bookingUnitItems).set({ status: decision }).where(eq(schema.bookingUnitItems.bookingId, booking.id));
    if (decision === "REJECTED") await moveSeats(t, booking, { booked: -booking.pax }, now);
    else await issueTicketsFor(t, booking.id, now);
  });
  return (await getBooking(deps, uuid))!;
}

function refundFor(booking: BookingRow, policy: CancellationPolicy, now: Date): RefundQuote {
  // Nothing has been charged for a hold or an unconfirmed request: cancelling costs nothing.
  if (booking.status === BookingStatus.ON_HOLD || booking.status === BookingStatus.PENDING) {
    return { penaltyPercent: 0, refundAmount: booking.totalRetail, refund: "FULL", rule: null };
  }
  return quoteRefund(policy, booking.totalRetail, booking.utcStartAt, now);
}

export async function quoteCancellation(deps: EngineDeps, uuid: string): Promise<RefundQuote & { currency: string; total: number }> {
  const booking = await requireBooking(deps.db, uuid);
  const context = await deps.options.get(deps.db, booking.productId, booking.optionId);
  return { ...refundFor(booking, context.product.cancellationPolicy, deps.now()), currency: booking.currency, total: booking.totalRetail };
}

/**
 * The rules of a booking's option, once it is known that the booking may still be cancelled or
 * changed (`verb` says which, in the refusal): it is not used (REDEEMED, or any ticket redeemed), it is
 * ON_HOLD, CONFIRMED or PENDING, and with `enforceCutoff` a confirmed booking is before its cutoff.
 */
async function changeableContext(deps: EngineDeps, t: Database, booking: BookingRow, now: Date, options: CancelOptions, verb: "cancelled" | "changed"): Promise<OptionRules> {
  const uuid = booking.uuid;
  if (booking.status === BookingStatus.REDEEMED || (await anyTicketRedeemed(t, [booking.id]))) {
    throw new BookingError("BOOKING_REDEEMED", `This booking has been used (its tickets were redeemed) and cannot be ${verb}`, { uuid });
  }
  if (booking.status !== BookingStatus.ON_HOLD && booking.status !== BookingStatus.CONFIRMED && booking.status !== BookingStatus.PENDING) {
    throw new BookingError("INVALID_BOOKING_STATUS", `A ${booking.status} booking cannot be ${verb}`, { uuid, status: booking.status });
  }
  const context = await deps.options.get(t, booking.productId, booking.optionId);
  if (options.enforceCutoff && booking.status === BookingStatus.CONFIRMED && !beforeCancellationCutoff(context.product.cancellationPolicy, booking.utcStartAt, now)) {
    throw new BookingError("CUTOFF_PASSED", `This booking is past its cancellation cutoff and can no longer be ${verb}`, { uuid });
  }
  return context;
}

/**
 * Cancels a hold or a booking and gives its seats back; idempotent. A used (redeemed) booking cannot
 * be cancelled. With `enforceCutoff` (resellers over OCTO) a confirmed booking past its product's
 * cancellation cutoff is refused (CUTOFF_PASSED); without it (the storefront, which applies the
 * tiered refund policy itself) the refund follows the policy.
 */
export async function cancel(deps: EngineDeps, uuid: string, body: BookingCancellationBody = {}, options: CancelOptions = {}): Promise<OctoBooking> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const booking = await requireBooking(t, uuid, true);
    if (booking.status === BookingStatus.CANCELLED) return;
    const context = await changeableContext(deps, t, booking, now, options, "cancelled");
    const quote = refundFor(booking, context.product.cancellationPolicy, now);
    await t
      .update(schema.bookings)
      .set({
        status: BookingStatus.CANCELLED,
        utcCancelledAt: now,
        utcExpiresAt: null,
        utcUpdatedAt: now,
        cancellationReason: body.reason ?? null,
        refund: quote.refund,
        refundAmount: quote.refundAmount,
        penaltyPercent: quote.penaltyPercent,
      })
      .where(eq(schema.bookings.id, booking.id));
    await t.update(schema.bookingUnitItems).set({ status: BookingStatus.CANCELLED }).where(eq(schema.bookingUnitItems.bookingId, booking.id));
    await moveSeats(t, booking, booking.status === BookingStatus.ON_HOLD ? { held: -booking.pax } : { booked: -booking.pax }, now);
  });
  return (await getBooking(deps, uuid))!;
}

/**
 * Moves a booking to another time, units, option or product, keeping its uuid (OCTO's PATCH). The
 * seats move in one transaction: the new ones are taken with the conditional update first, then the
 * old ones are given back, so other bookings never see both held or neither; when the new seats are
 * not there the transaction rolls back and the booking keeps its original seats. The price is
 * recomputed at the target's prices. A hold keeps its expiry; a confirmed booking stays confirmed
 * (new unit items get tickets) and is refused past its cancellation cutoff when `enforceCutoff`.
 */
export async function rebook(deps: EngineDeps, uuid: string, change: RebookChange, options: CancelOptions = {}): Promise<OctoBooking> {
  const now = deps.now();
  const before = await requireBooking(deps.db, uuid);
  const productChanged = change.productId !== undefined && change.productId !== before.productId;
  const target = await deps.options.get(deps.db, change.productId ?? before.productId, change.optionId ?? (productChanged ? undefined : before.optionId));
  if (target.product.noFixedPrice) throw new BookingError("NO_FIXED_PRICE", "This experience has no fixed price; request a custom offer instead");
  const availabilityId = change.availabilityId ?? before.availabilityId;
  const sameSlot = target.option.id === before.optionId && availabilityId === before.availabilityId;
  // A new time must be bookable now; the booked time may have passed its booking cutoff (units are checked below).
  const targetSlot = sameSlot ? undefined : await bookableSlot(deps, target, availabilityId);

  await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const booking = await requireBooking(t, uuid, true);
    if (booking.optionId !== before.optionId || booking.availabilityId !== before.availabilityId) {
      throw new BookingError("INVALID_BOOKING_STATUS", "This booking changed while the request was made; try again", { uuid });
    }
    if (booking.status === BookingStatus.ON_HOLD && booking.utcExpiresAt && booking.utcExpiresAt <= now) {
      throw new BookingError("BOOKING_EXPIRED", "The hold on this booking has expired; please reserve again", { uuid });
    }
    await changeableContext(deps, t, booking, now, options, "changed");
    const requested =
      change.unitItems ??
      (await t.select().from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id))).map((item) => ({ uuid: item.uuid, unitId: item.unitId }));
    // Priced at the target slot's date (its season, if any).
    const applied = await applyUnits(t, booking, target, requested, booking.status as BookingStatus, sameSlot ? booking.localDate : targetSlot!.localDate);
    const column = booking.status === BookingStatus.ON_HOLD ? "held" : "booked";
    let slot: Slot;
    if (sameSlot) {
      const current = await slotOf(deps, t, target, booking.availabilityId);
      if (!current) throw new BookingError("INVALID_AVAILABILITY_ID", `No availability ${booking.availabilityId} for this option`, { availabilityId: booking.availabilityId });
      slot = current;
      const delta = applied.pax - booking.pax;
      if (delta > 0) {
        if (slot.status === "CLOSED") throw new BookingError("AVAILABILITY_CLOSED", "This date or time is closed for booking; no units can be added", { availabilityId: slot.id });
        await takeSeats(t, target.option.id, slot, column, delta, now, booking.testMode);
      } else if (delta < 0) {
        await moveSeats(t, booking, column === "held" ? { held: delta } : { booked: delta }, now);
      }
    } else {
      slot = targetSlot!;
      // Both inventory rows are locked in one fixed order first, so two bookings moving in opposite
      // directions wait for each other instead of deadlocking.
      await releaseExpired(t, now, { optionId: target.option.id, availabilityId: slot.id });
      if (slot.capacity !== null) {
        await t.insert(schema.inventory).values({ optionId: target.option.id, availabilityId: slot.id, localDate: slot.localDate, capacity: slot.capacity }).onConflictDoNothing();
      }
      const keys = [
        [booking.optionId, booking.availabilityId],
        [target.option.id, slot.id],
      ].sort((a, b) => `${a[0]}|${a[1]}`.localeCompare(`${b[0]}|${b[1]}`));
      for (const [optionId, id] of keys) {
        await t.select({ held: schema.inventory.held }).from(schema.inventory).where(and(eq(schema.inventory.optionId, optionId!), eq(schema.inventory.availabilityId, id!))).for("update");
      }
      await takeSeats(t, target.option.id, slot, column, applied.pax, now, booking.testMode, false);
      await moveSeats(t, booking, column === "held" ? { held: -booking.pax } : { booked: -booking.pax }, now);
    }
    await t
      .update(schema.bookings)
      .set({
        productId: target.product.id,
        optionId: target.option.id,
        availabilityId: slot.id,
        localDate: slot.localDate,
        utcStartAt: slot.utcStart,
        pax: applied.pax,
        currency: target.currency,
        totalRetail: applied.retail,
        totalOriginal: applied.original,
        utcUpdatedAt: now,
      })
      .where(eq(schema.bookings.id, booking.id));
    if (booking.status === BookingStatus.CONFIRMED) await issueTicketsFor(t, booking.id, now);
  });
  return (await getBooking(deps, uuid))!;
}
