/**
 * Contract tests of /octo/v1 through the Remix route module (app/routes/octo.ts) with real Requests,
 * on a seeded test database and the real embedded engine. Every response body is parsed with the
 * zod schemas of @octocloud/types. The clock is pinned to the test seed's "today" (2030-01-07) + 1.
 *
 * Seeded products used (the seed is deterministic, see app/db/testing.server.ts TEST_SEED):
 * - prd-000020: START_TIME, UNIT pricing in BHD (3 decimals), one ADULT unit, a pickup point, slots 06/08/10/14:00 (Asia/Bahrain)
 * - prd-000005: OPENING_HOURS 10:00–20:00 (Europe/Madrid), instant confirmation
 * - prd-000006: OPENING_HOURS with a 24-hour cutoff (Asia/Dubai): today is past its cutoff
 * - prd-000001: START_TIME, BOOKING pricing; its 2030-01-30 18:00 slot is sold out in the seed
 */
import { utcIso } from "#app/booking/time";
import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zCapability,
  zErrorBadRequest,
  zErrorForbidden,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnauthorized,
  zErrorUnprocessableEntity,
  zProduct,
  zSupplier,
} from "@octocloud/types";
import { eq } from "drizzle-orm";
import { systemClock } from "#app/lib/clock";
import * as schema from "#app/db/schema";
import type { TestDatabase } from "#app/db/testing.server";
import { action, loader } from "#app/routes/octo";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { createApiKey } from "./auth.server";

const NOW = new Date("2030-01-08T06:00:00Z");
const ALL = "octo/content, octo/pricing, octo/pickups";

const START_TIME = { productId: "prd-000020", optionId: "prd-000020-o1", adult: "prd-000020-o1-adult", slot: "2030-01-10T10:00:00+03:00" };
const OPENING_HOURS = { productId: "prd-000005", optionId: "prd-000005-o1", day: "2030-01-10T00:00:00+01:00" };
const PAST_CUTOFF = { productId: "prd-000006", optionId: "prd-000006-o1", day: "2030-01-08T00:00:00+04:00" };
const SOLD_OUT = { productId: "prd-000001", optionId: "prd-000001-o1", slot: "2030-01-30T18:00:00+08:00" };

let ctx: TestContext;
let database: TestDatabase;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  // Only Date is faked: timers, sockets and the database run for real.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  // The engine reads the (faked) Date, so tests can move time with vi.setSystemTime.
  ctx = await createTestContext({ clock: systemClock });
  database = ctx.database;
  keyA = (await createApiKey(database.db, "Reseller A")).key;
  keyB = (await createApiKey(database.db, "Reseller B")).key;
});

afterAll(async () => {
  await ctx?.stop();
  vi.useRealTimers();
});

beforeEach(() => vi.setSystemTime(NOW));

interface CallOptions {
  body?: unknown;
  rawBody?: string;
  key?: string | null;
  capabilities?: string;
  language?: string;
}

/** One request through the route module, as Remix would make it. */
async function octo(method: string, path: string, options: CallOptions = {}): Promise<{ status: number; headers: Headers; body: unknown }> {
  const headers = new Headers({ "Content-Type": "application/json" });
  const key = options.key === undefined ? keyA : options.key;
  if (key) headers.set("Authorization", `Bearer ${key}`);
  headers.set("Octo-Capabilities", options.capabilities ?? ALL);
  if (options.language) headers.set("Accept-Language", options.language);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const request = new Request(`http://localhost/octo/v1${path}`, { method, headers, body });
  const args = { request, params: { "*": path.slice(1) }, context: ctx };
  const response = method === "GET" ? await loader(args) : await action(args);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const Booking = zBooking.passthrough();

const reserveBody = (overrides: Record<string, unknown> = {}) => ({
  uuid: crypto.randomUUID(),
  productId: START_TIME.productId,
  optionId: START_TIME.optionId,
  availabilityId: START_TIME.slot,
  expirationMinutes: 15,
  unitItems: [{ unitId: START_TIME.adult }, { unitId: START_TIME.adult }],
  ...overrides,
});

async function expectError(call: Promise<{ status: number; body: unknown }>, code: string, schemaOf: { parse(input: unknown): unknown }, status = 400) {
  const { status: actual, body } = await call;
  expect(actual).toBe(status);
  const parsed = schemaOf.parse(body) as { error: string } & Record<string, unknown>;
  expect(parsed.error).toBe(code);
  return parsed;
}

describe("discovery", () => {
  test("GET /capabilities lists content, pricing, pickups and questions", async () => {
    const { status, body, headers } = await octo("GET", "/capabilities");
    expect(status).toBe(200);
    const capabilities = zCapability.array().parse(body);
    expect(capabilities.map((capability) => capability.id)).toEqual(["octo/content", "octo/pricing", "octo/pickups", "octo/questions"]);
    expect(headers.get("Octo-Capabilities")).toBe("octo/content, octo/pricing, octo/pickups");
  });

  test("GET /supplier, and the Octo-Capabilities echo keeps only what we implement", async () => {
    const { status, body, headers } = await octo("GET", "/supplier", { capabilities: "octo/content, octo/offers", language: "ru" });
    expect(status).toBe(200);
    const supplier = zSupplier.parse(body);
    expect(supplier.endpoint).toMatch(/\/octo\/v1$/);
    expect(supplier.shortDescription).toMatch(/Туры/);
    expect(headers.get("Octo-Capabilities")).toBe("octo/content");
    expect(headers.get("Content-Language")).toBe("ru");
  });

  test("GET /products returns every bookable product, each valid", async () => {
    const { status, body } = await octo("GET", "/products");
    expect(status).toBe(200);
    const products = zProduct.array().parse(body);
    expect(products.length).toBeGreaterThan(2500);
    expect(new Set(products.map((product) => product.availabilityType))).toEqual(new Set(["START_TIME", "OPENING_HOURS"]));
  });

  test.each([
    ["en", "en-GB,en;q=0.9"],
    ["ru", "ru-RU"],
    ["zh", "zh-CN,zh;q=0.9,en;q=0.5"],
    ["ar", "ar-SA;q=0.9, fr;q=0.8"],
  ])("GET /products/{id} in %s (octo/content): Content-Language and Available-Languages", async (locale, acceptLanguage) => {
    const { status, body, headers } = await octo("GET", `/products/${START_TIME.productId}`, { language: acceptLanguage });
    expect(status).toBe(200);
    const product = zProduct.passthrough().parse(body);
    expect(product.locale).toBe(locale);
    expect(headers.get("Content-Language")).toBe(locale);
    expect(headers.get("Available-Languages")).toBe("en, ru, zh, ar");
    const [stored] = await database.db.select({ title: schema.products.title }).from(schema.products).where(eq(schema.products.id, START_TIME.productId));
    expect(product.title).toBe(stored!.title[locale as "en"]);
  });

  test("octo/pricing: integer minor units with the currency's precision, per UNIT or per BOOKING", async () => {
    const unitPriced = zProduct.parse((await octo("GET", `/products/${START_TIME.productId}`)).body);
    expect(unitPriced.pricingPer).toBe("UNIT");
    expect(unitPriced.defaultCurrency).toBe("BHD");
    const adult = unitPriced.options[0]!.units.find((unit) => unit.type === "ADULT")!;
    expect(adult.id).toBe(START_TIME.adult);
    expect(adult.pricingFrom?.[0]).toMatchObject({ currency: "BHD", currencyPrecision: 3, retail: 155000 });
    const bookingPriced = zProduct.parse((await octo("GET", `/products/${SOLD_OUT.productId}`)).body);
    expect(bookingPriced.pricingPer).toBe("BOOKING");
    expect(bookingPriced.options[0]!.pricingFrom?.[0]?.retail).toBe(175000);
  });

  test("octo/pickups: the option lists the product's pickup points", async () => {
    const { body } = await octo("GET", `/products/${START_TIME.productId}`);
    zProduct.parse(body);
    // zod strips what the core schema does not know, so read the capability's fields from the raw body.
    const option = (body as { options: unknown[] }).options[0] as unknown as { pickupAvailable: boolean; pickupRequired: boolean; pickupPoints: Array<{ id: string }> };
    expect(option.pickupAvailable).toBe(true);
    expect(option.pickupRequired).toBe(false);
    expect(option.pickupPoints.map((point) => point.id)).toEqual(["prd-000020-pp1"]);
  });

  test("without capabilities: the core shape only (no content, prices or pickups)", async () => {
    const { body, headers } = await octo("GET", `/products/${START_TIME.productId}`, { capabilities: "" });
    zProduct.parse(body);
    const product = body as Record<string, unknown>;
    expect(product.title).toBeUndefined();
    expect(product.pricingPer).toBeUndefined();
    expect((product.options as Array<Record<string, unknown>>)[0]!.pickupPoints).toBeUndefined();
    expect(headers.get("Octo-Capabilities")).toBe("");
    expect(headers.get("Content-Language")).toBeNull();
  });

  test("an OPENING_HOURS option has no start times of its own (00:00)", async () => {
    const product = zProduct.parse((await octo("GET", `/products/${OPENING_HOURS.productId}`)).body);
    expect(product.availabilityType).toBe("OPENING_HOURS");
    expect(product.options[0]!.availabilityLocalStartTimes).toEqual(["00:00"]);
  });
});

describe("availability", () => {
  test("calendar then slots of a START_TIME product, priced in the asked currency", async () => {
    const calendar = await octo("POST", "/availability/calendar", {
      body: { productId: START_TIME.productId, optionId: START_TIME.optionId, localDateStart: "2030-01-09", localDateEnd: "2030-01-15" },
    });
    expect(calendar.status).toBe(200);
    const days = zAvailabilityCalendar.array().parse(calendar.body);
    expect(days.map((day) => day.localDate)).toEqual(["2030-01-09", "2030-01-10", "2030-01-11", "2030-01-12", "2030-01-13", "2030-01-14", "2030-01-15"]);
    expect(days[0]!.unitPricingFrom?.[0]?.currency).toBe("BHD");

    const slots = await octo("POST", "/availability", {
      body: { productId: START_TIME.productId, optionId: START_TIME.optionId, localDateStart: "2030-01-10", localDateEnd: "2030-01-10", units: [{ id: START_TIME.adult, quantity: 2 }], currency: "SAR" },
    });
    expect(slots.status).toBe(200);
    const availabilities = zAvailability.passthrough().array().parse(slots.body);
    expect(availabilities.map((slot) => slot.id)).toEqual(["2030-01-10T06:00:00+03:00", "2030-01-10T08:00:00+03:00", START_TIME.slot, "2030-01-10T14:00:00+03:00"]);
    const slot = availabilities.find((candidate) => candidate.id === START_TIME.slot)!;
    expect(slot).toMatchObject({ allDay: false, available: true, status: "AVAILABLE" });
    expect(slot.pricing).toMatchObject({ currency: "SAR", currencyPrecision: 2 });
    expect(Number.isInteger(slot.pricing!.retail)).toBe(true);
    // octo/pickups: each pickup point with its local pickup time on that date.
    expect((slot as unknown as { pickupPoints: Array<{ localDateTime: string | null }> }).pickupPoints[0]!.localDateTime).toMatch(/^2030-01-10T\d{2}:\d{2}:00\+03:00$/);
  });

  test("OPENING_HOURS: one all-day availability per date, with its opening hours", async () => {
    const { status, body } = await octo("POST", "/availability", { body: { productId: OPENING_HOURS.productId, optionId: OPENING_HOURS.optionId, localDate: "2030-01-10" } });
    expect(status).toBe(200);
    const [day] = zAvailability.array().parse(body);
    expect(day).toMatchObject({ id: OPENING_HOURS.day, allDay: true, openingHours: [{ from: "10:00", to: "20:00" }] });
  });

  test("a sold-out slot says so", async () => {
    const { body } = await octo("POST", "/availability", { body: { productId: SOLD_OUT.productId, optionId: SOLD_OUT.optionId, availabilityIds: [SOLD_OUT.slot] } });
    const [slot] = zAvailability.array().parse(body);
    expect(slot).toMatchObject({ id: SOLD_OUT.slot, status: "SOLD_OUT", available: false, vacancies: 0 });
  });

  test("without octo/pricing, no prices", async () => {
    const { body } = await octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, localDate: "2030-01-10" }, capabilities: "" });
    const [slot] = zAvailability.array().parse(body);
    expect(slot!.unitPricing).toBeUndefined();
    expect(slot!.pricing).toBeUndefined();
  });
});

describe("booking flow", () => {
  test("reserve → extend → update → confirm → get → list → cancel, with OCTO's statuses and timestamps", async () => {
    const before = zAvailability.array().parse((await octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, availabilityIds: [START_TIME.slot] } })).body)[0]!;
    const body = reserveBody({ resellerReference: "A-1001", pickupRequested: true, pickupPointId: "prd-000020-pp1", pickupHotel: "Gulf Hotel" });

    const reserved = await octo("POST", "/bookings", { body });
    expect(reserved.status).toBe(200);
    const hold = Booking.parse(reserved.body);
    expect(hold).toMatchObject({ uuid: body.uuid, status: "ON_HOLD", utcConfirmedAt: null, resellerReference: "A-1001", availabilityId: START_TIME.slot, cancellation: null });
    expect(hold.utcExpiresAt).toBe(utcIso(new Date(NOW.getTime() + 15 * 60_000)));
    expect(hold.unitItems).toHaveLength(2);
    expect(hold.unitItems.every((item) => item.status === "ON_HOLD")).toBe(true);
    expect(hold.pricing).toMatchObject({ currency: "BHD", currencyPrecision: 3, retail: 2 * 155000 });
    expect(hold.unitItems[0]!.pricing?.retail).toBe(155000);
    expect(hold).toMatchObject({ pickupRequested: true, pickupPointId: "prd-000020-pp1", pickupHotel: "Gulf Hotel" });
    const after = zAvailability.array().parse((await octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, availabilityIds: [START_TIME.slot] } })).body)[0]!;
    expect(after.vacancies).toBe(before.vacancies! - 2);

    // The same uuid again is the same booking, holding the seats once.
    const replay = Booking.parse((await octo("POST", "/bookings", { body })).body);
    expect(replay.id).toBe(hold.id);

    vi.setSystemTime(new Date(NOW.getTime() + 5 * 60_000));
    const extended = Booking.parse((await octo("POST", `/bookings/${body.uuid}/extend`, { body: { expirationMinutes: 60 } })).body);
    expect(extended.utcExpiresAt).toBe(utcIso(new Date(NOW.getTime() + 65 * 60_000)));
    expect(extended.status).toBe("ON_HOLD");

    const updated = await octo("PATCH", `/bookings/${body.uuid}`, { body: { resellerReference: "A-1001-B", notes: "Window seat", contact: { fullName: "Layla Haddad" }, pickupHotelRoom: "214" } });
    expect(updated.status).toBe(200);
    expect(Booking.parse(updated.body)).toMatchObject({ resellerReference: "A-1001-B", notes: "Window seat", contact: { fullName: "Layla Haddad" }, pickupHotelRoom: "214", status: "ON_HOLD" });

    vi.setSystemTime(new Date(NOW.getTime() + 10 * 60_000));
    const confirmed = Booking.parse(
      (
        await octo("POST", `/bookings/${body.uuid}/confirm`, {
          body: { contact: { fullName: "Layla Haddad", emailAddress: "layla@example.com" }, unitItems: hold.unitItems.map((item) => ({ uuid: item.uuid, unitId: item.unitId, contact: { fullName: "Traveller" } })) },
        })
      ).body,
    );
    expect(confirmed).toMatchObject({ status: "CONFIRMED", utcExpiresAt: null, utcConfirmedAt: utcIso(new Date(NOW.getTime() + 10 * 60_000)), cancellable: true });
    expect(confirmed.contact.emailAddress).toBe("layla@example.com");
    expect(confirmed.unitItems.every((item) => item.status === "CONFIRMED" && item.contact.fullName === "Traveller")).toBe(true);
    // Confirming twice is harmless.
    expect(Booking.parse((await octo("POST", `/bookings/${body.uuid}/confirm`, { body: { contact: {} } })).body).status).toBe("CONFIRMED");

    const fetched = Booking.parse((await octo("GET", `/bookings/${body.uuid}`)).body);
    expect(fetched).toMatchObject({ id: hold.id, status: "CONFIRMED", resellerReference: "A-1001-B", pickupPoint: { id: "prd-000020-pp1" } });

    const byReseller = Booking.array().parse((await octo("GET", "/bookings?resellerReference=A-1001-B")).body);
    expect(byReseller.map((booking) => booking.uuid)).toEqual([body.uuid]);
    const bySupplier = Booking.array().parse((await octo("GET", `/bookings?supplierReference=${encodeURIComponent(hold.supplierReference!)}`)).body);
    expect(bySupplier.map((booking) => booking.uuid)).toEqual([body.uuid]);

    const cancelled = Booking.parse((await octo("POST", `/bookings/${body.uuid}/cancel`, { body: { reason: "Plans changed" } })).body);
    expect(cancelled).toMatchObject({ status: "CANCELLED", cancellable: false, cancellation: { reason: "Plans changed", utcCancelledAt: utcIso(new Date(NOW.getTime() + 10 * 60_000)) } });
    expect(["FULL", "PARTIAL", "NONE"]).toContain(cancelled.cancellation!.refund);
    const restored = zAvailability.array().parse((await octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, availabilityIds: [START_TIME.slot] } })).body)[0]!;
    expect(restored.vacancies).toBe(before.vacancies);
  });

  test("an OPENING_HOURS day ticket: reserve and confirm", async () => {
    const product = zProduct.parse((await octo("GET", `/products/${OPENING_HOURS.productId}`)).body);
    const unitId = product.options[0]!.units[0]!.id;
    const body = { uuid: crypto.randomUUID(), productId: OPENING_HOURS.productId, optionId: OPENING_HOURS.optionId, availabilityId: OPENING_HOURS.day, unitItems: [{ unitId }] };
    const hold = Booking.parse((await octo("POST", "/bookings", { body })).body);
    expect(hold.availability).toMatchObject({ allDay: true, id: OPENING_HOURS.day });
    const confirmed = Booking.parse((await octo("POST", `/bookings/${body.uuid}/confirm`, { body: { contact: { fullName: "Day Visitor" } } })).body);
    expect(confirmed.status).toBe("CONFIRMED");
  });

  test("a hold past its expiry cannot be confirmed and reads EXPIRED", async () => {
    const body = reserveBody({ expirationMinutes: 5 });
    Booking.parse((await octo("POST", "/bookings", { body })).body);
    vi.setSystemTime(new Date(NOW.getTime() + 6 * 60_000));
    const refused = await expectError(octo("POST", `/bookings/${body.uuid}/confirm`, { body: { contact: {} } }), "UNPROCESSABLE_ENTITY", zErrorUnprocessableEntity.passthrough());
    expect(refused.reason).toBe("BOOKING_EXPIRED");
    const expired = Booking.parse((await octo("GET", `/bookings/${body.uuid}`)).body);
    expect(expired).toMatchObject({ status: "EXPIRED", utcExpiresAt: null, utcConfirmedAt: null });
    await expectError(octo("POST", `/bookings/${body.uuid}/extend`, { body: { expirationMinutes: 10 } }), "UNPROCESSABLE_ENTITY", zErrorUnprocessableEntity);
  });

});

describe("invalid input (400 in OCTO's error shape, naming the wrong id)", () => {
  test("bad product", async () => {
    const error = await expectError(octo("POST", "/bookings", { body: reserveBody({ productId: "prd-nope" }) }), "INVALID_PRODUCT_ID", zErrorInvalidProductId);
    expect(error.productId).toBe("prd-nope");
    expect((await expectError(octo("GET", "/products/prd-nope"), "INVALID_PRODUCT_ID", zErrorInvalidProductId)).productId).toBe("prd-nope");
    expect((await expectError(octo("POST", "/availability", { body: { productId: "prd-nope", optionId: "x", localDate: "2030-01-10" } }), "INVALID_PRODUCT_ID", zErrorInvalidProductId)).productId).toBe("prd-nope");
  });

  test("missing product id", async () => {
    const { productId: _omitted, ...body } = reserveBody();
    await expectError(octo("POST", "/bookings", { body }), "INVALID_PRODUCT_ID", zErrorInvalidProductId);
  });

  test("bad option", async () => {
    const error = await expectError(octo("POST", "/bookings", { body: reserveBody({ optionId: "prd-000020-o9" }) }), "INVALID_OPTION_ID", zErrorInvalidOptionId);
    expect(error.optionId).toBe("prd-000020-o9");
    await expectError(octo("POST", "/availability/calendar", { body: { productId: START_TIME.productId, optionId: "prd-000020-o9" } }), "INVALID_OPTION_ID", zErrorInvalidOptionId);
  });

  test("bad unit", async () => {
    const error = await expectError(octo("POST", "/bookings", { body: reserveBody({ unitItems: [{ unitId: "prd-000020-o1-dragon" }] }) }), "INVALID_UNIT_ID", zErrorInvalidUnitId);
    expect(error.unitId).toBe("prd-000020-o1-dragon");
    await expectError(octo("POST", "/bookings", { body: reserveBody({ unitItems: [{}] }) }), "INVALID_UNIT_ID", zErrorInvalidUnitId);
  });

  test("bad availability id (malformed, not a slot of this option, missing)", async () => {
    const malformed = await expectError(octo("POST", "/bookings", { body: reserveBody({ availabilityId: "tomorrow" }) }), "INVALID_AVAILABILITY_ID", zErrorInvalidAvailabilityId);
    expect(malformed.availabilityId).toBe("tomorrow");
    const noSlot = await expectError(octo("POST", "/bookings", { body: reserveBody({ availabilityId: "2030-01-10T11:00:00+03:00" }) }), "INVALID_AVAILABILITY_ID", zErrorInvalidAvailabilityId);
    expect(noSlot.availabilityId).toBe("2030-01-10T11:00:00+03:00");
    await expectError(octo("POST", "/bookings", { body: reserveBody({ availabilityId: undefined }) }), "INVALID_AVAILABILITY_ID", zErrorInvalidAvailabilityId);
    await expectError(octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, availabilityIds: ["nope"] } }), "INVALID_AVAILABILITY_ID", zErrorInvalidAvailabilityId);
  });

  test("bad booking uuid", async () => {
    const unknown = crypto.randomUUID();
    expect((await expectError(octo("GET", `/bookings/${unknown}`), "INVALID_BOOKING_UUID", zErrorInvalidBookingUuid)).uuid).toBe(unknown);
    await expectError(octo("GET", "/bookings/not-a-uuid"), "INVALID_BOOKING_UUID", zErrorInvalidBookingUuid);
    for (const step of ["confirm", "extend", "cancel"]) {
      await expectError(octo("POST", `/bookings/${unknown}/${step}`, { body: { contact: {} } }), "INVALID_BOOKING_UUID", zErrorInvalidBookingUuid);
    }
    await expectError(octo("PATCH", `/bookings/${unknown}`, { body: { notes: "x" } }), "INVALID_BOOKING_UUID", zErrorInvalidBookingUuid);
    // A reservation uuid must be a UUID.
    await expectError(octo("POST", "/bookings", { body: reserveBody({ uuid: "order-17" }) }), "BAD_REQUEST", zErrorBadRequest);
  });

  test("sold out", async () => {
    const product = zProduct.parse((await octo("GET", `/products/${SOLD_OUT.productId}`)).body);
    const unitId = product.options[0]!.units[0]!.id;
    const error = await expectError(
      octo("POST", "/bookings", { body: { uuid: crypto.randomUUID(), productId: SOLD_OUT.productId, optionId: SOLD_OUT.optionId, availabilityId: SOLD_OUT.slot, unitItems: [{ unitId }] } }),
      "UNPROCESSABLE_ENTITY",
      zErrorUnprocessableEntity.passthrough(),
    );
    expect(error).toMatchObject({ reason: "NOT_ENOUGH_VACANCIES", availabilityId: SOLD_OUT.slot });
  });

  test("past the cutoff", async () => {
    const [day] = zAvailability.array().parse((await octo("POST", "/availability", { body: { productId: PAST_CUTOFF.productId, optionId: PAST_CUTOFF.optionId, localDate: "2030-01-08" } })).body);
    expect(day).toMatchObject({ id: PAST_CUTOFF.day, status: "CLOSED", available: false });
    const product = zProduct.parse((await octo("GET", `/products/${PAST_CUTOFF.productId}`)).body);
    const unitId = product.options[0]!.units[0]!.id;
    const error = await expectError(
      octo("POST", "/bookings", { body: { productId: PAST_CUTOFF.productId, optionId: PAST_CUTOFF.optionId, availabilityId: PAST_CUTOFF.day, unitItems: [{ unitId }] } }),
      "UNPROCESSABLE_ENTITY",
      zErrorUnprocessableEntity.passthrough(),
    );
    expect(error.reason).toBe("AVAILABILITY_CLOSED");
  });

  test("empty or missing unitItems: 400 UNPROCESSABLE_ENTITY (well-formed, but nothing to book)", async () => {
    await expectError(octo("POST", "/bookings", { body: reserveBody({ unitItems: [] }) }), "UNPROCESSABLE_ENTITY", zErrorUnprocessableEntity);
    await expectError(octo("POST", "/bookings", { body: reserveBody({ unitItems: undefined }) }), "UNPROCESSABLE_ENTITY", zErrorUnprocessableEntity);
  });

  test("malformed bodies, dates, quantities and methods", async () => {
    await expectError(octo("POST", "/bookings", { rawBody: "{not json" }), "BAD_REQUEST", zErrorBadRequest);
    await expectError(octo("POST", "/bookings", { body: reserveBody({ expirationMinutes: 0 }) }), "BAD_REQUEST", zErrorBadRequest);
    await expectError(octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, localDateStart: "10/01/2030", localDateEnd: "2030-01-11" } }), "BAD_REQUEST", zErrorBadRequest);
    await expectError(octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId } }), "BAD_REQUEST", zErrorBadRequest);
    await expectError(octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, localDate: "2026-02-30" } }), "BAD_REQUEST", zErrorBadRequest);
    await expectError(octo("POST", "/availability/calendar", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, localDateStart: "2026-02-30", localDateEnd: "2026-03-02" } }), "BAD_REQUEST", zErrorBadRequest);
    await expectError(octo("POST", "/availability", { body: { productId: START_TIME.productId, optionId: START_TIME.optionId, localDate: "2030-01-10", currency: "XXX" } }), "BAD_REQUEST", zErrorBadRequest);
    await expectError(octo("GET", "/bookings"), "BAD_REQUEST", zErrorBadRequest);
    const body = reserveBody();
    await octo("POST", "/bookings", { body });
    await expectError(octo("POST", `/bookings/${body.uuid}/confirm`, { body: {} }), "BAD_REQUEST", zErrorBadRequest);
    await expectError(octo("POST", "/bookings", { body: reserveBody({ pickupRequested: true, pickupPointId: "elsewhere" }) }), "BAD_REQUEST", zErrorBadRequest);
    expect((await octo("DELETE", `/bookings/${body.uuid}`)).status).toBe(405);
    expect((await octo("GET", "/nowhere")).status).toBe(404);
  });
});

describe("API keys", () => {
  test("no key: 401 UNAUTHORIZED", async () => {
    await expectError(octo("GET", "/products", { key: null }), "UNAUTHORIZED", zErrorUnauthorized, 401);
  });

  test("unknown or revoked key: 403 FORBIDDEN", async () => {
    await expectError(octo("GET", "/supplier", { key: "rihla_octo_guessed" }), "FORBIDDEN", zErrorForbidden, 403);
    const revoked = await createApiKey(database.db, "Reseller C");
    expect((await octo("GET", "/supplier", { key: revoked.key })).status).toBe(200);
    await database.db.update(schema.apiKeys).set({ revokedAt: new Date() }).where(eq(schema.apiKeys.id, revoked.keyId));
    await expectError(octo("GET", "/supplier", { key: revoked.key }), "FORBIDDEN", zErrorForbidden, 403);
  });

  test("keys are stored as sha256, never in clear", async () => {
    const rows = await database.db.select().from(schema.apiKeys);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.keyHash) && row.keyHash !== keyA)).toBe(true);
  });

  test("each reseller sees only its own bookings", async () => {
    const body = reserveBody({ resellerReference: "SHARED-REF" });
    expect((await octo("POST", "/bookings", { body, key: keyA })).status).toBe(200);
    await expectError(octo("GET", `/bookings/${body.uuid}`, { key: keyB }), "INVALID_BOOKING_UUID", zErrorInvalidBookingUuid);
    await expectError(octo("POST", `/bookings/${body.uuid}/cancel`, { body: {}, key: keyB }), "INVALID_BOOKING_UUID", zErrorInvalidBookingUuid);
    expect(Booking.array().parse((await octo("GET", "/bookings?resellerReference=SHARED-REF", { key: keyB })).body)).toEqual([]);
    // Reusing A's uuid does not hand B A's booking.
    await expectError(octo("POST", "/bookings", { body, key: keyB }), "UNPROCESSABLE_ENTITY", zErrorUnprocessableEntity);
    expect(Booking.array().parse((await octo("GET", "/bookings?resellerReference=SHARED-REF", { key: keyA })).body)).toHaveLength(1);
  });
});
