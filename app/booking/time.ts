/**
 * Local dates and times in a product's time zone. Availability is addressed by local dates
 * ("2025-03-01") and local start times; instants (cutoffs, expiries) are UTC. Calendar dates
 * themselves (validation, arithmetic, today in a zone) are in app/lib/dates.ts.
 */
import { isIsoDate } from "#app/lib/dates";

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC in minutes at an instant. */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

const offsetCache = new Map<string, number>();

/** The offset that applies to a local wall-clock time (two passes settle DST transitions). */
export function localOffsetMinutes(timeZone: string, localDate: string, localTime: string): number {
  const key = `${timeZone}|${localDate}|${localTime}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const wallAsUtc = Date.parse(`${localDate}T${localTime}:00Z`);
  let offset = zoneOffsetMinutes(timeZone, new Date(wallAsUtc));
  offset = zoneOffsetMinutes(timeZone, new Date(wallAsUtc - offset * 60000));
  if (offsetCache.size > 200_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const absolute = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, "0")}:${String(absolute % 60).padStart(2, "0")}`;
}

/** An instant as OCTO writes it: ISO 8601 UTC to the second ("2030-01-10T07:00:00Z"). */
export function utcIso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** ISO 8601 local date-time with offset, e.g. "2025-03-01T09:00:00+03:00" (OCTO's localDateTimeStart). */
export function localDateTime(timeZone: string, localDate: string, localTime: string): string {
  return `${localDate}T${localTime}:00${formatOffset(localOffsetMinutes(timeZone, localDate, localTime))}`;
}

/** The UTC instant of a local wall-clock time in a zone. */
export function localToUtc(timeZone: string, localDate: string, localTime: string): Date {
  const offset = localOffsetMinutes(timeZone, localDate, localTime);
  return new Date(Date.parse(`${localDate}T${localTime}:00Z`) - offset * 60000);
}

/** ISO weekday bit: Monday = 1, Tuesday = 2 … Sunday = 64. */
export function weekdayBit(localDate: string): number {
  const day = new Date(`${localDate}T00:00:00Z`).getUTCDay();
  return 1 << ((day + 6) % 7);
}

/** Parses an availability id back into its local date and time ("HH:MM"); an impossible date is null. */
export function parseAvailabilityId(id: string): { localDate: string; localTime: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00[+-]\d{2}:\d{2}$/.exec(id);
  if (!match || !isIsoDate(match[1])) return null;
  return { localDate: match[1]!, localTime: match[2]! };
}
