/**
 * A customer's rights over their data under the Saudi PDPL, for a signed-in account:
 * - `collectPersonalData`: everything the store holds about the account, as one JSON document (the
 *   profile, every order of the account with its bookings, messages sent and cancellations, custom
 *   offer requests, reviews written, whether optional messages are refused, every consent record).
 *   Nothing of anyone else.
 * - `eraseAccount`: the account deleted and its personal data anonymised at once, everywhere it was
 *   copied (orders, the engine's bookings and their travellers, messages, offer requests, contact
 *   messages, reviews, opt-outs). Orders stay, without name, email or phone: a simplified (B2C) tax
 *   invoice needs none of them (ZATCA), and the books must be kept for the legal period. A booking
 *   still to come is cancelled under its policy first; one that cannot be (past its window, awaiting
 *   the supplier's answer, unpaid) stops the deletion, and the customer is told which and why.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { contactMessages, customerCancellations, customOfferRequests, messageOptOuts, orderItems, orderMessages, orders, products, reviewAuthors, reviews, staffMembers, users } from "#app/db/schema";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { localDateAt, RIYADH_TIME_ZONE } from "#app/lib/dates";
import type { LocaleCode } from "#app/lib/locales";
import { cancelCustomerBooking, quoteCancellation, type CancelDeps } from "#app/commerce/cancellation.server";
import { verifyPassword } from "#app/auth/password.server";
import { eraseOrderContact } from "./retention.server";
import { consentHistory, deleteConsentRecords } from "./consent-records.server";

export type PersonalData = Awaited<ReturnType<typeof collectPersonalData>>;

type OrderRow = typeof orders.$inferSelect;

/** Orders as the customer downloads them: each with its bookings, messages sent and cancellations (titles in `locale`, else each order's language). */
export async function describeOrders(db: Database, rows: OrderRow[], locale?: LocaleCode) {
  const orderIds = rows.map((order) => order.id);
  const items = orderIds.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : [];
  const messages = orderIds.length ? await db.select().from(orderMessages).where(inArray(orderMessages.orderId, orderIds)) : [];
  const cancellations = orderIds.length ? await db.select().from(customerCancellations).where(inArray(customerCancellations.orderId, orderIds)) : [];
  const titles = items.length ? await db.select({ id: products.id, title: productTitle }).from(products).where(inArray(products.id, [...new Set(items.map((item) => item.productId))])) : [];
  const titleOf = new Map(titles.map((row) => [row.id, row.title]));
  return rows.map((order) => ({
    reference: order.reference,
    status: order.status,
    placedAt: order.purchasedAt.toISOString(),
    currency: order.currency,
    total: order.totalAmount,
    paymentMethod: order.paymentMethod,
    language: order.locale,
    leadGuest: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: `${order.countryCode} ${order.phone}`.trim() },
    bookings: items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({ experience: titleOf.get(item.productId)?.[locale ?? (order.locale as LocaleCode)] || titleOf.get(item.productId)?.en || item.productId, date: item.localDate, slot: item.availabilityId, units: item.units, amount: item.amount, status: item.status })),
    messages: messages
      .filter((message) => message.orderId === order.id)
      .map((message) => ({ channel: message.channel, kind: message.kind, to: message.recipient, subject: message.subject, status: message.status, sentAt: message.createdAt.toISOString() })),
    cancellations: cancellations
      .filter((cancellation) => cancellation.orderId === order.id)
      .map((cancellation) => ({ refund: cancellation.refundAmount, currency: cancellation.currency, state: cancellation.refundState, at: cancellation.createdAt.toISOString() })),
  }));
}

export function describeOffer(offer: typeof customOfferRequests.$inferSelect) {
  return { reference: offer.reference, status: offer.status, from: offer.dateFrom, groupSize: offer.groupSize, message: offer.message, name: offer.name, email: offer.email, phone: offer.phone, at: offer.createdAt.toISOString() };
}

/** The account's data as the customer downloads it (dates as ISO strings, money in minor units). */
export async function collectPersonalData(db: Database, userId: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const accountOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.purchasedAt);
  const offers = await db.select().from(customOfferRequests).where(or(eq(customOfferRequests.userId, userId), eq(customOfferRequests.email, user.email)));
  const written = await db.select({ review: reviews }).from(reviewAuthors).innerJoin(reviews, eq(reviews.id, reviewAuthors.reviewId)).where(eq(reviewAuthors.userId, userId));
  const [optOut] = await db.select().from(messageOptOuts).where(eq(messageOptOuts.email, user.email.toLowerCase()));
  // Consents given at checkout are recorded for the address typed there: the orders' own, and the one their emails went to.
  const orderIds = accountOrders.map((order) => order.id);
  const recipients = orderIds.length ? await db.select({ recipient: orderMessages.recipient }).from(orderMessages).where(inArray(orderMessages.orderId, orderIds)) : [];
  const consentRecords = await consentHistory(db, userId, [user.email, ...accountOrders.map((order) => order.email), ...recipients.map((message) => message.recipient).filter((to) => to.includes("@"))]);
  return {
    exportedAt: now.toISOString(),
    profile: { name: user.name, email: user.email, language: user.locale, createdAt: user.createdAt.toISOString(), emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null },
    orders: await describeOrders(db, accountOrders, user.locale as LocaleCode),
    customOfferRequests: offers.map(describeOffer),
    reviews: written.map(({ review }) => ({ rating: review.rating, title: review.title, body: review.body, name: review.authorName, at: review.createdAt.toISOString() })),
    consents: {
      optionalMessages: optOut ? { refused: true, at: optOut.createdAt.toISOString() } : { refused: false },
      // Every answer about analytics cookies (given while signed in) and marketing messages, oldest first: what, which text, when, how.
      records: consentRecords,
    },
  };
}

/** A booking that stops the deletion, and why (the page words each). */
export type ErasureBlocker = { reference: string; title: string; localDate: string; reason: "NOT_CANCELLABLE" | "AWAITING_ANSWER" | "UNPAID" };
export type ErasureOutcome = { status: "erased"; cancelled: number } | { status: "blocked"; blockers: ErasureBlocker[] } | { status: "staff" } | { status: "not-found" } | { status: "wrong-password" };

/** The account page's deletion: only with the account's own password, then as `eraseAccount`. */
export async function eraseAccountWithPassword(deps: CancelDeps, userId: string, password: string): Promise<ErasureOutcome> {
  const [row] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) return { status: "not-found" };
  if (!password || !(await verifyPassword(row.passwordHash, password))) return { status: "wrong-password" };
  return eraseAccount(deps, userId);
}

/** Order statuses whose bookings still stand (a cancelled, failed or expired order holds none). */
const LIVE_ORDER_STATUSES = ["CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER", "PROCESSING", "AWAITING_PAYMENT", "REVIEW"];

/**
 * The bookings still to come of the orders `ownsOrder` selects: those that can be cancelled under their
 * policy now (with the order's secret, which a guest's cancellation goes by), and those that stop an
 * erasure, each with its reason. Titles in `locale`, else each order's language.
 */
export async function planCancellations(deps: CancelDeps, ownsOrder: SQL, locale?: LocaleCode): Promise<{ blockers: ErasureBlocker[]; cancellable: Array<{ itemId: string; accessToken: string }> }> {
  const today = localDateAt(RIYADH_TIME_ZONE, deps.clock.now());
  const upcoming = await deps.db
    .select({ item: orderItems, order: orders, title: productTitle })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(ownsOrder, inArray(orders.status, LIVE_ORDER_STATUSES), inArray(orderItems.status, ["NEW", "HELD", "CONFIRMED", "PENDING"]), sql`${orderItems.localDate} >= ${today}`));
  const blockers: ErasureBlocker[] = [];
  const cancellable: Array<{ itemId: string; accessToken: string }> = [];
  for (const { item, order, title } of upcoming) {
    const language = locale ?? (order.locale as LocaleCode);
    const named = { reference: order.reference, title: title?.[language] || title?.en || item.productId, localDate: item.localDate };
    if (order.status === "PAY_LATER" || order.status === "AWAITING_PAYMENT") blockers.push({ ...named, reason: "UNPAID" });
    else if (item.status !== "CONFIRMED") blockers.push({ ...named, reason: "AWAITING_ANSWER" });
    else if (!(await quoteCancellation(deps, item)).allowed) blockers.push({ ...named, reason: "NOT_CANCELLABLE" });
    else cancellable.push({ itemId: item.id, accessToken: order.accessToken });
  }
  return { blockers, cancellable };
}

/** Deletes the account (see the module comment). */
export async function eraseAccount(deps: CancelDeps, userId: string): Promise<ErasureOutcome> {
  const db = deps.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return { status: "not-found" };
  // A staff member's sign-in is the console's: an admin removes it there first.
  const [staff] = await db.select({ userId: staffMembers.userId }).from(staffMembers).where(eq(staffMembers.userId, userId));
  if (staff) return { status: "staff" };

  const { blockers, cancellable } = await planCancellations(deps, eq(orders.userId, userId), user.locale as LocaleCode);
  if (blockers.length) return { status: "blocked", blockers };
  let cancelled = 0;
  for (const { itemId } of cancellable) {
    const outcome = await cancelCustomerBooking(deps, { userId }, itemId);
    if (outcome.status === "cancelled") cancelled += 1;
  }

  const accountOrders = await db.select({ id: orders.id, email: orders.email }).from(orders).where(eq(orders.userId, userId));
  // The addresses the orders' emails went to too (read before the orders are erased): a consent given at checkout is recorded under the address typed there.
  const recipients = accountOrders.length ? await db.select({ to: orderMessages.recipient }).from(orderMessages).where(inArray(orderMessages.orderId, accountOrders.map((order) => order.id))) : [];
  const addresses = [...new Set([user.email, ...accountOrders.map((order) => order.email), ...recipients.map((row) => row.to).filter((to) => to.includes("@"))].map((email) => email.toLowerCase()))];
  // Each order first (its own transaction; the account still exists, so a crash here is finished by asking again).
  for (const { id } of accountOrders) await eraseOrderContact(db, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t
      .update(customOfferRequests)
      .set({ name: "", email: `erased-${randomUUID()}@invalid`, phone: null, message: "", userId: null })
      .where(or(eq(customOfferRequests.userId, userId), inArray(sql`lower(${customOfferRequests.email})`, addresses)));
    await t.delete(contactMessages).where(inArray(sql`lower(${contactMessages.email})`, addresses));
    await t.delete(messageOptOuts).where(inArray(messageOptOuts.email, addresses));
    await deleteConsentRecords(t, userId, addresses);
    const written = (await t.select({ id: reviewAuthors.reviewId }).from(reviewAuthors).where(eq(reviewAuthors.userId, userId))).map((row) => row.id);
    if (written.length) await t.delete(reviews).where(inArray(reviews.id, written));
    // Sessions, reset and verification tokens and review authorship go with the account (their foreign keys cascade).
    await t.delete(users).where(eq(users.id, userId));
  });
  return { status: "erased", cancelled };
}
