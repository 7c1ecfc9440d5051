import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { signUp } from "#app/auth/auth.server";
import { rowsOf } from "#app/db/db.server";
import { customOfferRequests, orderItems, orders, products, reviewAuthors } from "#app/db/schema";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { CustomOfferSchema } from "./custom-offer-schema";
import { findOfferProduct, listCustomOffers, requestCustomOffer } from "./custom-offers.server";
import { submitReview } from "./reviews.server";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(() => ctx?.stop());

async function newUser(name: string) {
  const outcome = await signUp({ name, email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`, password: "password123", locale: "en", address: randomUUID() }, ctx);
  if (outcome.status !== "registered" || !outcome.user) throw new Error(outcome.status);
  return outcome.user;
}

describe("reviews", () => {
  test("a review updates rating and count once; a booker's is a verified booking", async () => {
    const [product] = await ctx.db.select().from(products).limit(1);
    const booker = await newUser("Booker");
    const orderId = randomUUID();
    await ctx.db.insert(orders).values({
      id: orderId, reference: `RH-${orderId.slice(0, 8)}`, purchaseId: `P-${orderId.slice(0, 8)}`, idempotencyKey: orderId, accessToken: `${randomUUID()}${randomUUID()}`, userId: booker.id,
      status: "CONFIRMED", paymentMethod: "card", locale: "en", currency: "SAR", originalAmount: 100, totalAmount: 100, firstName: "B", lastName: "K", email: booker.email, countryCode: "+966", phone: "5",
    });
    await ctx.db.insert(orderItems).values({
      id: randomUUID(), orderId, position: 0, bookingUuid: randomUUID(), productId: product!.id, optionId: "x", availabilityId: "x", localDate: "2030-01-01", units: [], extraIds: [],
      instantConfirmation: true, currency: "SAR", amount: 100, status: "CONFIRMED",
    });
    const before = { rating: product!.rating, count: product!.reviewCount };
    const first = await submitReview(ctx, { userId: booker.id, authorName: booker.name, productSlug: product!.slug, rating: 5, title: "Great", body: "Loved it", locale: "en" });
    expect(first).toMatchObject({ status: "published", verifiedBooking: true });
    expect(await submitReview(ctx, { userId: booker.id, authorName: booker.name, productSlug: product!.slug, rating: 1, title: "Again", body: "Twice", locale: "en" })).toEqual({ status: "already-reviewed", slug: product!.slug });
    const visitor = await newUser("Visitor");
    const second = await submitReview(ctx, { userId: visitor.id, authorName: visitor.name, productSlug: product!.slug, rating: 3, title: "Fine", body: "Ok", locale: "ar" });
    expect(second).toMatchObject({ status: "published", verifiedBooking: false });
    const [after] = await ctx.db.select().from(products).where(eq(products.id, product!.id));
    expect(after!.reviewCount).toBe(before.count + 2);
    const expected = Math.round(((before.rating * before.count + 5) / (before.count + 1) * (before.count + 1) + 3) / (before.count + 2) * 100) / 100;
    expect(after!.rating).toBeCloseTo(expected, 1);
    const authors = await ctx.db.select().from(reviewAuthors).where(eq(reviewAuthors.productId, product!.id));
    expect(authors.map((row) => row.verifiedBooking).sort()).toEqual([false, true]);
    expect(await submitReview(ctx, { userId: visitor.id, authorName: "x", productSlug: "no-such-experience", rating: 3, title: "a", body: "b", locale: "en" })).toEqual({ status: "unknown-product" });
  });
});

describe("custom offers", () => {
  test("validation: dates in order, group size bounds, email format", () => {
    const base = { dateFrom: "2030-02-01", groupSize: "12", message: "A private tour for our team", name: "Omar", email: "omar@example.com" };
    expect(CustomOfferSchema.safeParse(base).success).toBe(true);
    const issues = (value: Record<string, string>) => CustomOfferSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ ...base, dateTo: "2030-01-01" })).toEqual(["account.errors.dateOrder"]);
    expect(issues({ ...base, groupSize: "0" })).toEqual(["account.errors.groupSize"]);
    expect(issues({ ...base, email: "omar@" })).toEqual(["account.errors.email"]);
  });

  test("a request is stored, emailed to the team and the customer, and listed for the account", async () => {
    const [row] = rowsOf<{ slug: string }>(await ctx.db.execute(sql`SELECT slug FROM products WHERE no_fixed_price ORDER BY id LIMIT 1`));
    const product = await findOfferProduct(ctx.db, row!.slug, "en");
    expect(product?.noFixedPrice).toBe(true);
    const user = await newUser("Offer");
    const form = CustomOfferSchema.parse({ dateFrom: "2030-02-01", dateTo: "2030-02-03", groupSize: "12", budget: "5000", message: "Team outing", name: "Omar", email: user.email });
    const outcome = await requestCustomOffer(ctx, { form, product: product!, locale: "en", userId: user.id, address: randomUUID() });
    expect(outcome.status).toBe("sent");
    const reference = outcome.status === "sent" ? outcome.reference : "";
    const [stored] = await ctx.db.select().from(customOfferRequests).where(eq(customOfferRequests.reference, reference));
    expect(stored).toMatchObject({ groupSize: 12, budget: 500_000, currency: product!.currency, emailedAt: expect.any(Date) });
    expect(ctx.mail.filter((mail) => mail.to === "support@rihla.example").some((mail) => mail.subject.includes(reference))).toBe(true);
    expect(ctx.mail.filter((mail) => mail.to === user.email).some((mail) => mail.subject.includes(reference))).toBe(true);
    expect((await listCustomOffers(ctx.db, { id: user.id, email: user.email, emailVerified: false }, "en")).map((offer) => offer.reference)).toEqual([reference]);
    expect(await listCustomOffers(ctx.db, { id: randomUUID(), email: "someone@example.com", emailVerified: true }, "en")).toEqual([]);
    expect(await requestCustomOffer(ctx, { form: { ...form, website: "spam" }, product: product!, locale: "en", userId: null, address: "x" })).toEqual({ status: "ignored" });
    console.info(`[offer slug] ${row!.slug}`);
  });
});
