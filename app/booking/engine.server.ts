/**
 * The embedded booking engine: the only code that writes inventory. A hold takes vacancies with one
 * conditional UPDATE inside the transaction that records the booking, so concurrent reservations
 * can never oversell; every step is idempotent on the client's uuid.
 *
 * This class is the engine's BookingApi face. Each concept lives in its own module under ./engine/:
 * an option's rules (option-rules), prices (pricing), slots and vacancies (availability), the seat
 * counts (inventory), a booking's units (unit-items), holds, the lifecycle after a hold (confirm,
 * settle, cancel, rebook) and the OCTO view of a booking (octo-view).
 */
import type {
  Availability,
  AvailabilityCalendar,
  AvailabilityCalendarBody,
  AvailabilityCheckBody,
  BookingCancellationBody,
  BookingConfirmationBody,
} from "@octocloud/types";
import type { Database } from "#app/db/db.server";
import type { RefundQuote } from "./policy";
import type { Slot } from "./slots";
import type { BookingApi, CancelOptions, OctoBooking, RebookChange, ReserveBody } from "./types";
import { availabilityCalendar, checkAvailability, firstOpenSlot } from "./engine/availability.server";
import type { EngineDeps } from "./engine/deps";
import { expireHolds, extendReservation, reserve } from "./engine/holds.server";
import { seatCounts } from "./engine/inventory.server";
import { cancel, confirm, quoteCancellation, rebook, settlePending } from "./engine/lifecycle.server";
import { getBooking } from "./engine/octo-view.server";
import { OptionRulesCache } from "./engine/option-rules.server";

export interface EngineOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Minutes a hold lasts when the caller does not say. */
  holdMinutes?: number;
  /** Reference string prefix for supplier references. */
  referencePrefix?: string;
}

export class EmbeddedBookingEngine implements BookingApi {
  private readonly deps: EngineDeps;
  private readonly holdMinutes: number;

  constructor(db: Database, options: EngineOptions = {}) {
    this.deps = { db, now: options.now ?? (() => new Date()), options: new OptionRulesCache() };
    this.holdMinutes = options.holdMinutes ?? 30;
  }

  /** Forget cached product data (after a catalogue change). */
  clearCache(): void {
    this.deps.options.clear();
  }

  checkAvailability(body: AvailabilityCheckBody): Promise<Availability[]> {
    return checkAvailability(this.deps, body);
  }

  availabilityCalendar(body: AvailabilityCalendarBody): Promise<AvailabilityCalendar[]> {
    return availabilityCalendar(this.deps, body);
  }

  reserve(body: ReserveBody & { quotedOffer?: string }): Promise<OctoBooking> {
    return reserve(this.deps, this.holdMinutes, body);
  }

  extendReservation(uuid: string, expirationMinutes: number): Promise<OctoBooking> {
    return extendReservation(this.deps, uuid, expirationMinutes);
  }

  expireHolds(): Promise<number> {
    return expireHolds(this.deps);
  }

  confirm(uuid: string, body: BookingConfirmationBody): Promise<OctoBooking> {
    return confirm(this.deps, uuid, body);
  }

  settlePending(uuid: string, decision: "CONFIRMED" | "REJECTED"): Promise<OctoBooking> {
    return settlePending(this.deps, uuid, decision);
  }

  quoteCancellation(uuid: string): Promise<RefundQuote & { currency: string; total: number }> {
    return quoteCancellation(this.deps, uuid);
  }

  cancel(uuid: string, body: BookingCancellationBody = {}, options: CancelOptions = {}): Promise<OctoBooking> {
    return cancel(this.deps, uuid, body, options);
  }

  rebook(uuid: string, change: RebookChange, options: CancelOptions = {}): Promise<OctoBooking> {
    return rebook(this.deps, uuid, change, options);
  }

  getBooking(uuid: string): Promise<OctoBooking | null> {
    return getBooking(this.deps, uuid);
  }

  /** Ids of seeded slots for tests and tools: the first open slot of an option on or after a date. */
  firstOpenSlot(productId: string, optionId: string, from: string, days = 60): Promise<Slot | undefined> {
    return firstOpenSlot(this.deps, productId, optionId, from, days);
  }

  /** Raw seat counts of a slot (for tests and operations dashboards). */
  seatCounts(optionId: string, availabilityId: string): Promise<{ capacity: number; held: number; booked: number } | null> {
    return seatCounts(this.deps.db, optionId, availabilityId);
  }
}
