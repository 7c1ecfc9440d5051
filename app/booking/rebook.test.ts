/**
 * Changing bookings: confirm with other units, rebooking (PATCH) to another time, units, option or
 * product, the cancellation cutoff at its boundary, and test-mode bookings. Seats are checked on the
 * inventory rows themselves: nothing oversold, nothing lost.
 */
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { addDays } from "#app/lib/dates";
import { EmbeddedBookingEngine } from "./engine.server";
import { adults, newUuid, pickStandardProduct, pinCapacity, setFreeCancellationHours, type PickedProduct } from "./test-picks.server";
import { BookingError } from "./types";

let database: TestDatabase;
let engine: EmbeddedBookingEngine;
let product: PickedProduct;
let other: PickedProduct;
const START = new Date("2030-01-08T06:00:00Z");
let clock = new Date(START);

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20 });
  engine = new EmbeddedBookingEngine(database.db, { now: () => clock, holdMinutes: 30 });
  [product, other] = await Promise.all([pickStandardProduct(database.db, 0), pickStandardProduct(database.db, 1)]);
});

afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  clock = new Date(START);
});

async function slotsOn(pick: PickedProduct, date: string) {
  const slots = await engine.checkAvailability({ productId: pick.productId, optionId: pick.optionId, localDateStart: date, localDateEnd: date });
  return slots.filter((slot) => slot.available);
}

async function seats(pick: PickedProduct, availabilityId: string) {
  return (await engine.seatCounts(pick.optionId, availabilityId)) ?? { capacity: 0, held: 0, booked: 0 };
}

async function refusal(promise: Promise<unknown>): Promise<BookingError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BookingError);
  return error as BookingError;
}

const reserve = (pick: PickedProduct, availabilityId: string, travellers: number, uuid = newUuid()) =>
  engine.reserve({ uuid, productId: pick.productId, optionId: pick.optionId, availabilityId, unitItems: adults(pick.adult, travellers) });

describe("confirm with unitItems", () => {
  test("more units take more seats, fewer give seats back, and the price follows", async () => {
    const [slot] = await slotsOn(product, "2030-01-15");
    const up = await reserve(product, slot!.id, 2);
    const confirmed = await engine.confirm(up.uuid, { contact: {}, unitItems: adults(product.adult, 3) });
    expect(confirmed.unitItems).toHaveLength(3);
    expect(new Set(confirmed.unitItems.map((item) => item.uuid)).size).toBe(3);
    expect(confirmed.pricing!.retail).toBe(3 * product.adultPrice);
    expect(await seats(product, slot!.id)).toMatchObject({ held: 0, booked: 3 });

    const down = await reserve(product, slot!.id, 4);
    const kept = down.unitItems[0]!.uuid;
    const smaller = await engine.confirm(down.uuid, { contact: {}, unitItems: [{ uuid: kept, unitId: product.adult, contact: { fullName: "Kept" } }] });
    expect(smaller.unitItems.map((item) => [item.uuid, item.contact.fullName])).toEqual([[kept, "Kept"]]);
    expect(smaller.unitItems[0]!.ticket!.deliveryOptions).toHaveLength(1);
    expect(await seats(product, slot!.id)).toMatchObject({ held: 0, booked: 4 });
  });

  test("an unknown unit is INVALID_UNIT_ID, too many units is refused, and nothing changes", async () => {
    const [slot] = await slotsOn(product, "2030-01-16");
    const hold = await reserve(product, slot!.id, 2);
    expect((await refusal(engine.confirm(hold.uuid, { contact: {}, unitItems: [{ unitId: "invalidUnitId" }, { unitId: "invalidUnitId" }] }))).code).toBe("INVALID_UNIT_ID");
    await pinCapacity(database.db, product.optionId, slot!.id, 3);
    await database.db.update(schema.inventory).set({ held: 2 }).where(eq(schema.inventory.availabilityId, slot!.id));
    expect((await refusal(engine.confirm(hold.uuid, { contact: {}, unitItems: adults(product.adult, 4) }))).code).toBe("NOT_ENOUGH_VACANCIES");
    const unchanged = (await engine.getBooking(hold.uuid))!;
    expect(unchanged).toMatchObject({ status: "ON_HOLD" });
    expect(unchanged.unitItems).toHaveLength(2);
    expect(await seats(product, slot!.id)).toMatchObject({ held: 2, booked: 0 });
  });

  test("confirming again with other units is refused (PATCH changes a confirmed booking)", async () => {
    const [slot] = await slotsOn(product, "2030-01-17");
    const hold = await reserve(product, slot!.id, 2);
    await engine.confirm(hold.uuid, { contact: {} });
    expect((await refusal(engine.confirm(hold.uuid, { contact: {}, unitItems: adults(product.adult, 3) }))).code).toBe("INVALID_BOOKING_STATUS");
    expect((await engine.confirm(hold.uuid, { contact: {}, unitItems: adults(product.adult, 2) })).unitItems).toHaveLength(2);
  });
});

describe("rebooking", () => {
  test("to another time: the seats move, the uuid and unit items stay, the price is recomputed", async () => {
    const [from, to] = await slotsOn(product, "2030-01-18");
    const hold = await reserve(product, from!.id, 2);
    await engine.confirm(hold.uuid, { contact: { fullName: "Sara" } });
    const [before, target] = [await seats(product, from!.id), await seats(product, to!.id)];
    const moved = await engine.rebook(hold.uuid, { availabilityId: to!.id });
    expect(moved).toMatchObject({ uuid: hold.uuid, id: hold.id, status: "CONFIRMED", availabilityId: to!.id, contact: { fullName: "Sara" } });
    expect(moved.unitItems.map((item) => item.uuid)).toEqual(hold.unitItems.map((item) => item.uuid));
    expect(await seats(product, from!.id)).toMatchObject({ booked: before.booked - 2 });
    expect((await seats(product, to!.id)).booked).toBe(target.booked + 2);
  });

  test("to another product: units of the new option, its price and currency", async () => {
    const [from] = await slotsOn(product, "2030-01-19");
    const [to] = await slotsOn(other, "2030-01-20");
    const hold = await reserve(product, from!.id, 2);
    const moved = await engine.rebook(hold.uuid, { productId: other.productId, optionId: other.optionId, availabilityId: to!.id, unitItems: adults(other.adult, 3) });
    expect(moved).toMatchObject({ uuid: hold.uuid, status: "ON_HOLD", productId: other.productId, optionId: other.optionId, availabilityId: to!.id });
    expect(moved.pricing).toMatchObject({ retail: 3 * other.adultPrice, currency: other.currency });
    expect(moved.utcExpiresAt).toBe(hold.utcExpiresAt);
    expect(await seats(product, from!.id)).toMatchObject({ held: 0 });
    expect(await seats(other, to!.id)).toMatchObject({ held: 3 });
    // The old option's units are not the new option's.
    expect((await refusal(engine.rebook(hold.uuid, { productId: product.productId, optionId: product.optionId, availabilityId: from!.id }))).code).toBe("INVALID_UNIT_ID");
  });

  test("to a full slot: refused, and the booking keeps its time, units and seats", async () => {
    const [from, full] = await slotsOn(product, "2030-01-21");
    const hold = await reserve(product, from!.id, 2);
    await engine.confirm(hold.uuid, { contact: {} });
    await pinCapacity(database.db, product.optionId, full!.id, 1);
    expect((await refusal(engine.rebook(hold.uuid, { availabilityId: full!.id }))).code).toBe("NOT_ENOUGH_VACANCIES");
    expect(await engine.getBooking(hold.uuid)).toMatchObject({ availabilityId: from!.id, status: "CONFIRMED" });
    expect(await seats(product, from!.id)).toMatchObject({ booked: 2 });
    expect(await seats(product, full!.id)).toMatchObject({ held: 0, booked: 0 });
  });

  test("under concurrent reservations on the target slot: never oversold, the original seats never lost", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round++) {
      const date = addDays("2030-02-01", round);
      const [from, to] = await slotsOn(product, date);
      const capacity = 6;
      await pinCapacity(database.db, product.optionId, to!.id, capacity);
      const mover = await reserve(product, from!.id, 3);
      await engine.confirm(mover.uuid, { contact: {} });
      const sourceBefore = await seats(product, from!.id);
      // 2 … 7 reservations of one seat race the move of three seats for six places: with three or
      // fewer the move must win, with more it depends on who comes first.
      const racers = Array.from({ length: 2 + round }, () => reserve(product, to!.id, 1).then(() => "held", (error: unknown) => (error as BookingError).code));
      const move = engine.rebook(mover.uuid, { availabilityId: to!.id }).then(() => "moved", (error: unknown) => (error as BookingError).code);
      const [moved, ...held] = await Promise.all([move, ...racers]);
      outcomes.push(moved!);
      const target = await seats(product, to!.id);
      const source = await seats(product, from!.id);
      const booking = (await engine.getBooking(mover.uuid))!;
      expect(target.held + target.booked).toBeLessThanOrEqual(capacity);
      expect(target.held).toBe(held.filter((outcome) => outcome === "held").length);
      if (moved === "moved") {
        expect(booking.availabilityId).toBe(to!.id);
        expect(target.booked).toBe(3);
        expect(source.booked).toBe(sourceBefore.booked - 3);
      } else {
        expect(moved).toBe("NOT_ENOUGH_VACANCIES");
        expect(booking.availabilityId).toBe(from!.id);
        expect(target.booked).toBe(0);
        expect(source).toEqual(sourceBefore);
      }
      expect(held.every((outcome) => outcome === "held" || outcome === "NOT_ENOUGH_VACANCIES")).toBe(true);
      if (held.length <= 3) expect(moved).toBe("moved");
    }
    expect(outcomes).toContain("moved");
  });

  test("two bookings swapping slots at once do not deadlock", async () => {
    const [a, b] = await slotsOn(product, "2030-02-10");
    const first = await reserve(product, a!.id, 1);
    const second = await reserve(product, b!.id, 1);
    const outcomes = await Promise.all([engine.rebook(first.uuid, { availabilityId: b!.id }), engine.rebook(second.uuid, { availabilityId: a!.id })]);
    expect(outcomes.map((booking) => booking.availabilityId)).toEqual([b!.id, a!.id]);
    expect(await seats(product, a!.id)).toMatchObject({ held: 1 });
    expect(await seats(product, b!.id)).toMatchObject({ held: 1 });
  });

  test("refused for a cancelled, expired or unknown booking, and to a closed or unknown time", async () => {
    const [slot] = await slotsOn(product, "2030-02-11");
    const cancelled = await reserve(product, slot!.id, 1);
    await engine.cancel(cancelled.uuid, {});
    expect((await refusal(engine.rebook(cancelled.uuid, { unitItems: adults(product.adult, 2) }))).code).toBe("INVALID_BOOKING_STATUS");
    const expiring = await reserve(product, slot!.id, 1);
    clock = new Date(START.getTime() + 31 * 60_000);
    expect((await refusal(engine.rebook(expiring.uuid, { unitItems: adults(product.adult, 2) }))).code).toBe("BOOKING_EXPIRED");
    clock = new Date(START);
    expect((await refusal(engine.rebook(newUuid(), { unitItems: adults(product.adult, 2) }))).code).toBe("INVALID_BOOKING_UUID");
    const live = await reserve(product, slot!.id, 1);
    expect((await refusal(engine.rebook(live.uuid, { availabilityId: "2030-02-11T03:17:00+03:00" }))).code).toBe("INVALID_AVAILABILITY_ID");
    const [past] = rowsOf<{ id: string }>(await database.db.execute(sql`SELECT availability_id AS id FROM bookings WHERE uuid = ${live.uuid}`));
    expect(past!.id).toBe(slot!.id);
  });
});

describe("the cancellation cutoff (24 hours here), one minute either side", () => {
  let start: Date;
  let uuid: string;

  beforeAll(async () => {
    await setFreeCancellationHours(database.db, product.productId, 24);
    engine.clearCache();
  });

  async function confirmedOn(date: string) {
    const [slot] = await slotsOn(product, date);
    const hold = await reserve(product, slot!.id, 2);
    const booking = await engine.confirm(hold.uuid, { contact: {} });
    uuid = booking.uuid;
    start = new Date(Date.parse(slot!.localDateTimeStart));
    return booking;
  }

  const at = (minutesBeforeCutoff: number) => new Date(start.getTime() - 24 * 60 * 60_000 - minutesBeforeCutoff * 60_000);

  test("a minute before the cutoff: cancellable, and a reseller may cancel", async () => {
    await confirmedOn("2030-02-20");
    clock = at(1);
    expect((await engine.getBooking(uuid))!.cancellable).toBe(true);
    const cancelled = await engine.cancel(uuid, { reason: "Changed plans" }, { enforceCutoff: true });
    expect(cancelled.cancellation).toMatchObject({ refund: "FULL" });
  });

  test("a minute after the cutoff: not cancellable, refused for a reseller; the storefront's policy still applies", async () => {
    const booking = await confirmedOn("2030-02-21");
    clock = at(-1);
    expect((await engine.getBooking(uuid))!.cancellable).toBe(false);
    expect((await refusal(engine.cancel(uuid, {}, { enforceCutoff: true }))).code).toBe("CUTOFF_PASSED");
    expect((await engine.getBooking(uuid))!.status).toBe("CONFIRMED");
    const byStorefront = await engine.cancel(booking.uuid, { reason: "Customer" });
    expect(byStorefront.cancellation).toMatchObject({ refund: "NONE", penaltyPercent: 100 });
  });

  test("changing: allowed a minute before, refused a minute after", async () => {
    await confirmedOn("2030-02-22");
    clock = at(1);
    expect((await engine.rebook(uuid, { unitItems: adults(product.adult, 3) }, { enforceCutoff: true })).unitItems).toHaveLength(3);
    clock = at(-1);
    expect((await refusal(engine.rebook(uuid, { unitItems: adults(product.adult, 1) }, { enforceCutoff: true }))).code).toBe("CUTOFF_PASSED");
    expect((await engine.getBooking(uuid))!.unitItems).toHaveLength(3);
  });

  test("a hold is cancellable until it expires, whatever the cutoff", async () => {
    const [slot] = await slotsOn(product, "2030-01-09");
    const hold = await reserve(product, slot!.id, 1);
    expect(hold.cancellable).toBe(true);
    expect((await engine.cancel(hold.uuid, {}, { enforceCutoff: true })).status).toBe("CANCELLED");
  });
});

describe("test-mode bookings", () => {
  test("are checked against the vacancies but hold none, before and after expiry, confirmation and cancellation", async () => {
    const [slot] = await slotsOn(product, "2030-02-25");
    await pinCapacity(database.db, product.optionId, slot!.id, 4);
    const test = await engine.reserve({ uuid: newUuid(), productId: product.productId, optionId: product.optionId, availabilityId: slot!.id, unitItems: adults(product.adult, 3), testMode: true });
    expect(test.testMode).toBe(true);
    expect(await seats(product, slot!.id)).toMatchObject({ held: 0, booked: 0 });
    expect((await refusal(engine.reserve({ uuid: newUuid(), productId: product.productId, optionId: product.optionId, availabilityId: slot!.id, unitItems: adults(product.adult, 5), testMode: true }))).code).toBe(
      "NOT_ENOUGH_VACANCIES",
    );
    await engine.confirm(test.uuid, { contact: {}, unitItems: adults(product.adult, 4) });
    expect(await seats(product, slot!.id)).toMatchObject({ held: 0, booked: 0 });
    await engine.cancel(test.uuid, {});
    const expiring = await engine.reserve({ uuid: newUuid(), productId: product.productId, optionId: product.optionId, availabilityId: slot!.id, unitItems: adults(product.adult, 2), testMode: true });
    const real = await reserve(product, slot!.id, 2);
    clock = new Date(START.getTime() + 31 * 60_000);
    expect(await seats(product, slot!.id)).toMatchObject({ held: 2, booked: 0 });
    expect(await engine.expireHolds()).toBeGreaterThanOrEqual(2);
    expect((await engine.getBooking(expiring.uuid))!.status).toBe("EXPIRED");
    expect((await engine.getBooking(real.uuid))!.status).toBe("EXPIRED");
    // Only the real hold's two seats went back; the test hold had taken none.
    expect(await seats(product, slot!.id)).toMatchObject({ held: 0, booked: 0 });
  });
});
