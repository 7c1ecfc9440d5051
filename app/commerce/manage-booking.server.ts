/**
 * Manage my booking: what a guest may do with a booking from the order's secret link (the same
 * capability as the order's result page; no account needed), without JavaScript.
 * - Move it to another available slot of the same option while its policy still allows cancelling it.
 *   Both slots are priced now, for the booking's units, in the order's currency:
 *   - the same or less: the engine moves the seats at once (rebook keeps the booking's uuid, its
 *     tickets' holder and its answers), and a lower price is refunded from the order's payment;
 *   - more: a hosted-payment session for the difference is opened (booking_changes). The move is made
 *     when the gateway's verified capture of exactly that amount arrives (webhook or the return page),
 *     whichever comes first, once; a slot sold out in between refunds the difference in full.
 * - Cancel it under its policy, the refund shown before confirming (./cancellation.server.ts).
 * Bookings a reseller sold over OCTO are theirs to change; unpaid (pay-later) orders are changed by
 * the team. Each refusal has a reason the page words.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { isBookingError } from "#app/booking/booking.server";
import { parseAvailabilityId } from "#app/booking/time";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { bookingChanges, orderItems, orders, payments, products, resellerBookings } from "#app/db/schema";
import { isIsoDate } from "#app/lib/dates";
import type { LocaleCode } from "#app/lib/locales";
import { localized, manageBookingPath } from "#app/lib/paths";
import { isGatewayName } from "#app/payments/payments.server";
import type { PaymentEvent } from "#app/payments/gateway";
import { quoteCancellation, reserveOnPayment, type CancellationQuote } from "./cancellation.server";
import { RefundRefused } from "./refunds.server";
import { recordOrderEvent } from "./order-events.server";
import { findOrderByToken, getOrderItems, getOrderPayment, type CommerceDeps, type OrderItemRow, type OrderRow } from "./order-records.server";
import { verifyPaymentEvent } from "./payment-integrity";
import { openOrderSession } from "./payment-session.server";

/** Why a booking cannot be changed from the link (the page words each). */
export type ManageRefusal = "NOT_CONFIRMED" | "NOT_PAID" | "RESELLER" | "PAST_WINDOW";

/** Orders whose bookings the guest may change: paid (a pay-later order's bookings are the team's to change). */
const PAID_ORDER_STATUSES = ["CONFIRMED", "PARTIALLY_CONFIRMED"];

export type ManagedItem = {
  id: string;
  title: string;
  productId: string;
  optionId: string;
  localDate: string;
  localTime: string | null;
  guests: number;
  status: string;
  refusal: ManageRefusal | null;
  quote: CancellationQuote;
  /** A move waiting for its payment: the hosted page to go on paying. */
  awaitingPayment: { changeId: string; redirectUrl: string; difference: number } | null;
};

export type ManagedOrder = { id: string; reference: string; currency: string; locale: LocaleCode; token: string; items: ManagedItem[] };

/** A slot the booking could move to, with what moving costs (positive) or gives back (negative). */
export type MoveChoice = { availabilityId: string; localTime: string | null; vacancies: number | null; difference: number };

export type MoveRefusal = ManageRefusal | "NOT_FOUND" | "SAME_SLOT" | "SLOT_UNAVAILABLE";
export type MoveOutcome = { status: "moved"; difference: number; refunded: boolean } | { status: "pay"; redirectUrl: string; difference: number } | { status: "refused"; reason: MoveRefusal };

type ManageDeps = Pick<CommerceDeps, "db" | "bookingApi" | "payments" | "env" | "clock" | "incidents" | "mailer" | "whatsapp">;

/** Whether the guest may change `item` of `order` now, and if not, why. */
async function refusalOf(deps: Pick<ManageDeps, "db">, order: OrderRow, item: OrderItemRow, quote: CancellationQuote): Promise<ManageRefusal | null> {
  if (item.status !== "CONFIRMED") return "NOT_CONFIRMED";
  const [sold] = await deps.db.select({ uuid: resellerBookings.bookingUuid }).from(resellerBookings).where(eq(resellerBookings.bookingUuid, item.bookingUuid));
  if (sold) return "RESELLER";
  if (!PAID_ORDER_STATUSES.includes(order.status)) return "NOT_PAID";
  return quote.allowed ? null : "PAST_WINDOW";
}

/** The order behind a manage link, each booking with what the guest may do; null for a link that opens nothing. */
export async function loadManagedOrder(deps: ManageDeps, token: string, locale: LocaleCode): Promise<ManagedOrder | null> {
  const order = await findOrderByToken(deps.db, token);
  if (!order) return null;
  const items = await getOrderItems(deps.db, order.id);
  const titles = items.length ? await deps.db.select({ id: products.id, title: productTitle }).from(products).where(inArray(products.id, [...new Set(items.map((item) => item.productId))])) : [];
  const titleOf = new Map(titles.map((row) => [row.id, row.title[locale] || row.title.en]));
  const waiting = await deps.db.select().from(bookingChanges).where(and(eq(bookingChanges.orderId, order.id), eq(bookingChanges.status, "AWAITING_PAYMENT")));
  const managed: ManagedItem[] = [];
  for (const item of items) {
    if (item.status === "FAILED" || item.status === "NEW" || item.status === "HELD") continue;
    const quote = await quoteCancellation(deps, item);
    const open = waiting.filter((change) => change.orderItemId === item.id && change.redirectUrl).at(-1);
    managed.push({
      id: item.id,
      title: titleOf.get(item.productId) ?? item.productId,
      productId: item.productId,
      optionId: item.optionId,
      localDate: item.localDate,
      localTime: parseAvailabilityId(item.availabilityId)?.localTime ?? null,
      guests: item.units.reduce((sum, unit) => sum + unit.quantity, 0),
      status: item.status,
      refusal: await refusalOf(deps, order, item, quote),
      quote,
      awaitingPayment: open ? { changeId: open.id, redirectUrl: open.redirectUrl!, difference: open.difference } : null,
    });
  }
  return { id: order.id, reference: order.reference, currency: order.currency, locale: order.locale as LocaleCode, token: order.accessToken, items: managed };
}

/** The order and one of its items, when the token opens that order and the item is in it. */
async function managedItem(db: Database, token: string, itemId: string): Promise<{ order: OrderRow; item: OrderItemRow } | null> {
  const order = await findOrderByToken(db, token);
  if (!order || !/^[0-9a-f-]{36}$/.test(itemId)) return null;
  const [item] = await db.select().from(orderItems).where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
  return item ? { order, item } : null;
}

/** What the booking's units cost in the order's currency at each slot asked (its date's season), now. */
async function pricesAt(deps: Pick<ManageDeps, "bookingApi">, order: OrderRow, item: OrderItemRow, query: { localDate: string } | { availabilityIds: string[] }) {
  const slots = await deps.bookingApi.checkAvailability({
    productId: item.productId,
    optionId: item.optionId,
    ...("localDate" in query ? { localDateStart: query.localDate, localDateEnd: query.localDate } : { availabilityIds: query.availabilityIds }),
    units: item.units.map((unit) => ({ id: unit.unitId, quantity: unit.quantity })),
    currency: order.currency,
  });
  return slots;
}

/** The booked slot's price now, the baseline every difference is measured from (null when the slot is no longer offered). */
async function currentPrice(deps: Pick<ManageDeps, "bookingApi">, order: OrderRow, item: OrderItemRow): Promise<number | null> {
  const [slot] = await pricesAt(deps, order, item, { availabilityIds: [item.availabilityId] }).catch(() => []);
  return slot?.pricing?.retail ?? null;
}

/** The slots on `localDate` the booking could move to, each with its difference; null when the guest may not move it. */
export async function moveChoices(deps: ManageDeps, token: string, itemId: string, localDate: string): Promise<MoveChoice[] | null> {
  const found = await managedItem(deps.db, token, itemId);
  if (!found || !isIsoDate(localDate)) return null;
  const { order, item } = found;
  if (await refusalOf(deps, order, item, await quoteCancellation(deps, item))) return null;
  const baseline = await currentPrice(deps, order, item);
  if (baseline === null) return [];
  const slots = await pricesAt(deps, order, item, { localDate }).catch((error: unknown) => {
    if (isBookingError(error)) return [];
    throw error;
  });
  const guests = item.units.reduce((sum, unit) => sum + unit.quantity, 0);
  return slots
    .filter((slot) => slot.available && slot.id !== item.availabilityId && slot.pricing && (slot.vacancies === null || slot.vacancies >= guests))
    .map((slot) => ({ availabilityId: slot.id, localTime: parseAvailabilityId(slot.id)?.localTime ?? null, vacancies: slot.vacancies, difference: slot.pricing!.retail - baseline }));
}

/** Moves the booking (see the module comment): at once when it costs no more, else after the difference is paid. */
export async function moveBooking(deps: ManageDeps, token: string, itemId: string, availabilityId: string, locale: LocaleCode): Promise<MoveOutcome> {
  const found = await managedItem(deps.db, token, itemId);
  if (!found) return { status: "refused", reason: "NOT_FOUND" };
  const { order, item } = found;
  const refusal = await refusalOf(deps, order, item, await quoteCancellation(deps, item));
  if (refusal) return { status: "refused", reason: refusal };
  if (availabilityId === item.availabilityId) return { status: "refused", reason: "SAME_SLOT" };
  const target = parseAvailabilityId(availabilityId);
  if (!target) return { status: "refused", reason: "SLOT_UNAVAILABLE" };
  const choice = (await moveChoices(deps, token, itemId, target.localDate))?.find((slot) => slot.availabilityId === availabilityId);
  if (!choice) return { status: "refused", reason: "SLOT_UNAVAILABLE" };
  const now = deps.clock.now();

  if (choice.difference <= 0) {
    const moved = await applyMove(deps, order, item, availabilityId, choice.difference, "customer");
    if (!moved) return { status: "refused", reason: "SLOT_UNAVAILABLE" };
    const refunded = choice.difference < 0 ? await refundDifference(deps, order, item, -choice.difference, `move:${item.id}:${availabilityId}:${item.availabilityId}`) : false;
    return { status: "moved", difference: choice.difference, refunded };
  }

  // A new choice replaces a move still waiting for its payment (a late payment of that one is refunded).
  await deps.db
    .update(bookingChanges)
    .set({ status: "ABANDONED", updatedAt: now })
    .where(and(eq(bookingChanges.orderItemId, item.id), eq(bookingChanges.status, "AWAITING_PAYMENT")));
  const changeId = randomUUID();
  await deps.db.insert(bookingChanges).values({
    id: changeId,
    orderId: order.id,
    orderItemId: item.id,
    fromAvailabilityId: item.availabilityId,
    toAvailabilityId: availabilityId,
    currency: order.currency,
    difference: choice.difference,
    status: "AWAITING_PAYMENT",
    createdAt: now,
    updatedAt: now,
  });
  const back = manageBookingPath({ order: order.accessToken });
  const { session, gateway } = await openOrderSession(deps, order, locale, {
    amount: choice.difference,
    captureMethod: "automatic",
    cancelPath: back,
    returnPath: manageBookingPath({ order: order.accessToken, change: changeId }),
    idempotencyKey: `change:${changeId}`,
  });
  await deps.db.update(bookingChanges).set({ gateway, gatewaySessionId: session.id, redirectUrl: session.url, updatedAt: now }).where(eq(bookingChanges.id, changeId));
  await recordOrderEvent(deps.db, order.id, "item.move_requested", { actor: "customer", detail: { itemId: item.id, from: item.availabilityId, to: availabilityId, difference: choice.difference, currency: order.currency }, now });
  return { status: "pay", redirectUrl: session.url, difference: choice.difference };
}

/**
 * Moves the booking at the engine (atomic; refused when the slot filled up or the window closed) and
 * the order's item with it, the order's totals by `difference`, with the timeline's event.
 */
async function applyMove(deps: ManageDeps, order: OrderRow, item: OrderItemRow, availabilityId: string, difference: number, actor: string): Promise<boolean> {
  try {
    await deps.bookingApi.rebook(item.bookingUuid, { availabilityId }, { enforceCutoff: true });
  } catch (error) {
    if (isBookingError(error)) return false;
    throw error;
  }
  const now = deps.clock.now();
  const localDate = parseAvailabilityId(availabilityId)!.localDate;
  await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.update(orderItems).set({ availabilityId, localDate, amount: sql`${orderItems.amount} + ${difference}` }).where(eq(orderItems.id, item.id));
    await t
      .update(orders)
      .set({ originalAmount: sql`${orders.originalAmount} + ${difference}`, totalAmount: sql`${orders.totalAmount} + ${difference}`, updatedAt: now })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(t, order.id, "item.moved", { actor, detail: { itemId: item.id, from: item.availabilityId, to: availabilityId, difference, currency: order.currency }, now });
  });
  return true;
}

/** Gives `amount` back from the order's captured payment (never more than is left of it); false when nothing could be. */
async function refundDifference(deps: ManageDeps, order: OrderRow, item: OrderItemRow, amount: number, idempotencyKey: string): Promise<boolean> {
  const payment = await getOrderPayment(deps.db, order.id);
  if (!payment || payment.status !== "CAPTURED" || !isGatewayName(payment.gateway)) return false;
  const now = deps.clock.now();
  try {
    await reserveOnPayment(deps.db, payment, amount, now);
  } catch (error) {
    if (error instanceof RefundRefused) return false;
    throw error;
  }
  try {
    await deps.payments.get(payment.gateway).refund(payment.sessionId, amount, idempotencyKey);
  } catch (error) {
    console.error("[manage-booking] refunding a move's difference failed; the team is told", error);
    deps.incidents.report({ kind: "refund_failed", orderId: order.id, gateway: payment.gateway });
    await recordOrderEvent(deps.db, order.id, "refund.failed", { actor: "system", detail: { itemId: item.id, amount, currency: order.currency, reason: "move" }, now });
    return false;
  }
  await recordOrderEvent(deps.db, order.id, "refund.completed", { actor: "system", detail: { itemId: item.id, amount, currency: order.currency, reason: "move" }, now });
  return true;
}

/**
 * A gateway event for a move's payment (the webhook found no order payment for its session): checked
 * against the difference asked, then the move made once. Returns false when the session is no move's.
 */
export async function applyChangePaymentEvent(deps: ManageDeps, gatewayName: string, event: PaymentEvent): Promise<boolean> {
  const [change] = await deps.db.select().from(bookingChanges).where(and(eq(bookingChanges.gateway, gatewayName), eq(bookingChanges.gatewaySessionId, event.sessionId)));
  if (!change) return false;
  if (event.type !== "payment.captured") return true;
  const verdict = verifyPaymentEvent(
    { orderId: change.orderId, amount: change.difference, currency: change.currency, captureMethod: "automatic", captureState: "NONE" },
    { type: event.type, amount: event.amount, currency: event.currency, orderId: event.orderId ?? null, method: event.method ?? null },
  );
  if (!verdict.ok) {
    console.error(`[manage-booking] payment event ${event.id} for move ${change.id} refused (${verdict.problem})`);
    deps.incidents.report({ kind: "payment_mismatch", orderId: change.orderId, gateway: gatewayName, integrityProblem: verdict.problem });
    return true;
  }
  await settleChange(deps, change.id, event.method ?? null);
  return true;
}

/** Asks the gateway how a move's session stands; a capture is applied as its webhook would be. Returns whether it was. */
async function askGatewayAbout(deps: ManageDeps, change: typeof bookingChanges.$inferSelect, source: string): Promise<boolean> {
  if (!change.gateway || !change.gatewaySessionId || !isGatewayName(change.gateway)) return false;
  const state = await deps.payments.get(change.gateway).retrieveSession(change.gatewaySessionId);
  if (state.status !== "captured") return false;
  await applyChangePaymentEvent(deps, change.gateway, { id: `sync:${state.id}:captured`, type: "payment.captured", sessionId: state.id, amount: state.capturedAmount, currency: state.currency, declineCode: null, method: state.method, raw: { source } });
  return true;
}

/** The return page's look at a move's session (a webhook may be late): applied as the webhook would be. */
export async function syncChangePayment(deps: ManageDeps, token: string, changeId: string): Promise<void> {
  const order = await findOrderByToken(deps.db, token);
  if (!order || !/^[0-9a-f-]{36}$/.test(changeId)) return;
  const [change] = await deps.db.select().from(bookingChanges).where(and(eq(bookingChanges.id, changeId), eq(bookingChanges.orderId, order.id)));
  if (change && (change.status === "AWAITING_PAYMENT" || change.status === "ABANDONED")) await askGatewayAbout(deps, change, "manage-booking");
}

/**
 * The paid move, once: claimed AWAITING_PAYMENT → APPLYING, then moved, and its payment entered in the
 * order's payments (a CHANGE payment) in the same step as APPLIED, so the order's captured money adds
 * up to its grown total. A move found already made (a crash after the engine moved it) is only marked.
 * A move the guest replaced (ABANDONED) or whose slot is gone is refunded in full instead (FAILED).
 */
async function settleChange(deps: ManageDeps, changeId: string, method: string | null): Promise<void> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(bookingChanges)
    .set({ status: "APPLYING", updatedAt: now })
    .where(and(eq(bookingChanges.id, changeId), inArray(bookingChanges.status, ["AWAITING_PAYMENT", "ABANDONED"])))
    .returning();
  if (!claimed) return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, claimed.orderId));
  const [item] = await deps.db.select().from(orderItems).where(eq(orderItems.id, claimed.orderItemId));
  const alreadyMoved = item?.availabilityId === claimed.toAvailabilityId;
  const stillWanted = order && item && item.availabilityId === claimed.fromAvailabilityId && item.status === "CONFIRMED";
  const moved = alreadyMoved || (stillWanted && (await applyMove(deps, order, item, claimed.toAvailabilityId, claimed.difference, "customer")));
  if (moved) {
    await deps.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      if (claimed.gateway && claimed.gatewaySessionId) {
        await t
          .insert(payments)
          .values({
            id: randomUUID(),
            orderId: claimed.orderId,
            gateway: claimed.gateway,
            sessionId: claimed.gatewaySessionId,
            redirectUrl: claimed.redirectUrl ?? "",
            captureMethod: "automatic",
            status: "CAPTURED",
            currency: claimed.currency,
            amount: claimed.difference,
            capturedAmount: claimed.difference,
            method,
            purpose: "CHANGE",
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing();
      }
      await t.update(bookingChanges).set({ status: "APPLIED", updatedAt: now }).where(eq(bookingChanges.id, changeId));
    });
    return;
  }
  // Paid, but nothing to move any more: the difference goes back whole.
  await deps.db.update(bookingChanges).set({ status: "FAILED", updatedAt: now }).where(eq(bookingChanges.id, changeId));
  if (claimed.gateway && claimed.gatewaySessionId && isGatewayName(claimed.gateway)) {
    await deps.payments
      .get(claimed.gateway)
      .refund(claimed.gatewaySessionId, claimed.difference, `change-refund:${changeId}`)
      .catch((error: unknown) => {
        console.error("[manage-booking] refunding a move that could not be made failed; the team is told", error);
        deps.incidents.report({ kind: "refund_failed", orderId: claimed.orderId, gateway: claimed.gateway ?? "" });
      });
  }
  await recordOrderEvent(deps.db, claimed.orderId, "item.move_failed", { actor: "system", detail: { itemId: claimed.orderItemId, to: claimed.toAvailabilityId, refunded: claimed.difference, currency: claimed.currency }, now });
}

/** A move claimed this long ago and not finished died half way (a crash): it is settled again. */
const APPLYING_TIMEOUT_MS = 5 * 60_000;
/** How long after opening a move's session the reconciler asks after it (then the session has expired). */
const CHANGE_SESSION_DAYS = 2;

/**
 * The reconciler's pass over moves: a payment whose webhook never came (and whose guest never came
 * back) is found by asking the gateway, and a move a crash left APPLYING is settled again (the engine's
 * rebook to the same slot is a no-op, so nothing moves twice). Returns how many were settled.
 */
export async function settleOpenChanges(deps: ManageDeps, now: Date, limit: number): Promise<number> {
  await deps.db
    .update(bookingChanges)
    .set({ status: "AWAITING_PAYMENT", updatedAt: now })
    .where(and(eq(bookingChanges.status, "APPLYING"), lte(bookingChanges.updatedAt, new Date(now.getTime() - APPLYING_TIMEOUT_MS))));
  const open = await deps.db
    .select()
    .from(bookingChanges)
    .where(
      and(
        inArray(bookingChanges.status, ["AWAITING_PAYMENT", "ABANDONED"]),
        isNotNull(bookingChanges.gatewaySessionId),
        lte(bookingChanges.updatedAt, new Date(now.getTime() - 60_000)),
        gte(bookingChanges.createdAt, new Date(now.getTime() - CHANGE_SESSION_DAYS * 86_400_000)),
      ),
    )
    .limit(limit);
  let settled = 0;
  for (const change of open) if (await askGatewayAbout(deps, change, "reconciler")) settled += 1;
  return settled;
}

/** Where a move's payment stands, for the page the guest returns to. */
export async function changeOutcome(db: Database, orderId: string, changeId: string): Promise<"APPLIED" | "FAILED" | "WAITING" | null> {
  if (!/^[0-9a-f-]{36}$/.test(changeId)) return null;
  const [change] = await db.select({ status: bookingChanges.status }).from(bookingChanges).where(and(eq(bookingChanges.id, changeId), eq(bookingChanges.orderId, orderId)));
  if (!change) return null;
  return change.status === "APPLIED" ? "APPLIED" : change.status === "FAILED" ? "FAILED" : "WAITING";
}

/** The manage page of an order, absolute, in `locale` (the reminder's "manage my booking" link). */
export function manageBookingUrl(siteUrl: string, locale: LocaleCode, token: string): string {
  return siteUrl.replace(/\/$/, "") + localized(locale, manageBookingPath({ order: token }));
}
