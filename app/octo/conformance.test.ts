/**
 * OCTO conformance beyond the core flow (supplier.test.ts): tickets and vouchers with their QR codes
 * and signed PDF links, confirm with unitItems, rebooking (PATCH), the cancellation cutoff, every
 * validation case, /supplier from the request's origin, and reseller keys (revocation, expiry, rate
 * limit, test keys, usage). Through the Remix route modules with real Requests on a seeded database.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { zBooking, zErrorBadRequest, zErrorInvalidBookingUuid, zErrorInvalidUnitId, zErrorUnprocessableEntity, zProduct, zSupplier } from "@octocloud/types";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { systemClock } from "#app/lib/clock";
import { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { setFreeCancellationHours } from "#app/booking/test-picks.server";
import { redeemTicket } from "#app/booking/tickets.server";
import * as schema from "#app/db/schema";
import { action, loader } from "#app/routes/octo";
import { loader as ticketPdf } from "#app/routes/ticket-pdf";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { createApiKey, listApiKeys, revokeApiKey } from "./auth.server";

const NOW = new Date("2030-01-08T06:00:00Z");
const PRODUCT = { productId: "prd-000020", optionId: "prd-000020-o1", adult: "prd-000020-o1-adult" };
const slot = (date: string, time = "10:00") => `${date}T${time}:00+03:00`;
const OTHER = { productId: "prd-000005", optionId: "prd-000005-o1", day: "2030-01-10T00:00:00+01:00" };

let ctx: TestContext;
let key: string;
let keyId: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  ctx = await createTestContext({ clock: systemClock });
  // Free cancellation until 24 hours before the start: the OCTO cutoff of prd-000020 in these tests.
  await setFreeCancellationHours(ctx.db, PRODUCT.productId, 24);
  (ctx.bookingApi as EmbeddedBookingEngine).clearCache();
  ({ key, keyId } = await createApiKey(ctx.db, "Conformance"));
});

afterAll(async () => {
  await ctx?.stop();
  vi.useRealTimers();
});

beforeEach(() => vi.setSystemTime(NOW));

async function octo(method: string, pathname: string, options: { body?: unknown; key?: string; origin?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/json", Authorization: `Bearer ${options.key ?? key}`, "Octo-Capabilities": "octo/pricing" });
  const request = new Request(`${options.origin ?? "http://localhost"}/octo/v1${pathname}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const args = { request, params: { "*": pathname.slice(1) }, context: ctx };
  const response = method === "GET" ? await loader(args) : await action(args);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

const Booking = zBooking.passthrough();
type BookingBody = ReturnType<typeof Booking.parse>;

async function reserve(overrides: Record<string, unknown> = {}, options: { key?: string } = {}): Promise<BookingBody> {
  const body = { uuid: randomUUID(), ...PRODUCT, adult: undefined, availabilityId: slot("2030-01-12"), unitItems: [{ unitId: PRODUCT.adult }, { unitId: PRODUCT.adult }], ...overrides };
  const response = await octo("POST", "/bookings", { body, ...options });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return Booking.parse(response.body);
}

async function confirm(uuid: string, body: Record<string, unknown> = {}): Promise<BookingBody> {
  const response = await octo("POST", `/bookings/${uuid}/confirm`, { body: { contact: { fullName: "Huda Karim" }, ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return Booking.parse(response.body);
}

async function refused(call: Promise<{ status: number; body: unknown }>, error: string, schemaOf: { parse(input: unknown): unknown } = zErrorUnprocessableEntity.passthrough()) {
  const { status, body } = await call;
  expect(status, JSON.stringify(body)).toBe(400);
  const parsed = schemaOf.parse(body) as { error: string; errorMessage: string } & Record<string, unknown>;
  expect(parsed.error).toBe(error);
  expect(parsed.errorMessage.length).toBeGreaterThan(5);
  return parsed;
}

const option = (ticket: BookingBody["voucher"], format: string) => ticket?.deliveryOptions.find((candidate) => candidate.deliveryFormat === format)?.deliveryValue;

async function qrOf(pdf: Uint8Array): Promise<string | null> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "octo-ticket-")), "ticket.pdf");
  await writeFile(file, pdf);
  execFileSync("pdftoppm", ["-r", "110", "-png", "-singlefile", file, file]);
  const png = PNG.sync.read(await readFile(`${file}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

async function getPdf(url: string) {
  const parsed = new URL(url);
  const request = new Request(url);
  return ticketPdf({ request, params: { file: decodeURIComponent(parsed.pathname.split("/").pop()!) }, context: ctx });
}

describe("discovery", () => {
  test("products deliver vouchers and tickets as QR codes and PDFs", async () => {
    const product = zProduct.parse((await octo("GET", `/products/${PRODUCT.productId}`)).body);
    expect(product.deliveryFormats).toEqual(["QRCODE", "PDF_URL"]);
    expect(product.deliveryMethods).toEqual(["VOUCHER", "TICKET"]);
    expect(product.options[0]).toMatchObject({ cancellationCutoffAmount: 1, cancellationCutoffUnit: "day" });
  });

  test("/supplier names the API on the origin the reseller called, not SITE_URL", async () => {
    const supplier = zSupplier.parse((await octo("GET", "/supplier", { origin: "https://partners.rihla.example" })).body);
    expect(supplier.endpoint).toBe("https://partners.rihla.example/octo/v1");
    expect(ctx.env.SITE_URL).toBe("http://localhost:3000");
  });
});

describe("tickets and vouchers", () => {
  test("a hold says how it will be redeemed; confirmation gives every ticket a QR code and a signed PDF", async () => {
    const hold = await reserve();
    expect(hold.voucher).toEqual({ redemptionMethod: "DIGITAL", utcRedeemedAt: null, deliveryOptions: [] });
    expect(hold.unitItems.map((item) => item.ticket!.deliveryOptions)).toEqual([[], []]);

    const booking = await confirm(hold.uuid);
    const tickets = [booking.voucher, ...booking.unitItems.map((item) => item.ticket)];
    for (const ticket of tickets) {
      expect(ticket!.deliveryOptions.map((delivery) => delivery.deliveryFormat)).toEqual(["QRCODE", "PDF_URL"]);
      expect(option(ticket, "PDF_URL")).toMatch(/^http:\/\/localhost:3000\/tickets\/tkt_[0-9a-f]{20}\.pdf\?sig=[\w-]{32}&lang=en$/);
    }
    expect(new Set(tickets.map((ticket) => option(ticket, "QRCODE"))).size).toBe(3);

    // The PDF opens without a session; its QR opens the ticket's check-in page in the console (what staff
    // scan at the meeting point), whose last segment is the ticket's code, the QRCODE value resellers get.
    const response = await getPdf(option(booking.voucher, "PDF_URL")!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe("%PDF-");
    expect(await qrOf(pdf)).toMatch(new RegExp(`/admin/check-in/${option(booking.voucher, "QRCODE")}$`));
    const unitPdf = await getPdf(option(booking.unitItems[1]!.ticket, "PDF_URL")!);
    expect(await qrOf(new Uint8Array(await unitPdf.arrayBuffer()))).toMatch(new RegExp(`/admin/check-in/${option(booking.unitItems[1]!.ticket, "QRCODE")}$`));

    // A tampered signature, another ticket's signature or a cancelled booking: 404.
    const url = new URL(option(booking.voucher, "PDF_URL")!);
    const otherSig = new URL(option(booking.unitItems[0]!.ticket, "PDF_URL")!).searchParams.get("sig")!;
    url.searchParams.set("sig", otherSig);
    expect((await getPdf(url.toString())).status).toBe(404);
    url.searchParams.delete("sig");
    expect((await getPdf(url.toString())).status).toBe(404);
    await octo("POST", `/bookings/${booking.uuid}/cancel`, { body: { reason: "Plans changed" } });
    expect((await getPdf(option(booking.voucher, "PDF_URL")!)).status).toBe(404);
  });

  // The pentest (#27 item 7e): the PDF link took the call's Host, so a forged Host put another site in it.
  test("ticket PDF links are on SITE_URL, whatever Host the call carried", async () => {
    const uuid = randomUUID();
    const body = { uuid, ...PRODUCT, adult: undefined, availabilityId: slot("2030-01-12"), unitItems: [{ unitId: PRODUCT.adult }] };
    expect((await octo("POST", "/bookings", { body, origin: "https://evil.example" })).status).toBe(200);
    const confirmed = await octo("POST", `/bookings/${uuid}/confirm`, { body: { contact: { fullName: "Huda Karim" } }, origin: "https://evil.example" });
    const booking = Booking.parse(confirmed.body);
    for (const ticket of [booking.voucher, ...booking.unitItems.map((item) => item.ticket)]) {
      expect(new URL(option(ticket, "PDF_URL")!).origin).toBe(new URL(ctx.env.SITE_URL).origin);
    }
    expect((await getPdf(option(booking.voucher, "PDF_URL")!)).status).toBe(200);
  });

  test("a redeemed ticket shows when; a redeemed booking can neither be changed nor cancelled", async () => {
    const booking = await confirm((await reserve()).uuid);
    const redeemed = await redeemTicket(ctx.db, option(booking.voucher, "QRCODE")!, new Date("2030-01-12T07:05:00Z"));
    expect(redeemed.ok).toBe(true);
    const after = Booking.parse((await octo("GET", `/bookings/${booking.uuid}`)).body);
    expect(after).toMatchObject({ status: "REDEEMED", utcRedeemedAt: "2030-01-12T07:05:00Z", cancellable: false, voucher: { utcRedeemedAt: "2030-01-12T07:05:00Z" } });
    expect(after.unitItems.every((item) => item.utcRedeemedAt === "2030-01-12T07:05:00Z")).toBe(true);
    expect((await refused(octo("PATCH", `/bookings/${booking.uuid}`, { body: { availabilityId: slot("2030-01-13") } }), "UNPROCESSABLE_ENTITY")).reason).toBe("BOOKING_REDEEMED");
    expect((await refused(octo("POST", `/bookings/${booking.uuid}/cancel`, { body: {} }), "UNPROCESSABLE_ENTITY")).reason).toBe("BOOKING_REDEEMED");
  });
});

describe("confirm with unitItems", () => {
  test("replaces the units: three new items, priced and ticketed", async () => {
    const hold = await reserve();
    const booking = await confirm(hold.uuid, { unitItems: [{ unitId: PRODUCT.adult }, { unitId: PRODUCT.adult }, { unitId: PRODUCT.adult }] });
    expect(booking.unitItems).toHaveLength(3);
    expect(new Set(booking.unitItems.map((item) => item.uuid)).size).toBe(3);
    expect(booking.pricing!.retail).toBe(3 * booking.unitItems[0]!.pricing!.retail);
    expect(booking.unitItems.every((item) => option(item.ticket, "QRCODE"))).toBe(true);
  });

  test("an unknown unit: 400 INVALID_UNIT_ID naming it; too many units: 400 UNPROCESSABLE_ENTITY; never a silent 200", async () => {
    const hold = await reserve();
    const error = await refused(octo("POST", `/bookings/${hold.uuid}/confirm`, { body: { contact: {}, unitItems: [{ unitId: "invalidUnitId" }] } }), "INVALID_UNIT_ID", zErrorInvalidUnitId);
    expect(error.unitId).toBe("invalidUnitId");
    const tooMany = Array.from({ length: 500 }, () => ({ unitId: PRODUCT.adult }));
    await refused(octo("POST", `/bookings/${hold.uuid}/confirm`, { body: { contact: {}, unitItems: tooMany } }), "UNPROCESSABLE_ENTITY");
    expect(Booking.parse((await octo("GET", `/bookings/${hold.uuid}`)).body)).toMatchObject({ status: "ON_HOLD" });
  });
});

describe("rebooking (PATCH)", () => {
  test("another date, other units, another product: same uuid, seats moved, price recomputed", async () => {
    const hold = await reserve();
    const open = (await octo("POST", "/availability", { body: { productId: PRODUCT.productId, optionId: PRODUCT.optionId, localDate: "2030-01-13" } })).body as unknown as Array<{ id: string; vacancies: number }>;
    const target = open.find((candidate) => candidate.vacancies >= 3)!.id;
    const patched = await octo("PATCH", `/bookings/${hold.uuid}`, { body: { availabilityId: target } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const moved = Booking.parse(patched.body);
    expect(moved).toMatchObject({ uuid: hold.uuid, availabilityId: target, availability: { id: target }, status: "ON_HOLD" });

    const units = Booking.parse((await octo("PATCH", `/bookings/${hold.uuid}`, { body: { unitItems: [{ unitId: PRODUCT.adult }, { unitId: PRODUCT.adult }, { unitId: PRODUCT.adult }] } })).body);
    expect(units.unitItems).toHaveLength(3);

    const product = zProduct.parse((await octo("GET", `/products/${OTHER.productId}`)).body);
    const otherUnit = product.options[0]!.units[0]!.id;
    const elsewhere = Booking.parse(
      (await octo("PATCH", `/bookings/${hold.uuid}`, { body: { productId: OTHER.productId, optionId: OTHER.optionId, availabilityId: OTHER.day, unitItems: [{ unitId: otherUnit }] } })).body,
    );
    expect(elsewhere).toMatchObject({ uuid: hold.uuid, productId: OTHER.productId, optionId: OTHER.optionId, availabilityId: OTHER.day });
    expect(elsewhere.unitItems.map((item) => item.unitId)).toEqual([otherUnit]);
  });

  test("keeps unit items sent with their uuid (contacts only is not a change of units)", async () => {
    const booking = await confirm((await reserve()).uuid);
    vi.setSystemTime(new Date("2030-01-11T08:00:00Z")); // past the cutoff: contacts may still change
    const named = Booking.parse(
      (await octo("PATCH", `/bookings/${booking.uuid}`, { body: { unitItems: booking.unitItems.map((item) => ({ uuid: item.uuid, unitId: item.unitId, contact: { fullName: "Named" } })) } })).body,
    );
    expect(named.unitItems.map((item) => [item.uuid, item.contact.fullName])).toEqual(booking.unitItems.map((item) => [item.uuid, "Named"]));
  });

  test("refused for a cancelled booking, past the cutoff, to an unknown time", async () => {
    const cancelled = await reserve();
    await octo("POST", `/bookings/${cancelled.uuid}/cancel`, { body: {} });
    await refused(octo("PATCH", `/bookings/${cancelled.uuid}`, { body: { availabilityId: slot("2030-01-13") } }), "UNPROCESSABLE_ENTITY");
    const booking = await confirm((await reserve()).uuid);
    vi.setSystemTime(new Date("2030-01-11T07:01:00Z")); // the 10:00 (+03) start on the 12th is 07:00Z: a minute past the 24-hour cutoff
    expect((await refused(octo("PATCH", `/bookings/${booking.uuid}`, { body: { availabilityId: slot("2030-01-13") } }), "UNPROCESSABLE_ENTITY")).reason).toBe("CUTOFF_PASSED");
    vi.setSystemTime(NOW);
    await refused(octo("PATCH", `/bookings/${booking.uuid}`, { body: { availabilityId: "2030-01-13T03:33:00+03:00" } }), "INVALID_AVAILABILITY_ID", zErrorBadRequest.passthrough());
  });
});

describe("the cancellation cutoff", () => {
  test("a minute before: cancellable and cancelled; a minute after: not cancellable, refused (force or not)", async () => {
    const early = await confirm((await reserve()).uuid);
    const late = await confirm((await reserve()).uuid);
    vi.setSystemTime(new Date("2030-01-11T06:59:00Z"));
    expect(Booking.parse((await octo("GET", `/bookings/${early.uuid}`)).body).cancellable).toBe(true);
    expect(Booking.parse((await octo("POST", `/bookings/${early.uuid}/cancel`, { body: { reason: "In time" } })).body)).toMatchObject({ status: "CANCELLED", cancellation: { refund: "FULL" } });
    vi.setSystemTime(new Date("2030-01-11T07:01:00Z"));
    expect(Booking.parse((await octo("GET", `/bookings/${late.uuid}`)).body).cancellable).toBe(false);
    expect((await refused(octo("POST", `/bookings/${late.uuid}/cancel`, { body: {} }), "UNPROCESSABLE_ENTITY")).reason).toBe("CUTOFF_PASSED");
    expect((await refused(octo("POST", `/bookings/${late.uuid}/cancel`, { body: { force: true } }), "UNPROCESSABLE_ENTITY")).reason).toBe("CUTOFF_PASSED");
    expect(Booking.parse((await octo("GET", `/bookings/${late.uuid}`)).body).status).toBe("CONFIRMED");
  });
});

describe("validation: 400 BAD_REQUEST with a message", () => {
  const base = { productId: PRODUCT.productId, optionId: PRODUCT.optionId };
  test.each([
    ["calendar without localDateStart", "/availability/calendar", { ...base, localDateEnd: "2030-01-20" }],
    ["calendar without localDateEnd", "/availability/calendar", { ...base, localDateStart: "2030-01-10" }],
    ["calendar without dates", "/availability/calendar", base],
    ["calendar reversed", "/availability/calendar", { ...base, localDateStart: "2030-01-20", localDateEnd: "2030-01-10" }],
    ["calendar impossible date", "/availability/calendar", { ...base, localDateStart: "2030-02-30", localDateEnd: "2030-03-02" }],
    ["calendar longer than a year", "/availability/calendar", { ...base, localDateStart: "2030-01-10", localDateEnd: "2031-01-11" }],
    ["availability reversed", "/availability", { ...base, localDateStart: "2030-01-20", localDateEnd: "2030-01-10" }],
    ["availability impossible date", "/availability", { ...base, localDateStart: "2030-01-10", localDateEnd: "2030-13-01" }],
    ["availability longer than 92 days", "/availability", { ...base, localDateStart: "2030-01-10", localDateEnd: "2030-04-12" }],
    ["availability without dates or ids", "/availability", base],
    ["availability with dates and availabilityIds", "/availability", { ...base, localDateStart: "2030-01-10", localDateEnd: "2030-01-11", availabilityIds: [slot("2030-01-10")] }],
  ])("%s", async (_name, pathname, body) => {
    await refused(octo("POST", pathname, { body }), "BAD_REQUEST", zErrorBadRequest);
  });

  test("the longest ranges allowed are answered", async () => {
    expect((await octo("POST", "/availability/calendar", { body: { ...base, localDateStart: "2030-01-10", localDateEnd: "2031-01-10" } })).status).toBe(200);
    expect((await octo("POST", "/availability", { body: { ...base, localDateStart: "2030-01-10", localDateEnd: "2030-04-11" } })).status).toBe(200);
  });

  test("a uuid replayed with the same content is the same booking; with other content it is refused", async () => {
    const uuid = randomUUID();
    const first = await reserve({ uuid });
    expect((await reserve({ uuid })).id).toBe(first.id);
    const conflict = octo("POST", "/bookings", { body: { uuid, ...PRODUCT, availabilityId: slot("2030-01-12"), unitItems: [{ unitId: PRODUCT.adult }] } });
    await refused(conflict, "INVALID_BOOKING_UUID", zErrorInvalidBookingUuid);
    expect((await conflict).body).toMatchObject({ uuid, reason: "UUID_CONFLICT" });
    await refused(octo("POST", "/bookings", { body: { uuid, ...PRODUCT, availabilityId: slot("2030-01-13"), unitItems: [{ unitId: PRODUCT.adult }, { unitId: PRODUCT.adult }] } }), "INVALID_BOOKING_UUID", zErrorInvalidBookingUuid);
    const seats = await ctx.db.select().from(schema.inventory).where(eq(schema.inventory.availabilityId, slot("2030-01-13")));
    expect(seats.every((row) => row.held === 0)).toBe(true);
  });

  test("missing unitItems: 400 UNPROCESSABLE_ENTITY", async () => {
    await refused(octo("POST", "/bookings", { body: { uuid: randomUUID(), ...PRODUCT, availabilityId: slot("2030-01-12") } }), "UNPROCESSABLE_ENTITY");
  });
});

describe("reseller keys", () => {
  test("a revoked key and an expired key are refused with 403", async () => {
    const revoked = await createApiKey(ctx.db, "Gone");
    expect((await octo("GET", "/supplier", { key: revoked.key })).status).toBe(200);
    expect(await revokeApiKey(ctx.db, revoked.keyId)).toBe(true);
    expect(await octo("GET", "/supplier", { key: revoked.key })).toMatchObject({ status: 403, body: { error: "FORBIDDEN" } });
    expect(await revokeApiKey(ctx.db, "key_nope")).toBe(false);

    const expiring = await createApiKey(ctx.db, "Temporary", { expiresAt: new Date(NOW.getTime() + 60_000) });
    expect((await octo("GET", "/supplier", { key: expiring.key })).status).toBe(200);
    vi.setSystemTime(new Date(NOW.getTime() + 60_000));
    const expired = await octo("GET", "/supplier", { key: expiring.key });
    expect(expired).toMatchObject({ status: 403, body: { error: "FORBIDDEN" } });
    expect(String(expired.body.errorMessage)).toMatch(/expired/);
  });

  test("over the key's rate limit: 429 with Retry-After until the minute ends; counted for staff", async () => {
    const limited = await createApiKey(ctx.db, "Busy", { rateLimitPerMinute: 3 });
    vi.setSystemTime(new Date("2030-01-08T06:00:15Z"));
    for (let i = 0; i < 3; i++) expect((await octo("GET", "/supplier", { key: limited.key })).status).toBe(200);
    const over = await octo("GET", "/supplier", { key: limited.key });
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBe("45");
    expect(over.body).toMatchObject({ error: "TOO_MANY_REQUESTS" });
    vi.setSystemTime(new Date("2030-01-08T06:01:00Z"));
    expect((await octo("GET", "/supplier", { key: limited.key })).status).toBe(200);

    const usage = (await listApiKeys(ctx.db, new Date("2030-01-08T06:02:00Z"))).find((entry) => entry.keyId === limited.keyId)!;
    expect(usage).toMatchObject({ resellerName: "Busy", requestCount: 4, requestsLastDay: 5, refusedLastDay: 1, rateLimitPerMinute: 3, lastUsedAt: new Date("2030-01-08T06:01:00Z") });
    expect((await listApiKeys(ctx.db)).some((entry) => entry.keyId === keyId && entry.requestCount > 0)).toBe(true);
  });

  test("a test key's bookings are testMode and hold no seats", async () => {
    const test = await createApiKey(ctx.db, "Sandbox", { testMode: true });
    const heldOn = async () => (await ctx.db.select().from(schema.inventory).where(eq(schema.inventory.availabilityId, slot("2030-01-14")))).reduce((sum, row) => sum + row.held, 0);
    const before = await heldOn();
    const hold = await reserve({ availabilityId: slot("2030-01-14") }, { key: test.key });
    expect(hold.testMode).toBe(true);
    expect(await heldOn()).toBe(before);
  });
});
