/**
 * Tabby's pay in 4 from checkout to a confirmed order on a real database and the sandbox gateway:
 * offered and placed only when the cart allows it, paid on the sandbox's Tabby page, charged in full,
 * and told apart from a card by the payment's method.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { orders } from "#app/db/schema";
import { addDays } from "#app/lib/dates";
import { SANDBOX_TABBY_CODE, SANDBOX_TABBY_REJECTED_PHONE } from "#app/payments/sandbox.server";
import { adultsAt, cardPaidOrder, cartWith, createCardTestContext, openSlot, orderState, pickProduct, TEST_LEAD, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import { TEST_NOW } from "#app/testing/context.server";
import { paidWith } from "./order-records.server";
import { placeOrder } from "./orders.server";

let card: CardTestContext;
let instant: TestProduct;
let onRequest: TestProduct;

beforeAll(async () => {
  card = await createCardTestContext();
  instant = await pickProduct(card.ctx, { instant: true });
  onRequest = await pickProduct(card.ctx, { instant: false });
});

afterAll(async () => {
  await card?.ctx.stop();
});

const tabby = (phone: string) => ({ method: "tabby" as const, phone, code: SANDBOX_TABBY_CODE });

test("an order paid with Tabby is confirmed and captured in full; it is a card order whose payment says Tabby", async () => {
  const { order } = await cardPaidOrder(card, instant, { daysAhead: 3, method: "installments", pay: tabby("0551234567") });
  const state = await orderState(card.ctx, order.id);
  expect(state.order).toMatchObject({ status: "CONFIRMED", paymentMethod: "card" });
  expect(state.payment).toMatchObject({ status: "CAPTURED", capturedAmount: order.totalAmount, method: "tabby" });
  expect(paidWith(state.payment)).toBe("tabby");
});

test("Tabby's rejection fails the payment and releases the seats, like a declined card", async () => {
  const { order } = await cardPaidOrder(card, instant, { daysAhead: 4, method: "installments", pay: tabby(`0${SANDBOX_TABBY_REJECTED_PHONE.slice(3)}`) });
  const state = await orderState(card.ctx, order.id);
  expect(state.order.status).toBe("PAYMENT_FAILED");
  expect(state.payment).toMatchObject({ status: "FAILED", declineCode: "not_eligible" });
  expect(state.item.status).not.toBe("CONFIRMED");
});

test("a cart with an on-request experience is refused Tabby before any order or hold exists (a forged choice too)", async () => {
  const date = addDays(TEST_NOW.toISOString().slice(0, 10), 6);
  const cartId = await cartWith(card.ctx, [adultsAt(onRequest, await openSlot(card.ctx, onRequest, date))]);
  expect(await placeOrder(card.ctx, { cartId, locale: "ar", lead: TEST_LEAD, method: "installments", idempotencyKey: randomUUID() })).toEqual({ ok: false, reason: "INSTALLMENTS_NOT_ALLOWED" });
  expect(await card.ctx.db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
  // The same cart still goes through by card.
  expect((await placeOrder(card.ctx, { cartId, locale: "ar", lead: TEST_LEAD, method: "card", idempotencyKey: randomUUID() })).ok).toBe(true);
});
