/**
 * Calendar dates written `YYYY-MM-DD` (ISO 8601), the one way the storefront, the booking engine and
 * OCTO address a day. A date is a local date in some time zone (the product's, or Riyadh's for the
 * company); arithmetic on it is plain calendar arithmetic, done in UTC so no DST shift can move it.
 * No dependencies: the browser gets it with the detail page (forms use date-schema.ts for zod).
 */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The company's time zone (Riyadh, UTC+3 all year): receipts, invoices and the company's "today". */
export const RIYADH_TIME_ZONE = "Asia/Riyadh";

const DAY_MS = 86_400_000;

/**
 * True for a real calendar date written YYYY-MM-DD. Rejects impossible dates such as 2026-02-30 or
 * 2026-13-01, which `Date.parse` would silently roll over into another day.
 */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The date `days` after (or before, when negative) `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from a to b (b - a) between two dates. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local date (YYYY-MM-DD) in a time zone at an instant. */
export function localDateAt(timeZone: string, instant: Date): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/** Today's date in a time zone (availability dates are local to the product). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDateAt(timeZone, now);
}

/** Today's date in Riyadh, the company's day. */
export function todayInRiyadh(now: Date = new Date()): string {
  return localDateAt(RIYADH_TIME_ZONE, now);
}
