/** A page of an experience's reviews with the count per star. */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { ReviewRow } from "#app/db/schema";
import type { LocaleCode } from "#app/db/types";
import type { ReviewItem, ReviewPage } from "./types";

export interface ReviewPageOptions {
  page?: number;
  pageSize?: number;
  /** Reviews in this language come first. */
  locale?: LocaleCode;
}

export async function loadReviewPage(db: Database, productId: string, options: ReviewPageOptions = {}): Promise<ReviewPage> {
  const pageSize = Math.min(50, Math.max(1, options.pageSize ?? 5));
  const page = Math.max(1, options.page ?? 1);
  const [rows, breakdown] = await Promise.all([loadReviewRows(db, productId, page, pageSize, options.locale), loadStarBreakdown(db, productId)]);
  const total = Object.values(breakdown).reduce((sum, count) => sum + count, 0);
  return { items: rows.map(reviewItemOf), total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)), breakdown };
}

function loadReviewRows(db: Database, productId: string, page: number, pageSize: number, locale: LocaleCode | undefined): Promise<ReviewRow[]> {
  return (
    db
      .select()
      .from(schema.reviews)
      .where(eq(schema.reviews.productId, productId))
      // The visitor's own language first, newest first within it.
      .orderBy(...(locale ? [desc(sql`${schema.reviews.locale} = ${locale}`)] : []), desc(schema.reviews.createdAt), asc(schema.reviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
  );
}

async function loadStarBreakdown(db: Database, productId: string): Promise<ReviewPage["breakdown"]> {
  const rows = await db
    .select({ rating: schema.reviews.rating, count: sql<number>`count(*)::int` })
    .from(schema.reviews)
    .where(eq(schema.reviews.productId, productId))
    .groupBy(schema.reviews.rating);
  const breakdown: ReviewPage["breakdown"] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) breakdown[row.rating as 1 | 2 | 3 | 4 | 5] = Number(row.count);
  return breakdown;
}

function reviewItemOf(review: ReviewRow): ReviewItem {
  return {
    id: review.id,
    authorName: review.authorName,
    authorCountry: review.authorCountry,
    locale: review.locale,
    rating: review.rating,
    title: review.title,
    body: review.body,
    visitedOn: review.visitedOn,
    createdAt: review.createdAt.toISOString(),
  };
}
