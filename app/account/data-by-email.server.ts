/**
 * The PDPL rights by email address, for whoever has no account to sign in to (a guest's orders are
 * placed with an address) and for the team's data-request queue (an account or a guest alike):
 * - `collectDataForEmail`: everything held for the address, as one JSON document: the account's own
 *   download when an account has that address, the orders placed with it without an account (with
 *   their bookings, messages and cancellations), offer requests, contact messages and opt-outs.
 * - `eraseEmail`: the same erasure as deleting an account (./personal-data.server.ts): bookings still
 *   to come are cancelled under their policy first, or nothing is erased and each is named with its
 *   reason; then name, email and phone are gone everywhere, while orders and tax invoices stay.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { contactMessages, customOfferRequests, messageOptOuts, orders, staffMembers, users } from "#app/db/schema";
import { cancelCustomerBooking, type CancelDeps } from "#app/commerce/cancellation.server";
import { collectPersonalData, describeOffer, describeOrders, eraseAccount, planCancellations, type ErasureOutcome } from "./personal-data.server";
import { consentHistory, deleteConsentRecords } from "./consent-records.server";
import { eraseOrderContact } from "./retention.server";

/** An address as it is compared (the store keeps what was typed; comparisons ignore case and spaces). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Orders placed with the address and no account (an account's orders go with the account). */
function guestOrdersOf(address: string) {
  return and(isNull(orders.userId), sql`lower(${orders.email}) = ${address}`)!;
}

async function accountOf(db: Database, address: string) {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(sql`lower(${users.email}) = ${address}`);
  return user ?? null;
}

/** Whether anything is held for the address (the guest's link is mailed only then). */
export async function holdsDataFor(db: Database, email: string): Promise<boolean> {
  const address = normalizeEmail(email);
  if (!address) return false;
  const checks = [
    db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${address}`).limit(1),
    db.select({ id: orders.id }).from(orders).where(sql`lower(${orders.email}) = ${address}`).limit(1),
    db.select({ id: customOfferRequests.reference }).from(customOfferRequests).where(sql`lower(${customOfferRequests.email}) = ${address}`).limit(1),
    db.select({ id: contactMessages.id }).from(contactMessages).where(sql`lower(${contactMessages.email}) = ${address}`).limit(1),
    db.select({ id: messageOptOuts.email }).from(messageOptOuts).where(eq(messageOptOuts.email, address)).limit(1),
  ];
  for (const check of checks) if ((await check).length) return true;
  return false;
}

export type EmailData = Awaited<ReturnType<typeof collectDataForEmail>>;

/** Everything held for the address (dates as ISO strings, money in minor units); nothing of anyone else. */
export async function collectDataForEmail(db: Database, email: string, now: Date) {
  const address = normalizeEmail(email);
  const user = await accountOf(db, address);
  const account = user ? await collectPersonalData(db, user.id, now) : null;
  const guestOrders = await db.select().from(orders).where(guestOrdersOf(address)).orderBy(orders.purchasedAt);
  const inAccount = new Set(account?.customOfferRequests.map((offer) => offer.reference) ?? []);
  const offers = (await db.select().from(customOfferRequests).where(sql`lower(${customOfferRequests.email}) = ${address}`)).filter((offer) => !inAccount.has(offer.reference));
  const messages = await db.select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${address}`).orderBy(contactMessages.createdAt);
  const [optOut] = await db.select().from(messageOptOuts).where(eq(messageOptOuts.email, address));
  return {
    exportedAt: now.toISOString(),
    email: address,
    account,
    orders: await describeOrders(db, guestOrders),
    customOfferRequests: offers.map(describeOffer),
    contactMessages: messages.map((message) => ({ name: message.name, email: message.email, subject: message.subject, message: message.message, at: message.createdAt.toISOString() })),
    consents: {
      optionalMessages: optOut ? { refused: true, at: optOut.createdAt.toISOString() } : { refused: false },
      // The answers recorded for this address (a tick at checkout, an unsubscribe link), oldest first.
      records: await consentHistory(db, null, [address]),
    },
  };
}

/** Erases everything held for the address (see the module comment); a staff member's sign-in is refused, as on the account page. */
export async function eraseEmail(deps: CancelDeps, email: string): Promise<ErasureOutcome> {
  const db = deps.db;
  const address = normalizeEmail(email);
  if (!address) return { status: "not-found" };
  const user = await accountOf(db, address);
  if (user) {
    const [staff] = await db.select({ userId: staffMembers.userId }).from(staffMembers).where(eq(staffMembers.userId, user.id));
    if (staff) return { status: "staff" };
  }
  // Every booking still to come, of the guest's orders and the account's, is checked before anything changes.
  const guest = await planCancellations(deps, guestOrdersOf(address));
  const account = user ? await planCancellations(deps, eq(orders.userId, user.id)) : { blockers: [], cancellable: [] };
  const blockers = [...guest.blockers, ...account.blockers];
  if (blockers.length) return { status: "blocked", blockers };
  let cancelled = 0;
  for (const { itemId, accessToken } of guest.cancellable) {
    const outcome = await cancelCustomerBooking(deps, { accessToken }, itemId);
    if (outcome.status === "cancelled") cancelled += 1;
  }
  if (user) {
    const outcome = await eraseAccount(deps, user.id);
    if (outcome.status === "erased") cancelled += outcome.cancelled;
    else if (outcome.status !== "not-found") return outcome;
  }
  const placed = await db.select({ id: orders.id }).from(orders).where(guestOrdersOf(address));
  for (const { id } of placed) await eraseOrderContact(db, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t
      .update(customOfferRequests)
      .set({ name: "", email: `erased-${randomUUID()}@invalid`, phone: null, message: "", userId: null })
      .where(sql`lower(${customOfferRequests.email}) = ${address}`);
    await t.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${address}`);
    await t.delete(messageOptOuts).where(eq(messageOptOuts.email, address));
    await deleteConsentRecords(t, null, [address]);
  });
  return { status: "erased", cancelled };
}
