/**
 * Custom offers on a real database: a quote checked against availability and emailed, accepted into
 * an order at the quoted price with its seats held (never oversold), paid through the webhook; a second
 * accept, an accept after expiry, and an accept of a full slot are refused; withdraw and decline.
 */
import { randomBytes } from "node:crypto";
import { eq, like } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { auditLog, customOfferRequests, orderItems, orders, payments, users } from "#app/db/schema";
import { addDays } from "#app/lib/dates";
import { SANDBOX_CARDS, type SandboxGateway } from "#app/payments/sandbox.server";
import { pickProduct, type TestProduct } from "#app/testing/commerce-fixtures.server";
import { createTestContext, TEST_NOW, type TestContext } from "#app/testing/context.server";
import { applyPaymentEvent } from "./orders.server";
import { acceptOffer, declineOffer, expireOffers, quoteOffer, withdrawOffer, type OfferCustomer } from "./offers.server";

let ctx: TestContext;
let gateway: SandboxGateway;
let engine: EmbeddedBookingEngine;
let product: TestProduct;
let webhooks: Array<{ rawBody: string; signature: string }> = [];
const agent = { id: null, email: "agent@rihla.test" };
let dayOffset = 5;
let customer: OfferCustomer;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { SANDBOX_WEBHOOK_SECRET: "test-sandbox-webhook-secret", PAYMENT_GATEWAY: "sandbox" },
    sandboxDelivery: async (rawBody, signature) => {
      webhooks.push({ rawBody, signature });
    },
  });
  gateway = ctx.payments.sandbox;
  engine = ctx.bookingApi as EmbeddedBookingEngine;
  product = await pickProduct(ctx, { noFixedPrice: true });
  const id = `user-${randomBytes(4).toString("hex")}`;
  await ctx.db.insert(users).values({ id, email: "layla@example.com", name: "Layla Haddad", passwordHash: "x", locale: "ar", emailVerifiedAt: new Date() });
  customer = { id, email: "layla@example.com", emailVerified: true, name: "Layla Haddad" };
});

afterAll(async () => {
  await ctx?.stop();
});

beforeEach(() => {
  webhooks = [];
  ctx.mail.length = 0;
});

async function request(groupSize = 4): Promise<string> {
  const reference = `CO-${randomBytes(4).toString("hex").toUpperCase()}`;
  await ctx.db.insert(customOfferRequests).values({ reference, userId: customer.id, productId: product.productId, locale: "ar", dateFrom: addDays(TEST_NOW.toISOString().slice(0, 10), 10), groupSize, currency: "SAR", message: "A private trip", name: customer.name, email: customer.email });
  return reference;
}

const nextDay = () => addDays(TEST_NOW.toISOString().slice(0, 10), dayOffset++);
const validUntil = () => new Date(Date.now() + 3 * 86_400_000);

async function offer(reference: string) {
  const [row] = await ctx.db.select().from(customOfferRequests).where(eq(customOfferRequests.reference, reference));
  return row!;
}

test("quote → accept → pay: an order at the quoted price, seats held then booked, the offer paid", async () => {
  const reference = await request(4);
  const quoted = await quoteOffer(ctx, reference, { options: [{ localDate: nextDay(), amount: 250_000, included: "Private guide, lunch" }, { localDate: nextDay(), amount: 200_000, included: "Guide" }], validUntil: validUntil(), message: "Two choices for you" }, agent);
  expect(quoted).toMatchObject({ ok: true });
  const quote = (await offer(reference)).quote!;
  expect(quote.options).toHaveLength(2);
  expect(ctx.mail.at(-1)).toMatchObject({ to: customer.email });
  expect(ctx.mail.at(-1)!.text).toContain("Private guide, lunch");

  const accepted = await acceptOffer(ctx, { reference, option: 1, user: customer, locale: "ar" });
  expect(accepted.ok).toBe(true);
  if (!accepted.ok) return;
  expect(accepted.redirectTo).toMatch(/^\/checkout\?pay=/);
  const row = await offer(reference);
  expect(row).toMatchObject({ status: "ACCEPTED", acceptedOption: 1 });
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, row.orderId!));
  expect(order).toMatchObject({ status: "AWAITING_PAYMENT", totalAmount: 200_000, paymentMethod: "card" });
  const seats = await engine.seatCounts(quote.options[1]!.optionId, quote.options[1]!.availabilityId);
  expect(seats?.held).toBeGreaterThanOrEqual(4);

  // Accepting twice is refused.
  expect(await acceptOffer(ctx, { reference, option: 0, user: customer, locale: "ar" })).toEqual({ ok: false, reason: "NOT_OPEN" });

  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order!.id));
  await gateway.pay(payment!.sessionId, SANDBOX_CARDS.success);
  for (const webhook of webhooks.splice(0)) for (const event of await gateway.parseWebhook(webhook.rawBody, new Headers({ "Rihla-Signature": webhook.signature }))) await applyPaymentEvent(ctx, "sandbox", event);
  const [paid] = await ctx.db.select().from(orders).where(eq(orders.id, order!.id));
  expect(paid!.status).toBe("CONFIRMED");
  const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
  expect(items.map((item) => item.status)).toEqual(["CONFIRMED"]);
  expect((await offer(reference)).status).toBe("PAID");
  const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, reference))).map((entry) => entry.action);
  expect(actions).toEqual(expect.arrayContaining(["offer.quote", "offer.accept", "offer.paid"]));
});

test("two accepts at once: one order", async () => {
  const reference = await request(2);
  await quoteOffer(ctx, reference, { options: [{ localDate: nextDay(), amount: 90_000, included: "" }], validUntil: validUntil(), message: "" }, agent);
  const results = await Promise.all([0, 1].map(() => acceptOffer(ctx, { reference, option: 0, user: customer, locale: "ar" })));
  expect(results.filter((result) => result.ok)).toHaveLength(1);
  const made = await ctx.db.select().from(orders).where(like(orders.idempotencyKey, `offer:${reference}:%`));
  expect(made).toHaveLength(1);
});

test("a quote past its validity cannot be accepted, and the reconciler expires it", async () => {
  const reference = await request(2);
  const until = new Date(Date.now() + 60_000);
  await quoteOffer(ctx, reference, { options: [{ localDate: nextDay(), amount: 90_000, included: "" }], validUntil: until, message: "" }, agent);
  const later = new Date(until.getTime() + 1000);
  expect(await acceptOffer(ctx, { reference, option: 0, user: customer, locale: "ar" }, later)).toEqual({ ok: false, reason: "EXPIRED" });
  expect(await expireOffers(ctx, later)).toBeGreaterThanOrEqual(1);
  expect((await offer(reference)).status).toBe("EXPIRED");
  expect(await acceptOffer(ctx, { reference, option: 0, user: customer, locale: "ar" }, later)).toEqual({ ok: false, reason: "EXPIRED" });
});

test("accepting a slot without room is refused with a clear reason; the quote stays open", async () => {
  const reference = await request(500);
  await quoteOffer(ctx, reference, { options: [{ localDate: nextDay(), amount: 90_000, included: "" }], validUntil: validUntil(), message: "" }, agent);
  expect(await acceptOffer(ctx, { reference, option: 0, user: customer, locale: "ar" })).toEqual({ ok: false, reason: "NO_CAPACITY" });
  expect((await offer(reference)).status).toBe("QUOTED");
});

test("withdraw and decline end an offer; someone else's offer is not found", async () => {
  const a = await request();
  await quoteOffer(ctx, a, { options: [{ localDate: nextDay(), amount: 1, included: "" }], validUntil: validUntil(), message: "" }, agent);
  expect(await declineOffer(ctx, { reference: a, user: { ...customer, id: "someone-else", email: "x@example.com" } })).toEqual({ ok: false, reason: "NOT_FOUND" });
  expect(await declineOffer(ctx, { reference: a, user: customer })).toEqual({ ok: true });
  expect(await withdrawOffer(ctx, a, agent, "late")).toEqual({ ok: false, reason: "NOT_OPEN" });
  const b = await request();
  expect(await withdrawOffer(ctx, b, agent, "We cannot run this trip")).toEqual({ ok: true });
  expect((await offer(b)).status).toBe("WITHDRAWN");
  expect(ctx.mail.at(-1)!.text).toContain("We cannot run this trip");
});
