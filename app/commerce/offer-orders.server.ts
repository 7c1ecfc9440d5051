/**
 * An accepted offer follows its order: paid when the order is confirmed, open again (or expired, past
 * its validity) when the order's payment failed or its hold lapsed. Called by settling and abandoning
 * (kept apart from offers.server.ts so the order flow does not import the offer flow).
 */
import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { customOfferRequests } from "#app/db/schema";
import { recordAudit, SYSTEM_ACTOR } from "#app/staff/audit.server";

export async function followOfferOrder(db: Database, orderId: string, outcome: string, now: Date = new Date()): Promise<void> {
  const paid = outcome === "CONFIRMED" || outcome === "PARTIALLY_CONFIRMED" || outcome === "ON_HOLD";
  const failed = outcome === "PAYMENT_FAILED" || outcome === "BOOKING_FAILED" || outcome === "EXPIRED" || outcome === "REFUSED";
  if (!paid && !failed) return;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const from = and(eq(customOfferRequests.orderId, orderId), eq(customOfferRequests.status, "ACCEPTED"));
    const moved = paid
      ? await t.update(customOfferRequests).set({ status: "PAID", updatedAt: now }).where(from).returning()
      : [
          ...(await t.update(customOfferRequests).set({ status: "QUOTED", orderId: null, acceptedOption: null, updatedAt: now }).where(and(from, gt(customOfferRequests.validUntil, now))).returning()),
          ...(await t.update(customOfferRequests).set({ status: "EXPIRED", updatedAt: now }).where(and(from, lte(customOfferRequests.validUntil, now))).returning()),
        ];
    for (const offer of moved) {
      await recordAudit(t, SYSTEM_ACTOR, { action: `offer.${offer.status === "PAID" ? "paid" : offer.status === "QUOTED" ? "reopened" : "expired"}`, subjectType: "offer", subjectId: offer.reference, orderId, before: { status: "ACCEPTED" }, after: { status: offer.status, outcome } }, now);
    }
  });
}
