/**
 * Where an order's money stands, as the team at the meeting point needs to know it: the manifest shows
 * it beside each booking and check-in refuses to admit an order that has paid nothing.
 */
import { inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { payments } from "#app/db/schema";

/**
 * PAID: captured in full (or nothing to pay); AUTHORIZED: a card hold not yet captured; UNPAID:
 * nothing collected (pay later); VIA_RESELLER: a reseller's booking, which the guest paid to the
 * reseller (settled between reseller and supplier, nothing to collect at the meeting point).
 */
export type OrderPaymentState = "PAID" | "AUTHORIZED" | "UNPAID" | "VIA_RESELLER";

export type OrderPayment = { state: OrderPaymentState; /** Minor units collected so far. */ captured: number };

/** The payment state of each order (by id), from its payments and its total in minor units. */
export async function orderPaymentStates(db: Database, orders: ReadonlyArray<{ orderId: string; totalAmount: number }>): Promise<Map<string, OrderPayment>> {
  const orderIds = [...new Set(orders.map((order) => order.orderId))];
  const sums = orderIds.length
    ? await db
        .select({
          orderId: payments.orderId,
          captured: sql<number>`coalesce(sum(${payments.capturedAmount}), 0)::int`,
          authorized: sql<number>`count(*) FILTER (WHERE ${payments.status} = 'AUTHORIZED')::int`,
        })
        .from(payments)
        .where(inArray(payments.orderId, orderIds))
        .groupBy(payments.orderId)
    : [];
  const byOrder = new Map(sums.map((row) => [row.orderId, row]));
  return new Map(
    orders.map((order) => {
      const paid = byOrder.get(order.orderId);
      const state: OrderPaymentState =
        order.totalAmount === 0 || (paid && paid.captured > 0 && paid.captured >= order.totalAmount) ? "PAID" : paid && paid.authorized > 0 ? "AUTHORIZED" : "UNPAID";
      return [order.orderId, { state, captured: paid?.captured ?? 0 }];
    }),
  );
}
