/**
 * The other direction, over real HTTP: a supplier Rihla (its own seeded database and engine behind
 * a node:http server) and a storefront Rihla whose app context's BookingApi is the OCTO HTTP client
 * (BOOKING_API_URL). The storefront imports the supplier's /products in four languages, then books
 * through the BookingApi interface: reserve → confirm → get → cancel. Nothing is mocked.
 */
import { zAvailability, zProduct } from "@octocloud/types";
import { eq, inArray, notInArray, sql } from "drizzle-orm";
import { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { setFreeCancellationHours } from "#app/booking/test-picks.server";
import { BookingError } from "#app/booking/types";
import { loadCatalogueSource } from "#app/catalogue/catalogue.server";
import { createAppContext, type AppContext } from "#app/context.server";
import * as schema from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { parseEnv } from "#app/lib/env.server";
import { createApiKey } from "./auth.server";
import { OctoHttpBookingApi } from "./client.server";
import { startOctoServer } from "./http-server.server";
import { importOctoCatalogue } from "./import.server";

const NOW = new Date("2030-01-08T06:00:00Z");
/** The supplier sells these seeded products (START_TIME with pickups, OPENING_HOURS, BOOKING-priced with a sold-out slot). */
const SUPPLIED = ["prd-000020", "prd-000005", "prd-000001"];

let supplierDb: TestDatabase;
let storefrontDb: TestDatabase;
/** The supplier installation's SITE_URL: where its ticket PDF links point. */
const SUPPLIER_SITE_URL = "https://supplier.rihla.example";
let supplier: Awaited<ReturnType<typeof startOctoServer>>;
let apiKey: string;
let storefront: AppContext;
let supplierEngine: EmbeddedBookingEngine;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  [supplierDb, storefrontDb] = await Promise.all([createTestDatabase({ poolSize: 5 }), createTestDatabase({ poolSize: 5 })]);
  // The supplier's catalogue is these products only; the storefront starts without a catalogue of its own.
  await supplierDb.db.delete(schema.products).where(notInArray(schema.products.id, SUPPLIED));
  await storefrontDb.db.delete(schema.products);
  apiKey = (await createApiKey(supplierDb.db, "Storefront")).key;
  supplierEngine = new EmbeddedBookingEngine(supplierDb.db, { holdMinutes: 30 });
  supplier = await startOctoServer({ db: supplierDb.db, engine: supplierEngine, holdMinutes: 30, secret: "test-secret-test-secret", siteUrl: SUPPLIER_SITE_URL, rateLimitPerMinute: 10_000 });

  storefront = await createAppContext(parseEnv({ NODE_ENV: "test", BOOKING_API_URL: `${supplier.origin}/octo/v1`, BOOKING_API_KEY: apiKey }), { database: storefrontDb, closeDatabase: false });
});

afterAll(async () => {
  await storefront?.stop();
  await supplier?.close();
  await Promise.all([supplierDb?.close(), storefrontDb?.close()]);
  vi.useRealTimers();
});

describe("the supplier over HTTP", () => {
  test("headers end to end: Octo-Capabilities, Content-Language, Available-Languages, no-store", async () => {
    const response = await fetch(`${supplier.origin}/octo/v1/products/prd-000020`, {
      headers: { Authorization: `Bearer ${apiKey}`, "Octo-Capabilities": "octo/content, octo/pricing", "Accept-Language": "ar-SA, en;q=0.5" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Octo-Capabilities")).toBe("octo/content, octo/pricing");
    expect(response.headers.get("Content-Language")).toBe("ar");
    expect(response.headers.get("Available-Languages")).toBe("en, ru, zh, ar");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const product = zProduct.parse(await response.json());
    expect(product.locale).toBe("ar");

    const availability = await fetch(`${supplier.origin}/octo/v1/availability`, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Octo-Capabilities": "octo/pricing", "Content-Type": "application/json" },
      body: JSON.stringify({ productId: "prd-000020", optionId: "prd-000020-o1", localDate: "2030-01-10" }),
    });
    expect(availability.headers.get("Content-Language")).toBeNull();
    expect(zAvailability.array().parse(await availability.json())).toHaveLength(4);

    const anonymous = await fetch(`${supplier.origin}/octo/v1/supplier`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "UNAUTHORIZED" });
  });

  test("GET /products is cached per catalogue version: a catalogue change shows at once", async () => {
    const list = async () => {
      const response = await fetch(`${supplier.origin}/octo/v1/products`, { headers: { Authorization: `Bearer ${apiKey}`, "Octo-Capabilities": "octo/content", "Accept-Language": "en" } });
      return zProduct.array().parse(await response.json());
    };
    const before = await list();
    expect(before.map((product) => product.id).sort()).toEqual([...SUPPLIED].sort());
    const [row] = await supplierDb.db.select({ title: schema.products.title }).from(schema.products).where(eq(schema.products.id, "prd-000005"));
    await supplierDb.db.update(schema.products).set({ title: { ...row!.title, en: "Renamed for the test" } }).where(eq(schema.products.id, "prd-000005"));
    expect((await list()).find((product) => product.id === "prd-000005")!.title).toBe(row!.title.en);
    await supplierDb.db.update(schema.catalogueMeta).set({ version: sql`${schema.catalogueMeta.version} + 1` }).where(eq(schema.catalogueMeta.key, "catalogue"));
    expect((await list()).find((product) => product.id === "prd-000005")!.title).toBe("Renamed for the test");
    await supplierDb.db.update(schema.products).set({ title: row!.title }).where(eq(schema.products.id, "prd-000005"));
    await supplierDb.db.update(schema.catalogueMeta).set({ version: sql`${schema.catalogueMeta.version} + 1` }).where(eq(schema.catalogueMeta.key, "catalogue"));
  });
});

describe("a storefront on the external supplier", () => {
  test("imports /products in four languages into the local catalogue", async () => {
    const client = new OctoHttpBookingApi({ baseUrl: `${supplier.origin}/octo/v1`, apiKey });
    const result = await importOctoCatalogue(storefrontDb, client);
    expect(result).toMatchObject({ supplierId: "octo-rihla", products: SUPPLIED.length });

    const [supplied] = await supplierDb.db.select().from(schema.products).where(eq(schema.products.id, "prd-000020"));
    const [imported] = await storefrontDb.db.select().from(schema.products).where(eq(schema.products.id, "prd-000020"));
    expect(imported!.title).toEqual(supplied!.title);
    expect(imported!.content.description).toEqual(supplied!.content.description);
    expect(imported).toMatchObject({ supplierId: "octo-rihla", currency: "BHD", pricingPer: "UNIT", priceFrom: 155000, availabilityType: "START_TIME", published: true });
    expect(imported!.pickupPoints.map((point) => point.id)).toEqual(["prd-000020-pp1"]);
    expect(imported!.pickupPoints[0]!.name).toEqual(supplied!.pickupPoints[0]!.name);
    const units = await storefrontDb.db.select().from(schema.units).where(inArray(schema.units.optionId, ["prd-000020-o1"]));
    expect(units.map((unit) => [unit.id, unit.type, unit.price])).toEqual([["prd-000020-o1-adult", "ADULT", 155000]]);
    const [bookingPriced] = await storefrontDb.db.select().from(schema.productOptions).where(eq(schema.productOptions.productId, "prd-000001"));
    expect(bookingPriced!.bookingPrice).toBe(175000);

    // The listing index sees exactly the imported products.
    const source = await loadCatalogueSource(storefrontDb.db);
    expect(source.products.map((product) => product.id).sort()).toEqual([...SUPPLIED].sort());
  });

  test("books through the context's BookingApi: reserve → confirm → get → cancel over HTTP", async () => {
    const api = storefront.bookingApi;
    expect(api).toBeInstanceOf(OctoHttpBookingApi);
    const [option] = await storefrontDb.db.select().from(schema.productOptions).where(eq(schema.productOptions.productId, "prd-000020"));
    const [unit] = await storefrontDb.db.select().from(schema.units).where(eq(schema.units.optionId, option!.id));

    const calendar = await api.availabilityCalendar({ productId: "prd-000020", optionId: option!.id, localDateStart: "2030-01-09", localDateEnd: "2030-01-12" });
    expect(calendar).toHaveLength(4);
    const slots = await api.checkAvailability({ productId: "prd-000020", optionId: option!.id, localDateStart: "2030-01-10", localDateEnd: "2030-01-10", units: [{ id: unit!.id, quantity: 2 }] });
    const slot = slots.find((candidate) => candidate.available)!;
    expect(slot.pricing?.retail).toBe(2 * 155000);

    const uuid = crypto.randomUUID();
    const hold = await api.reserve({ uuid, productId: "prd-000020", optionId: option!.id, availabilityId: slot.id, unitItems: [{ unitId: unit!.id }, { unitId: unit!.id }] });
    expect(hold).toMatchObject({ uuid, status: "ON_HOLD", utcConfirmedAt: null, localDateTimeStart: slot.localDateTimeStart });
    const supplierSeats = await supplierDb.db.select().from(schema.inventory).where(eq(schema.inventory.availabilityId, slot.id));
    expect(supplierSeats[0]!.held).toBe(2);

    const confirmed = await api.confirm(uuid, { contact: { fullName: "Omar Saleh", emailAddress: "omar@example.com" } });
    expect(confirmed.status).toBe("CONFIRMED");
    expect(confirmed.utcConfirmedAt).not.toBeNull();

    const fetched = await api.getBooking(uuid);
    expect(fetched).toMatchObject({ uuid, status: "CONFIRMED", contact: { fullName: "Omar Saleh" } });
    expect(await api.getBooking(crypto.randomUUID())).toBeNull();

    const quote = await api.quoteCancellation(uuid);
    expect(quote).toMatchObject({ currency: "BHD", total: 2 * 155000 });

    const cancelled = await api.cancel(uuid, { reason: "Changed plans" });
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.cancellation).toMatchObject({ reason: "Changed plans", currency: "BHD" });
    expect(typeof cancelled.cancellation!.refundAmount).toBe("number");
    expect((await api.getBooking(uuid))!.status).toBe("CANCELLED");
    const after = await supplierDb.db.select().from(schema.inventory).where(eq(schema.inventory.availabilityId, slot.id));
    expect(after[0]).toMatchObject({ held: 0, booked: 0 });
  });

  test("tickets, rebooking and the cutoff over HTTP: the client reads vouchers, moves bookings and hears the refusals", async () => {
    const api = storefront.bookingApi;
    const [unit] = await storefrontDb.db.select().from(schema.units).where(eq(schema.units.optionId, "prd-000020-o1"));
    const slots = (await api.checkAvailability({ productId: "prd-000020", optionId: "prd-000020-o1", localDateStart: "2030-01-15", localDateEnd: "2030-01-15" })).filter((slot) => slot.available);
    const uuid = crypto.randomUUID();
    await api.reserve({ uuid, productId: "prd-000020", optionId: "prd-000020-o1", availabilityId: slots[0]!.id, unitItems: [{ unitId: unit!.id }] });
    // The same uuid with other units is refused, and the storefront hears the engine's reason.
    const conflict = await api.reserve({ uuid, productId: "prd-000020", optionId: "prd-000020-o1", availabilityId: slots[0]!.id, unitItems: [{ unitId: unit!.id }, { unitId: unit!.id }] }).catch((error: unknown) => error);
    expect((conflict as BookingError).code).toBe("UUID_CONFLICT");

    const confirmed = await api.confirm(uuid, { contact: { fullName: "Omar Saleh" }, unitItems: [{ unitId: unit!.id }, { unitId: unit!.id }] });
    expect(confirmed.unitItems).toHaveLength(2);
    const formats = confirmed.voucher!.deliveryOptions.map((option) => option.deliveryFormat);
    expect(formats).toEqual(["QRCODE", "PDF_URL"]);
    const pdfUrl = confirmed.voucher!.deliveryOptions[1]!.deliveryValue;
    // On the supplier's public address (SITE_URL), not the address this call reached it by.
    expect(pdfUrl.startsWith(`${SUPPLIER_SITE_URL}/tickets/`)).toBe(true);

    const moved = await api.rebook(uuid, { availabilityId: slots[1]!.id });
    expect(moved).toMatchObject({ uuid, status: "CONFIRMED", availabilityId: slots[1]!.id });
    const seats = await supplierDb.db.select().from(schema.inventory).where(inArray(schema.inventory.availabilityId, [slots[0]!.id, slots[1]!.id]));
    expect(Object.fromEntries(seats.map((row) => [row.availabilityId, row.booked]))).toMatchObject({ [slots[0]!.id]: 0, [slots[1]!.id]: 2 });

    // A minute before the start is past a 24-hour cutoff: the supplier refuses.
    await setFreeCancellationHours(supplierDb.db, "prd-000020", 24);
    supplierEngine.clearCache();
    vi.setSystemTime(new Date(Date.parse(moved.availability!.localDateTimeStart) - 60_000));
    const late = await api.cancel(uuid, { reason: "Too late" }).catch((error: unknown) => error);
    expect((late as BookingError).code).toBe("CUTOFF_PASSED");
    vi.setSystemTime(NOW);
    expect((await api.getBooking(uuid))!.status).toBe("CONFIRMED");
  });

  test("the supplier's refusals arrive as BookingErrors with the engine's codes", async () => {
    const api = storefront.bookingApi;
    const [unit] = await storefrontDb.db.select().from(schema.units).where(eq(schema.units.optionId, "prd-000001-o1"));
    const soldOut = await api
      .reserve({ uuid: crypto.randomUUID(), productId: "prd-000001", optionId: "prd-000001-o1", availabilityId: "2030-01-30T18:00:00+08:00", unitItems: [{ unitId: unit!.id }] })
      .catch((error: unknown) => error);
    expect(soldOut).toBeInstanceOf(BookingError);
    expect((soldOut as BookingError).code).toBe("NOT_ENOUGH_VACANCIES");
    const badProduct = await api.checkAvailability({ productId: "prd-nope", optionId: "x", localDateStart: "2030-01-10", localDateEnd: "2030-01-10" }).catch((error: unknown) => error);
    expect((badProduct as BookingError).code).toBe("INVALID_PRODUCT_ID");
  });
});
