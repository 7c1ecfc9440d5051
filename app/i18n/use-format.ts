import { useCallback } from "react";
import { isCurrencyCode, type Money } from "#app/lib/money";
import { formatDayPrice, formatLocalDate, formatMoney, formatNumber, formatRating, formatUnit, type DateStyle } from "./format";
import { useLocale } from "./use-locale";

/** The page locale's formatters (app/i18n/format.ts): every number and date a component shows goes through one of these. */

/** Formats money for the page's locale. */
export function useFormatMoney(): (money: Money, options?: { compact?: boolean }) => string {
  const { code } = useLocale();
  return useCallback((money, options) => formatMoney(code, money.amount, money.currency, options), [code]);
}

/** Money stored as an amount and a currency code in text (an order's, an offer's): an unknown code shows as SAR. */
export function useFormatAmount(): (amount: number, currency: string) => string {
  const { code } = useLocale();
  return useCallback((amount, currency) => formatMoney(code, amount, isCurrencyCode(currency) ? currency : "SAR"), [code]);
}

/** A day's "from" price in a calendar cell: "899", no currency (formatDayPrice). */
export function useFormatDayPrice(): (money: Money) => string {
  const { code } = useLocale();
  return useCallback((money) => formatDayPrice(code, money.amount, money.currency), [code]);
}

/** Counts and plain numbers. */
export function useFormatNumber(): (value: number, options?: Intl.NumberFormatOptions) => string {
  const { code } = useLocale();
  return useCallback((value, options) => formatNumber(code, value, options), [code]);
}

/** Star ratings with one decimal. */
export function useFormatRating(): (rating: number) => string {
  const { code } = useLocale();
  return useCallback((rating) => formatRating(code, rating), [code]);
}

/** Calendar dates (YYYY-MM-DD) in a named style. */
export function useFormatLocalDate(style: DateStyle = "medium"): (isoDate: string) => string {
  const { code } = useLocale();
  return useCallback((isoDate) => formatLocalDate(code, isoDate, style), [code, style]);
}

/** "2 h 30 min", "3 days", in the page's language. */
export function useFormatDuration(): (minutes: number, unit?: string) => string {
  const { code } = useLocale();
  return useCallback(
    (minutes, unit) => {
      if (unit === "DAY" || unit === "NIGHT" || minutes >= 24 * 60) return formatUnit(code, Math.round(minutes / (24 * 60)), "day");
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      if (hours === 0) return formatUnit(code, rest, "minute");
      return rest === 0 ? formatUnit(code, hours, "hour") : `${formatUnit(code, hours, "hour")} ${formatUnit(code, rest, "minute")}`;
    },
    [code],
  );
}
