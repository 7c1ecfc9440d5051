/**
 * Cancelling a confirmed booking on a real database, whoever asks: the customer under the policy from
 * their bookings page, or the team (under the policy, or an admin's override); the same steps for both
 * (the refund capped by what is left of the item, the supplier asked, the order CANCELLED when nothing
 * is left, the customer told, the story on the order's timeline).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { BookingError } from "#app/booking/types";
import { customerCancellations, orders, users } from "#app/db/schema";
import { capturedCardOrder, createCardTestContext, orderState, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import type { TestContext } from "#app/testing/context.server";
import { cancelCustomerBooking, cancelItemForCustomer, customerRefund, quoteCustomerCancellation } from "./cancellation.server";
import { netAmount } from "./pricing";
import { runReconcilerOnce } from "./reconciler.server";
import { refundItem } from "./refunds.server";

let ctx: TestContext;
let card: CardTestContext;
let engine: EmbeddedBookingEngine;
const agent = { id: null, email: "agent@rihla.test" };
const admin = { id: null, email: "admin@rihla.test" };
let product: TestProduct;
let day = 20;

beforeAll(async () => {
  card = await createCardTestContext({ AGENT_REFUND_LIMIT_SAR: "100" });
  ({ ctx, engine } = card);
  product = await pickProduct(ctx, { instant: true, refundable: true });
});

afterAll(async () => {
  await ctx?.stop();
});

const capturedOrder = (adults = 2) => capturedCardOrder(card, product, { daysAhead: day++, adults });
const stateOf = (orderId: string) => orderState(ctx, orderId);

/** A captured order that belongs to a fresh customer account. */
async function customersOrder() {
  const userId = randomUUID();
  await ctx.db.insert(users).values({ id: userId, email: `${userId}@example.com`, name: "Noura Al-Qahtani", passwordHash: "x", locale: "ar", emailVerifiedAt: new Date() });
  const placed = await capturedOrder();
  await ctx.db.update(orders).set({ userId }).where(eq(orders.id, placed.orderId));
  return { ...placed, userId };
}

describe("the customer cancels", () => {
  test("the refund is the policy's penalty on what they paid", () => {
    expect(customerRefund(18_000, 0)).toBe(18_000);
    expect(customerRefund(18_000, 25)).toBe(13_500);
    expect(customerRefund(18_000, 100)).toBe(0);
  });

  test("another user's booking is not found", async () => {
    const { item } = await customersOrder();
    const other = randomUUID();
    expect(await quoteCustomerCancellation(ctx, { userId: other }, item.id, "en")).toBeNull();
    expect(await cancelCustomerBooking(ctx, { userId: other }, item.id)).toEqual({ status: "not-found" });
    expect(await cancelCustomerBooking(ctx, { userId: other }, "not-a-uuid")).toEqual({ status: "not-found" });
  });

  test("within the policy: seats back, the gateway refunds once, the order CANCELLED, the customer told, the story recorded", async () => {
    const { orderId, item, userId } = await customersOrder();
    const engineQuote = await engine.quoteCancellation(item.bookingUuid);
    const quoted = await quoteCustomerCancellation(ctx, { userId }, item.id, "en");
    expect(quoted!.item).toMatchObject({ id: item.id, localDate: item.localDate });
    expect(quoted!.quote).toMatchObject({ allowed: true, paid: netAmount(item), penaltyPercent: engineQuote.penaltyPercent, refundAmount: customerRefund(netAmount(item), engineQuote.penaltyPercent) });
    const refundAmount = quoted!.quote.refundAmount;
    expect(refundAmount).toBeGreaterThan(0);

    expect(await cancelCustomerBooking(ctx, { userId }, item.id)).toEqual({ status: "cancelled", refundAmount, currency: "SAR", refunded: true });
    const state = await stateOf(orderId);
    expect(state.item).toMatchObject({ status: "CANCELLED", refundState: "CUSTOMER_CANCELLED" });
    expect(state.order.status).toBe("CANCELLED");
    expect((await engine.getBooking(item.bookingUuid))?.status).toBe("CANCELLED");
    expect(state.refundedAtGateway).toBe(refundAmount);
    expect(state.payment.refundedAmount).toBe(refundAmount);
    const [record] = await ctx.db.select().from(customerCancellations).where(eq(customerCancellations.orderItemId, item.id));
    expect(record).toMatchObject({ refundAmount, refundState: "REFUNDED" });
    expect(state.messages.filter((message) => message.kind === "ITEM_CANCELLED" && message.status === "SENT")).toHaveLength(1);
    expect(state.events.map((event) => [event.kind, event.actor])).toContainEqual(["item.cancelled_by_customer", "customer"]);

    // A second submit changes nothing and refunds nothing.
    expect(await cancelCustomerBooking(ctx, { userId }, item.id)).toEqual({ status: "not-allowed" });
    expect((await stateOf(orderId)).refundedAtGateway).toBe(refundAmount);
  });

  test("after a refund by the team, only what is left of the booking comes back", async () => {
    const { orderId, item, userId, captured } = await customersOrder();
    const left = 1_000;
    expect(await refundItem(ctx, { orderId, itemId: item.id, amount: netAmount(item) - left, reason: "goodwill", idempotencyKey: randomUUID(), actor: admin, role: "admin" })).toMatchObject({ ok: true });
    expect(await cancelCustomerBooking(ctx, { userId }, item.id)).toEqual({ status: "cancelled", refundAmount: left, currency: "SAR", refunded: true });
    const state = await stateOf(orderId);
    expect(state.refundedAtGateway).toBe(netAmount(item));
    expect(state.payment.refundedAmount).toBeLessThanOrEqual(captured);
  });

  test("a supplier that refuses keeps the booking: nothing cancelled, nothing refunded", async () => {
    const { orderId, item, userId } = await customersOrder();
    const spy = vi.spyOn(engine, "cancel").mockRejectedValueOnce(new BookingError("BOOKING_REDEEMED", "used"));
    expect(await cancelCustomerBooking(ctx, { userId }, item.id)).toEqual({ status: "not-allowed" });
    spy.mockRestore();
    const state = await stateOf(orderId);
    expect(state.item.status).toBe("CONFIRMED");
    expect(state.order.status).toBe("CONFIRMED");
    expect(state.payment.refundedAmount).toBe(0);
    expect(await ctx.db.select().from(customerCancellations).where(eq(customerCancellations.orderItemId, item.id))).toEqual([]);
    expect(state.messages.filter((message) => message.kind === "ITEM_CANCELLED")).toEqual([]);
  });
});

describe("the team cancels for the customer", () => {
  test("within the policy: booking cancelled, the policy's refund paid, order CANCELLED, customer told", async () => {
    const { orderId, item, captured } = await capturedOrder();
    const quote = await engine.quoteCancellation(item.bookingUuid);
    // Its refund is above the agents' limit (100 SAR here): an agent is refused before anything moves.
    expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "guest is ill", override: false, actor: agent, role: "agent" })).toMatchObject({ ok: false, reason: "LIMIT" });
    expect((await stateOf(orderId)).item.status).toBe("CONFIRMED");
    const result = await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "guest is ill", override: false, actor: admin, role: "admin" });
    const expected = captured - Math.round((captured * quote.penaltyPercent) / 100);
    expect(result).toMatchObject({ ok: true, refundAmount: expected, currency: "SAR" });
    const state = await stateOf(orderId);
    expect(state.item).toMatchObject({ status: "CANCELLED", refundState: "TEAM_CANCELLED" });
    expect(state.order.status).toBe("CANCELLED");
    expect((await engine.getBooking(item.bookingUuid))?.status).toBe("CANCELLED");
    expect(state.refunds).toMatchObject([{ amount: expected }]);
    expect(state.refundedAtGateway).toBe(expected);
    expect(state.messages.map((m) => m.kind)).toContain("ITEM_CANCELLED");
    expect(state.audit.map((entry) => entry.action)).toContain("booking.cancel");
    expect(state.item.status).toBe("CANCELLED");
    // Settling again refunds nothing more.
    await runReconcilerOnce(ctx);
    expect((await stateOf(orderId)).refundedAtGateway).toBe(expected);
    expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "again", override: false, actor: agent, role: "agent" })).toEqual({ ok: false, reason: "NOT_CANCELLABLE" });
  });

  test("outside the policy: refused for an agent; an admin's override (with a reason) cancels and refunds in full", async () => {
    const { orderId, item, captured } = await capturedOrder();
    const saved = ctx.clock.now();
    // The day after the activity: every policy keeps 100 %.
    ctx.setNow(new Date(new Date(`${item.localDate}T12:00:00Z`).getTime() + 2 * 86_400_000));
    try {
      expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "late", override: false, actor: admin, role: "admin" })).toEqual({ ok: false, reason: "OUTSIDE_POLICY" });
      expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "late", override: true, actor: agent, role: "agent" })).toEqual({ ok: false, reason: "FORBIDDEN" });
      expect(await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: " ", override: true, actor: admin, role: "admin" })).toEqual({ ok: false, reason: "REASON_REQUIRED" });
      expect((await stateOf(orderId)).item.status).toBe("CONFIRMED");
      const result = await cancelItemForCustomer(ctx, { itemId: item.id, orderId, reason: "supplier closed the site", override: true, actor: admin, role: "admin" });
      expect(result).toMatchObject({ ok: true, refundAmount: captured });
      const state = await stateOf(orderId);
      expect(state.item.status).toBe("CANCELLED");
      expect(state.refundedAtGateway).toBe(captured);
      expect(state.audit.map((entry) => entry.action)).toContain("booking.cancel_override");
    } finally {
      ctx.setNow(saved);
    }
  });
});

