import { useCallback } from "react";
import { formatMoney, type Money } from "#app/lib/money";
import { useLocale } from "./use-locale";

/** Formats money for the page's locale (Intl with the locale's ISO code). */
export function useFormatMoney(): (money: Money, options?: { compact?: boolean }) => string {
  const { iso } = useLocale();
  return useCallback((money, options) => formatMoney(money.amount, money.currency, iso, options), [iso]);
}

/** "2 h 30 min", "3 days", in the page's language. */
export function useFormatDuration(): (minutes: number, unit?: string) => string {
  const { iso } = useLocale();
  return useCallback(
    (minutes, unit) => {
      const format = (value: number, unitName: "minute" | "hour" | "day") =>
        new Intl.NumberFormat(iso, { style: "unit", unit: unitName, unitDisplay: "long" }).format(value);
      if (unit === "DAY" || unit === "NIGHT" || minutes >= 24 * 60) return format(Math.round(minutes / (24 * 60)), "day");
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      if (hours === 0) return format(rest, "minute");
      return rest === 0 ? format(hours, "hour") : `${format(hours, "hour")} ${format(rest, "minute")}`;
    },
    [iso],
  );
}
