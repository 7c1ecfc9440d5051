/**
 * The manifest lists reseller bookings (made through OCTO, no order) beside storefront orders, in the
 * same slots: with the reseller's name and reference, the booking contact as lead guest, the units,
 * the OCTO pickup (or hotel), "paid via the reseller" and the voucher to check in. Test-mode,
 * cancelled and held reseller bookings are not coming; a storefront booking is listed once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { adults, newUuid, pickStandardProduct, type PickedProduct } from "#app/booking/test-picks.server";
import type { OctoBooking } from "#app/booking/types";
import { orderItems, orders, products, resellerBookings, resellers } from "#app/db/schema";
import type { PickupPoint } from "#app/db/types";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { loadManifest, MANIFEST_CSV_HEADER, manifestCsv } from "./manifest.server";

let ctx: TestContext;
let engine: EmbeddedBookingEngine;
let product: PickedProduct;
let slotId: string;
const DAY = "2030-01-14";
const POINT: PickupPoint = { id: "pp-gate", name: { en: "Old Town Gate", ar: "بوابة البلدة القديمة" }, address: { en: "Gate street" }, latitude: 24.6, longitude: 46.7, pickupTime: "07:30" } as PickupPoint;

const voucherOf = (booking: OctoBooking) => booking.voucher?.deliveryOptions.find((option) => option.deliveryFormat === "QRCODE")?.deliveryValue ?? "";

type ResellerSale = { travellers: number; contact: Record<string, string>; resellerReference?: string; testMode?: boolean; pickup?: { pointId?: string; hotel?: string; room?: string }; then?: "hold" | "cancel" };

/** A booking made by `resellerId` as the OCTO handlers make it: ownership row first, then the engine's reservation and confirmation. */
async function resell(resellerId: string, sale: ResellerSale): Promise<OctoBooking> {
  const uuid = newUuid();
  await ctx.db.insert(resellerBookings).values({
    bookingUuid: uuid,
    resellerId,
    pickupRequested: Boolean(sale.pickup?.pointId),
    pickupPointId: sale.pickup?.pointId ?? null,
    pickupHotel: sale.pickup?.hotel ?? null,
    pickupHotelRoom: sale.pickup?.room ?? null,
  });
  const held = await engine.reserve({ uuid, productId: product.productId, optionId: product.optionId, availabilityId: slotId, unitItems: adults(product.adult, sale.travellers), testMode: sale.testMode });
  if (sale.then === "hold") return held;
  const booking = await engine.confirm(uuid, { contact: sale.contact, resellerReference: sale.resellerReference });
  return sale.then === "cancel" ? engine.cancel(uuid, { reason: "guest changed plans" }) : booking;
}

/** A storefront order of one booking (order item holding the engine booking's uuid). */
async function sellOnStorefront(id: string, travellers: number): Promise<OctoBooking> {
  const uuid = newUuid();
  await engine.reserve({ uuid, productId: product.productId, optionId: product.optionId, availabilityId: slotId, unitItems: adults(product.adult, travellers) });
  const booking = await engine.confirm(uuid, { contact: { fullName: "Store Front" } });
  const amount = product.adultPrice * travellers;
  await ctx.db.insert(orders).values({
    id,
    reference: `RH-${id.toUpperCase()}`,
    purchaseId: `p-${id}`,
    idempotencyKey: `k-${id}`,
    accessToken: `t-${id}`,
    status: "PAY_LATER",
    paymentMethod: "pay_later",
    locale: "en",
    currency: product.currency,
    originalAmount: amount,
    totalAmount: amount,
    firstName: "Store",
    lastName: "Front",
    email: `${id}@example.com`,
    countryCode: "+966",
    phone: "501234567",
  });
  await ctx.db.insert(orderItems).values({
    id: `i-${id}`,
    orderId: id,
    position: 0,
    bookingUuid: uuid,
    productId: product.productId,
    optionId: product.optionId,
    availabilityId: slotId,
    localDate: DAY,
    units: [{ unitId: product.adult, quantity: travellers }],
    extraIds: [],
    instantConfirmation: true,
    currency: product.currency,
    amount,
    status: "CONFIRMED",
  });
  return booking;
}

let desert: OctoBooking;
let hotelGuest: OctoBooking;
let storefront: OctoBooking;

beforeAll(async () => {
  ctx = await createTestContext();
  engine = new EmbeddedBookingEngine(ctx.db, ctx.clock);
  product = await pickStandardProduct(ctx.db);
  await ctx.db.update(products).set({ pickupPoints: [POINT] }).where(eq(products.id, product.productId));
  slotId = (await engine.firstOpenSlot(product.productId, product.optionId, DAY))!.id;
  await ctx.db.insert(resellers).values([
    { id: "rs-dunes", name: "Dunes Travel" },
    { id: "rs-oasis", name: "Oasis Tours" },
  ]);
  desert = await resell("rs-dunes", { travellers: 2, contact: { fullName: "Mariam Khan", emailAddress: "mariam@example.com", phoneNumber: "+971500000001" }, resellerReference: "DUNES-778", pickup: { pointId: POINT.id } });
  hotelGuest = await resell("rs-oasis", { travellers: 1, contact: { firstName: "Jonas", lastName: "Berg" }, pickup: { hotel: "Palm Hotel", room: "412" } });
  await resell("rs-dunes", { travellers: 4, contact: { fullName: "Test Mode" }, resellerReference: "DUNES-TEST", testMode: true });
  await resell("rs-dunes", { travellers: 3, contact: { fullName: "Cancelled Guest" }, resellerReference: "DUNES-CXL", then: "cancel" });
  await resell("rs-oasis", { travellers: 5, contact: { fullName: "Held Guest" }, resellerReference: "OASIS-HOLD", then: "hold" });
  storefront = await sellOnStorefront("mf1", 3);
});
afterAll(async () => {
  await ctx.stop();
});

describe("manifest: reseller bookings", () => {
  it("lists a reseller's confirmed booking once, in the storefront's slot, with the reseller, its reference, contact, units, pickup and voucher", async () => {
    const manifest = await loadManifest(ctx.db, { date: DAY }, "en");
    expect(manifest.slots).toHaveLength(1);
    const [slot] = manifest.slots;
    expect(slot!.rows.filter((row) => row.reference === "DUNES-778")).toHaveLength(1);
    const row = slot!.rows.find((candidate) => candidate.reference === "DUNES-778")!;
    expect(row).toMatchObject({
      channel: { kind: "RESELLER", resellerId: "rs-dunes", name: "Dunes Travel" },
      orderStatus: null,
      itemStatus: "CONFIRMED",
      leadGuest: "Mariam Khan",
      email: "mariam@example.com",
      phone: "+971500000001",
      travellers: 2,
      pickup: "Old Town Gate · 07:30",
      payment: "VIA_RESELLER",
      ticketCode: voucherOf(desert),
      checkedInAt: null,
    });
    expect(row.units).toEqual([{ title: expect.any(String), quantity: 2 }]);
    expect(row.units[0]!.title).not.toBe(product.adult);
  });

  it("without a reseller reference shows the supplier reference; first and last name make the lead guest; the hotel is the pickup", async () => {
    const row = (await loadManifest(ctx.db, { date: DAY }, "en")).rows.find((candidate) => candidate.itemId === hotelGuest.id);
    expect(row).toMatchObject({ reference: hotelGuest.supplierReference, channel: { kind: "RESELLER", name: "Oasis Tours" }, leadGuest: "Jonas Berg", email: "", phone: "", pickup: "Palm Hotel, 412", travellers: 1 });
  });

  it("leaves out test-mode, cancelled and held reseller bookings; lists a storefront booking once, as the order's", async () => {
    const manifest = await loadManifest(ctx.db, { date: DAY }, "en");
    const leads = manifest.rows.map((row) => row.leadGuest);
    expect(leads).not.toContain("Test Mode");
    expect(leads).not.toContain("Cancelled Guest");
    expect(leads).not.toContain("Held Guest");
    expect(manifest.rows.map((row) => row.reference).sort()).toEqual(["DUNES-778", "RH-MF1", hotelGuest.supplierReference].sort());
    const store = manifest.rows.filter((row) => row.ticketCode === voucherOf(storefront));
    expect(store).toHaveLength(1);
    expect(store[0]).toMatchObject({ reference: "RH-MF1", channel: { kind: "STOREFRONT" }, payment: "UNPAID" });
  });

  it("a booking both an order item and a reseller claim point to is listed once, as the order's", async () => {
    await ctx.db.insert(resellerBookings).values({ bookingUuid: storefront.uuid, resellerId: "rs-oasis" });
    try {
      const rows = (await loadManifest(ctx.db, { date: DAY }, "en")).rows.filter((row) => row.ticketCode === voucherOf(storefront));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.channel).toEqual({ kind: "STOREFRONT" });
    } finally {
      await ctx.db.delete(resellerBookings).where(eq(resellerBookings.bookingUuid, storefront.uuid));
    }
  });

  it("counts reseller travellers in the slot total, offers their product in the filter and honours it", async () => {
    const manifest = await loadManifest(ctx.db, { date: DAY }, "en");
    expect(manifest.slots[0]!.travellers).toBe(2 + 1 + 3);
    expect(manifest.products.map((entry) => entry.id)).toEqual([product.productId]);
    expect((await loadManifest(ctx.db, { date: DAY, productId: product.productId }, "en")).rows).toHaveLength(3);
    expect((await loadManifest(ctx.db, { date: DAY, productId: "nothing" }, "en")).rows).toEqual([]);
  });

  it("offers a product only resellers booked in the filter", async () => {
    const other = await pickStandardProduct(ctx.db, 1);
    const uuid = newUuid();
    await ctx.db.insert(resellerBookings).values({ bookingUuid: uuid, resellerId: "rs-oasis" });
    const slot = await engine.firstOpenSlot(other.productId, other.optionId, "2030-01-15");
    await engine.reserve({ uuid, productId: other.productId, optionId: other.optionId, availabilityId: slot!.id, unitItems: adults(other.adult, 2) });
    await engine.confirm(uuid, { contact: { fullName: "Only Reseller" }, resellerReference: "OASIS-1" });
    const manifest = await loadManifest(ctx.db, { date: "2030-01-15" }, "en");
    expect(manifest.products.map((entry) => entry.id)).toEqual([other.productId]);
    expect(manifest.slots.map((slotOf) => [slotOf.productId, slotOf.travellers])).toEqual([[other.productId, 2]]);
  });

  it("exports a channel column: storefront or the reseller's name", async () => {
    const csv = manifestCsv(await loadManifest(ctx.db, { date: DAY }, "en"));
    const [header, ...lines] = csv.split("\r\n").filter(Boolean);
    const channel = MANIFEST_CSV_HEADER.indexOf("channel");
    expect(channel).toBeGreaterThan(-1);
    expect(header).toContain('"channel"');
    const byReference = new Map(lines.map((line) => [line.split(",")[MANIFEST_CSV_HEADER.indexOf("reference")], line.split(",")[channel]]));
    expect(byReference.get('"DUNES-778"')).toBe('"Dunes Travel"');
    expect(byReference.get('"RH-MF1"')).toBe('"storefront"');
    expect(csv).toContain('"VIA_RESELLER"');
  });
});
