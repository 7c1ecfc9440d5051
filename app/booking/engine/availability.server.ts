/**
 * Availability as the engine answers it: an option's slots between two dates with their vacancies
 * (schedules and overrides expanded by app/booking/slots.ts, inventory rows laid over them) and
 * their prices, as OCTO's availability and calendar; and the slot a booking asks for.
 */
import {
  AvailabilityStatus,
  type Availability,
  type AvailabilityCalendar,
  type AvailabilityCalendarBody,
  type AvailabilityCheckBody,
  type Pricing,
} from "@octocloud/types";
import { and, eq, gte, lte } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { addDays, daysBetween, isIsoDate, localDateAt } from "#app/lib/dates";
import type { CurrencyCode } from "#app/lib/money";
import { bookingPriceOn, seasonOn } from "#app/booking/season-price";
import { BOOKING_HORIZON_DAYS, dateRange, resolveSlots, type InventoryRow, type Slot } from "#app/booking/slots";
import { parseAvailabilityId, utcIso } from "#app/booking/time";
import { BookingError } from "#app/booking/types";
import type { EngineDeps } from "./deps";
import type { OptionRules } from "./option-rules.server";
import { convertedPricing, priceOf, requestedCurrency, unitPricing } from "./pricing";

/** The longest date range an availability check (slots) and a calendar may ask for, in days. */
export const MAX_AVAILABILITY_DAYS = 92;
export const MAX_CALENDAR_DAYS = BOOKING_HORIZON_DAYS + 1;

/** A local date range from a request, refused when missing, impossible, reversed or too long. */
function dateRangeOf(from: string | null | undefined, to: string | null | undefined, maxDays: number): { from: string; to: string } {
  if (!from || !to) throw new BookingError("BAD_REQUEST", "localDateStart and localDateEnd (YYYY-MM-DD) are required");
  if (!isIsoDate(from)) throw new BookingError("BAD_REQUEST", `localDateStart ${JSON.stringify(from)} is not a date (YYYY-MM-DD)`);
  if (!isIsoDate(to)) throw new BookingError("BAD_REQUEST", `localDateEnd ${JSON.stringify(to)} is not a date (YYYY-MM-DD)`);
  if (to < from) throw new BookingError("BAD_REQUEST", "localDateEnd is before localDateStart");
  if (daysBetween(from, to) + 1 > maxDays) throw new BookingError("BAD_REQUEST", `Ask for at most ${maxDays} days at a time`);
  return { from, to };
}

function todayIn(context: OptionRules, now: Date): string {
  return localDateAt(context.product.timeZone, now);
}

/** The inventory rows (seats held and booked) of an option's slots between two local dates. */
export async function inventoryFor(db: Database, optionId: string, from: string, to: string): Promise<Map<string, InventoryRow>> {
  const rows = await db
    .select({ availabilityId: schema.inventory.availabilityId, capacity: schema.inventory.capacity, held: schema.inventory.held, booked: schema.inventory.booked })
    .from(schema.inventory)
    .where(and(eq(schema.inventory.optionId, optionId), gte(schema.inventory.localDate, from), lte(schema.inventory.localDate, to)));
  return new Map(rows.map((row) => [row.availabilityId, row]));
}

/** Slots of an option between two local dates (clamped to today … today + horizon). */
async function slotsBetween(deps: Pick<EngineDeps, "db" | "now">, context: OptionRules, from: string, to: string, executor: Database = deps.db): Promise<Slot[]> {
  const today = todayIn(context, deps.now());
  const horizonEnd = addDays(today, BOOKING_HORIZON_DAYS);
  const start = from < today ? today : from;
  const end = to > horizonEnd ? horizonEnd : to;
  if (start > end) return [];
  const inventory = await inventoryFor(executor, context.option.id, start, end);
  return resolveSlots(context.slotContext, dateRange(start, end), inventory, deps.now(), horizonEnd);
}

/** A slot as OCTO's Availability, priced in `currency` (for `counts` of units, when given). */
export function toAvailability(slot: Slot, context: OptionRules, currency: CurrencyCode, counts?: Map<string, number>): Availability {
  const unitPricingOfSlot = unitPricing(context, currency, slot.localDate);
  const bookingPrice = context.product.pricingPer === "BOOKING" ? bookingPriceOn(context.option, seasonOn(context.seasons, slot.localDate)) : null;
  let total: Pricing | undefined;
  if (counts && counts.size > 0) {
    const price = priceOf(context, counts, slot.localDate);
    total = convertedPricing(price, context, currency);
  } else if (bookingPrice) {
    total = convertedPricing(bookingPrice, context, currency);
  }
  return {
    id: slot.id,
    localDateTimeStart: slot.localDateTimeStart,
    localDateTimeEnd: slot.localDateTimeEnd,
    utcCutoffAt: utcIso(slot.utcCutoffAt),
    allDay: slot.allDay,
    available: slot.available && !context.product.noFixedPrice,
    status: slot.status as AvailabilityStatus,
    vacancies: slot.vacancies,
    capacity: slot.capacity,
    maxUnits: context.option.maxUnits,
    openingHours: slot.openingHours,
    ...(context.product.noFixedPrice ? {} : { unitPricing: unitPricingOfSlot, ...(total ? { pricing: total } : {}) }),
  };
}

function countsOf(units: Array<{ id: string; quantity: number }> | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const unit of units ?? []) counts.set(unit.id, (counts.get(unit.id) ?? 0) + unit.quantity);
  return counts;
}

export async function checkAvailability(deps: EngineDeps, body: AvailabilityCheckBody): Promise<Availability[]> {
  const context = await deps.options.get(deps.db, body.productId, body.optionId);
  const ids = body.availabilityIds ?? [];
  if (ids.length > 0 && (body.localDateStart || body.localDateEnd)) {
    throw new BookingError("BAD_REQUEST", "Send either availabilityIds or localDateStart and localDateEnd, not both");
  }
  const currency = requestedCurrency(body.currency, context);
  let range: { from: string; to: string };
  if (ids.length > 0) {
    if (ids.length > 500) throw new BookingError("BAD_REQUEST", "Ask for at most 500 availabilityIds at a time");
    const dates = ids.map((id) => parseAvailabilityId(id)?.localDate).filter((date): date is string => Boolean(date));
    if (dates.length === 0) throw new BookingError("INVALID_AVAILABILITY_ID", "No valid availability id given", { availabilityId: ids.join(",") });
    const from = dates.reduce((a, b) => (a < b ? a : b));
    const to = dates.reduce((a, b) => (a > b ? a : b));
    // Ids far apart would read a long range of slots: the same limit as for dates.
    range = dateRangeOf(from, to, MAX_CALENDAR_DAYS);
  } else {
    range = dateRangeOf(body.localDateStart, body.localDateEnd, MAX_AVAILABILITY_DAYS);
  }
  const counts = countsOf(body.units);
  const slots = await slotsBetween(deps, context, range.from, range.to);
  return slots.filter((slot) => ids.length === 0 || ids.includes(slot.id)).map((slot) => toAvailability(slot, context, currency, counts));
}

export async function availabilityCalendar(deps: EngineDeps, body: AvailabilityCalendarBody): Promise<AvailabilityCalendar[]> {
  const context = await deps.options.get(deps.db, body.productId, body.optionId);
  const { from, to } = dateRangeOf(body.localDateStart, body.localDateEnd, MAX_CALENDAR_DAYS);
  const currency = requestedCurrency(body.currency, context);
  const slots = await slotsBetween(deps, context, from, to);
  const byDate = new Map<string, Slot[]>();
  for (const slot of slots) (byDate.get(slot.localDate) ?? byDate.set(slot.localDate, []).get(slot.localDate)!).push(slot);
  const adultOnce = new Map(context.units.filter((unit) => unit.type === "ADULT").slice(0, 1).map((unit) => [unit.id, 1]));
  return [...byDate.entries()].map(([localDate, day]) => {
    // Prices of the day: a season covering it replaces the base prices.
    const unitPricingFrom = context.product.noFixedPrice ? undefined : unitPricing(context, currency, localDate);
    const fromPrice = priceOf(context, adultOnce, localDate);
    const pricingFrom = context.product.noFixedPrice || fromPrice.retail === 0 ? undefined : convertedPricing(fromPrice, context, currency);
    const open = day.filter((slot) => slot.available);
    const freesale = day.some((slot) => slot.status === "FREESALE" && slot.available);
    const vacancies = freesale ? null : open.reduce((sum, slot) => sum + (slot.vacancies ?? 0), 0);
    const capacity = day.every((slot) => slot.capacity !== null) ? day.reduce((sum, slot) => sum + (slot.capacity ?? 0), 0) : null;
    const status: AvailabilityStatus = freesale
      ? AvailabilityStatus.FREESALE
      : open.length === 0
        ? day.every((slot) => slot.status === "CLOSED")
          ? AvailabilityStatus.CLOSED
          : AvailabilityStatus.SOLD_OUT
        : capacity !== null && vacancies !== null && vacancies < capacity / 2
          ? AvailabilityStatus.LIMITED
          : AvailabilityStatus.AVAILABLE;
    return {
      localDate,
      available: open.length > 0 && !context.product.noFixedPrice,
      status,
      vacancies,
      capacity,
      openingHours: day[0]?.openingHours ?? [],
      ...(unitPricingFrom ? { unitPricingFrom } : {}),
      ...(pricingFrom ? { pricingFrom } : {}),
    };
  });
}

/** A slot of the option that can be booked now: it exists, and is neither closed nor past its cutoff. */
export async function bookableSlot(deps: Pick<EngineDeps, "db" | "now">, context: OptionRules, availabilityId: string | null | undefined): Promise<Slot> {
  if (!availabilityId) throw new BookingError("INVALID_AVAILABILITY_ID", "availabilityId is required", { availabilityId: "" });
  const parsed = parseAvailabilityId(availabilityId);
  if (!parsed) throw new BookingError("INVALID_AVAILABILITY_ID", `Malformed availability id ${availabilityId}`, { availabilityId });
  const [slot] = (await slotsBetween(deps, context, parsed.localDate, parsed.localDate)).filter((candidate) => candidate.id === availabilityId);
  if (!slot) throw new BookingError("INVALID_AVAILABILITY_ID", `No availability ${availabilityId} for this option`, { availabilityId });
  if (slot.status === "CLOSED") throw new BookingError("AVAILABILITY_CLOSED", "This date or time is closed for booking", { availabilityId: slot.id });
  return slot;
}

/** One slot of an option by its availability id, read through the caller's executor (any status). */
export async function slotOf(deps: Pick<EngineDeps, "db" | "now">, t: Database, context: OptionRules, availabilityId: string): Promise<Slot | undefined> {
  const parsed = parseAvailabilityId(availabilityId);
  if (!parsed) return undefined;
  return (await slotsBetween(deps, context, parsed.localDate, parsed.localDate, t)).find((slot) => slot.id === availabilityId);
}

/** Ids of seeded slots for tests and tools: the first open slot of an option on or after a date. */
export async function firstOpenSlot(deps: EngineDeps, productId: string, optionId: string, from: string, days = 60): Promise<Slot | undefined> {
  const context = await deps.options.get(deps.db, productId, optionId);
  const slots = await slotsBetween(deps, context, from, addDays(from, days));
  return slots.find((slot) => slot.available);
}
