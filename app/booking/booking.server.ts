/**
 * The booking side's face: the BookingApi interface and its errors, the cancellation policy, and the
 * hold reaper. The process's BookingApi (the embedded engine over the database, or an external OCTO
 * supplier at BOOKING_API_URL behind the same interface) is chosen by the composition root
 * (app/context.server.ts); everything else receives it.
 */
import type { BookingApi } from "./types";

export type { BookingApi, OctoBooking } from "./types";
export { BookingError, isBookingError } from "./types";
export { quoteRefund, freeCancellationUntil } from "./policy";

/** Expires stale holds on an interval; unref'd so it never keeps the process alive. */
export function startHoldReaper(api: Pick<BookingApi, "expireHolds">, intervalMs = 60_000): NodeJS.Timeout {
  const timer = setInterval(() => {
    api.expireHolds().catch((error: unknown) => console.error("[booking] expiring holds failed", error));
  }, intervalMs);
  timer.unref();
  return timer;
}
