/**
 * Schedules, closures and capacity as the console changes them. The booking engine owns inventory, so
 * these rules live beside it: every change runs in one transaction with its audit entry, with the
 * option's row locked (two staff editing one option wait for each other), and never leaves a slot with
 * fewer seats than are already sold or held. Capacity is changed with a conditional UPDATE on the
 * slot's inventory row, the row the engine takes seats from, so a hold racing the change either lands
 * before it (and the change is refused when it no longer fits) or after it (against the new capacity).
 * After the commit, notifyCatalogueChanged tells every instance: the engine forgets its cached rules,
 * the catalogue index and the OCTO product list rebuild, and cached pages are dropped.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { notifyCatalogueChanged } from "#app/db/announce.server";
import { rowsOf, type Database, type DatabaseHandle } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { LocalizedText, OpeningHoursPeriod } from "#app/db/types";
import { addDays, localDateAt } from "#app/lib/dates";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import type { BulkClosureInput, ScheduleRuleInput } from "./schedule-schemas";
import { slotsForDate, type SlotContext } from "./slots";
import { departureCapacity } from "./departure-resources";
import { weekdayBit } from "./time";

export type ScheduleDeps = Pick<DatabaseHandle, "db" | "pubsub">;

/** Why a change was refused: an i18n key (admin.schedule.errors.… or admin.errors.…) and its values. */
export type ScheduleRefusal = { key: string; values?: Record<string, string | number> };
export type ScheduleResult<T> = { ok: true; value: T } | { ok: false; error: ScheduleRefusal };

class Refused extends Error {
  constructor(readonly refusal: ScheduleRefusal) {
    super(refusal.key);
  }
}

const refuse = (key: string, values?: Record<string, string | number>): never => {
  throw new Refused({ key, values });
};

/** Statuses whose seats count against capacity (a hold until it expires). */
const ACTIVE = ["ON_HOLD", "CONFIRMED", "PENDING", "REDEEMED"] as const;

/** Runs `work` in a transaction; a refusal rolls it back and comes back as a value; a success notifies every instance. */
async function change<T>(deps: ScheduleDeps, work: (t: Database) => Promise<T>): Promise<ScheduleResult<T>> {
  try {
    const value = await deps.db.transaction((tx) => work(tx as unknown as Database));
    await notifyCatalogueChanged(deps);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.refusal };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading

export type ScheduleProduct = {
  id: string;
  title: LocalizedText;
  timeZone: string;
  availabilityType: "START_TIME" | "OPENING_HOURS";
  destinationId: string;
  published: boolean;
  options: Array<{ id: string; internalName: string; title: LocalizedText; isDefault: boolean }>;
};

export async function loadScheduleProduct(db: Database, productId: string): Promise<ScheduleProduct | null> {
  const [product] = await db
    .select({
      id: schema.products.id,
      title: schema.products.title,
      timeZone: schema.products.timeZone,
      availabilityType: schema.products.availabilityType,
      destinationId: schema.products.destinationId,
      published: schema.products.published,
    })
    .from(schema.products)
    .where(eq(schema.products.id, productId));
  if (!product) return null;
  const options = await db
    .select({ id: schema.productOptions.id, internalName: schema.productOptions.internalName, title: schema.productOptions.title, isDefault: schema.productOptions.isDefault })
    .from(schema.productOptions)
    .where(eq(schema.productOptions.productId, productId))
    .orderBy(asc(schema.productOptions.sortOrder), asc(schema.productOptions.id));
  return { ...product, availabilityType: product.availabilityType === "OPENING_HOURS" ? "OPENING_HOURS" : "START_TIME", options };
}

export type ScheduleRule = {
  id: number;
  weekdays: number;
  validFrom: string;
  validTo: string | null;
  startTimes: string[];
  openingHours: OpeningHoursPeriod[];
  capacity: number | null;
};

export async function listScheduleRules(db: Database, optionId: string): Promise<ScheduleRule[]> {
  return db
    .select({
      id: schema.availabilitySchedules.id,
      weekdays: schema.availabilitySchedules.weekdays,
      validFrom: schema.availabilitySchedules.validFrom,
      validTo: schema.availabilitySchedules.validTo,
      startTimes: schema.availabilitySchedules.startTimes,
      openingHours: schema.availabilitySchedules.openingHours,
      capacity: schema.availabilitySchedules.capacity,
    })
    .from(schema.availabilitySchedules)
    .where(eq(schema.availabilitySchedules.optionId, optionId))
    .orderBy(asc(schema.availabilitySchedules.validFrom), asc(schema.availabilitySchedules.id));
}

/** The option's rules as the engine reads them (schedules, overrides, cutoffs), through `t`. */
export async function slotContextOf(t: Database, productId: string, optionId: string): Promise<{ context: SlotContext; timeZone: string }> {
  const [row] = await t
    .select({
      timeZone: schema.products.timeZone,
      availabilityType: schema.products.availabilityType,
      expiresOn: schema.products.expiresOn,
      durationMinutes: schema.productOptions.durationMinutes,
      cutoffMinutes: schema.productOptions.cutoffMinutes,
    })
    .from(schema.productOptions)
    .innerJoin(schema.products, eq(schema.products.id, schema.productOptions.productId))
    .where(and(eq(schema.productOptions.id, optionId), eq(schema.productOptions.productId, productId)));
  if (!row) return refuse("admin.errors.notFound");
  const [schedules, overrides] = await Promise.all([
    t.select().from(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.optionId, optionId)),
    t.select().from(schema.availabilityOverrides).where(eq(schema.availabilityOverrides.optionId, optionId)),
  ]);
  return {
    timeZone: row.timeZone,
    context: {
      timeZone: row.timeZone,
      availabilityType: row.availabilityType === "OPENING_HOURS" ? "OPENING_HOURS" : "START_TIME",
      durationMinutes: row.durationMinutes,
      cutoffMinutes: row.cutoffMinutes,
      expiresOn: row.expiresOn,
      schedules,
      overrides,
    },
  };
}

export type SlotCell = {
  time: string;
  availabilityId: string;
  /** null: freesale. */
  capacity: number | null;
  sold: number;
  held: number;
  /** null: freesale. */
  free: number | null;
  closed: boolean;
  /** The slot has a capacity of its own (an override), not the rule's. */
  capacityChanged: boolean;
};

export type DayCell = { date: string; past: boolean; closed: boolean; slots: SlotCell[] };

export type ScheduleMonth = { month: string; previous: string; next: string; today: string; leadingBlanks: number; days: DayCell[] };

/** "2030-01" → its first and last day. */
export function monthBounds(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  return { first, last };
}

function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + delta, 1)).toISOString().slice(0, 7);
}

/**
 * One month of an option as the team sees it: each day's slots with their capacity (the schedule, a
 * slot's own capacity, or the inventory row the engine counts in), seats sold and held, and what is free;
 * closed days and slots marked. Past days are shown too (what was sold), but cannot be changed.
 */
export async function loadScheduleMonth(db: Database, productId: string, optionId: string, month: string, now: Date): Promise<ScheduleMonth | null> {
  let loaded: Awaited<ReturnType<typeof slotContextOf>>;
  try {
    loaded = await slotContextOf(db, productId, optionId);
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
  const { context, timeZone } = loaded;
  const { first, last } = monthBounds(month);
  const today = localDateAt(timeZone, now);
  const [inventory, bookings] = await Promise.all([
    db
      .select({ availabilityId: schema.inventory.availabilityId, capacity: schema.inventory.capacity, held: schema.inventory.held, booked: schema.inventory.booked })
      .from(schema.inventory)
      .where(and(eq(schema.inventory.optionId, optionId), gte(schema.inventory.localDate, first), lte(schema.inventory.localDate, last))),
    // Freesale slots keep no inventory row: their seats are counted from the bookings.
    db
      .select({
        availabilityId: schema.bookings.availabilityId,
        held: sql<number>`coalesce(sum(${schema.bookings.pax}) filter (where ${schema.bookings.status} = 'ON_HOLD'), 0)::int`,
        sold: sql<number>`coalesce(sum(${schema.bookings.pax}) filter (where ${schema.bookings.status} <> 'ON_HOLD'), 0)::int`,
      })
      .from(schema.bookings)
      .where(
        and(
          eq(schema.bookings.optionId, optionId),
          gte(schema.bookings.localDate, first),
          lte(schema.bookings.localDate, last),
          eq(schema.bookings.testMode, false),
          inArray(schema.bookings.status, [...ACTIVE]),
        ),
      )
      .groupBy(schema.bookings.availabilityId),
  ]);
  const rows = new Map(inventory.map((row) => [row.availabilityId, row]));
  const counted = new Map(bookings.map((row) => [row.availabilityId, row]));
  const days: DayCell[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const dayOverride = context.overrides.find((override) => override.localDate === date && override.localTime === null);
    const slots = slotsForDate(context, date).map((slot): SlotCell => {
      const row = rows.get(slot.id);
      const capacity = row ? row.capacity : slot.capacity;
      const sold = row ? row.booked : (counted.get(slot.id)?.sold ?? 0);
      const held = row ? row.held : (counted.get(slot.id)?.held ?? 0);
      const slotOverride = context.overrides.find((override) => override.localDate === date && override.localTime === slot.localTime);
      return {
        time: slot.localTime,
        availabilityId: slot.id,
        capacity,
        sold,
        held,
        free: capacity === null ? null : Math.max(0, capacity - sold - held),
        closed: slot.closed,
        capacityChanged: slotOverride?.capacity != null,
      };
    });
    days.push({ date, past: date < today, closed: dayOverride?.closed === true, slots });
  }
  // Monday-first grid: blanks before the 1st.
  const leadingBlanks = Math.log2(weekdayBit(first));
  return { month, previous: shiftMonth(month, -1), next: shiftMonth(month, 1), today, leadingBlanks, days };
}

// ---------------------------------------------------------------------------------------------------
// Checks shared by the changes

/** Locks the option's row for the rest of the transaction (refused when it is not the product's). */
async function lockOption(t: Database, productId: string, optionId: string): Promise<void> {
  const rows = await t
    .select({ id: schema.productOptions.id })
    .from(schema.productOptions)
    .where(and(eq(schema.productOptions.id, optionId), eq(schema.productOptions.productId, productId)))
    .for("update");
  if (rows.length === 0) refuse("admin.errors.notFound");
}

/**
 * After the rules changed (inside the transaction): every future slot that has seats sold or held must
 * still exist, and every future inventory row takes its slot's new capacity, which may not be below
 * what it already sold and holds. Refuses (rolling everything back) otherwise.
 */
async function reconcileInventory(t: Database, productId: string, optionId: string, now: Date): Promise<void> {
  const { context, timeZone } = await slotContextOf(t, productId, optionId);
  const today = localDateAt(timeZone, now);
  const slotsByDate = new Map<string, ReturnType<typeof slotsForDate>>();
  const slotsOf = (date: string) => slotsByDate.get(date) ?? slotsByDate.set(date, slotsForDate(context, date)).get(date)!;
  const booked = await t
    .selectDistinct({ availabilityId: schema.bookings.availabilityId, localDate: schema.bookings.localDate })
    .from(schema.bookings)
    .where(and(eq(schema.bookings.optionId, optionId), gte(schema.bookings.localDate, today), eq(schema.bookings.testMode, false), inArray(schema.bookings.status, [...ACTIVE])))
    .orderBy(asc(schema.bookings.availabilityId));
  for (const booking of booked) {
    if (!slotsOf(booking.localDate).some((slot) => slot.id === booking.availabilityId)) {
      refuse("admin.schedule.errors.orphaned", { date: booking.localDate, time: booking.availabilityId.slice(11, 16) });
    }
  }
  const rows = await t
    .select()
    .from(schema.inventory)
    .where(and(eq(schema.inventory.optionId, optionId), gte(schema.inventory.localDate, today)))
    .orderBy(asc(schema.inventory.availabilityId))
    .for("update");
  // Vehicles, boats and rooms on a departure bound its seats whatever the rules say (issue #33).
  const resourceSeats = await seatedResourcesOf(t, optionId, today);
  for (const row of rows) {
    const found = slotsOf(row.localDate).find((candidate) => candidate.id === row.availabilityId);
    const capacity = found ? departureCapacity(found.capacity, resourceSeats.get(row.availabilityId) ?? []) : null;
    // A freesale slot (capacity null) keeps its row's count; a vanished empty slot is harmless.
    if (!found || capacity === null || capacity === row.capacity) continue;
    const updated = await t
      .update(schema.inventory)
      .set({ capacity, updatedAt: now })
      .where(and(eq(schema.inventory.optionId, optionId), eq(schema.inventory.availabilityId, row.availabilityId), sql`${schema.inventory.held} + ${schema.inventory.booked} <= ${capacity}`))
      .returning({ capacity: schema.inventory.capacity });
    if (updated.length === 0) refuse("admin.schedule.errors.belowSoldOn", { date: row.localDate, time: found.localTime, sold: row.held + row.booked });
  }
}

/** The seats of the resources on each of an option's departures from `today` on, by availability id. */
async function seatedResourcesOf(t: Database, optionId: string, today: string): Promise<Map<string, number[]>> {
  const rows = await t
    .select({ availabilityId: schema.departureAssignments.availabilityId, capacity: schema.resources.capacity })
    .from(schema.departureAssignments)
    .innerJoin(schema.resources, eq(schema.resources.id, schema.departureAssignments.resourceId))
    .where(and(eq(schema.departureAssignments.optionId, optionId), gte(schema.departureAssignments.availabilityId, today), isNotNull(schema.resources.capacity)));
  const seats = new Map<string, number[]>();
  for (const row of rows) seats.set(row.availabilityId, [...(seats.get(row.availabilityId) ?? []), row.capacity!]);
  return seats;
}

// ---------------------------------------------------------------------------------------------------
// Weekly rules

type OptionRef = { productId: string; optionId: string };

const ruleValues = (rule: ScheduleRuleInput) => ({
  weekdays: rule.weekdays,
  validFrom: rule.validFrom,
  validTo: rule.validTo,
  startTimes: rule.startTimes,
  openingHours: rule.openingHours,
  capacity: rule.capacity,
});

export async function addScheduleRule(deps: ScheduleDeps, actor: Actor, ref: OptionRef, rule: ScheduleRuleInput, now: Date): Promise<ScheduleResult<{ id: number }>> {
  return change(deps, async (t) => {
    await lockOption(t, ref.productId, ref.optionId);
    const [row] = await t.insert(schema.availabilitySchedules).values({ optionId: ref.optionId, ...ruleValues(rule) }).returning({ id: schema.availabilitySchedules.id });
    await reconcileInventory(t, ref.productId, ref.optionId, now);
    await recordAudit(t, actor, { action: "schedule.added", subjectType: "option", subjectId: ref.optionId, after: { id: row!.id, ...ruleValues(rule) } }, now);
    return { id: row!.id };
  });
}

async function ruleOf(t: Database, ref: OptionRef, ruleId: number): Promise<ScheduleRule> {
  const [row] = await t
    .select()
    .from(schema.availabilitySchedules)
    .where(and(eq(schema.availabilitySchedules.id, ruleId), eq(schema.availabilitySchedules.optionId, ref.optionId)));
  if (!row) return refuse("admin.errors.notFound");
  return row;
}

export async function updateScheduleRule(deps: ScheduleDeps, actor: Actor, ref: OptionRef, ruleId: number, rule: ScheduleRuleInput, now: Date): Promise<ScheduleResult<{ id: number }>> {
  return change(deps, async (t) => {
    await lockOption(t, ref.productId, ref.optionId);
    const { id: _id, ...before } = await ruleOf(t, ref, ruleId);
    await t.update(schema.availabilitySchedules).set(ruleValues(rule)).where(eq(schema.availabilitySchedules.id, ruleId));
    await reconcileInventory(t, ref.productId, ref.optionId, now);
    await recordAudit(t, actor, { action: "schedule.changed", subjectType: "option", subjectId: ref.optionId, before: { id: ruleId, ...before }, after: { id: ruleId, ...ruleValues(rule) } }, now);
    return { id: ruleId };
  });
}

/** Removes a rule; refused while sold or held seats are on a future slot only this rule makes. */
export async function removeScheduleRule(deps: ScheduleDeps, actor: Actor, ref: OptionRef, ruleId: number, now: Date): Promise<ScheduleResult<{ id: number }>> {
  return change(deps, async (t) => {
    await lockOption(t, ref.productId, ref.optionId);
    const { id: _id, ...before } = await ruleOf(t, ref, ruleId);
    await t.delete(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.id, ruleId));
    await reconcileInventory(t, ref.productId, ref.optionId, now);
    await recordAudit(t, actor, { action: "schedule.removed", subjectType: "option", subjectId: ref.optionId, before: { id: ruleId, ...before } }, now);
    return { id: ruleId };
  });
}

// ---------------------------------------------------------------------------------------------------
// One day or one slot

/** Sets (or clears) the closed flag of a day (`time` null) or a slot, keeping one override row per day/slot. */
async function writeClosed(t: Database, optionId: string, date: string, time: string | null, closed: boolean): Promise<boolean> {
  const where = and(
    eq(schema.availabilityOverrides.optionId, optionId),
    eq(schema.availabilityOverrides.localDate, date),
    time === null ? isNull(schema.availabilityOverrides.localTime) : eq(schema.availabilityOverrides.localTime, time),
  );
  const existing = await t.select({ closed: schema.availabilityOverrides.closed }).from(schema.availabilityOverrides).where(where);
  const wasClosed = existing.some((row) => row.closed);
  if (existing.length > 0) await t.update(schema.availabilityOverrides).set({ closed }).where(where);
  else if (closed) await t.insert(schema.availabilityOverrides).values({ optionId, localDate: date, localTime: time, closed: true, capacity: null });
  // An override that says nothing any more is removed.
  if (!closed) await t.delete(schema.availabilityOverrides).where(and(where, eq(schema.availabilityOverrides.closed, false), isNull(schema.availabilityOverrides.capacity)));
  return wasClosed;
}

export type ClosureChange = OptionRef & { date: string; time?: string | null; closed: boolean; reason?: string | null };

/**
 * Closes or reopens a day or one slot. Bookings already made stay (the count is returned so the page
 * can say so); closing only stops new sales. Past days cannot be changed.
 */
export async function setClosed(deps: ScheduleDeps, actor: Actor, input: ClosureChange, now: Date): Promise<ScheduleResult<{ bookings: number; changed: boolean }>> {
  const time = input.time ?? null;
  return change(deps, async (t) => {
    await lockOption(t, input.productId, input.optionId);
    const { context, timeZone } = await slotContextOf(t, input.productId, input.optionId);
    if (input.date < localDateAt(timeZone, now)) refuse("admin.schedule.errors.past");
    if (time !== null && !slotsForDate(context, input.date).some((slot) => slot.localTime === time)) refuse("admin.schedule.errors.noSlot", { date: input.date, time });
    const wasClosed = await writeClosed(t, input.optionId, input.date, time, input.closed);
    const [count] = await t
      .select({ bookings: sql<number>`count(*)::int` })
      .from(schema.bookings)
      .where(
        and(
          eq(schema.bookings.optionId, input.optionId),
          eq(schema.bookings.localDate, input.date),
          inArray(schema.bookings.status, ["CONFIRMED", "PENDING", "ON_HOLD"]),
          time === null ? undefined : sql`substr(${schema.bookings.availabilityId}, 12, 5) = ${time}`,
        ),
      );
    await recordAudit(
      t,
      actor,
      {
        action: input.closed ? "availability.closed" : "availability.reopened",
        subjectType: "option",
        subjectId: input.optionId,
        before: { date: input.date, time, closed: wasClosed },
        after: { date: input.date, time, closed: input.closed },
        reason: input.reason || null,
      },
      now,
    );
    return { bookings: count?.bookings ?? 0, changed: wasClosed !== input.closed };
  });
}

export type CapacityChange = OptionRef & { date: string; time: string; capacity: number };

/**
 * One slot's capacity. Refused below the seats already sold plus held: the slot's inventory row is
 * locked and changed with a conditional UPDATE, the row the engine's holds update, so a hold and this
 * change are ordered by the database and sold + held never exceeds capacity.
 */
export async function setSlotCapacity(deps: ScheduleDeps, actor: Actor, input: CapacityChange, now: Date): Promise<ScheduleResult<{ before: number | null; after: number; taken: number }>> {
  return change(deps, async (t) => {
    await lockOption(t, input.productId, input.optionId);
    const { context, timeZone } = await slotContextOf(t, input.productId, input.optionId);
    if (input.date < localDateAt(timeZone, now)) refuse("admin.schedule.errors.past");
    const slot = slotsForDate(context, input.date).find((candidate) => candidate.localTime === input.time);
    if (!slot) return refuse("admin.schedule.errors.noSlot", { date: input.date, time: input.time });
    const key = and(eq(schema.inventory.optionId, input.optionId), eq(schema.inventory.availabilityId, slot.id));
    if (slot.capacity === null) {
      // Freesale until now: the row starts with the seats its bookings already have.
      const [seats] = await t
        .select({
          held: sql<number>`coalesce(sum(${schema.bookings.pax}) filter (where ${schema.bookings.status} = 'ON_HOLD'), 0)::int`,
          booked: sql<number>`coalesce(sum(${schema.bookings.pax}) filter (where ${schema.bookings.status} <> 'ON_HOLD'), 0)::int`,
        })
        .from(schema.bookings)
        .where(and(eq(schema.bookings.optionId, input.optionId), eq(schema.bookings.availabilityId, slot.id), eq(schema.bookings.testMode, false), inArray(schema.bookings.status, [...ACTIVE])));
      await t
        .insert(schema.inventory)
        .values({ optionId: input.optionId, availabilityId: slot.id, localDate: slot.localDate, capacity: Math.max(input.capacity, 0), held: seats?.held ?? 0, booked: seats?.booked ?? 0 })
        .onConflictDoNothing();
    } else {
      await t.insert(schema.inventory).values({ optionId: input.optionId, availabilityId: slot.id, localDate: slot.localDate, capacity: slot.capacity }).onConflictDoNothing();
    }
    const [row] = await t.select().from(schema.inventory).where(key).for("update");
    const before = slot.capacity === null ? null : row!.capacity;
    const taken = row!.held + row!.booked;
    const updated = await t
      .update(schema.inventory)
      .set({ capacity: input.capacity, updatedAt: now })
      .where(and(key, sql`${schema.inventory.held} + ${schema.inventory.booked} <= ${input.capacity}`))
      .returning({ capacity: schema.inventory.capacity });
    if (updated.length === 0) refuse("admin.schedule.errors.belowSold", { sold: row!.booked, held: row!.held, taken });
    // The override keeps the capacity when the engine derives the slot again (and for a row created later).
    const where = and(eq(schema.availabilityOverrides.optionId, input.optionId), eq(schema.availabilityOverrides.localDate, input.date), eq(schema.availabilityOverrides.localTime, input.time));
    const existing = await t.update(schema.availabilityOverrides).set({ capacity: input.capacity }).where(where).returning({ id: schema.availabilityOverrides.id });
    if (existing.length === 0) await t.insert(schema.availabilityOverrides).values({ optionId: input.optionId, localDate: input.date, localTime: input.time, closed: false, capacity: input.capacity });
    await recordAudit(
      t,
      actor,
      {
        action: "availability.capacity",
        subjectType: "option",
        subjectId: input.optionId,
        before: { date: input.date, time: input.time, capacity: before, sold: row!.booked, held: row!.held },
        after: { date: input.date, time: input.time, capacity: input.capacity },
      },
      now,
    );
    return { before, after: input.capacity, taken };
  });
}

// ---------------------------------------------------------------------------------------------------
// A destination's products over a date range

export type DestinationChoice = { id: string; name: LocalizedText; products: number };

/** Destinations that have products, with how many, by name in `locale`. */
export async function listDestinationsWithProducts(db: Database, locale: keyof LocalizedText): Promise<DestinationChoice[]> {
  const rows = await db
    .select({ id: schema.destinations.id, name: schema.destinations.name, products: sql<number>`count(${schema.products.id})::int` })
    .from(schema.destinations)
    .innerJoin(schema.products, eq(schema.products.destinationId, schema.destinations.id))
    .groupBy(schema.destinations.id, schema.destinations.name);
  return rows.sort((a, b) => (a.name[locale] || a.name.en).localeCompare(b.name[locale] || b.name.en, locale));
}

/**
 * Closes (or reopens) every day of a range for every option of every product of a destination (a
 * sandstorm, a holiday), as one audited change. Reopening clears whole-day closures in the range,
 * whoever made them; slot closures and capacities are kept.
 */
export async function bulkSetClosed(deps: ScheduleDeps, actor: Actor, input: BulkClosureInput, now: Date): Promise<ScheduleResult<{ products: number; options: number; days: number }>> {
  const closed = input.intent === "close";
  return change(deps, async (t) => {
    const [destination] = await t.select({ id: schema.destinations.id }).from(schema.destinations).where(eq(schema.destinations.id, input.destinationId));
    if (!destination) refuse("admin.schedule.errors.destination");
    const options = rowsOf<{ id: string; productId: string }>(
      await t.execute(sql`
        SELECT o.id, o.product_id AS "productId" FROM product_options o JOIN products p ON p.id = o.product_id
        WHERE p.destination_id = ${input.destinationId} ORDER BY o.id FOR UPDATE OF o`),
    );
    const ids = options.map((option) => option.id);
    if (ids.length > 0) {
      const inRange = and(
        inArray(schema.availabilityOverrides.optionId, ids),
        gte(schema.availabilityOverrides.localDate, input.from),
        lte(schema.availabilityOverrides.localDate, input.to),
        isNull(schema.availabilityOverrides.localTime),
      );
      await t.update(schema.availabilityOverrides).set({ closed }).where(inRange);
      if (closed) {
        await t.execute(sql`
          INSERT INTO availability_overrides (option_id, local_date, local_time, closed, capacity)
          SELECT o.id, d::date, NULL, true, NULL
          FROM product_options o JOIN products p ON p.id = o.product_id
          CROSS JOIN generate_series(${input.from}::date, ${input.to}::date, interval '1 day') AS d
          WHERE p.destination_id = ${input.destinationId}
            AND NOT EXISTS (SELECT 1 FROM availability_overrides x WHERE x.option_id = o.id AND x.local_date = d::date AND x.local_time IS NULL)`);
      } else {
        await t.delete(schema.availabilityOverrides).where(and(inRange, eq(schema.availabilityOverrides.closed, false), isNull(schema.availabilityOverrides.capacity)));
      }
    }
    const products = new Set(options.map((option) => option.productId)).size;
    const days = Math.round((Date.parse(input.to) - Date.parse(input.from)) / 86_400_000) + 1;
    await recordAudit(
      t,
      actor,
      {
        action: closed ? "availability.bulk_closed" : "availability.bulk_reopened",
        subjectType: "destination",
        subjectId: input.destinationId,
        after: { from: input.from, to: input.to, closed, products, options: ids.length },
        reason: input.reason || null,
      },
      now,
    );
    return { products, options: ids.length, days };
  });
}
