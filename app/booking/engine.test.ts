import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf } from "#app/db/db.server";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { EmbeddedBookingEngine } from "./engine.server";
import { utcIso } from "./time";
import { addDays } from "#app/lib/dates";
import { BookingError } from "./types";

let database: TestDatabase;
let clock: Date;
let engine: EmbeddedBookingEngine;

const START = new Date("2030-01-08T06:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20 });
  clock = new Date(START);
  engine = new EmbeddedBookingEngine(database.db, { now: () => clock, holdMinutes: 30 });
});

afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  clock = new Date(START);
});

interface Pick {
  productId: string;
  optionId: string;
  adult: string;
  child: string | null;
  currency: string;
  adultPrice: number;
}

async function pickProduct(where: ReturnType<typeof sql>, offset = 0): Promise<Pick> {
  const rows = rowsOf<Pick>(
    await database.db.execute(sql`
      SELECT p.id AS "productId", o.id AS "optionId", p.currency,
        (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS adult,
        (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'CHILD') AS child,
        (SELECT u.price FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS "adultPrice"
      FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default
      JOIN availability_schedules s ON s.option_id = o.id
      WHERE s.capacity IS NOT NULL AND s.weekdays = 127 AND s.valid_to IS NULL AND p.expires_on IS NULL
        AND o.cutoff_minutes = 0 AND p.availability_type = 'START_TIME' AND ${where}
      ORDER BY p.id LIMIT 1 OFFSET ${offset}`),
  );
  if (!rows[0]) throw new Error("no product matches");
  return rows[0];
}

const standard = () => pickProduct(sql`p.pricing_per = 'UNIT' AND NOT p.no_fixed_price AND p.instant_confirmation AND s.capacity >= 20`);

async function openSlot(pick: Pick, from: string) {
  const slot = await engine.firstOpenSlot(pick.productId, pick.optionId, from);
  if (!slot) throw new Error("no open slot");
  return slot;
}

const reserveBody = (pick: Pick, availabilityId: string, adults = 2, uuid = randomUUID()) => ({
  uuid,
  productId: pick.productId,
  optionId: pick.optionId,
  availabilityId,
  unitItems: Array.from({ length: adults }, () => ({ unitId: pick.adult })),
});

async function expectRefusal(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BookingError);
  expect((error as BookingError).code).toBe(code);
  return error as BookingError;
}

describe("availability", () => {
  test("impossible dates (2026-02-30) are refused, never rolled over into March", async () => {
    const pick = await standard();
    const ids = { productId: pick.productId, optionId: pick.optionId };
    await expectRefusal(engine.checkAvailability({ ...ids, localDateStart: "2026-02-30", localDateEnd: "2026-02-30" }), "BAD_REQUEST");
    await expectRefusal(engine.checkAvailability({ ...ids, localDateStart: "2030-01-10", localDateEnd: "2030-02-30" }), "BAD_REQUEST");
    await expectRefusal(engine.availabilityCalendar({ ...ids, localDateStart: "2026-02-30", localDateEnd: "2026-03-05" }), "BAD_REQUEST");
    await expectRefusal(engine.checkAvailability({ ...ids, availabilityIds: ["2030-02-30T09:00:00+03:00"] }), "INVALID_AVAILABILITY_ID");
    await expectRefusal(engine.reserve(reserveBody(pick, "2030-02-30T09:00:00+03:00")), "INVALID_AVAILABILITY_ID");
  });

  test("a calendar covers the range with statuses, vacancies and prices", async () => {
    const pick = await standard();
    const calendar = await engine.availabilityCalendar({ productId: pick.productId, optionId: pick.optionId, localDateStart: "2030-01-08", localDateEnd: "2030-02-06", currency: "USD" });
    expect(calendar.length).toBeGreaterThanOrEqual(28);
    expect(calendar[0]!.localDate).toBe("2030-01-08");
    const open = calendar.find((day) => day.available)!;
    expect(open.vacancies).toBeGreaterThan(0);
    expect(open.unitPricingFrom![0]!.currency).toBe("USD");
  });

  test("seeded sold-out slots and closed dates show as such", async () => {
    const [soldOut] = rowsOf<{ optionId: string; productId: string; availabilityId: string; localDate: string }>(
      await database.db.execute(sql`SELECT i.option_id AS "optionId", o.product_id AS "productId", i.availability_id AS "availabilityId", i.local_date::text AS "localDate"
        FROM inventory i JOIN product_options o ON o.id = i.option_id WHERE i.booked >= i.capacity AND i.local_date > '2030-01-09' ORDER BY 1 LIMIT 1`),
    );
    const slots = await engine.checkAvailability({ productId: soldOut!.productId, optionId: soldOut!.optionId, localDateStart: soldOut!.localDate, localDateEnd: soldOut!.localDate });
    const slot = slots.find((candidate) => candidate.id === soldOut!.availabilityId)!;
    expect(slot).toMatchObject({ status: "SOLD_OUT", available: false, vacancies: 0 });

    const [closed] = rowsOf<{ optionId: string; productId: string; localDate: string }>(
      await database.db.execute(sql`SELECT a.option_id AS "optionId", o.product_id AS "productId", a.local_date::text AS "localDate"
        FROM availability_overrides a JOIN product_options o ON o.id = a.option_id JOIN availability_schedules s ON s.option_id = a.option_id
        WHERE a.closed AND a.local_time IS NULL AND s.weekdays = 127 AND s.valid_to IS NULL ORDER BY 1 LIMIT 1`),
    );
    const day = await engine.availabilityCalendar({ productId: closed!.productId, optionId: closed!.optionId, localDateStart: closed!.localDate, localDateEnd: closed!.localDate });
    expect(day[0]).toMatchObject({ available: false, status: "CLOSED" });
  });

  test("nothing is offered beyond 365 days", async () => {
    const pick = await standard();
    const far = await engine.checkAvailability({ productId: pick.productId, optionId: pick.optionId, localDateStart: "2031-02-01", localDateEnd: "2031-02-03" });
    expect(far).toEqual([]);
  });
});

describe("reserve, confirm, cancel", () => {
  test("a hold takes vacancies, expires in 30 minutes and prices the units", async () => {
    const pick = await standard();
    const slot = await openSlot(pick, "2030-02-01");
    const booking = await engine.reserve(reserveBody(pick, slot.id, 3));
    expect(booking.status).toBe("ON_HOLD");
    expect(booking.utcExpiresAt).toBe(utcIso(new Date(clock.getTime() + 30 * 60_000)));
    expect(booking.unitItems).toHaveLength(3);
    expect(booking.pricing).toMatchObject({ retail: pick.adultPrice * 3, currency: pick.currency });
    expect(booking.availability?.id).toBe(slot.id);
    expect(await engine.seatCounts(pick.optionId, slot.id)).toMatchObject({ held: 3, booked: 0 });
  });

  test("reserve is idempotent on the uuid; a different request with it is refused", async () => {
    const pick = await standard();
    const slot = await openSlot(pick, "2030-02-02");
    const body = reserveBody(pick, slot.id, 2);
    const first = await engine.reserve(body);
    const again = await engine.reserve(body);
    expect(again.id).toBe(first.id);
    expect(await engine.seatCounts(pick.optionId, slot.id)).toMatchObject({ held: 2 });
    const other = await pickProduct(sql`p.pricing_per = 'UNIT' AND NOT p.no_fixed_price`, 5);
    await expectRefusal(engine.reserve({ ...body, productId: other.productId, optionId: other.optionId }), "UUID_CONFLICT");
  });

  test("confirm moves held seats to booked and is idempotent", async () => {
    const pick = await standard();
    const slot = await openSlot(pick, "2030-02-03");
    const hold = await engine.reserve(reserveBody(pick, slot.id, 2));
    const confirmed = await engine.confirm(hold.uuid, { contact: { fullName: "Noura Al-Saud", emailAddress: "noura@example.com" } });
    expect(confirmed.status).toBe("CONFIRMED");
    expect(confirmed.utcExpiresAt).toBeNull();
    expect(confirmed.contact.fullName).toBe("Noura Al-Saud");
    expect(confirmed.unitItems.every((item) => item.status === "CONFIRMED")).toBe(true);
    expect(await engine.seatCounts(pick.optionId, slot.id)).toMatchObject({ held: 0, booked: 2 });
    const twice = await engine.confirm(hold.uuid, { contact: {} });
    expect(twice.status).toBe("CONFIRMED");
    expect(await engine.seatCounts(pick.optionId, slot.id)).toMatchObject({ held: 0, booked: 2 });
  });

  test("on-request products wait in PENDING until the supplier decides", async () => {
    const pick = await pickProduct(sql`p.pricing_per = 'UNIT' AND NOT p.no_fixed_price AND NOT p.instant_confirmation`);
    const slot = await openSlot(pick, "2030-02-04");
    const hold = await engine.reserve(reserveBody(pick, slot.id, 1));
    expect((await engine.confirm(hold.uuid, { contact: {} })).status).toBe("PENDING");
    const rejected = await engine.settlePending(hold.uuid, "REJECTED");
    expect(rejected.status).toBe("REJECTED");
    expect(await engine.seatCounts(pick.optionId, slot.id)).toMatchObject({ held: 0, booked: 0 });
  });

  test("cancelling refunds by the policy and frees the seats", async () => {
    const pick = await pickProduct(sql`p.pricing_per = 'UNIT' AND NOT p.no_fixed_price AND p.instant_confirmation AND jsonb_array_length(p.cancellation_policy->'rules') = 3`);
    const slot = await openSlot(pick, "2030-03-01");
    const total = pick.adultPrice * 2;

    const early = await engine.reserve(reserveBody(pick, slot.id, 2));
    await engine.confirm(early.uuid, { contact: {} });
    expect(await engine.quoteCancellation(early.uuid)).toMatchObject({ penaltyPercent: 0, refundAmount: total });
    const cancelled = await engine.cancel(early.uuid, { reason: "change of plans" });
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.cancellation).toMatchObject({ refund: "FULL", refundAmount: total, penaltyPercent: 0, reason: "change of plans" });

    const late = await engine.reserve(reserveBody(pick, slot.id, 2));
    await engine.confirm(late.uuid, { contact: {} });
    clock = new Date(slot.utcStart.getTime() - 2 * 86_400_000);
    const halfRefund = await engine.cancel(late.uuid);
    expect(halfRefund.cancellation).toMatchObject({ refund: "PARTIAL", penaltyPercent: 50, refundAmount: total - Math.round(total / 2) });
    expect(await engine.seatCounts(pick.optionId, slot.id)).toMatchObject({ held: 0, booked: 0 });
    // Idempotent, and a cancelled booking cannot be confirmed.
    expect((await engine.cancel(late.uuid)).status).toBe("CANCELLED");
    await expectRefusal(engine.confirm(late.uuid, { contact: {} }), "INVALID_BOOKING_STATUS");
  });

  test("refusals carry OCTO error codes", async () => {
    const pick = await standard();
    const slot = await openSlot(pick, "2030-02-05");
    await expectRefusal(engine.reserve({ ...reserveBody(pick, slot.id), productId: "nope" }), "INVALID_PRODUCT_ID");
    await expectRefusal(engine.reserve({ ...reserveBody(pick, slot.id), optionId: "nope" }), "INVALID_OPTION_ID");
    await expectRefusal(engine.reserve({ ...reserveBody(pick, slot.id), unitItems: [{ unitId: "nope" }] }), "INVALID_UNIT_ID");
    await expectRefusal(engine.reserve(reserveBody(pick, "2030-02-05T03:17:00+03:00")), "INVALID_AVAILABILITY_ID");
    await expectRefusal(engine.reserve(reserveBody(pick, slot.id, 500)), "UNPROCESSABLE_ENTITY");
    if (pick.child) await expectRefusal(engine.reserve({ ...reserveBody(pick, slot.id), unitItems: [{ unitId: pick.child }] }), "UNPROCESSABLE_ENTITY");
    const custom = await pickProduct(sql`p.no_fixed_price`);
    const customSlot = await openSlot(custom, "2030-02-05");
    await expectRefusal(engine.reserve(reserveBody(custom, customSlot.id)), "NO_FIXED_PRICE");
    await expectRefusal(engine.confirm(randomUUID(), { contact: {} }), "INVALID_BOOKING_UUID");
  });

  test("a slot past its cutoff is closed", async () => {
    const pick = await standard();
    const slot = await openSlot(pick, "2030-02-06");
    clock = new Date(slot.utcCutoffAt.getTime() + 1000);
    await expectRefusal(engine.reserve(reserveBody(pick, slot.id)), "AVAILABILITY_CLOSED");
  });
});

describe("hold expiry", () => {
  test("an expired hold cannot be confirmed and its seats come back", async () => {
    const pick = await standard();
    const slot = await openSlot(pick, "2030-02-10");
    const hold = await engine.reserve({ ...reserveBody(pick, slot.id, 4), expirationMinutes: 10 });
    clock = new Date(clock.getTime() + 11 * 60_000);
    await expectRefusal(engine.confirm(hold.uuid, { contact: {} }), "BOOKING_EXPIRED");
    expect((await engine.getBooking(hold.uuid))!.status).toBe("EXPIRED");
    expect(await engine.seatCounts(pick.optionId, slot.id)).toMatchObject({ held: 0 });
  });

  test("the sweep expires every stale hold, and a new reservation reclaims stale seats itself", async () => {
    const pick = await standard();
    const slot = await openSlot(pick, "2030-02-11");
    const capacity = slot.capacity!;
    await engine.reserve(reserveBody(pick, slot.id, 1));
    await engine.reserve(reserveBody(pick, slot.id, 1));
    expect(await engine.expireHolds()).toBe(0);
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect(await engine.expireHolds()).toBeGreaterThanOrEqual(2);
    expect(await engine.seatCounts(pick.optionId, slot.id)).toMatchObject({ held: 0 });

    // Fill the slot with holds, let them lapse, and book again without a sweep.
    const adultsPerBooking = 1;
    const holds = [];
    for (let i = 0; i < capacity; i++) holds.push(await engine.reserve(reserveBody(pick, slot.id, adultsPerBooking)));
    await expectRefusal(engine.reserve(reserveBody(pick, slot.id, 1)), "NOT_ENOUGH_VACANCIES");
    clock = new Date(clock.getTime() + 31 * 60_000);
    const fresh = await engine.reserve(reserveBody(pick, slot.id, 1));
    expect(fresh.status).toBe("ON_HOLD");
    expect((await engine.getBooking(holds[0]!.uuid))!.status).toBe("EXPIRED");
  });

  test("a hold can be extended while it is live", async () => {
    const pick = await standard();
    const slot = await openSlot(pick, "2030-02-12");
    const hold = await engine.reserve(reserveBody(pick, slot.id, 1));
    clock = new Date(clock.getTime() + 20 * 60_000);
    const extended = await engine.extendReservation(hold.uuid, 30);
    expect(extended.utcExpiresAt).toBe(utcIso(new Date(clock.getTime() + 30 * 60_000)));
  });
});

describe("concurrency", () => {
  test("200 concurrent reservations for 10 vacancies: exactly 10 held, the rest refused clearly", async () => {
    const pick = await standard();
    const localDate = addDays("2030-01-08", 200);
    const slot = await openSlot(pick, localDate);
    // Make this slot's capacity 10 with an override (no inventory row exists yet).
    await database.db.execute(sql`INSERT INTO availability_overrides (option_id, local_date, local_time, closed, capacity) VALUES (${pick.optionId}, ${slot.localDate}, ${slot.localTime}, false, 10)`);
    const fresh = new EmbeddedBookingEngine(database.db, { now: () => clock });
    const attempts = Array.from({ length: 200 }, () => fresh.reserve(reserveBody(pick, slot.id, 1)));
    const results = await Promise.allSettled(attempts);
    const held = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(held).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const failure of refused) {
      expect(failure.reason).toBeInstanceOf(BookingError);
      expect((failure.reason as BookingError).code).toBe("NOT_ENOUGH_VACANCIES");
      expect((failure.reason as BookingError).message).toMatch(/sold out/i);
    }
    expect(await fresh.seatCounts(pick.optionId, slot.id)).toEqual({ capacity: 10, held: 10, booked: 0 });
    const [count] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM bookings WHERE availability_id = ${slot.id} AND option_id = ${pick.optionId}`));
    expect(count!.n).toBe(10);
    const [availability] = await fresh.checkAvailability({ productId: pick.productId, optionId: pick.optionId, availabilityIds: [slot.id] });
    expect(availability).toMatchObject({ status: "SOLD_OUT", vacancies: 0, capacity: 10 });
  });
});
