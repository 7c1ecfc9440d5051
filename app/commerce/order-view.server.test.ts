/**
 * The console's order page as one value, on a real database: commerce's own story on the timeline
 * (placed, paid, booked, confirmed, the messages sent) merged with staff actions, travellers by the
 * unit's name in the page's language, and what was refunded of each booking line.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { units } from "#app/db/schema";
import { capturedCardOrder, cardPaidOrder, createCardTestContext, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import type { TestContext } from "#app/testing/context.server";
import { orderTimeline } from "./order-events.server";
import { loadOrderPage } from "./order-view.server";
import { refundItem } from "./refunds.server";
import { settleOrder } from "./settle-order.server";

let ctx: TestContext;
let card: CardTestContext;
let product: TestProduct;
let day = 30;
const admin = { id: null, email: "admin@rihla.test" };

beforeAll(async () => {
  card = await createCardTestContext();
  ctx = card.ctx;
  product = await pickProduct(ctx, { instant: true, refundable: true });
});

afterAll(async () => {
  await ctx?.stop();
});

const page = async (reference: string, locale: "en" | "ar" = "en") => (await loadOrderPage(ctx, { reference, locale, role: "admin" }))!;
const kinds = (timeline: Array<{ kind: string }>) => timeline.map((entry) => entry.kind);

describe("the order's timeline", () => {
  test("a card order tells its own story: placed, authorised and captured, booked, confirmed, the email sent", async () => {
    const { reference } = await capturedCardOrder(card, product, { daysAhead: day++ });
    const { timeline } = await page(reference);
    expect(kinds(timeline)).toEqual(expect.arrayContaining(["order.placed", "payment.captured", "item.booked", "order.confirmed", "message.email.sent"]));
    expect(kinds(timeline).indexOf("order.placed")).toBe(0);
    expect(kinds(timeline).indexOf("payment.captured")).toBeLessThan(kinds(timeline).indexOf("order.confirmed"));
    expect(timeline.find((entry) => entry.kind === "order.placed")).toMatchObject({ source: "event", actor: "customer" });
    expect(timeline.find((entry) => entry.kind === "payment.captured")?.money).toMatchObject({ currency: "SAR", amount: expect.any(Number) });
  });

  test("settling again tells nothing new: each step once", async () => {
    const { order } = await cardPaidOrder(card, product, { daysAhead: day++ });
    const before = kinds((await page(order.reference)).timeline);
    await settleOrder(ctx, order.id);
    expect(kinds((await page(order.reference)).timeline)).toEqual(before);
    expect(before.filter((kind) => kind === "order.confirmed")).toHaveLength(1);
  });

  test("a staff refund is merged in: the audit action, the refund's steps, and the refunded amount on the booking line", async () => {
    const { reference, orderId, item } = await capturedCardOrder(card, product, { daysAhead: day++ });
    const result = await refundItem(ctx, { orderId, itemId: item.id, amount: 1_000, reason: "goodwill", idempotencyKey: randomUUID(), actor: admin, role: "admin" });
    expect(result.ok).toBe(true);
    const view = await page(reference);
    expect(view.items[0]!.refunded).toBe(1_000);
    const refundEntries = view.timeline.filter((entry) => entry.kind.startsWith("refund."));
    expect(refundEntries.map((entry) => entry.source)).toEqual(expect.arrayContaining(["event", "audit"]));
    expect(refundEntries.find((entry) => entry.source === "audit")).toMatchObject({ actor: admin.email, note: "goodwill", money: { amount: 1_000, currency: "SAR" } });
  });
});

describe("booking lines", () => {
  test("travellers by the unit's name in the page's language, never the unit id", async () => {
    const { reference } = await capturedCardOrder(card, product, { daysAhead: day++, adults: 2 });
    const [unit] = await ctx.db.select().from(units).where(eq(units.id, product.adult));
    const en = await page(reference, "en");
    const ar = await page(reference, "ar");
    expect(en.items[0]!.travellers).toEqual([{ unitId: product.adult, title: unit!.title.en, quantity: 2 }]);
    expect(ar.items[0]!.travellers[0]!.title).toBe(unit!.title.ar || unit!.title.en);
    expect(ar.items[0]!.travellers[0]!.title).not.toBe(product.adult);
    expect(en.items[0]!.refunded).toBe(0);
  });
});

describe("orderTimeline", () => {
  test("merges story, staff actions and messages oldest first; at one moment the step, then the action, then the message", () => {
    const at = new Date("2030-01-01T10:00:00Z");
    const later = new Date("2030-01-01T11:00:00Z");
    const timeline = orderTimeline(
      [
        { id: 2, orderId: "o", kind: "order.confirmed", actor: "system", detail: {}, createdAt: later },
        { id: 1, orderId: "o", kind: "order.placed", actor: "customer", detail: { total: 5_000, currency: "SAR" }, createdAt: at },
      ],
      [{ action: "refund.create", actorEmail: "a@x", createdAt: later, reason: "goodwill", after: { amount: 500, currency: "SAR" } }],
      [{ id: 1, orderId: "o", channel: "email", kind: "CONFIRMED", recipient: "c@x", subject: "Booked", locale: "en", status: "FAILED", error: "smtp down", createdAt: later }],
    );
    expect(timeline.map((entry) => [entry.kind, entry.source])).toEqual([
      ["order.placed", "event"],
      ["order.confirmed", "event"],
      ["refund.create", "audit"],
      ["message.email.failed", "message"],
    ]);
    expect(timeline[2]).toMatchObject({ money: { amount: 500, currency: "SAR" }, note: "goodwill" });
    expect(timeline[3]!.note).toBe("Booked: smtp down");
  });
});
