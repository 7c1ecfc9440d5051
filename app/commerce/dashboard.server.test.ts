/**
 * The dashboard on a real database: a day's revenue equals that day's paid orders minus their refunds
 * to the halala (a part refund, a declined card and an unpaid pay-later order among them); bookings and
 * travellers; the storefront / reseller split; pay-later conversion; a bad range is refused.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { adults, newUuid } from "#app/booking/test-picks.server";
import { bookings, orderRefunds, orders, payments, resellerBookings, resellers } from "#app/db/schema";
import { SANDBOX_CARDS } from "#app/payments/sandbox.server";
import { capturedCardOrder, cardPaidOrder, createCardTestContext, openSlot, pickProduct, placeTestOrder, adultsAt, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import type { TestContext } from "#app/testing/context.server";
import { DashboardRangeSchema } from "./console-schemas";
import { dashboardCsvRows, defaultDashboardRange, loadDashboard, type Dashboard } from "./dashboard.server";
import { recordOfflinePayment } from "./pay-later.server";
import { refundItem } from "./refunds.server";

let card: CardTestContext;
let ctx: TestContext;
let product: TestProduct;
const admin = { id: null, email: "admin@rihla.test" };
// TEST_NOW is 2030-01-08 06:00 UTC: 09:00 in Riyadh.
const DAY = "2030-01-08";
const NEXT_DAY = "2030-01-09";
const range = { from: DAY, to: NEXT_DAY };

beforeAll(async () => {
  card = await createCardTestContext();
  ctx = card.ctx;
  product = await pickProduct(ctx, { instant: true, refundable: true });
});

afterAll(async () => {
  await ctx?.stop();
});

const sar = (dashboard: Dashboard, day: string) => dashboard.revenue.find((row) => row.day === day && row.currency === "SAR") ?? { orders: 0, captured: 0, refunded: 0, net: 0 };
const bookingsOn = (dashboard: Dashboard, day: string) => dashboard.bookings.find((row) => row.day === day) ?? { bookings: 0, travellers: 0 };

describe("loadDashboard", () => {
  test("a day's revenue is that day's paid orders minus their refunds, to the halala; bookings, channels and pay-later add up", async () => {
    const before = await loadDashboard(ctx.db, range, "en");

    // Day one: two captured card orders (one part refunded), a declined card, a pay-later order left
    // unpaid and one paid at the desk, and a reseller's booking.
    const full = await capturedCardOrder(card, product, { daysAhead: 20, adults: 2 });
    const refunded = await capturedCardOrder(card, product, { daysAhead: 21, adults: 3 });
    const part = Math.floor(refunded.captured / 3) + 1; // an odd amount, so a rounding slip would show
    expect(await refundItem(ctx, { reason: "goodwill", actor: admin, role: "admin", orderId: refunded.orderId, itemId: refunded.item.id, amount: part, idempotencyKey: randomUUID() })).toMatchObject({ ok: true, refund: { state: "REFUNDED" } });
    const declined = await cardPaidOrder(card, product, { daysAhead: 22, adults: 1, pay: { method: "card", card: SANDBOX_CARDS.decline } });
    const slot = await openSlot(ctx, product, "2030-02-05");
    const unpaid = await placeTestOrder(ctx, [adultsAt(product, slot, 1)], "pay_later");
    const paidLater = await placeTestOrder(ctx, [adultsAt(product, slot, 2)], "pay_later");
    expect(await recordOfflinePayment(ctx, paidLater.id, { amount: paidLater.totalAmount, method: "cash", reference: "DESK-1" }, admin, ctx.clock.now())).toMatchObject({ ok: true, status: "CONFIRMED" });

    await ctx.db.insert(resellers).values({ id: "rs-dunes", name: "Dunes Travel" });
    const resold = newUuid();
    await ctx.db.insert(resellerBookings).values({ bookingUuid: resold, resellerId: "rs-dunes" });
    await card.engine.reserve({ uuid: resold, productId: product.productId, optionId: product.optionId, availabilityId: slot, unitItems: adults(product.adult, 4) });
    const resoldBooking = await card.engine.confirm(resold, { contact: { fullName: "Mariam Khan" } });

    // Day two: one more captured order.
    ctx.setNow(new Date("2030-01-09T10:00:00Z"));
    const nextDay = await capturedCardOrder(card, product, { daysAhead: 20, adults: 1 });

    // Checkout stamps an order with the wall clock; pin each to its test day. The day-two order at
    // 21:30 UTC is 00:30 in Riyadh: it belongs to the Riyadh day, not the UTC one.
    await ctx.db.update(orders).set({ purchasedAt: new Date("2030-01-08T06:00:00Z") }).where(inArray(orders.id, [full.orderId, refunded.orderId, declined.order.id, unpaid.id, paidLater.id]));
    await ctx.db.update(orders).set({ purchasedAt: new Date("2030-01-08T21:30:00Z") }).where(eq(orders.id, nextDay.orderId));
    const after = await loadDashboard(ctx.db, range, "en");

    // What the orders say, read straight from the payments and refunds (not from the dashboard's query).
    const capturedOf = async (orderId: string) => (await ctx.db.select().from(payments).where(eq(payments.orderId, orderId))).reduce((sum, row) => sum + row.capturedAmount, 0);
    const refundedOf = async (orderId: string) => (await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).filter((row) => row.state === "REFUNDED").reduce((sum, row) => sum + row.amount, 0);
    const dayOne = [full.orderId, refunded.orderId, declined.order.id, unpaid.id, paidLater.id];
    let expectedCaptured = 0;
    let expectedRefunded = 0;
    for (const id of dayOne) {
      expectedCaptured += await capturedOf(id);
      expectedRefunded += await refundedOf(id);
    }
    expect(await capturedOf(declined.order.id)).toBe(0);
    expect(await capturedOf(unpaid.id)).toBe(0);
    expect(expectedCaptured).toBe(full.captured + refunded.captured + paidLater.totalAmount);
    expect(expectedRefunded).toBe(part);

    const dayOneBefore = sar(before, DAY);
    const dayOneAfter = sar(after, DAY);
    expect(dayOneAfter.captured - dayOneBefore.captured).toBe(expectedCaptured);
    expect(dayOneAfter.refunded - dayOneBefore.refunded).toBe(part);
    expect(dayOneAfter.net - dayOneBefore.net).toBe(full.captured + refunded.captured + paidLater.totalAmount - part);
    expect(dayOneAfter.orders - dayOneBefore.orders).toBe(3); // the declined and the unpaid order took no money
    expect(sar(after, NEXT_DAY).net - sar(before, NEXT_DAY).net).toBe(nextDay.captured);
    const total = after.totals.find((row) => row.currency === "SAR")!;
    expect(total.net).toBe(sar(after, DAY).net + sar(after, NEXT_DAY).net);

    // Bookings confirmed on day one: two card orders (2 + 3), both pay-later orders (1 + 2: their seats
    // are booked while payment is awaited), the reseller's (4); the declined card booked nothing.
    expect(resoldBooking.status).toBe("CONFIRMED");
    const booked = bookingsOn(after, DAY);
    const bookedBefore = bookingsOn(before, DAY);
    expect(booked.travellers - bookedBefore.travellers).toBe(2 + 3 + 1 + 2 + 4);
    expect(booked.bookings - bookedBefore.bookings).toBe(5);
    expect(bookingsOn(after, NEXT_DAY).bookings - bookingsOn(before, NEXT_DAY).bookings).toBe(1);

    const dunes = after.channels.find((row) => row.reseller === "Dunes Travel");
    const [resoldRow] = await ctx.db.select().from(bookings).where(eq(bookings.uuid, resold));
    expect(dunes).toEqual({ reseller: "Dunes Travel", currency: "SAR", bookings: 1, travellers: 4, amount: resoldRow!.totalRetail });
    const storefront = after.channels.find((row) => row.reseller === null && row.currency === "SAR")!;
    const storefrontBefore = before.channels.find((row) => row.reseller === null && row.currency === "SAR") ?? { bookings: 0, travellers: 0 };
    expect(storefront.bookings - storefrontBefore.bookings).toBe(4 + 1); // both days
    expect(storefront.travellers - storefrontBefore.travellers).toBe(2 + 3 + 1 + 2 + 1);
    expect(after.channels[0]!.reseller).toBeNull(); // the storefront first

    expect(after.payLater.placed - before.payLater.placed).toBe(2);
    expect(after.payLater.paid - before.payLater.paid).toBe(1);

    // Occupancy is by the departure's day: the pay-later and reseller seats on 5 February.
    const departures = await loadDashboard(ctx.db, { from: "2030-02-05", to: "2030-02-05" }, "en");
    const occupied = departures.occupancy.find((row) => row.day === "2030-02-05" && row.productId === product.productId);
    expect(occupied).toMatchObject({ booked: 1 + 2 + 4 });
    expect(occupied!.capacity).toBeGreaterThanOrEqual(20);
    expect(occupied!.productName).not.toBe("");

    expect(after.days).toEqual([DAY, NEXT_DAY]);
    const csv = dashboardCsvRows(after);
    expect(csv.rows).toContainEqual(["revenue", DAY, "SAR", null, dayOneAfter.orders, null, dayOneAfter.captured, dayOneAfter.refunded, dayOneAfter.net]);
    expect(csv.rows).toContainEqual(["channel", null, "SAR", "Dunes Travel", 1, 4, dunes!.amount, null, null]);
  });
});

describe("DashboardRangeSchema", () => {
  test("refuses a date that is none, an end before the start and a range over a year, with its message key", () => {
    const errorsOf = (input: Record<string, string>) => {
      const result = DashboardRangeSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(errorsOf({ from: "2030-02-30", to: "2030-03-01" })).toEqual(["admin.dashboard.errors.date"]);
    expect(errorsOf({ from: "2030-03-02", to: "2030-03-01" })).toEqual(["admin.dashboard.errors.order"]);
    expect(errorsOf({ from: "2029-01-01", to: "2030-03-01" })).toEqual(["admin.dashboard.errors.tooLong"]);
    expect(errorsOf({ from: "2030-01-01", to: "2030-01-31" })).toEqual([]);
  });

  test("the default range is the last 30 Riyadh days, today included", () => {
    // 22:30 UTC is already the next day in Riyadh.
    expect(defaultDashboardRange(new Date("2030-01-08T22:30:00Z"))).toEqual({ from: "2029-12-11", to: "2030-01-09" });
  });
});
