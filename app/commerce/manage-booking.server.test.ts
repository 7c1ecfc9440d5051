/**
 * Manage my booking on a real database: the guest moves a paid booking from the order's secret link
 * to another day. A dearer day is paid through the sandbox gateway first (the move made once, on the
 * verified amount, whichever of the webhook and the return page comes first); a cheaper one is moved
 * at once and the difference refunded; a booking past its window, a reseller's booking and another
 * order's token are refused; a paid move whose slot is gone is refunded whole.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { bookingChanges, bookings, orderEvents, orderItems, orders, payments, priceSeasons, resellerBookings, resellers, sandboxOperations } from "#app/db/schema";
import { addDays } from "#app/lib/dates";
import { SANDBOX_CARDS } from "#app/payments/sandbox.server";
import { capturedCardOrder, createCardTestContext, openSlot, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import type { TestContext } from "#app/testing/context.server";
import { loadManagedOrder, moveBooking, moveChoices, syncChangePayment } from "./manage-booking.server";
import { getOrderPayment } from "./order-records.server";
import { applyPaymentEvent } from "./payment-events.server";
import { orderPaymentStates } from "./payment-state.server";
import { runReconcilerOnce } from "./reconciler.server";

let card: CardTestContext;
let ctx: TestContext;
let engine: EmbeddedBookingEngine;
let product: TestProduct;
let day = 30;

beforeAll(async () => {
  card = await createCardTestContext();
  ({ ctx, engine } = card);
  product = await pickProduct(ctx, { instant: true, refundable: true });
});
afterAll(async () => {
  await ctx?.stop();
});

const tokenOf = async (orderId: string) => (await ctx.db.select({ token: orders.accessToken }).from(orders).where(eq(orders.id, orderId)))[0]!.token;
const dateIn = (days: number) => addDays(ctx.clock.now().toISOString().slice(0, 10), days);

/** A paid order for two adults, and a day `ahead` days after its booking where one adult costs `adultPrice` (a season). */
async function paidOrderAndDay(ahead: number, adultPrice: number | null) {
  const placed = await capturedCardOrder(card, product, { daysAhead: day, adults: 2 });
  const target = addDays(placed.item.localDate, ahead);
  if (adultPrice !== null) {
    await adultCosts(target, adultPrice);
  }
  day += 3;
  return { ...placed, token: await tokenOf(placed.orderId), target };
}

/** A one-day season on `localDate` where one adult costs `price`. */
async function adultCosts(localDate: string, price: number) {
  await ctx.db.insert(priceSeasons).values({ id: randomUUID(), optionId: product.optionId, validFrom: localDate, validTo: localDate, unitPrices: { [product.adult]: { price, original: null } } });
  engine.clearCache();
}

/** Delivers the sandbox's pending webhooks as the webhook route would. */
async function deliverWebhooks() {
  for (const webhook of card.webhooks.splice(0)) {
    for (const event of await card.gateway.parseWebhook(webhook.rawBody, new Headers({ "Rihla-Signature": webhook.signature }))) await applyPaymentEvent(ctx, "sandbox", event);
  }
}

describe("manage my booking", () => {
  test("the page lists the order's booking with what the guest may do; another token opens nothing", async () => {
    const { token, item } = await paidOrderAndDay(1, null);
    const managed = await loadManagedOrder(ctx, token, "ar");
    expect(managed!.items).toHaveLength(1);
    expect(managed!.items[0]).toMatchObject({ id: item.id, status: "CONFIRMED", refusal: null, guests: 2 });
    expect(managed!.items[0]!.quote.allowed).toBe(true);
    expect(await loadManagedOrder(ctx, "not-the-token", "ar")).toBeNull();
    expect(await moveBooking(ctx, "not-the-token", item.id, item.availabilityId, "ar")).toEqual({ status: "refused", reason: "NOT_FOUND" });
  });

  test("a dearer day: the difference is paid on the gateway, then the booking moves once and the order's total grows by it", async () => {
    const { orderId, token, item, target } = await paidOrderAndDay(2, null);
    // One adult costs 50 SAR more on the target day (a season): 100 SAR more for two.
    await adultCosts(target, item.amount / 2 + 5_000);
    const choices = (await moveChoices(ctx, token, item.id, target))!;
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((choice) => choice.difference === 10_000)).toBe(true);

    const outcome = await moveBooking(ctx, token, item.id, choices[0]!.availabilityId, "ar");
    expect(outcome).toMatchObject({ status: "pay", difference: 10_000 });
    // Nothing moves before the payment.
    expect((await ctx.db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0]!.availabilityId).toBe(item.availabilityId);

    const [change] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.orderItemId, item.id));
    card.webhooks.length = 0;
    await card.gateway.pay(change!.gatewaySessionId!, SANDBOX_CARDS.success);
    // The return page and the webhook both arrive; the move is made once.
    await syncChangePayment(ctx, token, change!.id);
    await deliverWebhooks();
    await syncChangePayment(ctx, token, change!.id);

    const [moved] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(moved).toMatchObject({ availabilityId: choices[0]!.availabilityId, localDate: target, amount: item.amount + 10_000 });
    const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.uuid, item.bookingUuid));
    expect(booking!.availabilityId).toBe(choices[0]!.availabilityId);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.totalAmount).toBe(item.amount + 10_000);
    expect((await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, change!.id)))[0]!.status).toBe("APPLIED");
    const kinds = (await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === "item.moved")).toHaveLength(1);
    expect(kinds).toContain("item.move_requested");
    // The difference is in the order's payments, so what was captured is the order's new total: paid in full.
    const ledger = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(ledger.map((row) => [row.purpose, row.capturedAmount]).sort()).toEqual([["CHANGE", 10_000], ["ORDER", item.amount]]);
    expect((await orderPaymentStates(ctx.db, [{ orderId, totalAmount: order!.totalAmount }])).get(orderId)).toEqual({ state: "PAID", captured: item.amount + 10_000 });
    expect((await getOrderPayment(ctx.db, orderId))!.purpose).toBe("ORDER");
  });

  test("a capture of another amount than the difference moves nothing", async () => {
    const { token, item, target } = await paidOrderAndDay(2, null);
    await adultCosts(target, item.amount / 2 + 1_000);
    const [choice] = (await moveChoices(ctx, token, item.id, target))!;
    expect(choice!.difference).toBe(2_000);
    await moveBooking(ctx, token, item.id, choice!.availabilityId, "en");
    const [change] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.orderItemId, item.id));
    await applyPaymentEvent(ctx, "sandbox", { id: `forged-${randomUUID()}`, type: "payment.captured", sessionId: change!.gatewaySessionId!, amount: 1, currency: "SAR", declineCode: null, raw: {} });
    expect((await ctx.db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0]!.availabilityId).toBe(item.availabilityId);
    expect((await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, change!.id)))[0]!.status).toBe("AWAITING_PAYMENT");
  });

  test("a cheaper day: moved at once, the difference refunded from the order's payment", async () => {
    const { orderId, token, item, target } = await paidOrderAndDay(1, null);
    await adultCosts(target, item.amount / 2 - 2_500);
    const [choice] = (await moveChoices(ctx, token, item.id, target))!;
    expect(choice!.difference).toBe(-5_000);
    expect(await moveBooking(ctx, token, item.id, choice!.availabilityId, "en")).toEqual({ status: "moved", difference: -5_000, refunded: true });
    const [moved] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(moved).toMatchObject({ availabilityId: choice!.availabilityId, amount: item.amount - 5_000 });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.totalAmount).toBe(item.amount - 5_000);
    const [change] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.orderItemId, item.id));
    expect(change).toBeUndefined();
    const refunds = await ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.kind, "refund"));
    expect(refunds.some((operation) => operation.amount === 5_000)).toBe(true);
  });

  test("a paid move whose slot filled up in between is refunded whole and the booking stays", async () => {
    const { token, item, target } = await paidOrderAndDay(2, null);
    await adultCosts(target, item.amount / 2 + 500);
    const slot = await openSlot(ctx, product, target);
    const outcome = await moveBooking(ctx, token, item.id, slot, "en");
    expect(outcome.status).toBe("pay");
    const [change] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.orderItemId, item.id));
    // Meanwhile the guest's booking was cancelled by the team (nothing to move any more).
    await ctx.db.update(orderItems).set({ status: "CANCELLED" }).where(eq(orderItems.id, item.id));
    card.webhooks.length = 0;
    await card.gateway.pay(change!.gatewaySessionId!, SANDBOX_CARDS.success);
    await deliverWebhooks();
    expect((await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, change!.id)))[0]!.status).toBe("FAILED");
    const refunded = await ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.sessionId, change!.gatewaySessionId!), eq(sandboxOperations.kind, "refund")));
    expect(refunded.reduce((sum, operation) => sum + operation.amount, 0)).toBe(1_000);
  });

  test("a paid move whose webhook was lost and whose guest never came back is settled by the reconciler", async () => {
    const { token, item, target } = await paidOrderAndDay(2, null);
    await adultCosts(target, item.amount / 2 + 750);
    const slot = await openSlot(ctx, product, target);
    expect((await moveBooking(ctx, token, item.id, slot, "en")).status).toBe("pay");
    const [change] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.orderItemId, item.id));
    await card.gateway.pay(change!.gatewaySessionId!, SANDBOX_CARDS.success);
    card.webhooks.length = 0; // lost
    await runReconcilerOnce(ctx, { now: new Date(ctx.clock.now().getTime() + 5 * 60_000) });
    await runReconcilerOnce(ctx, { now: new Date(ctx.clock.now().getTime() + 10 * 60_000) });
    expect((await ctx.db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0]).toMatchObject({ availabilityId: slot, amount: item.amount + 1_500 });
    expect((await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, change!.id)))[0]!.status).toBe("APPLIED");
  });

  test("a move a crash left half made (moved, not yet marked) is marked by the reconciler, never refunded or moved twice", async () => {
    const { orderId, token, item, target } = await paidOrderAndDay(2, null);
    await adultCosts(target, item.amount / 2 + 250);
    const slot = await openSlot(ctx, product, target);
    expect((await moveBooking(ctx, token, item.id, slot, "en")).status).toBe("pay");
    const [change] = await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.orderItemId, item.id));
    card.webhooks.length = 0;
    await card.gateway.pay(change!.gatewaySessionId!, SANDBOX_CARDS.success);
    await deliverWebhooks();
    // As if the process died after the move and before APPLIED and the ledger entry were written.
    await ctx.db.delete(payments).where(and(eq(payments.orderId, orderId), eq(payments.purpose, "CHANGE")));
    await ctx.db.update(bookingChanges).set({ status: "APPLYING", updatedAt: new Date(ctx.clock.now().getTime() - 10 * 60_000) }).where(eq(bookingChanges.id, change!.id));
    // The first pass hands the stale claim back; the next one settles it.
    await runReconcilerOnce(ctx, { now: new Date(ctx.clock.now().getTime() + 2 * 60_000) });
    await runReconcilerOnce(ctx, { now: new Date(ctx.clock.now().getTime() + 4 * 60_000) });
    expect((await ctx.db.select().from(bookingChanges).where(eq(bookingChanges.id, change!.id)))[0]!.status).toBe("APPLIED");
    expect((await ctx.db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0]).toMatchObject({ availabilityId: slot, amount: item.amount + 500 });
    const refunds = await ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.sessionId, change!.gatewaySessionId!), eq(sandboxOperations.kind, "refund")));
    expect(refunds).toHaveLength(0);
    expect((await ctx.db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.purpose, "CHANGE"))))[0]!.capturedAmount).toBe(500);
  });

  test("a reseller's booking and a booking past its window are refused with their reasons", async () => {
    const { token, item } = await paidOrderAndDay(1, null);
    const resellerId = randomUUID();
    await ctx.db.insert(resellers).values({ id: resellerId, name: "Partner" });
    await ctx.db.insert(resellerBookings).values({ bookingUuid: item.bookingUuid, resellerId });
    expect((await loadManagedOrder(ctx, token, "en"))!.items[0]!.refusal).toBe("RESELLER");
    expect(await moveBooking(ctx, token, item.id, item.availabilityId, "en")).toEqual({ status: "refused", reason: "RESELLER" });
    await ctx.db.delete(resellerBookings).where(eq(resellerBookings.bookingUuid, item.bookingUuid));

    // Past its start: the policy refunds nothing, so it can no longer be moved.
    const before = ctx.clock.now();
    ctx.setNow(new Date(`${item.localDate}T23:00:00Z`));
    try {
      expect((await loadManagedOrder(ctx, token, "en"))!.items[0]!.refusal).toBe("PAST_WINDOW");
    } finally {
      ctx.setNow(before);
    }
  });
});
