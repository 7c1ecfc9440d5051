/**
 * Tickets: issued when a booking is confirmed, unique and unguessable, redeemed exactly once however
 * many scans arrive together, and a used booking can no longer be cancelled or moved.
 */
import { eq } from "drizzle-orm";
import * as schema from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { EmbeddedBookingEngine } from "./engine.server";
import { adults, newUuid, pickStandardProduct, type PickedProduct } from "./test-picks.server";
import { findTicketByCode, newTicketCode, normalizeTicketCode, redeemTicket, ticketsOfBooking } from "./tickets.server";
import { BookingError, type OctoBooking } from "./types";

let database: TestDatabase;
let engine: EmbeddedBookingEngine;
let product: PickedProduct;
let clock = new Date("2030-01-08T06:00:00Z");

beforeAll(async () => {
  // Several connections on PostgreSQL (TEST_DATABASE_URL), so the concurrent scans really overlap there.
  database = await createTestDatabase({ poolSize: 20 });
  engine = new EmbeddedBookingEngine(database.db, { now: () => clock, holdMinutes: 30 });
  product = await pickStandardProduct(database.db);
});

afterAll(async () => {
  await database?.close();
});

async function confirmedBooking(travellers = 3, testMode = false): Promise<OctoBooking> {
  const slot = await engine.firstOpenSlot(product.productId, product.optionId, "2030-01-12");
  const uuid = newUuid();
  await engine.reserve({ uuid, productId: product.productId, optionId: product.optionId, availabilityId: slot!.id, unitItems: adults(product.adult, travellers), testMode });
  return engine.confirm(uuid, { contact: { fullName: "Noura Al-Saud" } });
}

const qrOf = (ticket: OctoBooking["voucher"]) => ticket?.deliveryOptions.find((option) => option.deliveryFormat === "QRCODE")?.deliveryValue;

describe("issuing", () => {
  test("a hold has a voucher and tickets that say how they are redeemed, with no code yet", async () => {
    const slot = await engine.firstOpenSlot(product.productId, product.optionId, "2030-01-12");
    const hold = await engine.reserve({ uuid: newUuid(), productId: product.productId, optionId: product.optionId, availabilityId: slot!.id, unitItems: adults(product.adult, 2) });
    expect(hold.voucher).toEqual({ redemptionMethod: "DIGITAL", utcRedeemedAt: null, deliveryOptions: [] });
    expect(hold.unitItems.map((item) => item.ticket)).toEqual([hold.voucher, hold.voucher]);
  });

  test("confirming issues a voucher and one ticket per unit item, each with its own code", async () => {
    const booking = await confirmedBooking(3);
    const codes = [qrOf(booking.voucher), ...booking.unitItems.map((item) => qrOf(item.ticket))];
    expect(codes).toHaveLength(4);
    expect(new Set(codes).size).toBe(4);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{32}$/);
    // Confirming again issues nothing new.
    const again = await engine.confirm(booking.uuid, { contact: {} });
    expect([qrOf(again.voucher), ...again.unitItems.map((item) => qrOf(item.ticket))]).toEqual(codes);
    expect(await ticketsOfBooking(database.db, booking.id)).toHaveLength(4);
  });

  test("codes are 160 random bits: thousands never collide", () => {
    const codes = new Set(Array.from({ length: 5000 }, () => newTicketCode()));
    expect(codes.size).toBe(5000);
  });

  test("a scanned code is read as typed: case, spaces and dashes do not matter", async () => {
    const booking = await confirmedBooking(1);
    const code = qrOf(booking.voucher)!;
    const typed = `${code.slice(0, 8)}-${code.slice(8, 16)} ${code.slice(16)}`.toLowerCase();
    expect(normalizeTicketCode(typed)).toBe(code);
    expect(await findTicketByCode(database.db, typed)).toMatchObject({ code, kind: "VOUCHER", booking: { uuid: booking.uuid, pax: 1, contactName: "Noura Al-Saud" }, unitItem: null });
    expect(await findTicketByCode(database.db, "NOPE")).toBeNull();
  });
});

describe("redeeming", () => {
  test("50 concurrent redemptions of one ticket: exactly one wins", async () => {
    const booking = await confirmedBooking(2);
    const code = qrOf(booking.unitItems[0]!.ticket)!;
    const at = new Date("2030-01-12T08:00:00Z");
    const results = await Promise.all(Array.from({ length: 50 }, () => redeemTicket(database.db, code, at)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual(Array(49).fill("ALREADY_REDEEMED"));
    const [ticket] = await database.db.select().from(schema.tickets).where(eq(schema.tickets.code, code));
    expect(ticket!.utcRedeemedAt).toEqual(at);
  });

  test("50 concurrent scans of a voucher and its unit tickets: each ticket admits once, the booking ends REDEEMED", async () => {
    const booking = await confirmedBooking(3);
    const codes = [qrOf(booking.voucher)!, ...booking.unitItems.map((item) => qrOf(item.ticket)!)];
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => redeemTicket(database.db, codes[index % codes.length]!, new Date("2030-01-12T08:00:00Z"))));
    // The first scan of the voucher (or the last unit ticket) uses everything up: at most one per code, at least one in all.
    const wins = results.filter((result) => result.ok).map((result) => (result.ok ? result.ticket.code : ""));
    expect(new Set(wins).size).toBe(wins.length);
    expect(wins.length).toBeGreaterThanOrEqual(1);
    const after = (await engine.getBooking(booking.uuid))!;
    expect(after.status).toBe("REDEEMED");
    expect(after.utcRedeemedAt).not.toBeNull();
    expect(after.voucher!.utcRedeemedAt).not.toBeNull();
    expect(after.unitItems.every((item) => item.status === "REDEEMED" && item.ticket!.utcRedeemedAt !== null)).toBe(true);
  });

  test("the voucher admits the whole booking; a unit ticket after it is already used", async () => {
    const booking = await confirmedBooking(2);
    const at = new Date("2030-01-12T08:00:00Z");
    const voucher = await redeemTicket(database.db, qrOf(booking.voucher)!, at);
    expect(voucher).toMatchObject({ ok: true, ticket: { kind: "VOUCHER", utcRedeemedAt: at, booking: { status: "REDEEMED" } } });
    expect(await redeemTicket(database.db, qrOf(booking.unitItems[1]!.ticket)!, at)).toMatchObject({ ok: false, reason: "ALREADY_REDEEMED" });
  });

  test("unit tickets one by one: the booking is REDEEMED with the last one, and its voucher with it", async () => {
    const booking = await confirmedBooking(2);
    const first = await redeemTicket(database.db, qrOf(booking.unitItems[0]!.ticket)!, new Date("2030-01-12T08:00:00Z"));
    expect(first).toMatchObject({ ok: true, ticket: { kind: "UNIT", booking: { status: "CONFIRMED" } } });
    const partly = (await engine.getBooking(booking.uuid))!;
    expect(partly).toMatchObject({ status: "CONFIRMED", utcRedeemedAt: null, cancellable: false });
    expect(partly.unitItems.map((item) => item.status)).toEqual(["REDEEMED", "CONFIRMED"]);
    await redeemTicket(database.db, qrOf(booking.unitItems[1]!.ticket)!, new Date("2030-01-12T08:05:00Z"));
    const whole = (await engine.getBooking(booking.uuid))!;
    expect(whole).toMatchObject({ status: "REDEEMED", utcRedeemedAt: "2030-01-12T08:05:00Z", cancellable: false });
    expect(await redeemTicket(database.db, qrOf(booking.voucher)!, new Date())).toMatchObject({ ok: false, reason: "ALREADY_REDEEMED" });
  });

  test("refusals: an unknown code, a cancelled booking, a test booking", async () => {
    expect(await redeemTicket(database.db, newTicketCode(), new Date())).toEqual({ ok: false, reason: "NOT_FOUND", ticket: null });
    const cancelled = await confirmedBooking(1);
    await engine.cancel(cancelled.uuid, { reason: "Changed plans" });
    expect(await redeemTicket(database.db, qrOf(cancelled.voucher)!, new Date())).toMatchObject({ ok: false, reason: "NOT_CONFIRMED" });
    const test = await confirmedBooking(1, true);
    expect(test.testMode).toBe(true);
    expect(await redeemTicket(database.db, qrOf(test.voucher)!, new Date())).toMatchObject({ ok: false, reason: "TEST_BOOKING" });
  });

  test("a used booking (even partly) cannot be cancelled or moved", async () => {
    const booking = await confirmedBooking(2);
    await redeemTicket(database.db, qrOf(booking.unitItems[0]!.ticket)!, new Date());
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error as BookingError).code);
    expect(await refusal(engine.cancel(booking.uuid, {}))).toBe("BOOKING_REDEEMED");
    expect(await refusal(engine.rebook(booking.uuid, { unitItems: adults(product.adult, 1) }))).toBe("BOOKING_REDEEMED");
    expect((await engine.getBooking(booking.uuid))!.status).toBe("CONFIRMED");
  });
});
