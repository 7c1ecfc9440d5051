/**
 * The reconciler: on start and then periodically, it finishes whatever a crash, a lost webhook or a
 * slow supplier left half done. It expires stale holds, aborts orders whose checkout died while
 * placing, asks the gateway about orders whose webhook never came, and settles orders that are
 * still moving (confirmations to retry, on-request decisions to pick up, refunds or captures to
 * finish). Every step it calls is idempotent, so it is safe next to webhooks and other instances.
 */
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { LOCKS, type DatabaseHandle } from "#app/db/db.server";
import { startPeriodic, type PeriodicJob } from "#app/db/periodic.server";
import { orderItems, orders, payments } from "#app/db/schema";
import { rejectOverdueItems } from "./decide-pending.server";
import { retryFailedRefunds } from "./refunds.server";
import { abandonOrder, settleOrder, syncOrderPayment, type CommerceDeps } from "./orders.server";
import { expireOffers } from "./offers.server";
import { settleOpenChanges } from "./manage-booking.server";
import { sendBookingNotices } from "./notifications/booking-notices.server";
import { sendOwedNotices } from "./notifications/owed-notices.server";
import { expireDuePayLaterOrders } from "./pay-later.server";
import { releasePromo } from "./promo.server";

/** A checkout that has not finished placing after this long died half way. */
const PLACING_TIMEOUT_MS = 2 * 60_000;
const BATCH = 100;

export interface ReconcileReport {
  expiredHolds: number;
  abortedPlacing: number;
  synced: number;
  settled: number;
  /** On-request items rejected because nobody decided in time (and decisions a crash left half done). */
  autoRejected: number;
  /** Pay-later orders past their payment deadline whose seats were released. */
  expiredPayLater: number;
  expiredOffers: number;
  /** Team refunds the gateway refused before (or a crash left unasked), tried again when due. */
  refundsRetried: number;
  /** Outcome emails sent because the request that owed them crashed first, or an earlier try failed. */
  noticesSent: number;
  /** Reminders and review requests sent (one per booking, kind and channel, ever). */
  bookingNoticesSent: number;
  /** Guests' paid moves whose webhook never came (or that a crash left half done), settled. */
  changesSettled: number;
  errors: number;
}

/** One pass; `now` and `settleAfterMs` let tests run it without waiting. */
export async function runReconcilerOnce(deps: CommerceDeps, options: { now?: Date; settleAfterMs?: number } = {}): Promise<ReconcileReport> {
  const { db, bookingApi: api } = deps;
  const now = options.now ?? new Date();
  const settleAfterMs = options.settleAfterMs ?? deps.env.ORDER_SETTLE_AFTER_SECONDS * 1000;
  const report: ReconcileReport = { expiredHolds: 0, abortedPlacing: 0, synced: 0, settled: 0, autoRejected: 0, expiredPayLater: 0, expiredOffers: 0, refundsRetried: 0, noticesSent: 0, bookingNoticesSent: 0, changesSettled: 0, errors: 0 };
  const attempt = async (orderId: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      report.errors += 1;
      console.error(`[reconciler] order ${orderId}`, error);
      deps.incidents.report({ kind: "settle_failed", orderId, gateway: null });
    }
  };

  report.expiredHolds = await api.expireHolds();

  const placing = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "PLACING"), lt(orders.updatedAt, new Date(now.getTime() - PLACING_TIMEOUT_MS))))
    .limit(BATCH);
  for (const { id } of placing) {
    await attempt(id, async () => {
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id));
      for (const item of items) await api.cancel(item.bookingUuid, { reason: "Checkout did not finish" }).catch(() => undefined);
      await db.update(orderItems).set({ status: "CANCELLED" }).where(and(eq(orderItems.orderId, id), inArray(orderItems.status, ["NEW", "HELD"])));
      await db.update(orders).set({ status: "REFUSED", updatedAt: now }).where(and(eq(orders.id, id), eq(orders.status, "PLACING")));
      await releasePromo(db, id);
      report.abortedPlacing += 1;
    });
  }

  const waiting = await db
    .select({ id: orders.id, updatedAt: orders.updatedAt })
    .from(orders)
    .where(and(eq(orders.status, "AWAITING_PAYMENT"), lt(orders.updatedAt, new Date(now.getTime() - settleAfterMs))))
    .limit(BATCH);
  const holdMs = deps.env.BOOKING_HOLD_MINUTES * 60_000;
  for (const order of waiting) {
    await attempt(order.id, async () => {
      await syncOrderPayment(deps, order.id);
      // Nobody paid while the seats were held: give them back.
      const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      if (after?.status === "AWAITING_PAYMENT" && now.getTime() - order.updatedAt.getTime() > holdMs) await abandonOrder(deps, order.id);
      report.synced += 1;
    });
  }

  // On-request items nobody decided are rejected before the card authorisation lapses.
  try {
    const decided = await rejectOverdueItems(deps, now, BATCH);
    report.autoRejected = decided.rejected + decided.resumed;
  } catch (error) {
    report.errors += 1;
    console.error("[reconciler] rejecting overdue on-request items", error);
  }
  // Pay later: unpaid past the deadline → seats released, customer told (each order once).
  await attempt("pay-later", async () => {
    report.expiredPayLater = (await expireDuePayLaterOrders(deps, now)).expired;
  });
  // Custom offers: quotes past their validity.
  await attempt("offers", async () => {
    report.expiredOffers = await expireOffers(deps, now);
  });

  // A payment link whose webhook never came: ask the gateway.
  const links = await db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.status, "PAY_LATER"), eq(payments.status, "CREATED"), lt(payments.createdAt, new Date(now.getTime() - settleAfterMs))))
    .limit(BATCH);
  for (const { id } of links) {
    await attempt(id, async () => {
      await syncOrderPayment(deps, id);
      report.synced += 1;
    });
  }

  // Team refunds that failed at the gateway: tried again with exponential backoff.
  try {
    report.refundsRetried = (await retryFailedRefunds(deps, now, BATCH)).retried;
  } catch (error) {
    report.errors += 1;
    console.error("[reconciler] retrying failed refunds", error);
  }

  // Outcome notices a crash left unsent, and failed emails due for another try.
  try {
    report.noticesSent = (await sendOwedNotices(deps, now, BATCH)).sent;
  } catch (error) {
    report.errors += 1;
    console.error("[reconciler] sending owed notices", error);
  }

  // Reminders before confirmed bookings start, review requests after (each claimed in the database, so sent once).
  try {
    const timing = { reminderHoursBefore: deps.env.REMINDER_HOURS_BEFORE, reviewRequestHoursAfter: deps.env.REVIEW_REQUEST_HOURS_AFTER };
    report.bookingNoticesSent = (await sendBookingNotices(deps, now, timing, BATCH)).sent;
  } catch (error) {
    report.errors += 1;
    console.error("[reconciler] sending reminders and review requests", error);
  }

  // Guests' moves paid at the gateway whose webhook was lost (manage my booking).
  try {
    report.changesSettled = await settleOpenChanges(deps, now, BATCH);
  } catch (error) {
    report.errors += 1;
    console.error("[reconciler] settling guests' paid moves", error);
  }

  // Orders still moving, and finished orders with a refund or capture left half done.
  const moving = await db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(
      or(
        inArray(orders.status, ["PROCESSING", "ON_HOLD", "PAY_LATER"]),
        eq(orderItems.refundState, "REFUNDING"),
        and(eq(payments.captureState, "CAPTURING"), eq(payments.status, "AUTHORIZED")),
        // A late pay-later payment whose refund did not finish.
        eq(payments.captureState, "REFUNDING"),
        and(inArray(payments.status, ["AUTHORIZED", "CAPTURED"]), sql`${orderItems.status} IN ('HELD', 'PENDING')`),
      ),
    )
    .limit(BATCH);
  for (const { id } of moving) {
    await attempt(id, async () => {
      await settleOrder(deps, id);
      report.settled += 1;
    });
  }
  return report;
}

export type Reconciler = PeriodicJob;

/**
 * Runs a pass now and then every `intervalMs`; never overlaps itself, and with several instances on
 * one database only one of them runs a pass at a time (an advisory lock; the others skip that tick).
 */
export function startReconciler(deps: CommerceDeps & { database: Pick<DatabaseHandle, "exclusive"> }, intervalMs: number): Reconciler {
  return startPeriodic(deps.database, { lock: LOCKS.reconciler, intervalMs, name: "reconciler" }, () => runReconcilerOnce(deps));
}
