/**
 * Expands an option's schedules and overrides into the slots of given dates, and overlays the
 * inventory rows. Pure: the engine loads the rows, this decides what is open and how full.
 */
import type { OpeningHoursPeriod } from "#app/db/types";
import { localDateTime, localToUtc, weekdayBit } from "./time";
import { addDays } from "#app/lib/dates";

export interface ScheduleRow {
  validFrom: string;
  validTo: string | null;
  weekdays: number;
  startTimes: string[];
  openingHours: OpeningHoursPeriod[];
  capacity: number | null;
}

export interface OverrideRow {
  localDate: string;
  localTime: string | null;
  closed: boolean;
  capacity: number | null;
}

export interface InventoryRow {
  availabilityId: string;
  capacity: number;
  held: number;
  booked: number;
}

export type SlotStatus = "AVAILABLE" | "FREESALE" | "SOLD_OUT" | "LIMITED" | "CLOSED";

export interface Slot {
  id: string;
  localDate: string;
  localTime: string;
  localDateTimeStart: string;
  localDateTimeEnd: string;
  utcStart: Date;
  utcCutoffAt: Date;
  allDay: boolean;
  openingHours: OpeningHoursPeriod[];
  /** null: freesale (no capacity limit). */
  capacity: number | null;
  vacancies: number | null;
  status: SlotStatus;
  available: boolean;
}

export interface SlotContext {
  timeZone: string;
  availabilityType: "START_TIME" | "OPENING_HOURS";
  durationMinutes: number;
  cutoffMinutes: number;
  /** Tickets are not sold for dates after this one (null: never expires). */
  expiresOn: string | null;
  schedules: ScheduleRow[];
  overrides: OverrideRow[];
}

/** How far ahead the storefront sells. */
export const BOOKING_HORIZON_DAYS = 365;

/** A slot's start as an instant: its availability id is the local start with its offset (as OCTO names slots); null for any other text. */
export function slotStart(availabilityId: string): Date | null {
  const start = new Date(availabilityId);
  return Number.isNaN(start.getTime()) ? null : start;
}

function endOf(context: SlotContext, localDate: string, localTime: string, openingHours: OpeningHoursPeriod[]): string {
  if (context.availabilityType === "OPENING_HOURS") {
    const close = openingHours[openingHours.length - 1]?.to ?? "23:59";
    return localDateTime(context.timeZone, localDate, close === "24:00" ? "23:59" : close);
  }
  const startMinutes = Number(localTime.slice(0, 2)) * 60 + Number(localTime.slice(3, 5));
  const end = startMinutes + context.durationMinutes;
  const endDate = addDays(localDate, Math.floor(end / 1440));
  const minutes = end % 1440;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return localDateTime(context.timeZone, endDate, time);
}

/** The slots of one local date, before inventory: open or closed by schedule and overrides. */
export function slotsForDate(context: SlotContext, localDate: string): Array<Omit<Slot, "vacancies" | "status" | "available"> & { closed: boolean }> {
  if (context.expiresOn !== null && localDate > context.expiresOn) return [];
  const bit = weekdayBit(localDate);
  const dayOverride = context.overrides.find((override) => override.localDate === localDate && override.localTime === null);
  const result: Array<Omit<Slot, "vacancies" | "status" | "available"> & { closed: boolean }> = [];
  const seen = new Set<string>();
  for (const schedule of context.schedules) {
    if (localDate < schedule.validFrom || (schedule.validTo !== null && localDate > schedule.validTo)) continue;
    if ((schedule.weekdays & bit) === 0) continue;
    const times = context.availabilityType === "OPENING_HOURS" ? ["00:00"] : schedule.startTimes;
    for (const localTime of times) {
      if (seen.has(localTime)) continue;
      seen.add(localTime);
      const slotOverride = context.overrides.find((override) => override.localDate === localDate && override.localTime === localTime);
      const allDay = context.availabilityType === "OPENING_HOURS";
      const utcStart = localToUtc(context.timeZone, localDate, allDay ? (schedule.openingHours[0]?.from ?? "00:00") : localTime);
      // A day ticket stays on sale during the day: its cutoff counts back from closing time.
      const closing = schedule.openingHours[schedule.openingHours.length - 1]?.to ?? "23:59";
      const cutoffBase = allDay ? localToUtc(context.timeZone, localDate, closing === "24:00" ? "23:59" : closing) : utcStart;
      result.push({
        id: localDateTime(context.timeZone, localDate, localTime),
        localDate,
        localTime,
        localDateTimeStart: localDateTime(context.timeZone, localDate, localTime),
        localDateTimeEnd: endOf(context, localDate, localTime, schedule.openingHours),
        utcStart,
        utcCutoffAt: new Date(cutoffBase.getTime() - context.cutoffMinutes * 60_000),
        allDay,
        openingHours: schedule.openingHours,
        // A slot's own capacity wins over the day's; a closed day closes every slot, whatever the slot says.
        capacity: slotOverride?.capacity ?? dayOverride?.capacity ?? schedule.capacity,
        closed: dayOverride?.closed === true || slotOverride?.closed === true,
      });
    }
  }
  return result.sort((a, b) => a.localTime.localeCompare(b.localTime));
}

/** Slots with vacancies and OCTO status; LIMITED means less than half the capacity is left. */
export function resolveSlots(
  context: SlotContext,
  dates: string[],
  inventory: Map<string, InventoryRow>,
  now: Date,
  horizonEnd: string,
): Slot[] {
  const slots: Slot[] = [];
  for (const localDate of dates) {
    if (localDate > horizonEnd) continue;
    for (const slot of slotsForDate(context, localDate)) {
      const row = inventory.get(slot.id);
      const capacity = row ? row.capacity : slot.capacity;
      const vacancies = capacity === null ? null : Math.max(0, capacity - (row?.held ?? 0) - (row?.booked ?? 0));
      const { closed, ...rest } = slot;
      let status: SlotStatus;
      if (closed || now.getTime() >= slot.utcCutoffAt.getTime()) status = "CLOSED";
      else if (capacity === null) status = "FREESALE";
      else if (vacancies === 0) status = "SOLD_OUT";
      else if (vacancies! < capacity / 2) status = "LIMITED";
      else status = "AVAILABLE";
      slots.push({ ...rest, capacity, vacancies: status === "FREESALE" ? null : vacancies, status, available: status !== "CLOSED" && status !== "SOLD_OUT" });
    }
  }
  return slots;
}

export function dateRange(from: string, to: string, maxDays = BOOKING_HORIZON_DAYS + 1): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to && dates.length < maxDays; date = addDays(date, 1)) dates.push(date);
  return dates;
}
