import { eq } from "drizzle-orm";
import * as schema from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import type { DepartureSpan } from "./departure-resources";
import { addResource, assignResource, resourcesOn, unassignResource } from "./departure-resources.server";
import { takeSeats, seatCounts } from "./engine/inventory.server";
import { addScheduleRule, slotContextOf } from "./schedule-admin.server";
import { slotsForDate, type Slot } from "./slots";
import { pickStandardProduct, type PickedProduct } from "./test-picks.server";
import { BookingError } from "./types";

let handle: TestDatabase;
let optionA: string;
let optionB: string;
let pickA: PickedProduct;
let pickB: PickedProduct;

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 4 });
  pickA = await pickStandardProduct(handle.db, 0);
  pickB = await pickStandardProduct(handle.db, 1);
  optionA = pickA.optionId;
  optionB = pickB.optionId;
});

afterAll(async () => {
  await handle?.close();
});

function departure(optionId: string, start: string, minutes: number): DepartureSpan {
  const utcStart = new Date(start);
  return { optionId, availabilityId: start, utcStart, utcEnd: new Date(utcStart.getTime() + minutes * 60_000) };
}

/** The option's first real slot on `date`, as a departure. */
async function realSlot(pick: PickedProduct, date: string): Promise<{ slot: Slot; span: DepartureSpan }> {
  const { context } = await slotContextOf(handle.db, pick.productId, pick.optionId);
  const slot = slotsForDate(context, date)[0]!;
  const { closed: _closed, ...open } = slot;
  const whole: Slot = { ...open, vacancies: null, status: "AVAILABLE", available: true };
  return { slot: whole, span: { optionId: pick.optionId, availabilityId: slot.id, utcStart: slot.utcStart, utcEnd: new Date(slot.localDateTimeEnd) } };
}

describe("assigning guides and resources to departures", () => {
  test("a guide on two overlapping departures is refused, naming the first", async () => {
    const guide = await addResource(handle.db, { kind: "guide", name: "Noura", capacity: null });
    const desert = departure(optionA, "2030-04-01T09:00:00+03:00", 180);
    expect(await assignResource(handle.db, guide, desert, null)).toEqual({ ok: true });
    const result = await assignResource(handle.db, guide, departure(optionB, "2030-04-01T11:00:00+03:00", 60), null);
    expect(result).toMatchObject({ ok: false, reason: "clash", clash: { optionId: optionA, availabilityId: desert.availabilityId } });
    expect(await assignResource(handle.db, guide, departure(optionB, "2030-04-01T12:00:00+03:00", 60), null)).toEqual({ ok: true });
    expect(await assignResource(handle.db, guide, desert, null)).toEqual({ ok: true });
  });

  test("two staff assigning one boat at once: exactly one departure gets it", async () => {
    const boat = await addResource(handle.db, { kind: "boat", name: "Jazan 2", capacity: 12 });
    const first = (await realSlot(pickA, "2030-04-02")).span;
    const second = (await realSlot(pickB, "2030-04-02")).span;
    // Made to overlap whatever the two options' start times are.
    const results = await Promise.all([
      assignResource(handle.db, boat, { ...first, utcStart: new Date(Math.min(first.utcStart.getTime(), second.utcStart.getTime())), utcEnd: new Date(Math.max(first.utcEnd.getTime(), second.utcEnd.getTime())) }, "a@example.com"),
      assignResource(handle.db, boat, second, "b@example.com"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const rows = await handle.db.select().from(schema.departureAssignments).where(eq(schema.departureAssignments.resourceId, boat));
    expect(rows).toHaveLength(1);
  });

  test("a guide carries no seats; a vehicle keeps its capacity", async () => {
    const guide = await addResource(handle.db, { kind: "guide", name: "Faisal", capacity: 9 });
    const van = await addResource(handle.db, { kind: "vehicle", name: "Van 7", capacity: 9 });
    const trip = (await realSlot(pickA, "2030-04-03")).span;
    await assignResource(handle.db, guide, trip, null);
    await assignResource(handle.db, van, trip, null);
    expect(await resourcesOn(handle.db, optionA, trip.availabilityId)).toEqual([
      { id: guide, kind: "guide", name: "Faisal", capacity: null },
      { id: van, kind: "vehicle", name: "Van 7", capacity: 9 },
    ]);
  });

  test("the engine sells no more seats than the smallest resource on the departure", async () => {
    const { slot, span } = await realSlot(pickA, "2030-04-05");
    const van = await addResource(handle.db, { kind: "vehicle", name: "Van 3", capacity: 6 });
    const boat = await addResource(handle.db, { kind: "boat", name: "Dhow", capacity: 4 });
    expect(await assignResource(handle.db, van, span, null)).toEqual({ ok: true });
    expect(await assignResource(handle.db, boat, span, null)).toEqual({ ok: true });
    expect((await seatCounts(handle.db, optionA, span.availabilityId))?.capacity).toBe(4);
    const now = new Date("2030-01-07T08:00:00Z");
    await expect(takeSeats(handle.db, optionA, slot, "held", 5, now)).rejects.toBeInstanceOf(BookingError);
    await takeSeats(handle.db, optionA, slot, "held", 4, now);
    expect((await seatCounts(handle.db, optionA, span.availabilityId))?.held).toBe(4);
  });

  test("taking a boat off gives its seats back; taking a guide off frees them for an overlapping departure", async () => {
    const { span } = await realSlot(pickA, "2030-04-09");
    const boat = await addResource(handle.db, { kind: "boat", name: "Small dhow", capacity: 3 });
    expect(await assignResource(handle.db, boat, span, null)).toEqual({ ok: true });
    expect((await seatCounts(handle.db, optionA, span.availabilityId))?.capacity).toBe(3);
    expect(await unassignResource(handle.db, boat, span)).toBe(true);
    expect((await seatCounts(handle.db, optionA, span.availabilityId))?.capacity).toBeGreaterThan(3);
    expect(await resourcesOn(handle.db, optionA, span.availabilityId)).toEqual([]);
    expect(await unassignResource(handle.db, boat, span)).toBe(false);

    const guide = await addResource(handle.db, { kind: "guide", name: "Huda", capacity: null });
    const morning = departure(optionA, "2030-04-10T09:00:00+03:00", 180);
    const overlapping = departure(optionB, "2030-04-10T10:00:00+03:00", 60);
    expect(await assignResource(handle.db, guide, morning, null)).toEqual({ ok: true });
    expect(await assignResource(handle.db, guide, overlapping, null)).toMatchObject({ ok: false, reason: "clash" });
    expect(await unassignResource(handle.db, guide, morning)).toBe(true);
    expect(await assignResource(handle.db, guide, overlapping, null)).toEqual({ ok: true });
  });

  test("a change to the option's rules keeps the departure within its resources", async () => {
    const { span } = await realSlot(pickA, "2030-04-07");
    const boat = await addResource(handle.db, { kind: "boat", name: "Farasan", capacity: 4 });
    expect(await assignResource(handle.db, boat, span, null)).toEqual({ ok: true });
    const added = await addScheduleRule(handle, { id: null, email: "catalogue@example.com" }, pickA, { weekdays: 127, validFrom: "2030-04-01", validTo: "2030-04-30", startTimes: ["23:45"], openingHours: [], capacity: 50 }, new Date("2030-01-07T08:00:00Z"));
    expect(added.ok).toBe(true);
    expect((await seatCounts(handle.db, optionA, span.availabilityId))?.capacity).toBe(4);
  });

  test("a resource smaller than what the departure already sold is refused", async () => {
    const { slot, span } = await realSlot(pickA, "2030-04-06");
    await takeSeats(handle.db, optionA, slot, "held", 5, new Date("2030-01-07T08:00:00Z"));
    const room = await addResource(handle.db, { kind: "room", name: "Majlis", capacity: 3 });
    expect(await assignResource(handle.db, room, span, null)).toEqual({ ok: false, reason: "belowSold", capacity: 3 });
    expect(await resourcesOn(handle.db, optionA, span.availabilityId)).toEqual([]);
  });

  test("an unknown resource is not found", async () => {
    expect(await assignResource(handle.db, "nope", departure(optionA, "2030-04-04T09:00:00+03:00", 60), null)).toEqual({ ok: false, reason: "notFound" });
  });
});
