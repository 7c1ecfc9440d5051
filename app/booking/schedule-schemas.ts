/**
 * The console's schedule and capacity forms, shared by conform in the browser and the actions (and
 * trusted by app/booking/schedule-admin.server.ts). Messages are i18n keys under admin.schedule.errors.
 * No server-only imports: route modules ship this to the browser.
 */
import { z } from "zod";
import { isoDateSchema } from "#app/lib/date-schema";
import { daysBetween } from "#app/lib/dates";

export const SCHEDULE_ERRORS = {
  required: "admin.errors.required",
  date: "admin.errors.date",
  tooLong: "admin.errors.tooLong",
  weekdays: "admin.schedule.errors.weekdays",
  validTo: "admin.schedule.errors.validTo",
  startTimes: "admin.schedule.errors.startTimes",
  startTime: "admin.schedule.errors.startTime",
  openingHours: "admin.schedule.errors.openingHours",
  openingPeriod: "admin.schedule.errors.openingPeriod",
  capacity: "admin.schedule.errors.capacity",
  slotCapacity: "admin.schedule.errors.slotCapacity",
  rangeTooLong: "admin.schedule.errors.rangeTooLong",
  reason: "admin.schedule.errors.reason",
  destination: "admin.schedule.errors.destination",
} as const;

/** Weekday bits as the schedules store them: Monday = 1 … Sunday = 64. */
export const WEEKDAY_BITS = [1, 2, 4, 8, 16, 32, 64] as const;
/** Translation keys of the weekdays, Monday first (the bit order). */
export const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const MAX_CAPACITY = 100_000;
/** The longest range a bulk close may cover (a year and a day). */
export const MAX_BULK_DAYS = 366;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Closing time may be 24:00 (open until midnight). */
const CLOSING = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** "09:00, 14:30" → ["09:00", "14:30"] (also accepts spaces or new lines between times). */
export function splitList(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[\s,;،]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** "09:00-13:00, 15:00-22:00" → periods, or null when one is not a from-to pair of times with from before to. */
export function parseOpeningHours(value: string | undefined): Array<{ from: string; to: string }> | null {
  const periods: Array<{ from: string; to: string }> = [];
  for (const part of (value ?? "").split(/[,;،\n]+/).map((item) => item.trim()).filter(Boolean)) {
    const match = /^(\d{2}:\d{2})\s*[-–]\s*(\d{2}:\d{2})$/.exec(part);
    if (!match || !TIME.test(match[1]!) || !CLOSING.test(match[2]!) || match[1]! >= match[2]!) return null;
    periods.push({ from: match[1]!, to: match[2]! });
  }
  return periods.sort((a, b) => a.from.localeCompare(b.from));
}

const capacityField = z.coerce
  .number({ error: SCHEDULE_ERRORS.capacity })
  .int({ error: SCHEDULE_ERRORS.capacity })
  .min(0, { error: SCHEDULE_ERRORS.capacity })
  .max(MAX_CAPACITY, { error: SCHEDULE_ERRORS.capacity });

/**
 * A weekly rule of an option, as the form posts it. `availabilityType` is the product's (the action sets it from the
 * database, never from the browser): START_TIME rules need start times, OPENING_HOURS rules need
 * opening hours. Capacity is per slot (per day for opening hours); `freesale` means no limit.
 */
export const ScheduleRuleFormSchema = z
  .object({
    availabilityType: z.enum(["START_TIME", "OPENING_HOURS"]),
    weekdays: z.array(z.coerce.number().int()).optional(),
    validFrom: isoDateSchema(SCHEDULE_ERRORS.date),
    validTo: isoDateSchema(SCHEDULE_ERRORS.date).optional(),
    startTimes: z.string().max(2000, { error: SCHEDULE_ERRORS.tooLong }).optional(),
    openingHours: z.string().max(500, { error: SCHEDULE_ERRORS.tooLong }).optional(),
    freesale: z.boolean().optional(),
    capacity: capacityField.optional(),
  })
  .superRefine((data, ctx) => {
    const weekdays = (data.weekdays ?? []).filter((bit) => (WEEKDAY_BITS as readonly number[]).includes(bit));
    if (weekdays.length === 0) ctx.addIssue({ code: "custom", path: ["weekdays"], message: SCHEDULE_ERRORS.weekdays });
    if (data.validTo !== undefined && data.validTo < data.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: SCHEDULE_ERRORS.validTo });
    if (data.availabilityType === "START_TIME") {
      const times = splitList(data.startTimes);
      if (times.length === 0) ctx.addIssue({ code: "custom", path: ["startTimes"], message: SCHEDULE_ERRORS.startTimes });
      else if (times.some((time) => !TIME.test(time))) ctx.addIssue({ code: "custom", path: ["startTimes"], message: SCHEDULE_ERRORS.startTime });
    } else {
      const periods = parseOpeningHours(data.openingHours);
      if (periods === null) ctx.addIssue({ code: "custom", path: ["openingHours"], message: SCHEDULE_ERRORS.openingPeriod });
      else if (periods.length === 0) ctx.addIssue({ code: "custom", path: ["openingHours"], message: SCHEDULE_ERRORS.openingHours });
    }
    if (!data.freesale && (data.capacity === undefined || data.capacity < 1)) ctx.addIssue({ code: "custom", path: ["capacity"], message: SCHEDULE_ERRORS.capacity });
  });

/** The form's values as the domain stores a rule (weekday bits, sorted unique times, parsed periods). */
export const ScheduleRuleSchema = ScheduleRuleFormSchema.transform((data) => ({
  weekdays: (data.weekdays ?? []).filter((bit) => (WEEKDAY_BITS as readonly number[]).includes(bit)).reduce((mask, bit) => mask | bit, 0),
  validFrom: data.validFrom,
  validTo: data.validTo ?? null,
  startTimes: data.availabilityType === "START_TIME" ? [...new Set(splitList(data.startTimes))].sort() : [],
  openingHours: data.availabilityType === "OPENING_HOURS" ? (parseOpeningHours(data.openingHours) ?? []) : [],
  capacity: data.freesale ? null : (data.capacity ?? null),
}));

/** A rule as the domain stores it (the schema's output). */
export type ScheduleRuleInput = z.output<typeof ScheduleRuleSchema>;

const HHMM = z.string().trim().regex(TIME, { error: SCHEDULE_ERRORS.startTime });

/** One slot's capacity (`time` is the slot's local start; "00:00" for a day ticket). */
export const SlotCapacitySchema = z.object({
  date: isoDateSchema(SCHEDULE_ERRORS.date),
  time: HHMM,
  capacity: z.coerce.number({ error: SCHEDULE_ERRORS.slotCapacity }).int({ error: SCHEDULE_ERRORS.slotCapacity }).min(0, { error: SCHEDULE_ERRORS.slotCapacity }).max(MAX_CAPACITY, { error: SCHEDULE_ERRORS.slotCapacity }),
});

/** Closing or reopening a day (no `time`) or one slot. */
export const SlotClosureSchema = z.object({
  date: isoDateSchema(SCHEDULE_ERRORS.date),
  time: HHMM.optional(),
  reason: z.string().trim().max(500, { error: SCHEDULE_ERRORS.tooLong }).optional(),
});

/** Closing (with a reason) or reopening a date range for every product of a destination. */
export const BulkClosureSchema = z
  .object({
    intent: z.enum(["close", "reopen"]),
    destinationId: z.string({ error: SCHEDULE_ERRORS.destination }).trim().min(1, { error: SCHEDULE_ERRORS.destination }).max(80, { error: SCHEDULE_ERRORS.destination }),
    from: isoDateSchema(SCHEDULE_ERRORS.date),
    to: isoDateSchema(SCHEDULE_ERRORS.date),
    reason: z.string().trim().max(500, { error: SCHEDULE_ERRORS.tooLong }).optional(),
  })
  .superRefine((data, ctx) => {
    if (data.to < data.from) ctx.addIssue({ code: "custom", path: ["to"], message: SCHEDULE_ERRORS.validTo });
    else if (daysBetween(data.from, data.to) + 1 > MAX_BULK_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: SCHEDULE_ERRORS.rangeTooLong });
    if (data.intent === "close" && !data.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: SCHEDULE_ERRORS.reason });
  });

export type BulkClosureInput = z.output<typeof BulkClosureSchema>;
