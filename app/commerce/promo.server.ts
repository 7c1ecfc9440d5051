/** Promo codes in the database; the rules themselves are pure (./pricing.ts). */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { promoCodes, promoRedemptions } from "#app/db/schema";
import { normalizePromoCode, type PromoRule } from "./pricing";

export async function loadPromo(database: Database, code: string): Promise<PromoRule | null> {
  const [row] = await database.select().from(promoCodes).where(eq(promoCodes.code, normalizePromoCode(code)));
  return row ?? null;
}

/**
 * Takes one use of a code for an order, in the caller's transaction. The conditional update is the
 * only gate: two orders racing for the last use cannot both get it. Returns false when used up.
 */
export async function redeemPromo(tx: Database, code: string, orderId: string): Promise<boolean> {
  const taken = await tx
    .update(promoCodes)
    .set({ redemptionCount: sql`${promoCodes.redemptionCount} + 1` })
    .where(and(eq(promoCodes.code, code), sql`(${promoCodes.maxRedemptions} IS NULL OR ${promoCodes.redemptionCount} < ${promoCodes.maxRedemptions})`))
    .returning({ code: promoCodes.code });
  if (taken.length === 0) return false;
  await tx.insert(promoRedemptions).values({ code, orderId });
  return true;
}

/** Gives a use back when its order fails; once per order. */
export async function releasePromo(db: Database, orderId: string): Promise<void> {
  const released = await db
    .update(promoRedemptions)
    .set({ releasedAt: new Date() })
    .where(and(eq(promoRedemptions.orderId, orderId), isNull(promoRedemptions.releasedAt)))
    .returning({ code: promoRedemptions.code });
  for (const row of released) {
    await db
      .update(promoCodes)
      .set({ redemptionCount: sql`greatest(${promoCodes.redemptionCount} - 1, 0)` })
      .where(eq(promoCodes.code, row.code));
  }
}
