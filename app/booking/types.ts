/**
 * The storefront's booking boundary. Everything outside app/booking talks to a BookingApi and gets
 * OCTO-shaped objects back, so an external OCTO supplier can replace the embedded engine.
 */
import type {
  Availability,
  AvailabilityCalendar,
  AvailabilityCalendarBody,
  AvailabilityCheckBody,
  Booking,
  BookingCancellation,
  BookingCancellationBody,
  BookingConfirmationBody,
  BookingReservationBody,
  BookingUnitItem,
} from "@octocloud/types";
import type { RefundQuote } from "./policy";
import { CodedError } from "#app/lib/coded-error";

/** OCTO booking plus the refund figures OCTO leaves to the supplier. */
export type OctoBooking = Booking & {
  cancellation: (BookingCancellation & { refundAmount: number; penaltyPercent: number; currency: string }) | null;
  /** Local start of the booked slot in the product's time zone. */
  localDateTimeStart: string;
};

/** A reservation: OCTO's body with the uuid decided, and whether a reseller's test key made it. */
export type ReserveBody = BookingReservationBody & { uuid: string; testMode?: boolean };

/** What a rebooking changes; what it leaves out stays as booked (units are kept by uuid). */
export interface RebookChange {
  productId?: string;
  optionId?: string;
  availabilityId?: string;
  unitItems?: BookingUnitItem[];
}

export interface CancelOptions {
  /** Refuse a confirmed booking past its cancellation cutoff (CUTOFF_PASSED), as OCTO resellers are. */
  enforceCutoff?: boolean;
}

export interface BookingApi {
  /** Slots (START_TIME) or days (OPENING_HOURS) with status, vacancies and pricing. */
  checkAvailability(body: AvailabilityCheckBody): Promise<Availability[]>;
  /** One entry per local date for a calendar. */
  availabilityCalendar(body: AvailabilityCalendarBody): Promise<AvailabilityCalendar[]>;
  /** Holds vacancies until the returned utcExpiresAt; idempotent on body.uuid (UUID_CONFLICT for another booking's uuid). */
  /** `quotedOffer`: a custom offer's reference — a product without a fixed price is held at the price the team quoted. */
  reserve(body: ReserveBody & { quotedOffer?: string }): Promise<OctoBooking>;
  /** ON_HOLD → CONFIRMED (or PENDING for on-request products), with tickets; `unitItems` replace the units first; idempotent. */
  confirm(uuid: string, body: BookingConfirmationBody): Promise<OctoBooking>;
  /** Extends a hold. */
  extendReservation(uuid: string, expirationMinutes: number): Promise<OctoBooking>;
  /** Cancels a hold or booking, refunding by the product's cancellation policy; idempotent. */
  cancel(uuid: string, body?: BookingCancellationBody, options?: CancelOptions): Promise<OctoBooking>;
  /** Moves a booking to another time, units, option or product, atomically and keeping its uuid. */
  rebook(uuid: string, change: RebookChange, options?: CancelOptions): Promise<OctoBooking>;
  /** What cancelling now would refund. */
  quoteCancellation(uuid: string): Promise<RefundQuote & { currency: string; total: number }>;
  getBooking(uuid: string): Promise<OctoBooking | null>;
  /**
   * The supplier's decision on an on-request (PENDING) booking: CONFIRMED, or REJECTED (its seats
   * return). Idempotent for the same decision; a booking decided otherwise is INVALID_BOOKING_STATUS.
   */
  settlePending(uuid: string, decision: "CONFIRMED" | "REJECTED"): Promise<OctoBooking>;
  /** Expires stale holds and returns their seats; returns how many expired. */
  expireHolds(): Promise<number>;
}

export type BookingErrorCode =
  | "INVALID_PRODUCT_ID"
  | "INVALID_OPTION_ID"
  | "INVALID_UNIT_ID"
  | "INVALID_AVAILABILITY_ID"
  | "INVALID_BOOKING_UUID"
  | "BAD_REQUEST"
  | "UNPROCESSABLE_ENTITY"
  | "NOT_ENOUGH_VACANCIES"
  | "AVAILABILITY_CLOSED"
  | "BOOKING_EXPIRED"
  | "INVALID_BOOKING_STATUS"
  | "NO_FIXED_PRICE"
  | "UUID_CONFLICT"
  | "CUTOFF_PASSED"
  | "BOOKING_REDEEMED";

/** A refusal the caller can show; its body (toJSON) follows OCTO's error body. */
export class BookingError extends CodedError<BookingErrorCode> {
  get status(): number {
    return this.code.startsWith("INVALID_") || this.code === "BAD_REQUEST" ? 400 : this.code === "UUID_CONFLICT" ? 409 : 422;
  }
}

export function isBookingError(error: unknown): error is BookingError {
  return error instanceof BookingError;
}
