/**
 * The manifest lists who is coming on a day (per product and slot, paid or not, checked in or not),
 * and check-in lets a ticket in once, saying who did it; a second check-in is refused with when and
 * by whom.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { adults, newUuid, pickStandardProduct } from "#app/booking/test-picks.server";
import type { OctoBooking } from "#app/booking/types";
import { auditLog, orderEvents, orderItems, orders, payments } from "#app/db/schema";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { checkInTicket, loadCheckInTicket } from "./check-in.server";
import { loadManifest, manifestCsv, parseManifestFilter } from "./manifest.server";

let ctx: TestContext;
let engine: EmbeddedBookingEngine;
const DAY = "2030-01-12";
const agent = { id: null, email: "agent@rihla.test" };

const voucherOf = (booking: OctoBooking) => booking.voucher?.deliveryOptions.find((option) => option.deliveryFormat === "QRCODE")?.deliveryValue ?? "";

/** A confirmed booking of `travellers` adults, sold as an order (paid by card, or pay later). */
async function sell(id: string, name: [string, string], travellers: number, paid: boolean): Promise<{ booking: OctoBooking; orderId: string }> {
  const product = await pickStandardProduct(ctx.db);
  const slot = await engine.firstOpenSlot(product.productId, product.optionId, DAY);
  const uuid = newUuid();
  await engine.reserve({ uuid, productId: product.productId, optionId: product.optionId, availabilityId: slot!.id, unitItems: adults(product.adult, travellers) });
  const booking = await engine.confirm(uuid, { contact: { fullName: name.join(" ") } });
  const amount = product.adultPrice * travellers;
  await ctx.db.insert(orders).values({
    id,
    reference: `RH-${id.toUpperCase()}`,
    purchaseId: `p-${id}`,
    idempotencyKey: `k-${id}`,
    accessToken: `t-${id}`,
    status: paid ? "CONFIRMED" : "PAY_LATER",
    paymentMethod: paid ? "card" : "pay_later",
    locale: "en",
    currency: product.currency,
    originalAmount: amount,
    totalAmount: amount,
    firstName: name[0],
    lastName: name[1],
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
    availabilityId: slot!.id,
    localDate: DAY,
    units: [{ unitId: product.adult, quantity: travellers }],
    extraIds: [],
    instantConfirmation: true,
    currency: product.currency,
    amount,
    status: "CONFIRMED",
  });
  if (paid) {
    await ctx.db.insert(payments).values({ id: `pay-${id}`, orderId: id, gateway: "sandbox", sessionId: `s-${id}`, redirectUrl: "/", captureMethod: "automatic", status: "CAPTURED", currency: product.currency, amount, capturedAmount: amount });
  }
  return { booking, orderId: id };
}

let paidSale: Awaited<ReturnType<typeof sell>>;
let unpaidSale: Awaited<ReturnType<typeof sell>>;

beforeAll(async () => {
  ctx = await createTestContext();
  engine = new EmbeddedBookingEngine(ctx.db, ctx.clock);
  paidSale = await sell("ci1", ["Layla", "Haddad"], 2, true);
  unpaidSale = await sell("ci2", ["Omar", "Saleh"], 3, false);
});
afterAll(async () => {
  await ctx.stop();
});

describe("manifest", () => {
  it("defaults to today in Riyadh and drops a malformed date", () => {
    expect(parseManifestFilter(new URLSearchParams(""), new Date("2030-01-08T22:30:00Z")).date).toBe("2030-01-09");
    expect(parseManifestFilter(new URLSearchParams("date=2030-02-30&product=x"), new Date("2030-01-08T06:00:00Z"))).toEqual({ date: "2030-01-08", productId: "x" });
  });

  it("lists who is coming per slot: lead guest, units, contact, paid or not, the ticket to check in", async () => {
    const manifest = await loadManifest(ctx.db, { date: DAY }, "en");
    expect(manifest.slots).toHaveLength(1);
    const [slot] = manifest.slots;
    expect(slot!.travellers).toBe(5);
    const byRef = new Map(slot!.rows.map((row) => [row.reference, row]));
    expect(byRef.get("RH-CI1")).toMatchObject({ leadGuest: "Layla Haddad", travellers: 2, email: "ci1@example.com", phone: "+966501234567", payment: "PAID", ticketCode: voucherOf(paidSale.booking), checkedInAt: null });
    expect(byRef.get("RH-CI2")).toMatchObject({ leadGuest: "Omar Saleh", travellers: 3, payment: "UNPAID" });
    expect(byRef.get("RH-CI1")!.units[0]!.quantity).toBe(2);
    expect(manifest.products.map((product) => product.id)).toEqual([slot!.productId]);
    expect((await loadManifest(ctx.db, { date: DAY, productId: "nothing" }, "en")).rows).toEqual([]);
    expect((await loadManifest(ctx.db, { date: "2030-01-13" }, "en")).rows).toEqual([]);
    const csv = manifestCsv(manifest);
    expect(csv.split("\r\n")[0]).toContain('"lead_guest"');
    expect(csv).toContain('"Layla Haddad"');
  });
});

describe("check-in", () => {
  it("shows the ticket: product, date, slot, units, lead guest, order reference", async () => {
    const ticket = await loadCheckInTicket(ctx.db, voucherOf(paidSale.booking).toLowerCase(), "en");
    expect(ticket).toMatchObject({ kind: "VOUCHER", localDate: DAY, leadGuest: "Layla Haddad", orderReference: "RH-CI1", redeemedAt: null, redeemedBy: null });
    expect(ticket!.units).toEqual([{ title: expect.any(String), quantity: 2 }]);
    expect(await loadCheckInTicket(ctx.db, "NOT-A-CODE-AT-ALL", "en")).toBeNull();
  });

  it("does not let in an order that has paid nothing, saying what is due, until the payment is recorded", async () => {
    const owing = await sell("ci3", ["Sara", "Nasser"], 1, false);
    const code = voucherOf(owing.booking);
    const ticket = await loadCheckInTicket(ctx.db, code, "en");
    expect(ticket).toMatchObject({ payment: "UNPAID", amountDue: { amount: expect.any(Number), currency: expect.any(String) } });
    const refused = await checkInTicket(ctx.db, code, agent, new Date("2030-01-12T08:00:00Z"), "en");
    expect(refused).toMatchObject({ ok: false, reason: "UNPAID", ticket: { redeemedAt: null } });
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, owing.booking.uuid))).toEqual([]);
    // The team collects the money (an offline payment covering the total); then the guest goes in.
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, owing.orderId));
    await ctx.db.insert(payments).values({ id: "pay-ci3", orderId: order!.id, gateway: "offline", sessionId: "cash-ci3", redirectUrl: "/", captureMethod: "automatic", status: "CAPTURED", currency: order!.currency, amount: order!.totalAmount, capturedAmount: order!.totalAmount });
    expect((await loadCheckInTicket(ctx.db, code, "en"))?.payment).toBe("PAID");
    expect((await checkInTicket(ctx.db, code, agent, new Date("2030-01-12T08:05:00Z"), "en")).ok).toBe(true);
  });

  it("lets a ticket in once, audited with an order event; a second check-in says when and by whom", async () => {
    const code = voucherOf(paidSale.booking);
    const at = new Date("2030-01-12T07:55:00Z");
    const first = await checkInTicket(ctx.db, code, agent, at, "en");
    expect(first).toMatchObject({ ok: true, ticket: { redeemedAt: at, redeemedBy: agent.email, bookingStatus: "REDEEMED" } });
    const second = await checkInTicket(ctx.db, code, { id: null, email: "other@rihla.test" }, new Date("2030-01-12T08:10:00Z"), "en");
    expect(second).toMatchObject({ ok: false, reason: "ALREADY_REDEEMED", ticket: { redeemedAt: at, redeemedBy: agent.email } });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, paidSale.booking.uuid));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: agent.email, orderId: paidSale.orderId, subjectId: paidSale.booking.uuid });
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, paidSale.orderId));
    expect(events.map((event) => [event.kind, event.actor])).toEqual([["ticket.redeemed", agent.email]]);
    // The manifest shows it checked in.
    const row = (await loadManifest(ctx.db, { date: DAY }, "en")).rows.find((candidate) => candidate.reference === "RH-CI1");
    expect(row?.checkedInAt).toEqual(at);
  });

  it("concurrent check-ins of one ticket: exactly one succeeds, one audit entry", async () => {
    const concurrent = await sell("ci4", ["Huda", "Karim"], 1, true);
    const code = voucherOf(concurrent.booking);
    const results = await Promise.all(Array.from({ length: 5 }, (_, index) => checkInTicket(ctx.db, code, { id: null, email: `agent${index}@rihla.test` }, new Date("2030-01-12T08:00:00Z"), "en")));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === "ALREADY_REDEEMED")).toBe(true);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, concurrent.booking.uuid));
    expect(audit).toHaveLength(1);
  });

  it("an unknown code is refused as not found", async () => {
    expect(await checkInTicket(ctx.db, "0123456789ABCDEFGHJK", agent, new Date(), "en")).toEqual({ ok: false, reason: "NOT_FOUND", ticket: null });
  });
});
