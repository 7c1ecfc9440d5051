import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { signUp } from "#app/auth/auth.server";
import { rowsOf } from "#app/db/db.server";
import { customOfferRequests, orderItems, orders, products, reviewAuthors, reviews, users } from "#app/db/schema";
import { todayIn } from "#app/lib/dates";
import { productCacheTag } from "#app/lib/http";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { CustomOfferSchema } from "./custom-offer-schema";
import { findOfferProduct, listCustomOffers, requestCustomOffer } from "./custom-offers.server";
import { reviewAccess, submitReview } from "./reviews.server";

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
  /** A confirmed (or other) booking of `product` on `localDate`, in an order of `user`'s. */
  async function book(user: { id: string; email: string }, productId: string, localDate: string, status = "CONFIRMED") {
    const orderId = randomUUID();
    const itemId = randomUUID();
    await ctx.db.insert(orders).values({
      id: orderId, reference: `RH-${orderId.slice(0, 8)}`, purchaseId: `P-${orderId.slice(0, 8)}`, idempotencyKey: orderId, accessToken: `${randomUUID()}${randomUUID()}`, userId: user.id,
      status: "CONFIRMED", paymentMethod: "card", locale: "en", currency: "SAR", originalAmount: 100, totalAmount: 100, firstName: "B", lastName: "K", email: user.email, countryCode: "+966", phone: "5",
    });
    await ctx.db.insert(orderItems).values({
      id: itemId, orderId, position: 0, bookingUuid: randomUUID(), productId, optionId: "x", availabilityId: "x", localDate, units: [], extraIds: [],
      instantConfirmation: true, currency: "SAR", amount: 100, status,
    });
    return itemId;
  }

  async function confirmEmail(userId: string) {
    await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, userId));
  }

  const reviewer = (user: { id: string; name: string }, emailVerified = true) => ({ id: user.id, name: user.name, emailVerified });
  const write = (user: { id: string; name: string }, slug: string, rating = 5, emailVerified = true) =>
    submitReview(ctx, { user: reviewer(user, emailVerified), productSlug: slug, rating, title: "Great", body: "Loved it", locale: "en" });

  test("a new account with an unconfirmed email and nothing booked publishes nothing (issue #27)", async () => {
    const [product] = await ctx.db.select().from(products).limit(1);
    const stranger = await newUser("Stranger");
    expect(await write(stranger, product!.slug, 1, false)).toEqual({ status: "confirm-email", slug: product!.slug });
    // Even with a past booking: the email comes first.
    await book(stranger, product!.id, "2030-01-01");
    expect(await write(stranger, product!.slug, 1, false)).toEqual({ status: "confirm-email", slug: product!.slug });
    const confirmed = await newUser("Confirmed");
    await confirmEmail(confirmed.id);
    expect(await write(confirmed, product!.slug, 1)).toEqual({ status: "no-booking", slug: product!.slug });
    // A booking that is not confirmed (cancelled, failed, pending) is none.
    await book(confirmed, product!.id, "2030-01-01", "CANCELLED");
    expect(await write(confirmed, product!.slug, 1)).toEqual({ status: "no-booking", slug: product!.slug });
    const [after] = await ctx.db.select().from(products).where(eq(products.id, product!.id));
    expect(after!.reviewCount).toBe(product!.reviewCount);
    expect(await write(confirmed, "no-such-experience")).toEqual({ status: "unknown-product" });
  });

  test("only after the trip, by the experience's own calendar; one review per booking; the rating moves once per review", async () => {
    const [product] = await ctx.db.select().from(products).where(eq(products.published, true)).offset(1).limit(1);
    const traveller = await newUser("Traveller");
    await confirmEmail(traveller.id);
    // The clock is 2030-01-08 06:00 UTC: a trip today is still ahead.
    const today = todayIn(product!.timeZone, ctx.clock.now());
    const firstTrip = await book(traveller, product!.id, today);
    expect(await write(traveller, product!.slug)).toEqual({ status: "after-trip", slug: product!.slug });
    expect(await reviewAccess(ctx, reviewer(traveller), product!)).toEqual({ status: "after-trip", tripDate: today });

    // Just after midnight where the experience is (the Gulf is ahead of UTC), while UTC is still on that day.
    const saved = ctx.clock.now();
    const afterLocalMidnight = new Date(Date.UTC(2030, 0, 8, 23, 59));
    ctx.setNow(afterLocalMidnight);
    try {
      expect(todayIn(product!.timeZone, afterLocalMidnight) > today).toBe(true);
      expect(afterLocalMidnight.toISOString().slice(0, 10)).toBe(today);
      expect(await reviewAccess(ctx, reviewer(traveller), product!)).toEqual({ status: "open", itemId: firstTrip, tripDate: today });
      const first = await write(traveller, product!.slug, 5);
      expect(first).toMatchObject({ status: "published", slug: product!.slug });
      expect(await write(traveller, product!.slug, 1)).toEqual({ status: "already-reviewed", slug: product!.slug });
      expect(await reviewAccess(ctx, reviewer(traveller), product!)).toEqual({ status: "reviewed" });

      // A second trip of the same experience may have its own review.
      const secondTrip = await book(traveller, product!.id, "2030-01-05");
      const second = await write(traveller, product!.slug, 3);
      expect(second).toMatchObject({ status: "published" });
      const authors = await ctx.db.select().from(reviewAuthors).where(eq(reviewAuthors.userId, traveller.id));
      expect(authors.map((row) => row.orderItemId).sort()).toEqual([firstTrip, secondTrip].sort());
      expect(authors.every((row) => row.verifiedBooking)).toBe(true);
      const written = await ctx.db.select().from(reviews).where(eq(reviews.productId, product!.id));
      expect(written.filter((row) => row.title === "Great").map((row) => row.visitedOn).sort()).toEqual(["2030-01-05", today]);

      const [after] = await ctx.db.select().from(products).where(eq(products.id, product!.id));
      expect(after!.reviewCount).toBe(product!.reviewCount + 2);
      const expected = Math.round((((product!.rating * product!.reviewCount + 5) / (product!.reviewCount + 1)) * (product!.reviewCount + 1) + 3) / (product!.reviewCount + 2) * 100) / 100;
      expect(after!.rating).toBeCloseTo(expected, 1);
    } finally {
      ctx.setNow(saved);
    }
  });

  test("a double submit publishes one review", async () => {
    const [product] = await ctx.db.select().from(products).where(eq(products.published, true)).offset(2).limit(1);
    const traveller = await newUser("Twice");
    await confirmEmail(traveller.id);
    await book(traveller, product!.id, "2030-01-02");
    const outcomes = await Promise.all([write(traveller, product!.slug), write(traveller, product!.slug)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["already-reviewed", "published"]);
    expect(await ctx.db.select().from(reviewAuthors).where(eq(reviewAuthors.userId, traveller.id))).toHaveLength(1);
  });

  test("a review tells the instances about its product only: no catalogue version, its pages' tag", async () => {
    const [product] = await ctx.db.select().from(products).where(eq(products.published, true)).offset(3).limit(1);
    const traveller = await newUser("Tagger");
    await confirmEmail(traveller.id);
    await book(traveller, product!.id, "2030-01-02");
    const changes: Array<{ reason: string; tags: readonly string[] | undefined }> = [];
    const stop = ctx.siteChanges.subscribe((reason, tags) => changes.push({ reason, tags }));
    const version = async () => rowsOf<{ version: number }>(await ctx.db.execute(sql`SELECT version::int AS version FROM catalogue_meta WHERE key = 'catalogue'`))[0]!.version;
    const before = await version();
    try {
      expect(await write(traveller, product!.slug, 4)).toMatchObject({ status: "published" });
      await vi.waitFor(() => expect(changes).toEqual([{ reason: `review of ${product!.slug}`, tags: [productCacheTag(product!.id)] }]), { timeout: 10_000 });
      expect(await version()).toBe(before);
      // The catalogue's index has the new count (its cards, listings and search see it).
      const [card] = await ctx.catalogue.getCards([product!.id], "en", "SAR");
      expect(card?.reviewCount).toBe(product!.reviewCount + 1);
    } finally {
      stop();
    }
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
