import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import * as schema from "#app/db/schema";
import { addDays } from "#app/lib/dates";
import { listAudit } from "#app/staff/audit.server";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import type { EmbeddedBookingEngine } from "./engine.server";
import { addScheduleRule, bulkSetClosed, listScheduleRules, loadScheduleMonth, removeScheduleRule, setClosed, setSlotCapacity, updateScheduleRule } from "./schedule-admin.server";
import { BulkClosureSchema, ScheduleRuleSchema, type ScheduleRuleInput } from "./schedule-schemas";
import { adults, newUuid, pickStandardProduct, type PickedProduct } from "./test-picks.server";
import { BookingError } from "./types";

let ctx: TestContext;
let engine: EmbeddedBookingEngine;
const actor = { id: null, email: "catalogue@example.com" };

beforeAll(async () => {
  ctx = await createTestContext({ poolSize: 12 });
  // The engine's cache listener, the catalogue index: as a running server has them.
  await ctx.start();
  engine = ctx.bookingApi as EmbeddedBookingEngine;
});

afterAll(async () => {
  await ctx?.stop();
});

const now = () => ctx.clock.now();

/** The option's slot at the first start time of `date`, as the engine reports it now. */
async function slotOn(pick: PickedProduct, date: string) {
  const slots = await ctx.bookingApi.checkAvailability({ productId: pick.productId, optionId: pick.optionId, localDateStart: date, localDateEnd: date });
  return slots[0];
}

const hold = (pick: PickedProduct, availabilityId: string, count: number) =>
  ctx.bookingApi.reserve({ uuid: newUuid(), productId: pick.productId, optionId: pick.optionId, availabilityId, unitItems: adults(pick.adult, count) });

async function refusalOf(promise: Promise<unknown>): Promise<string | null> {
  return promise.then(
    () => null,
    (error: unknown) => {
      if (error instanceof BookingError) return error.code;
      throw error;
    },
  );
}

/**
 * Every instance (this one included) hears of a change through the database's notification; on a
 * busy machine that can take longer than vi.waitFor's default second. Eventually is what is asserted.
 */
const SEEN = { timeout: 10_000, interval: 50 };

describe("schedule rule validation", () => {
  const base = { availabilityType: "START_TIME" as const, weekdays: [1, 4], validFrom: "2030-02-01", startTimes: "09:00, 14:30", capacity: 12 };
  const messages = (input: Record<string, unknown>) => {
    const result = ScheduleRuleSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  test("a valid rule becomes the stored shape", () => {
    expect(ScheduleRuleSchema.parse({ ...base, startTimes: "14:30 09:00,09:00" })).toEqual({
      weekdays: 1 | 4,
      validFrom: "2030-02-01",
      validTo: null,
      startTimes: ["09:00", "14:30"],
      openingHours: [],
      capacity: 12,
    });
    expect(ScheduleRuleSchema.parse({ ...base, availabilityType: "OPENING_HOURS", startTimes: undefined, openingHours: "15:00-22:00, 09:00-13:00", freesale: true }).openingHours).toEqual([
      { from: "09:00", to: "13:00" },
      { from: "15:00", to: "22:00" },
    ]);
  });

  test("valid-to before valid-from, no start times, no weekday, no capacity each say so", () => {
    expect(messages({ ...base, validTo: "2030-01-31" })).toEqual({ validTo: "admin.schedule.errors.validTo" });
    expect(messages({ ...base, startTimes: " " })).toEqual({ startTimes: "admin.schedule.errors.startTimes" });
    expect(messages({ ...base, startTimes: "9am" })).toEqual({ startTimes: "admin.schedule.errors.startTime" });
    expect(messages({ ...base, weekdays: [] })).toEqual({ weekdays: "admin.schedule.errors.weekdays" });
    expect(messages({ ...base, capacity: undefined })).toEqual({ capacity: "admin.schedule.errors.capacity" });
    expect(messages({ ...base, availabilityType: "OPENING_HOURS", openingHours: "" })).toEqual({ openingHours: "admin.schedule.errors.openingHours" });
    expect(messages({ ...base, availabilityType: "OPENING_HOURS", openingHours: "18:00-09:00" })).toEqual({ openingHours: "admin.schedule.errors.openingPeriod" });
    expect(messages({ ...base, validFrom: "2030-02-30" })).toEqual({ validFrom: "admin.errors.date" });
  });

  test("the form posts one checked weekday as one value: it is still a list", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ availabilityType: "START_TIME", weekdays: "16", validFrom: "2030-02-01", startTimes: "10:00", capacity: "8" })) form.append(name, value);
    const submission = parseWithZod(form, { schema: ScheduleRuleSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.weekdays).toBe(16);
  });

  test("a bulk close needs a reason and a range of at most a year", () => {
    const ok = { intent: "close", destinationId: "dst-1", from: "2030-02-01", to: "2030-02-03", reason: "Sandstorm" };
    expect(BulkClosureSchema.safeParse(ok).success).toBe(true);
    expect(BulkClosureSchema.safeParse({ ...ok, reason: "" }).error?.issues[0]?.message).toBe("admin.schedule.errors.reason");
    expect(BulkClosureSchema.safeParse({ ...ok, to: "2031-03-01" }).error?.issues[0]?.message).toBe("admin.schedule.errors.rangeTooLong");
    expect(BulkClosureSchema.safeParse({ ...ok, to: "2030-01-01" }).error?.issues[0]?.message).toBe("admin.schedule.errors.validTo");
    expect(BulkClosureSchema.safeParse({ ...ok, intent: "reopen", reason: "" }).success).toBe(true);
  });
});

describe("slot capacity", () => {
  test("can never go below the seats sold and held; the refusal says how many", async () => {
    const pick = await pickStandardProduct(ctx.db, 0);
    const slot = (await slotOn(pick, "2030-01-20"))!;
    const time = slot.id.slice(11, 16);
    const sold = await hold(pick, slot.id, 2);
    await ctx.bookingApi.confirm(sold.uuid, { contact: {} });
    await hold(pick, slot.id, 3);

    const refused = await setSlotCapacity(ctx, actor, { ...pick, date: "2030-01-20", time, capacity: 4 }, now());
    expect(refused).toEqual({ ok: false, error: { key: "admin.schedule.errors.belowSold", values: { sold: 2, held: 3, taken: 5 } } });
    expect((await engine.seatCounts(pick.optionId, slot.id))?.capacity).toBe(slot.capacity);

    const lowered = await setSlotCapacity(ctx, actor, { ...pick, date: "2030-01-20", time, capacity: 5 }, now());
    expect(lowered).toEqual({ ok: true, value: { before: slot.capacity, after: 5, taken: 5 } });
    expect(await engine.seatCounts(pick.optionId, slot.id)).toEqual({ capacity: 5, held: 3, booked: 2 });
    await vi.waitFor(async () => expect((await slotOn(pick, "2030-01-20"))?.status).toBe("SOLD_OUT"), SEEN);
    expect(await refusalOf(hold(pick, slot.id, 1))).toBe("NOT_ENOUGH_VACANCIES");

    const [entry] = await listAudit(ctx.db, { subjectType: "option", subjectId: pick.optionId, limit: 1 });
    expect(entry).toMatchObject({ action: "availability.capacity", actorEmail: actor.email, before: { capacity: slot.capacity, sold: 2, held: 3 }, after: { capacity: 5 } });

    const month = await loadScheduleMonth(ctx.db, pick.productId, pick.optionId, "2030-01", now());
    const cell = month!.days.find((day) => day.date === "2030-01-20")!.slots.find((candidate) => candidate.time === time);
    expect(cell).toMatchObject({ capacity: 5, sold: 2, held: 3, free: 0, closed: false, capacityChanged: true });
  });

  test("two holds racing a capacity change never leave more seats taken than the capacity", async () => {
    const pick = await pickStandardProduct(ctx.db, 1);
    for (let round = 0; round < 3; round++) {
      const date = addDays("2030-02-01", round);
      const slot = (await slotOn(pick, date))!;
      const time = slot.id.slice(11, 16);
      expect((await setSlotCapacity(ctx, actor, { ...pick, date, time, capacity: 10 }, now())).ok).toBe(true);
      await hold(pick, slot.id, 4);
      const [first, second, lowered] = await Promise.all([refusalOf(hold(pick, slot.id, 3)), refusalOf(hold(pick, slot.id, 3)), setSlotCapacity(ctx, actor, { ...pick, date, time, capacity: 7 }, now())]);
      const seats = (await engine.seatCounts(pick.optionId, slot.id))!;
      expect(seats.held + seats.booked).toBeLessThanOrEqual(seats.capacity);
      const holds = [first, second].filter((code) => code === null).length;
      expect(seats.held).toBe(4 + 3 * holds);
      for (const code of [first, second]) expect([null, "NOT_ENOUGH_VACANCIES"]).toContain(code);
      // Either the change landed (capacity 7, so at most one hold fit) or it was refused (both holds were in).
      if (lowered.ok) {
        expect(seats.capacity).toBe(7);
        expect(holds).toBeLessThanOrEqual(1);
      } else {
        expect(lowered.error.key).toBe("admin.schedule.errors.belowSold");
        expect(seats.capacity).toBe(10);
        expect(holds).toBe(2);
      }
    }
  });

  test("a slot that does not exist on that day, or a past day, is refused", async () => {
    const pick = await pickStandardProduct(ctx.db, 0);
    expect(await setSlotCapacity(ctx, actor, { ...pick, date: "2030-01-21", time: "03:17", capacity: 5 }, now())).toEqual({
      ok: false,
      error: { key: "admin.schedule.errors.noSlot", values: { date: "2030-01-21", time: "03:17" } },
    });
    expect(await setClosed(ctx, actor, { ...pick, date: "2030-01-01", closed: true }, now())).toEqual({ ok: false, error: { key: "admin.schedule.errors.past" } });
  });
});

describe("closing and reopening", () => {
  test("a closed day is closed in the engine at once (a hold fails), and reopening restores it", async () => {
    const pick = await pickStandardProduct(ctx.db, 2);
    const date = "2030-01-25";
    const slot = (await slotOn(pick, date))!;
    expect(slot.available).toBe(true);

    const closed = await setClosed(ctx, actor, { ...pick, date, closed: true, reason: "Sandstorm" }, now());
    expect(closed).toEqual({ ok: true, value: { bookings: 0, changed: true } });
    await vi.waitFor(async () => expect((await slotOn(pick, date))?.status).toBe("CLOSED"), SEEN);
    const [day] = await ctx.bookingApi.availabilityCalendar({ productId: pick.productId, optionId: pick.optionId, localDateStart: date, localDateEnd: date });
    expect(day).toMatchObject({ localDate: date, available: false, status: "CLOSED" });
    expect(await refusalOf(hold(pick, slot.id, 1))).toBe("AVAILABILITY_CLOSED");
    const [entry] = await listAudit(ctx.db, { subjectType: "option", subjectId: pick.optionId, limit: 1 });
    expect(entry).toMatchObject({ action: "availability.closed", reason: "Sandstorm", after: { date, time: null, closed: true } });
    expect((await loadScheduleMonth(ctx.db, pick.productId, pick.optionId, "2030-01", now()))!.days.find((cell) => cell.date === date)).toMatchObject({ closed: true });

    expect((await setClosed(ctx, actor, { ...pick, date, closed: false }, now())).ok).toBe(true);
    await vi.waitFor(async () => expect((await slotOn(pick, date))?.available).toBe(true), SEEN);
    expect(await refusalOf(hold(pick, slot.id, 1))).toBeNull();
    // Nothing is left behind: the day has no override any more.
    const rows = await ctx.db.select().from(schema.availabilityOverrides).where(eq(schema.availabilityOverrides.optionId, pick.optionId));
    expect(rows.filter((row) => row.localDate === date)).toEqual([]);
  });

  test("closing one slot closes only that slot; a closed day wins over a slot's own capacity", async () => {
    const pick = await pickStandardProduct(ctx.db, 3);
    const date = "2030-01-26";
    const slot = (await slotOn(pick, date))!;
    const time = slot.id.slice(11, 16);
    expect((await setSlotCapacity(ctx, actor, { ...pick, date, time, capacity: 30 }, now())).ok).toBe(true);
    expect((await setClosed(ctx, actor, { ...pick, date, time, closed: true }, now())).ok).toBe(true);
    await vi.waitFor(async () => expect((await slotOn(pick, date))?.status).toBe("CLOSED"), SEEN);
    expect((await setClosed(ctx, actor, { ...pick, date, time, closed: false }, now())).ok).toBe(true);
    await vi.waitFor(async () => expect((await slotOn(pick, date))?.status).toBe("AVAILABLE"), SEEN);
    expect((await setClosed(ctx, actor, { ...pick, date, closed: true }, now())).ok).toBe(true);
    await vi.waitFor(async () => expect((await slotOn(pick, date))?.status).toBe("CLOSED"), SEEN);
    expect((await slotOn(pick, date))?.capacity).toBe(30);
  });

  test("closing a day that has bookings keeps them and says how many", async () => {
    const pick = await pickStandardProduct(ctx.db, 4);
    const date = "2030-01-27";
    const slot = (await slotOn(pick, date))!;
    const booking = await hold(pick, slot.id, 2);
    await ctx.bookingApi.confirm(booking.uuid, { contact: {} });
    expect(await setClosed(ctx, actor, { ...pick, date, closed: true }, now())).toEqual({ ok: true, value: { bookings: 1, changed: true } });
    expect((await ctx.bookingApi.getBooking(booking.uuid))?.status).toBe("CONFIRMED");
  });
});

describe("weekly rules", () => {
  const rule = (overrides: Partial<ScheduleRuleInput> = {}): ScheduleRuleInput => ({
    weekdays: 127,
    validFrom: "2030-03-01",
    validTo: "2030-03-31",
    startTimes: ["07:15"],
    openingHours: [],
    capacity: 6,
    ...overrides,
  });

  test("add, edit and remove, each audited; a rule with seats sold on its slots cannot drop them", async () => {
    const pick = await pickStandardProduct(ctx.db, 5);
    const added = await addScheduleRule(ctx, actor, pick, rule(), now());
    expect(added.ok).toBe(true);
    const id = added.ok ? added.value.id : 0;
    expect((await listScheduleRules(ctx.db, pick.optionId)).find((row) => row.id === id)).toMatchObject({ startTimes: ["07:15"], capacity: 6 });
    const slotId = await vi.waitFor(async () => {
      const slots = await ctx.bookingApi.checkAvailability({ productId: pick.productId, optionId: pick.optionId, localDateStart: "2030-03-10", localDateEnd: "2030-03-10" });
      const found = slots.find((slot) => slot.id.slice(11, 16) === "07:15");
      expect(found?.capacity).toBe(6);
      return found!.id;
    });
    await hold(pick, slotId, 4);

    // Lowering the rule's capacity below the four seats held is refused; raising it reaches the inventory.
    expect(await updateScheduleRule(ctx, actor, pick, id, rule({ capacity: 3 }), now())).toEqual({
      ok: false,
      error: { key: "admin.schedule.errors.belowSoldOn", values: { date: "2030-03-10", time: "07:15", sold: 4 } },
    });
    expect((await updateScheduleRule(ctx, actor, pick, id, rule({ capacity: 9 }), now())).ok).toBe(true);
    expect((await engine.seatCounts(pick.optionId, slotId))?.capacity).toBe(9);

    // Removing it (or moving the start time) would strand the held seats.
    expect(await removeScheduleRule(ctx, actor, pick, id, now())).toEqual({ ok: false, error: { key: "admin.schedule.errors.orphaned", values: { date: "2030-03-10", time: "07:15" } } });
    expect((await updateScheduleRule(ctx, actor, pick, id, rule({ startTimes: ["07:45"] }), now())).ok).toBe(false);

    const actions = (await listAudit(ctx.db, { subjectType: "option", subjectId: pick.optionId, limit: 10 })).map((entry) => entry.action);
    expect(actions).toEqual(["schedule.changed", "schedule.added"]);

    const other = await addScheduleRule(ctx, actor, pick, rule({ validFrom: "2030-04-01", validTo: null }), now());
    expect(other.ok && (await removeScheduleRule(ctx, actor, pick, other.value.id, now())).ok).toBe(true);
    expect((await listAudit(ctx.db, { subjectType: "option", subjectId: pick.optionId, limit: 1 }))[0]?.action).toBe("schedule.removed");
  });
});

describe("bulk closure of a destination", () => {
  test("closes every product of the city for the range, audited once; reopening restores them", async () => {
    const pick = await pickStandardProduct(ctx.db, 6);
    const [product] = await ctx.db.select({ destinationId: schema.products.destinationId }).from(schema.products).where(eq(schema.products.id, pick.productId));
    const [elsewhere] = await ctx.db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.destinationId, product!.destinationId));
    const outside = await pickStandardProduct(ctx.db, 7);
    const [outsideProduct] = await ctx.db.select({ destinationId: schema.products.destinationId }).from(schema.products).where(eq(schema.products.id, outside.productId));
    const from = "2030-02-10";
    const to = "2030-02-12";

    const result = await bulkSetClosed(ctx, actor, { intent: "close", destinationId: product!.destinationId, from, to, reason: "Sandstorm warning" }, now());
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.products).toBeGreaterThanOrEqual(1);
    expect(elsewhere).toBeTruthy();
    await vi.waitFor(async () => expect((await slotOn(pick, "2030-02-11"))?.status).toBe("CLOSED"), SEEN);
    for (const date of [from, to]) expect((await slotOn(pick, date))?.status).toBe("CLOSED");
    expect((await slotOn(pick, "2030-02-13"))?.status).not.toBe("CLOSED");
    if (outsideProduct!.destinationId !== product!.destinationId) expect((await slotOn(outside, "2030-02-11"))?.status).not.toBe("CLOSED");

    const [entry] = await listAudit(ctx.db, { subjectType: "destination", subjectId: product!.destinationId, limit: 1 });
    expect(entry).toMatchObject({ action: "availability.bulk_closed", reason: "Sandstorm warning", actorEmail: actor.email, after: { from, to, closed: true } });

    // Closing again is harmless (no duplicate rows); reopening clears the range.
    expect((await bulkSetClosed(ctx, actor, { intent: "close", destinationId: product!.destinationId, from, to, reason: "Still windy" }, now())).ok).toBe(true);
    const rows = await ctx.db.select().from(schema.availabilityOverrides).where(eq(schema.availabilityOverrides.optionId, pick.optionId));
    expect(rows.filter((row) => row.localDate >= from && row.localDate <= to && row.localTime === null)).toHaveLength(3);
    expect((await bulkSetClosed(ctx, actor, { intent: "reopen", destinationId: product!.destinationId, from, to }, now())).ok).toBe(true);
    await vi.waitFor(async () => expect((await slotOn(pick, "2030-02-11"))?.available).toBe(true), SEEN);
    expect((await listAudit(ctx.db, { subjectType: "destination", subjectId: product!.destinationId, limit: 1 }))[0]?.action).toBe("availability.bulk_reopened");
  });

  test("an unknown destination is refused", async () => {
    expect(await bulkSetClosed(ctx, actor, { intent: "close", destinationId: "nowhere", from: "2030-02-10", to: "2030-02-11", reason: "x" }, now())).toEqual({
      ok: false,
      error: { key: "admin.schedule.errors.destination" },
    });
  });
});
