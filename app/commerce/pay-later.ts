/**
 * Reserve now, pay later: when the payment is due. Pure, so the rule is tested without a database.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The least time a customer is given to pay, however close the travel date. */
export const PAY_LATER_MIN_HOURS = 1;

export interface PayLaterDeadlineInput {
  placedAt: Date;
  /** Hours to pay: the strictest product override of the order's items, else PAY_LATER_DEADLINE_HOURS. */
  hours: number;
  /** When each item starts (UTC instants). */
  travelStarts: Date[];
  /** The deadline is never later than this many days before the first travel. */
  daysBeforeTravel: number;
}

/**
 * The payment deadline: `hours` after placing, but no later than `daysBeforeTravel` days before the
 * first departure, and never sooner than an hour after placing (a last-minute pay-later order gets an
 * hour, not a deadline in the past).
 */
export function payLaterDeadline(input: PayLaterDeadlineInput): Date {
  const placed = input.placedAt.getTime();
  let due = placed + input.hours * HOUR_MS;
  const first = input.travelStarts.length ? Math.min(...input.travelStarts.map((start) => start.getTime())) : null;
  if (first !== null) due = Math.min(due, first - input.daysBeforeTravel * 24 * HOUR_MS);
  return new Date(Math.max(due, placed + PAY_LATER_MIN_HOURS * HOUR_MS));
}

/** The hours an order gets: the smallest override among its products, else the default. */
export function payLaterHours(overrides: Array<number | null>, defaultHours: number): number {
  const set = overrides.filter((value): value is number => typeof value === "number" && value > 0);
  return set.length ? Math.min(...set) : defaultHours;
}

/** What an offline payment may be recorded as. */
export const OFFLINE_PAYMENT_METHODS = ["bank_transfer", "cash"] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
