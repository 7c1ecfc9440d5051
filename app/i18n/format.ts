import { currencyExponent, formatMoney as formatMinorUnits, type CurrencyCode } from "#app/lib/money";
import { getLocale, type LocaleCode } from "#app/lib/locales";

/**
 * The one place numbers and dates become text for a locale (docs/decisions/029). Every formatter here
 * uses the locale's `intl` tag, which pins the numbering system (Latin digits, also for Arabic) and
 * the Gregorian calendar, so a page never mixes 123 and ١٢٣, and the server (Node's ICU) and the
 * browser (its own ICU) always agree.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/**
 * Formatters are built once per locale and options (building one costs far more than formatting: a
 * profile of page renders had `new Intl.NumberFormat` on top when it was per call). `name` is a fixed
 * key for the options of a named use (a unit, a date style), so the hot paths skip `JSON.stringify`.
 */
function numberFormat(code: LocaleCode, options: Intl.NumberFormatOptions, name?: string): Intl.NumberFormat {
  const key = `n|${code}|${name ?? JSON.stringify(options)}`;
  let formatter = cache.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) cache.set(key, (formatter = new Intl.NumberFormat(getLocale(code).intl, options)));
  return formatter;
}

function dateFormat(code: LocaleCode, options: Intl.DateTimeFormatOptions, name?: string): Intl.DateTimeFormat {
  const key = `d|${code}|${name ?? JSON.stringify(options)}`;
  let formatter = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) cache.set(key, (formatter = new Intl.DateTimeFormat(getLocale(code).intl, options)));
  return formatter;
}

/** How many formatters are kept (for the cache's test). */
export function formatterCount(): number {
  return cache.size;
}

/** A count or any plain number: "3,000". */
export function formatNumber(code: LocaleCode, value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(code, options).format(value);
}

const RATING: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** An average star rating with one decimal: "4.5". */
export function formatRating(code: LocaleCode, rating: number): string {
  return numberFormat(code, RATING, "rating").format(rating);
}

/** Money in minor units: "SAR 1,234.50" (see app/lib/money.ts for the amounts themselves). */
export function formatMoney(code: LocaleCode, amount: number, currency: CurrencyCode, options?: { compact?: boolean }): string {
  return formatMinorUnits(amount, currency, getLocale(code).intl, options);
}

const DAY_PRICE: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };
// Six figures and more ("123,457" in RUB or JPY) no longer fit a calendar cell; "124K" does. Ceil, as
// for the whole units below: a rounded "from" price never reads lower than what the day costs.
const DAY_PRICE_COMPACT: Intl.NumberFormatOptions = { notation: "compact", compactDisplay: "short", roundingMode: "ceil" };
const DAY_PRICE_COMPACT_FROM = 100_000;

/**
 * A day's "from" price as a calendar cell shows it: whole units rounded up, no currency (the calendar
 * states it once), compact from 100,000: 898.57 SAR → "899", 12,345 → "12,345", 123,456.78 → "124K"; the
 * space in a compact figure ("124 тыс.") may break, the grouping in a plain one ("12 345") may not.
 * A cell is about 42 px wide; the exact price belongs in the day's accessible name (formatMoney).
 */
export function formatDayPrice(code: LocaleCode, amount: number, currency: CurrencyCode): string {
  // Minor units are integers, so the division is exact whenever the amount is whole.
  const whole = Math.ceil(amount / 10 ** currencyExponent(currency));
  if (whole < DAY_PRICE_COMPACT_FROM) return numberFormat(code, DAY_PRICE, "day-price").format(whole);
  // The no-break space Intl puts before a compact unit becomes a plain one, so a cell too narrow for
  // the Arabic "1.3 مليون" can put the word under the figure instead of cutting it off.
  return numberFormat(code, DAY_PRICE_COMPACT, "day-price-compact")
    .format(whole)
    .replace(/\u00a0/g, " ");
}

/** "2 hours", "30 minutes", "1 day". */
export function formatUnit(code: LocaleCode, value: number, unit: "minute" | "hour" | "day"): string {
  return numberFormat(code, { style: "unit", unit, unitDisplay: "long" }, `unit-${unit}`).format(value);
}

/**
 * How a local date is written: `short` "Tue, 7 Jan 2030", `medium` "7 Jan 2030", `long` "7 January 2030", `full` with the weekday, `month` "January 2030",
 * `weekday` "Tue", `weekday-narrow` "T" (Arabic "ث", where `weekday` is the whole word), `weekday-long` "Tuesday".
 */
export type DateStyle = "short" | "medium" | "long" | "full" | "month" | "weekday" | "weekday-narrow" | "weekday-long";

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
  medium: { dateStyle: "medium" },
  long: { dateStyle: "long" },
  full: { dateStyle: "full" },
  month: { month: "long", year: "numeric" },
  weekday: { weekday: "short" },
  "weekday-narrow": { weekday: "narrow" },
  "weekday-long": { weekday: "long" },
};

const LOCAL_DATE_STYLES = Object.fromEntries(Object.entries(DATE_STYLES).map(([style, options]) => [style, { ...options, timeZone: "UTC" }])) as Record<DateStyle, Intl.DateTimeFormatOptions>;

/**
 * A calendar date (YYYY-MM-DD: a product's local date, a review's visit, a publication day) as the
 * locale writes it. It has no time zone, so it is formatted in UTC and never shifts a day.
 */
export function formatLocalDate(code: LocaleCode, isoDate: string, style: DateStyle = "medium"): string {
  return dateFormat(code, LOCAL_DATE_STYLES[style], `local-${style}`).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** A moment (a purchase, an issue time) as the locale writes it, in the given time zone. */
export function formatInstant(code: LocaleCode, instant: Date | string, timeZone: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }): string {
  return dateFormat(code, { ...options, timeZone }).format(typeof instant === "string" ? new Date(instant) : instant);
}

/**
 * Wraps text of the other direction (an email address, a Latin name with punctuation, a reference) in
 * Unicode's first-strong isolate, so a right-to-left sentence around it does not reorder its parts
 * ("name@example.com." stays one run). For strings interpolated into translated sentences.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
