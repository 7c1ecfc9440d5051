/**
 * Keeping personal data no longer than needed (PDPL): a daily pass, one instance at a time, removes
 * - sessions past their expiry, and password-reset and email-verification tokens used or expired;
 * - accounts whose email was never confirmed, after `unverifiedAccountDays`, when they hold no order
 *   and are no staff member's sign-in;
 * - a guest's contact details (name, email, phone: on the order, its messages and the engine's booking)
 *   once `guestContactDays` have passed since their last booking's day and the order was placed; the
 *   order itself stays, with its amounts, for the tax invoices (as when an account is deleted);
 * - contact-form messages after `contactMessageDays`;
 * - mail in this instance's local outbox folder (when given) after `outboxDays`, its index kept in step.
 * Invoices and their legal fields are never touched. Each figure of the report is what was removed.
 */
import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { bookingUnitItems, bookings, contactMessages, emailVerifications, orderItems, orderMessages, orders, passwordResetTokens, paymentEvents, payments, sessions, staffMembers, users } from "#app/db/schema";
import { addDays, localDateAt, RIYADH_TIME_ZONE } from "#app/lib/dates";
import { forgetGuestConsents } from "./consent-records.server";
import { pruneOutboxDir } from "#app/lib/outbox";

export type RetentionPeriods = { guestContactDays: number; unverifiedAccountDays: number; contactMessageDays: number; outboxDays: number };
export type RetentionReport = { sessions: number; tokens: number; unverifiedAccounts: number; guestOrders: number; contactMessages: number; outboxMessages: number };
/** Where this instance keeps what it touches besides the database: its local mail outbox folder (`${DATA_DIR}/outbox`). */
export type RetentionPlaces = { outboxDir?: string };

const DAY_MS = 86_400_000;
const BATCH = 500;

export async function runRetention(db: Database, now: Date, periods: RetentionPeriods, places: RetentionPlaces = {}): Promise<RetentionReport> {
  const report: RetentionReport = { sessions: 0, tokens: 0, unverifiedAccounts: 0, guestOrders: 0, contactMessages: 0, outboxMessages: 0 };
  report.sessions = (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.idHash })).length;
  for (const table of [passwordResetTokens, emailVerifications]) {
    report.tokens += (await db.delete(table).where(or(lt(table.expiresAt, now), isNotNull(table.usedAt))).returning({ id: table.tokenHash })).length;
  }

  const unverifiedBefore = new Date(now.getTime() - periods.unverifiedAccountDays * DAY_MS);
  report.unverifiedAccounts = (
    await db
      .delete(users)
      .where(
        and(
          isNull(users.emailVerifiedAt),
          lt(users.createdAt, unverifiedBefore),
          notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.userId, users.id))),
          notExists(db.select({ id: staffMembers.userId }).from(staffMembers).where(eq(staffMembers.userId, users.id))),
        ),
      )
      .returning({ id: users.id })
  ).length;

  // Guests' orders whose last booking day and purchase are both past the period, not yet anonymised.
  const lastDay = addDays(localDateAt(RIYADH_TIME_ZONE, now), -periods.guestContactDays);
  const placedBefore = new Date(now.getTime() - periods.guestContactDays * DAY_MS);
  const due = await db
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(
      and(
        isNull(orders.userId),
        lt(orders.purchasedAt, placedBefore),
        sql`${orders.email} NOT LIKE 'erased-%@invalid'`,
        notExists(db.select({ id: orderItems.id }).from(orderItems).where(and(eq(orderItems.orderId, orders.id), sql`${orderItems.localDate} >= ${lastDay}`))),
      ),
    )
    .limit(BATCH);
  for (const { id } of due) {
    await eraseOrderContact(db, id);
    report.guestOrders += 1;
  }
  // A guest's consent given at checkout names their address: it goes with the last order that held it.
  await forgetGuestConsents(db, due.map((row) => row.email));

  report.contactMessages = (await db.delete(contactMessages).where(lt(contactMessages.createdAt, new Date(now.getTime() - periods.contactMessageDays * DAY_MS))).returning({ id: contactMessages.id })).length;
  // The outbox is this instance's folder (each instance runs the pass on its own daily tick).
  if (places.outboxDir) report.outboxMessages = await pruneOutboxDir(places.outboxDir, new Date(now.getTime() - periods.outboxDays * DAY_MS));
  return report;
}

/**
 * An order's contact details gone everywhere they were copied: the order (an address no mail server
 * accepts, unique to the order), its messages' recipients, the engine's booking and its travellers,
 * and the gateway's events about its payments.
 * Shared with the deletion of an account (./personal-data.server.ts).
 */
export async function eraseOrderContact(db: Database, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const uuids = (await t.select({ uuid: orderItems.bookingUuid }).from(orderItems).where(eq(orderItems.orderId, orderId))).map((row) => row.uuid);
    if (uuids.length) {
      const bookingIds = (await t.update(bookings).set({ contact: {} }).where(inArray(bookings.uuid, uuids)).returning({ id: bookings.id })).map((row) => row.id);
      if (bookingIds.length) await t.update(bookingUnitItems).set({ contact: {} }).where(inArray(bookingUnitItems.bookingId, bookingIds));
    }
    await t.update(orderMessages).set({ recipient: "" }).where(eq(orderMessages.orderId, orderId));
    // The gateway's own copies of what it was sent (a hosted page may echo the customer's email back).
    const sessionIds = (await t.select({ sessionId: payments.sessionId }).from(payments).where(eq(payments.orderId, orderId))).map((row) => row.sessionId);
    if (sessionIds.length) await t.update(paymentEvents).set({ payload: {} }).where(inArray(paymentEvents.sessionId, sessionIds));
    await t.update(orders).set({ firstName: "", lastName: "", email: `erased-${orderId}@invalid`, countryCode: "", phone: "", userId: null }).where(eq(orders.id, orderId));
  });
}
