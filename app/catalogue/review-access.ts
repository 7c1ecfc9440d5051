/**
 * Who may review an experience (issue #27: a new account, email unconfirmed and nothing booked, could
 * publish a one-star review at once). A review comes from an account with a confirmed email, about one
 * of its confirmed bookings of that experience whose day has passed (in the experience's time zone),
 * one review per booking. The detail page shows why someone may not review yet; the action refuses
 * by the same rule.
 */

/** A confirmed booking (order item) of the experience by the account, and whether it has its review. */
export type ReviewableBooking = { itemId: string; localDate: string; reviewed: boolean };

export type ReviewAccess =
  /** Nobody is signed in. */
  | { status: "sign-in" }
  /** The account's email address is not confirmed yet. */
  | { status: "confirm-email" }
  /** The account has no confirmed booking of this experience. */
  | { status: "no-booking" }
  /** Its next booking is on `tripDate` (today or later): a review comes after the trip. */
  | { status: "after-trip"; tripDate: string }
  /** Every booking of it has its review. */
  | { status: "reviewed" }
  /** May review the trip of `tripDate` (the earliest past booking without a review). */
  | { status: "open"; itemId: string; tripDate: string };

export type ReviewAccessStatus = ReviewAccess["status"];

/**
 * The rule, on plain values: `today` is the experience's local date now (a trip is past once its day
 * is over there), `bookings` the account's confirmed bookings of the experience.
 */
export function reviewAccessOf(user: { emailVerified: boolean } | null, bookings: readonly ReviewableBooking[], today: string): ReviewAccess {
  if (!user) return { status: "sign-in" };
  if (!user.emailVerified) return { status: "confirm-email" };
  if (bookings.length === 0) return { status: "no-booking" };
  const waiting = bookings.filter((booking) => !booking.reviewed).sort((a, b) => a.localDate.localeCompare(b.localDate));
  const past = waiting.find((booking) => booking.localDate < today);
  if (past) return { status: "open", itemId: past.itemId, tripDate: past.localDate };
  const next = waiting[0];
  return next ? { status: "after-trip", tripDate: next.localDate } : { status: "reviewed" };
}
