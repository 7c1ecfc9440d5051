/**
 * Reviews written from an account. The review goes into the catalogue's `reviews` table (so the
 * detail page lists it), its author and "verified booking" flag into `review_authors`; the product's
 * rating and count move by this one review, then the catalogue is told to rebuild its index.
 */
import { and, eq, sql } from "drizzle-orm";
import { notifyCatalogueChanged } from "#app/catalogue/catalogue.server";
import type { Database, DatabaseHandle } from "#app/db/db.server";
import { orderItems, orders, products, reviewAuthors, reviews } from "#app/db/schema";
import type { LocaleCode } from "#app/i18n/locales";
import { hitRateLimit } from "#app/auth/rate-limit.server";

export type ReviewOutcome =
  | { status: "published"; reviewId: number; verifiedBooking: boolean; slug: string }
  | { status: "unknown-product" }
  | { status: "already-reviewed"; slug: string }
  | { status: "rate-limited"; retryAfterSeconds: number };

/** True when the user has a confirmed booking of the product. */
export async function hasBooked(db: Database, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orderItems.status, "CONFIRMED")))
    .limit(1);
  return Boolean(row);
}

export async function submitReview(deps: { database: Pick<DatabaseHandle, "db" | "pubsub">; env: { SESSION_SECRET: string } }, input: { userId: string; authorName: string; productSlug: string; rating: number; title: string; body: string; locale: LocaleCode }): Promise<ReviewOutcome> {
  const handle = deps.database;
  const { db } = handle;
  const [product] = await db.select({ id: products.id, slug: products.slug }).from(products).where(eq(products.slug, input.productSlug));
  if (!product) return { status: "unknown-product" };
  const limit = await hitRateLimit("reviewAccount", input.userId, { db, secret: deps.env.SESSION_SECRET });
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const verifiedBooking = await hasBooked(db, input.userId, product.id);
  const published = await db.transaction(async (tx) => {
    // One review per account and experience; the unique index settles a double submit.
    const [existing] = await tx.select({ id: reviewAuthors.reviewId }).from(reviewAuthors).where(and(eq(reviewAuthors.userId, input.userId), eq(reviewAuthors.productId, product.id)));
    if (existing) return null;
    const [review] = await tx
      .insert(reviews)
      .values({ productId: product.id, authorName: input.authorName, locale: input.locale, rating: input.rating, title: input.title, body: input.body, visitedOn: null })
      .returning({ id: reviews.id });
    await tx.insert(reviewAuthors).values({ reviewId: review!.id, userId: input.userId, productId: product.id, verifiedBooking });
    await tx
      .update(products)
      .set({
        rating: sql`round(((${products.rating} * ${products.reviewCount} + ${input.rating})::numeric / (${products.reviewCount} + 1)), 2)::double precision`,
        reviewCount: sql`${products.reviewCount} + 1`,
      })
      .where(eq(products.id, product.id));
    return review!.id;
  });
  if (published === null) return { status: "already-reviewed", slug: product.slug };
  await notifyCatalogueChanged(handle);
  return { status: "published", reviewId: published, verifiedBooking, slug: product.slug };
}

/** Review ids of a product written by verified bookers (for the detail page's "Verified booking" badge). */
export async function verifiedReviewIds(db: Database, productId: string): Promise<number[]> {
  const rows = await db.select({ id: reviewAuthors.reviewId }).from(reviewAuthors).where(and(eq(reviewAuthors.productId, productId), eq(reviewAuthors.verifiedBooking, true)));
  return rows.map((row) => row.id);
}
