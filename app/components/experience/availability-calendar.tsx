import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { shiftMonth, type CalendarMonth } from "#app/catalogue/detail-page";
import { formatLocalDate, type DateStyle } from "#app/i18n/format";
import { useFormatDayPrice, useFormatMoney, useFormatNumber } from "#app/i18n/use-format";
import type { LocaleCode } from "#app/lib/locales";
import { useLocale } from "#app/i18n/use-locale";
import { isCurrencyCode } from "#app/lib/money";

/** First weekday of a calendar row per locale (0 = Sunday … 6 = Saturday). */
const WEEK_START: Record<string, number> = { en: 0, ru: 1, zh: 1, ar: 6 };

/**
 * How a column heading names its weekday. A column is about 46 px wide on a phone (the booking box is
 * no wider on a desktop). Arabic has no abbreviated weekday names (its "short" form is the whole word,
 * "الثلاثاء"), so its headings are the one-letter forms Arabic calendars print (ح ن ث ر خ ج س); the
 * other locales' short forms ("Tue", "вт", "周二") fit and are clearer than single letters, which repeat
 * in English and Russian.
 */
const WEEKDAY_HEADING: Record<LocaleCode, DateStyle> = { en: "weekday", ru: "weekday", zh: "weekday", ar: "weekday-narrow" };

async function fetchMonth(url: string): Promise<CalendarMonth> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`availability ${response.status}`);
  return (await response.json()) as CalendarMonth;
}

type Props = {
  productId: string;
  optionId: string;
  currency: string;
  today: string;
  maxDate: string;
  selected: string | null;
  onPick: (date: string) => void;
};

/**
 * A month grid showing which days have availability and the lowest price of each; rendered only with
 * JavaScript (the date input covers the rest). Picking a day submits the availability GET form.
 */
export function AvailabilityCalendar({ productId, optionId, currency, today, maxDate, selected, onPick }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formatMoney = useFormatMoney();
  const formatDayPrice = useFormatDayPrice();
  const formatNumber = useFormatNumber();
  const [month, setMonth] = useState((selected ?? today).slice(0, 7));
  const query = new URLSearchParams({ product: productId, option: optionId, month, currency });
  const { data, error, isLoading } = useSWR(`/api/availability?${query.toString()}`, fetchMonth, { revalidateOnFocus: false, keepPreviousData: true });

  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const weekStart = WEEK_START[locale.code] ?? 0;
  const lead = (first.getUTCDay() - weekStart + 7) % 7;
  const byDate = new Map((data?.month === month ? data.days : []).map((day) => [day.date, day]));
  // A cell shows a bare figure ("899"), so the currency is stated once, under the grid: the one the
  // month's prices are in (the visitor's, converted by the API). A price in any other currency would
  // make its figure lie, so such a cell shows none (its name still says the whole price).
  const isOpen = (date: string) => Boolean(byDate.get(date)?.available) && date >= today && date <= maxDate;
  const priceCurrency =
    [...byDate.values()]
      .filter((day) => isOpen(day.date))
      .map((day) => day.from?.currency)
      .find(isCurrencyCode) ?? null;
  const cells: Array<string | null> = [...Array.from({ length: lead }, () => null), ...Array.from({ length: daysInMonth }, (_, index) => `${month}-${String(index + 1).padStart(2, "0")}`)];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));

  const monthLabel = formatLocalDate(locale.code, `${month}-01`, "month");
  // 2023-01-01 was a Sunday: weekday names in the row's order.
  const weekdays = Array.from({ length: 7 }, (_, index) => {
    const date = `2023-01-${String(1 + ((weekStart + index) % 7)).padStart(2, "0")}`;
    return { heading: formatLocalDate(locale.code, date, WEEKDAY_HEADING[locale.code]), name: formatLocalDate(locale.code, date, "weekday-long") };
  });
  const canGoBack = month > today.slice(0, 7);
  const canGoForward = month < maxDate.slice(0, 7);

  return (
    <div className="availability-calendar" aria-busy={isLoading || undefined}>
      <div className="availability-calendar__head">
        <button type="button" className="availability-calendar__nav" onClick={() => setMonth(shiftMonth(month, -1))} disabled={!canGoBack} aria-label={t("detail.calendar.previous")}>
          <span aria-hidden="true">‹</span>
        </button>
        <p className="availability-calendar__month" aria-live="polite">
          {monthLabel}
        </p>
        <button type="button" className="availability-calendar__nav" onClick={() => setMonth(shiftMonth(month, 1))} disabled={!canGoForward} aria-label={t("detail.calendar.next")}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="availability-calendar__grid">
        <caption className="visually-hidden">{t("detail.calendar.caption", { month: monthLabel })}</caption>
        <thead>
          <tr>
            {/* The heading is the whole name for assistive technology (the day buttons' way: a hidden text,
                so what is seen is not a different name) and the short form on screen. */}
            {weekdays.map(({ heading, name }) => (
              <th key={name} scope="col">
                <span className="visually-hidden">{name}</span>
                <span aria-hidden="true">{heading}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((date, column) => {
                if (!date) return <td key={column} />;
                const day = byDate.get(date);
                const open = isOpen(date);
                const from = day?.from && isCurrencyCode(day.from.currency) ? { amount: day.from.amount, currency: day.from.currency } : null;
                const price = from ? formatMoney(from, { compact: true }) : null;
                const figure = from && from.currency === priceCurrency ? formatDayPrice(from) : null;
                const label = open
                  ? price
                    ? t("detail.calendar.dayFrom", { date: formatLocalDate(locale.code, date, "full"), price })
                    : t("detail.calendar.dayOpen", { date: formatLocalDate(locale.code, date, "full") })
                  : t("detail.calendar.dayClosed", { date: formatLocalDate(locale.code, date, "full") });
                return (
                  <td key={column}>
                    <button
                      type="button"
                      className={`availability-calendar__day${open ? " is-open" : ""}${date === selected ? " is-selected" : ""}`}
                      disabled={!open}
                      aria-pressed={date === selected}
                      data-date={date}
                      onClick={() => onPick(date)}
                    >
                      {/* The name is the whole date and price, in words; the cell shows the short forms (a
                          hidden text rather than aria-label, so what is seen is not a different name). */}
                      <span className="visually-hidden">{label}</span>
                      <span className="availability-calendar__number" aria-hidden="true">
                        {formatNumber(Number(date.slice(8)))}
                      </span>
                      {open && figure ? (
                        <span className="availability-calendar__price" aria-hidden="true">
                          {figure}
                        </span>
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {priceCurrency ? <p className="availability-calendar__legend">{t("detail.calendar.legend", { currency: priceCurrency })}</p> : null}
      {error ? <p className="detail-message detail-message--error">{t("detail.calendar.error")}</p> : null}
      {isLoading && !data ? <p className="detail-message">{t("detail.calendar.loading")}</p> : null}
    </div>
  );
}
