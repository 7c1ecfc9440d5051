/**
 * Reviews written from an account, under the rule of ./review-access.ts: a confirmed email, and a
 * confirmed booking of the experience whose day has passed; one review per booking. The review goes
 * into the catalogue's `reviews` table (so the detail page lists it, with the trip's date as "visited"),
 * its author and booking into `review_authors`; the product's rating and count move by this one review,
 * then every instance is told that this product was reviewed, which drops that experience's cached
 * pages only (notifyProductReviewed), not the whole page cache.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { notifyProductReviewed } from "#app/catalogue/catalogue.server";
import type { Database, DatabaseHandle } from "#app/db/db.server";
import { orderItems, orders, products, reviewAuthors, reviews } from "#app/db/schema";
import type { LocaleCode } from "#app/lib/locales";
import type { Clock } from "#app/lib/clock";
import { hitRateLimit } from "#app/auth/rate-limit.server";
import { todayIn } from "#app/lib/dates";
import { reviewAccessOf, type ReviewableBooking, type ReviewAccess } from "#app/catalogue/review-access";

export type ReviewOutcome =
  | { status: "published"; reviewId: number; slug: string }
  | { status: "unknown-product" }
  /** Refused by the rule (review-access.ts): why. */
  | { status: "sign-in" | "confirm-email" | "no-booking" | "after-trip" | "already-reviewed"; slug: string }
  | { status: "rate-limited"; retryAfterSeconds: number };

/** The account as the rule needs it (the signed-in user, read from the database for this request). */
export type Reviewer = { id: string; name: string; emailVerified: boolean };


/** The account's confirmed bookings (order items) of a product, each with whether it has its review. */
async function bookingsOf(db: Database, userId: string, productId: string): Promise<ReviewableBooking[]> {
  const rows = await db
    .select({ itemId: orderItems.id, localDate: orderItems.localDate, reviewId: reviewAuthors.reviewId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(reviewAuthors, eq(reviewAuthors.orderItemId, orderItems.id))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orderItems.status, "CONFIRMED")))
    .orderBy(asc(orderItems.localDate));
  return rows.map((row) => ({ itemId: row.itemId, localDate: row.localDate, reviewed: row.reviewId !== null }));
}

/** Whether (and if not, why not) `user` may review the product now (the detail page's review box). */
export async function reviewAccess(deps: { db: Database; clock: Clock }, user: Reviewer | null, product: { id: string; timeZone: string }): Promise<ReviewAccess> {
  if (!user?.emailVerified) return reviewAccessOf(user, [], "");
  return reviewAccessOf(user, await bookingsOf(deps.db, user.id, product.id), todayIn(product.timeZone, deps.clock.now()));
}

export async function submitReview(
  deps: { database: Pick<DatabaseHandle, "db" | "pubsub">; env: { SESSION_SECRET: string }; clock: Clock },
  input: { user: Reviewer; productSlug: string; rating: number; title: string; body: string; locale: LocaleCode },
): Promise<ReviewOutcome> {
  const handle = deps.database;
  const { db } = handle;
  const { user } = input;
  const [product] = await db.select({ id: products.id, slug: products.slug, timeZone: products.timeZone }).from(products).where(eq(products.slug, input.productSlug));
  if (!product) return { status: "unknown-product" };
  const access = await reviewAccess({ db, clock: deps.clock }, user, product);
  if (access.status !== "open") return { status: access.status === "reviewed" ? "already-reviewed" : access.status, slug: product.slug };
  const limit = await hitRateLimit("reviewAccount", user.id, { db, secret: deps.env.SESSION_SECRET });
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const published = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // One review per booking: the booking's row lock queues a double submit, which then finds the
    // first one's review (the unique index on review_authors.order_item_id stands behind this).
    await t.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.id, access.itemId)).for("update");
    const [existing] = await t.select({ id: reviewAuthors.reviewId }).from(reviewAuthors).where(eq(reviewAuthors.orderItemId, access.itemId));
    if (existing) return null;
    const [review] = await t
      .insert(reviews)
      .values({ productId: product.id, authorName: user.name, locale: input.locale, rating: input.rating, title: input.title, body: input.body, visitedOn: access.tripDate })
      .returning({ id: reviews.id });
    await t.insert(reviewAuthors).values({ reviewId: review!.id, userId: user.id, productId: product.id, orderItemId: access.itemId, verifiedBooking: true });
    await t
      .update(products)
      .set({
        rating: sql`round(((${products.rating} * ${products.reviewCount} + ${input.rating})::numeric / (${products.reviewCount} + 1)), 2)::double precision`,
        reviewCount: sql`${products.reviewCount} + 1`,
      })
      .where(eq(products.id, product.id));
    return review!.id;
  });
  if (published === null) return { status: "already-reviewed", slug: product.slug };
  await notifyProductReviewed(handle, { productId: product.id, slug: product.slug });
  return { status: "published", reviewId: published, slug: product.slug };
}

/** Review ids of a product written by verified bookers (for the detail page's "Verified booking" badge). */
export async function verifiedReviewIds(db: Database, productId: string): Promise<number[]> {
  const rows = await db.select({ id: reviewAuthors.reviewId }).from(reviewAuthors).where(and(eq(reviewAuthors.productId, productId), eq(reviewAuthors.verifiedBooking, true)));
  return rows.map((row) => row.id);
}
