/**
 * A product's "pay later allowed" switch (catalogue console) on a real database: the cart review offers
 * pay later only when every item allows it, and placing a pay-later order over an item that does not is
 * refused before any order row or hold exists; card still works, and an all-allowed cart pays later.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { bookings, orders, products } from "#app/db/schema";
import { addDays } from "#app/lib/dates";
import { adultsAt, cartWith, openSlot, pickProduct, TEST_LEAD, type TestProduct } from "#app/testing/commerce-fixtures.server";
import { createTestContext, TEST_NOW, type TestContext } from "#app/testing/context.server";
import { reviewCart } from "./cart.server";
import { placeOrder } from "./orders.server";

let ctx: TestContext;
let allowing: TestProduct;
let refusing: TestProduct;
let day = 5;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PAYMENT_GATEWAY: "sandbox", PAY_LATER_DEADLINE_HOURS: "48", PAY_LATER_MAX_OPEN_PER_EMAIL: "1000" } });
  allowing = await pickProduct(ctx, { instant: true });
  refusing = await pickProduct(ctx, { instant: true, offset: 1 });
  await ctx.db.update(products).set({ payLaterAllowed: true, payLaterDeadlineHours: 30 }).where(eq(products.id, allowing.productId));
  await ctx.db.update(products).set({ payLaterAllowed: false, payLaterDeadlineHours: null }).where(eq(products.id, refusing.productId));
});

afterAll(async () => {
  await ctx?.stop();
});

/** A cart with one adult of each product, each on a slot of its own (a later day per call). */
async function cartOf(...chosen: TestProduct[]) {
  const date = addDays(TEST_NOW.toISOString().slice(0, 10), day++);
  const selections = await Promise.all(chosen.map(async (product) => adultsAt(product, await openSlot(ctx, product, date))));
  return { cartId: await cartWith(ctx, selections), slots: selections.map((selection) => selection.availabilityId) };
}

const place = (cartId: string, method: "card" | "pay_later") => placeOrder(ctx, { cartId, locale: "en", lead: TEST_LEAD, method, idempotencyKey: randomUUID() });

test("a cart with an item whose product disallows pay later does not offer it", async () => {
  const { cartId } = await cartOf(allowing, refusing);
  const review = await reviewCart(ctx, cartId, "en");
  expect(review.lines.map((line) => [line.productId, line.payLaterAllowed])).toEqual([
    [allowing.productId, true],
    [refusing.productId, false],
  ]);
  expect(review.payLaterAvailable).toBe(false);
});

test("placing it to pay later is refused with PAY_LATER_NOT_ALLOWED and holds nothing; card still places it", async () => {
  const { cartId, slots } = await cartOf(allowing, refusing);
  expect(await place(cartId, "pay_later")).toEqual({ ok: false, reason: "PAY_LATER_NOT_ALLOWED" });
  expect(await ctx.db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
  expect(await ctx.db.select().from(bookings).where(inArray(bookings.availabilityId, slots))).toEqual([]);

  const paid = await place(cartId, "card");
  expect(paid.ok).toBe(true);
});

test("a cart where every item allows pay later offers it and places it, due by the product's own hours", async () => {
  const { cartId } = await cartOf(allowing);
  expect((await reviewCart(ctx, cartId, "en")).payLaterAvailable).toBe(true);
  const placed = await place(cartId, "pay_later");
  if (!placed.ok) throw new Error(`refused: ${placed.reason}`);
  expect(placed.order.paymentMethod).toBe("pay_later");
  expect(placed.order.paymentDueAt!.getTime() - placed.order.purchasedAt.getTime()).toBe(30 * 3_600_000);
});

test("an empty cart offers no pay later", async () => {
  expect((await reviewCart(ctx, null, "en")).payLaterAvailable).toBe(false);
});
