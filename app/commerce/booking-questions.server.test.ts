/**
 * Booking questions end to end on a real database (issue #33): the console adds them to a product,
 * checkout asks them per booking and per traveller, the order item keeps the answers with the
 * questions as asked, and the manifest and its CSV show them, also after the question is removed.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { validateCartAnswers } from "#app/booking/questions";
import { addQuestion, removeQuestion } from "#app/catalogue/manage/questions.server";
import { carts, orderItems } from "#app/db/schema";
import type { Actor } from "#app/staff/audit.server";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { pickProduct } from "#app/testing/commerce-fixtures.server";
import { addToCart, askedLinesOfCart } from "./cart.server";
import { loadManifest, manifestCsv } from "./manifest.server";
import { placeOrder } from "./orders.server";

let ctx: TestContext;
const clock = new Date("2030-02-04T06:00:00Z");
const actor: Actor = { id: null, email: "catalogue@staff.example.com" };
const lead = { firstName: "Huda", lastName: "Al-Harbi", email: "huda@example.com", countryCode: "+966", phone: "501112222" };

beforeAll(async () => {
  ctx = await createTestContext({ env: { PAYMENT_GATEWAY: "sandbox" }, now: clock });
});

afterAll(async () => {
  await ctx?.stop();
});

test("checkout asks the product's questions, the order keeps the answers, the manifest and its CSV show them", async () => {
  const product = await pickProduct(ctx, { instant: true, payLater: true });
  const hotel = await addQuestion(ctx, actor, product.productId, { label: { en: "Hotel for pickup", ar: "فندق الاستلام" }, type: "TEXT", scope: "BOOKING", required: true, choices: {} }, clock);
  const diet = await addQuestion(
    ctx,
    actor,
    product.productId,
    { label: { en: "Meal", ar: "الوجبة" }, type: "CHOICE", scope: "TRAVELLER", required: true, choices: { en: "Regular\nVegetarian", ar: "عادية\nنباتية" } },
    clock,
  );
  const day = new Date(clock.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slot = await (ctx.bookingApi as EmbeddedBookingEngine).firstOpenSlot(product.productId, product.optionId, day);
  const cartId = randomUUID();
  await ctx.db.insert(carts).values({ id: cartId, currency: "SAR", promoCode: null });
  const added = await addToCart(ctx, { id: cartId, currency: "SAR", promoCode: null }, { productId: product.productId, optionId: product.optionId, availabilityId: slot!.id, units: [{ unitId: product.adult, quantity: 2 }], extraIds: [] });
  if (!added.ok) throw new Error(added.reason);

  const asked = await askedLinesOfCart(ctx.db, cartId);
  expect(asked).toHaveLength(1);
  const line = asked[0]!;
  expect(line.travellers).toBe(2);
  // Unanswered: a message on the booking's question and on each traveller's.
  const refused = validateCartAnswers(asked, {});
  expect(refused.ok ? [] : Object.keys(refused.errors).sort()).toEqual([`q.${line.lineId}.${diet.id}.1`, `q.${line.lineId}.${diet.id}.2`, `q.${line.lineId}.${hotel.id}`].sort());
  // An order without the answers (a forged or stale form) is refused before anything is held.
  expect(await placeOrder(ctx, { cartId, locale: "en", lead, method: "pay_later", idempotencyKey: randomUUID() })).toEqual({ ok: false, reason: "ANSWERS_MISSING" });

  const checked = validateCartAnswers(asked, { [`q.${line.lineId}.${hotel.id}`]: "Hilton Riyadh, room 512", [`q.${line.lineId}.${diet.id}.1`]: "c1", [`q.${line.lineId}.${diet.id}.2`]: "c2" });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const placed = await placeOrder(ctx, { cartId, locale: "en", lead, method: "pay_later", idempotencyKey: randomUUID(), answers: checked.answers });
  if (!placed.ok) throw new Error(placed.reason);
  const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
  expect(item!.bookingAnswers.map((answer) => [answer.questionId, answer.traveller, answer.value])).toEqual([
    [hotel.id, null, "Hilton Riyadh, room 512"],
    [diet.id, 1, "c1"],
    [diet.id, 2, "c2"],
  ]);

  // Removed from the product later, the question stays as it was asked on the booking.
  await removeQuestion(ctx, actor, product.productId, diet.id, clock);
  const manifest = await loadManifest(ctx.db, { date: day, productId: product.productId }, "ar");
  const row = manifest.rows.find((candidate) => candidate.reference === placed.order.reference);
  expect(row?.answers).toEqual([
    { label: "فندق الاستلام", traveller: null, text: "Hilton Riyadh, room 512" },
    { label: "الوجبة", traveller: 1, text: "عادية" },
    { label: "الوجبة", traveller: 2, text: "نباتية" },
  ]);
  const english = await loadManifest(ctx.db, { date: day, productId: product.productId }, "en");
  expect(manifestCsv(english)).toContain("Hotel for pickup: Hilton Riyadh, room 512; Meal #1: Regular; Meal #2: Vegetarian");
});
