/**
 * The one place a customer is told anything about an order: `tellCustomer(deps, event)` reads what the
 * event's message needs (the order, the item's title in the order's language, tickets, the payment
 * deadline), words it (./templates.ts), sends the email and, for some events, the WhatsApp message
 * (the notifier sends the approved template; app/messaging), and records every message, sent or
 * failed with its error, in order_messages: the order's timeline lists them and the console can
 * resend an outcome's email.
 *
 * Sending is told once per event by whoever emits it: each emitter has claimed its change with a
 * conditional update first (an outcome by orders.notified_status, a refund by its state, …), so a
 * webhook that arrives twice claims nothing the second time and tells nothing. A message that fails
 * never fails the change it tells of; an outcome's failed email stays owed (orders.notice_due_at) and
 * the reconciler tries again (./owed-notices.server.ts).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { slotStart } from "#app/booking/slots";
import { ticketPdfUrl } from "#app/booking/ticket-links.server";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { bookings, customOfferRequests, orderItems, orderMessages, orders, products, tickets } from "#app/db/schema";
import type { LocalizedText } from "#app/db/types";
import { getFixedT } from "#app/i18n/i18n.server";
import type { Clock } from "#app/lib/clock";
import type { Env } from "#app/lib/env.server";
import { formatInstant } from "#app/i18n/format";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import { isLocaleCode, type LocaleCode } from "#app/lib/locales";
import type { Mailer } from "#app/lib/mailer.server";
import { checkoutResultPath, experiencePath, invoicesPath, localized, manageBookingPath } from "#app/lib/paths";
import type { WhatsAppNotifier } from "#app/messaging/whatsapp";
import { recordOrderMessages, type OrderMessageInput } from "../order-events.server";
import { getOrderItems, getOrderPayment, paidWith, resultPath, type OrderItemRow, type OrderRow } from "../order-records.server";
import { messageKind, type CustomerEvent, type ItemDecision, type NotifiedOutcome } from "./customer-events";
import { unsubscribeUrl } from "./opt-out.server";
import { wordMessage, type BookingPlace, type MessageFacts, type OrderFacts, type WordedMessage } from "./templates";

/** What telling a customer needs: the database, the site's origin and secret (ticket links), the mailer, the WhatsApp notifier, the clock. */
export type NotifyDeps = { db: Database; env: Pick<Env, "SITE_URL" | "SESSION_SECRET">; mailer: Mailer; whatsapp: WhatsAppNotifier; clock: Clock };

/** A message as sent (or not), ready for order_messages. */
export type SentMessage = Omit<OrderMessageInput, "orderId">;

/** What telling did: the messages recorded, and the email's failure (null when it went out, or there was none to send). */
export type Delivery = { messages: SentMessage[]; emailError: Error | null };

/**
 * How long after claiming an outcome its notice becomes the reconciler's to send: the request that
 * claimed it sends it at once, so only a crash (or a failed email) leaves it owed past this.
 */
export const NOTICE_GRACE_MS = 2 * 60_000;
/** Failed emails of one notice the reconciler tries again (after 2, 4, 8, 16 minutes); then the console's Resend is left. */
export const NOTICE_ATTEMPTS = 5;

/** When a notice claimed at `now` is owed to the reconciler: stored with the claim (orders.notice_due_at). */
export function noticeDueAt(now: Date): Date {
  return new Date(now.getTime() + NOTICE_GRACE_MS);
}

const NOTHING: Delivery = { messages: [], emailError: null };

/**
 * Tells the customer of `event` in their language and records each message on the order. Never
 * throws: what failed is recorded (and logged) and returned.
 */
export async function tellCustomer(deps: NotifyDeps, event: CustomerEvent, options: { channels?: ReadonlyArray<"email" | "whatsapp"> } = {}): Promise<Delivery> {
  try {
    if (event.type === "offer") return await tellOffer(deps, event);
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, event.orderId));
    if (!order) return NOTHING;
    const locale = localeOf(order.locale);
    const facts = await factsOf(deps, order, locale, event);
    if (!facts) return NOTHING;
    const decision = facts.type === "item.decided" ? facts.decision : undefined;
    const delivery = await deliver(deps, order, messageKind(event, decision), wordMessage(locale, getFixedT(locale), facts), { channels: options.channels, owed: event.type === "order.outcome" });
    if (event.type === "order.outcome") await settleNoticeDue(deps.db, order.id, event.outcome, delivery.emailError === null, deps.clock.now());
    return delivery;
  } catch (error) {
    console.error(`[notifications] ${event.type} could not be told`, error);
    return { messages: [], emailError: error instanceof Error ? error : new Error(String(error)) };
  }
}

function localeOf(value: string): LocaleCode {
  return isLocaleCode(value) ? value : "en";
}

function siteUrl(deps: Pick<NotifyDeps, "env">, locale: LocaleCode, path: string): string {
  return `${deps.env.SITE_URL.replace(/\/$/, "")}${localized(locale, path)}`;
}

function orderFacts(order: OrderRow, link: string): OrderFacts {
  return { firstName: order.firstName, reference: order.reference, currency: order.currency, total: order.totalAmount, link };
}

/** The facts a message of `event` needs, or null when what it speaks of is gone. */
async function factsOf(deps: NotifyDeps, order: OrderRow, locale: LocaleCode, event: Exclude<CustomerEvent, { type: "offer" }>): Promise<MessageFacts | null> {
  const db = deps.db;
  const link = siteUrl(deps, locale, resultPath(order));
  switch (event.type) {
    case "order.outcome":
      return outcomeFacts(deps, order, locale, event.outcome);
    case "item.decided": {
      const item = await itemOf(db, order.id, event.itemId);
      if (!item) return null;
      // What actually happened to the booking (a confirm the supplier had already refused is a rejection).
      const decision: ItemDecision = item.status === "CONFIRMED" ? "CONFIRMED" : "REJECTED";
      return { type: "item.decided", order: orderFacts(order, link), decision, title: await titleOf(db, item.productId, locale), localDate: item.localDate, reason: item.decisionReason };
    }
    case "item.cancelled": {
      const item = await itemOf(db, order.id, event.itemId);
      if (!item) return null;
      return { type: "item.cancelled", order: orderFacts(order, link), title: await titleOf(db, item.productId, locale), localDate: item.localDate, refundAmount: event.refundAmount };
    }
    case "refund.completed": {
      const item = await itemOf(db, order.id, event.itemId);
      return { type: "refund.completed", order: orderFacts(order, link), title: item ? await titleOf(db, item.productId, locale) : "", amount: event.amount };
    }
    case "booking.reminder":
    case "booking.review_request":
      return bookingNoticeFacts(deps, order, locale, link, event);
    case "pay_later": {
      const page = event.link ?? siteUrl(deps, locale, checkoutResultPath("on_hold", { order: order.accessToken }));
      return { type: "pay_later", order: orderFacts(order, page), news: event.news, amount: event.amount ?? 0, deadline: order.paymentDueAt, reason: event.reason ?? null };
    }
  }
}

/** An outcome lists each item under its title in the order's language, with a confirmed item's ticket link. */
async function outcomeFacts(deps: NotifyDeps, order: OrderRow, locale: LocaleCode, outcome: NotifiedOutcome): Promise<MessageFacts> {
  const items = await getOrderItems(deps.db, order.id);
  const titles = await productTitles(deps.db, items.map((item) => item.productId));
  const ticketIds = outcome === "CONFIRMED" || outcome === "PARTIALLY_CONFIRMED" ? await voucherTickets(deps.db, items.filter((item) => item.status === "CONFIRMED").map((item) => item.bookingUuid)) : new Map<string, string>();
  const ticketUrlOf = (item: OrderItemRow) => {
    const ticketId = item.status === "CONFIRMED" ? ticketIds.get(item.bookingUuid) : undefined;
    return ticketId ? ticketPdfUrl(deps.env.SITE_URL, ticketId, deps.env.SESSION_SECRET, locale) : null;
  };
  const payment = outcome === "ON_HOLD" ? await getOrderPayment(deps.db, order.id) : null;
  return {
    type: "order.outcome",
    outcome,
    chargedWith: payment && payment.capturedAmount > 0 ? paidWith(payment) : null,
    order: orderFacts(order, `${deps.env.SITE_URL}${localized(locale, resultPath({ status: outcome, accessToken: order.accessToken }))}`),
    items: items.map((item) => ({
      title: titles.get(item.productId)?.[locale] ?? item.productId,
      localDate: item.localDate,
      status: item.status,
      reason: item.decision === "REJECTED" ? item.decisionReason : null,
      ticketUrl: ticketUrlOf(item),
    })),
  };
}

/** A reminder's or review request's facts: the booking's product in the order's language, its start, place and ticket. */
async function bookingNoticeFacts(deps: NotifyDeps, order: OrderRow, locale: LocaleCode, link: string, event: Extract<CustomerEvent, { type: "booking.reminder" | "booking.review_request" }>): Promise<MessageFacts | null> {
  const item = await itemOf(deps.db, order.id, event.itemId);
  if (!item) return null;
  const [product] = await deps.db
    .select({ title: productTitle, slug: products.slug, content: products.content, timeZone: products.timeZone, pickupIncluded: products.pickupIncluded, pickupPoints: products.pickupPoints })
    .from(products)
    .where(eq(products.id, item.productId));
  const title = product?.title[locale] || product?.title.en || item.productId;
  if (event.type === "booking.review_request") {
    const reviewUrl = siteUrl(deps, locale, product ? experiencePath(product.slug) : resultPath(order));
    return { type: "booking.review_request", order: orderFacts(order, link), title, reviewUrl, unsubscribeUrl: unsubscribeUrl(deps.env.SITE_URL, deps.env.SESSION_SECRET, order.email, locale) };
  }
  const ticketId = (await voucherTickets(deps.db, [item.bookingUuid])).get(item.bookingUuid);
  return {
    type: "booking.reminder",
    // The reminder's link is the booking's manage page (move it, cancel it), not the order's result page.
    order: orderFacts(order, siteUrl(deps, locale, manageBookingPath({ order: order.accessToken }))),
    title,
    start: startWording(locale, item.availabilityId, product?.timeZone),
    place: product ? placeOf(product, locale) : null,
    ticketUrl: ticketId ? ticketPdfUrl(deps.env.SITE_URL, ticketId, deps.env.SESSION_SECRET, locale) : null,
  };
}

/** The slot's start as the customer reads it: date and time, or the date alone for an all-day slot (…T00:00). */
function startWording(locale: LocaleCode, availabilityId: string, timeZone: string | undefined): string {
  const start = slotStart(availabilityId);
  if (!start) return availabilityId.slice(0, 10);
  const allDay = /T00:00/.test(availabilityId);
  return formatInstant(locale, start, timeZone ?? RIYADH_TIME_ZONE, allDay ? { dateStyle: "full" } : { dateStyle: "full", timeStyle: "short" });
}

/** The storefront books the product's first pickup point (as the ticket and the manifest show it); else its meeting point. */
function placeOf(product: { content: { meetingPoint: LocalizedText }; pickupIncluded: boolean; pickupPoints: Array<{ name: LocalizedText; address: LocalizedText; pickupTime: string | null }> }, locale: LocaleCode): BookingPlace | null {
  const text = (value: LocalizedText | undefined) => value?.[locale] || value?.en || "";
  const pickup = product.pickupIncluded ? product.pickupPoints[0] : undefined;
  if (pickup) return { kind: "pickup", text: [pickup.pickupTime, text(pickup.name), text(pickup.address)].filter(Boolean).join(" · ") };
  const meetingPoint = text(product.content.meetingPoint);
  return meetingPoint ? { kind: "meetingPoint", text: meetingPoint } : null;
}

async function itemOf(db: Database, orderId: string, itemId: string): Promise<OrderItemRow | null> {
  const [item] = await db.select().from(orderItems).where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  return item ?? null;
}

/** The products' titles by id: all a message needs of them (one query, not the cart's options and units). */
async function productTitles(db: Database, productIds: string[]): Promise<Map<string, LocalizedText>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, title: productTitle }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}

async function titleOf(db: Database, productId: string, locale: LocaleCode): Promise<string> {
  const title = (await productTitles(db, [productId])).get(productId);
  return title?.[locale] || title?.en || productId;
}

/** Each booking's voucher ticket (the one that admits the whole booking) by booking uuid; bookings of an external supplier have none here. */
async function voucherTickets(db: Database, bookingUuids: string[]): Promise<Map<string, string>> {
  if (bookingUuids.length === 0) return new Map();
  const rows = await db
    .select({ bookingUuid: bookings.uuid, ticketId: tickets.id })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(and(inArray(bookings.uuid, bookingUuids), isNull(tickets.unitItemUuid)));
  return new Map(rows.map((row) => [row.bookingUuid, row.ticketId]));
}

/**
 * Sends the email, then the WhatsApp message (when the news goes by WhatsApp), and records both in one
 * insert, in that order. `owed`: a failed email leaves the notice owed, and the retry sends both, so
 * the WhatsApp message waits for it.
 */
async function deliver(deps: NotifyDeps, order: OrderRow, kind: string, message: WordedMessage, options: { channels?: ReadonlyArray<"email" | "whatsapp">; owed: boolean }): Promise<Delivery> {
  const channels = options.channels ?? ["email", "whatsapp"];
  const messages: SentMessage[] = [];
  const record = (channel: "email" | "whatsapp", recipient: string, error: unknown): SentMessage => ({
    channel,
    kind,
    recipient,
    subject: message.subject,
    locale: localeOf(order.locale),
    status: error ? "FAILED" : "SENT",
    error: error ? String((error as Error).message ?? error).slice(0, 500) : null,
  });
  let emailError: Error | null = null;
  if (channels.includes("email")) {
    try {
      const headers = message.unsubscribeUrl ? { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined;
      await deps.mailer.send({ to: order.email, subject: message.subject, text: message.text, ...(headers ? { headers } : {}) });
      messages.push(record("email", order.email, null));
    } catch (error) {
      console.error(`[notifications] email ${kind} for ${order.reference} failed`, error);
      emailError = error instanceof Error ? error : new Error(String(error));
      messages.push(record("email", order.email, error));
    }
  }
  if (channels.includes("whatsapp") && message.whatsapp && !(options.owed && emailError)) {
    const phone = `${order.countryCode}${order.phone}`;
    try {
      await deps.whatsapp.send(phone, message.whatsapp.text, message.whatsapp.template);
      messages.push(record("whatsapp", phone, null));
    } catch (error) {
      console.error(`[notifications] whatsapp ${kind} for ${order.reference} failed`, error);
      messages.push(record("whatsapp", phone, error));
    }
  }
  await recordOrderMessages(deps.db, messages.map((sent) => ({ ...sent, orderId: order.id })), deps.clock.now());
  return { messages, emailError };
}

/**
 * After an outcome's attempt: nothing is owed once the email went out; a failed email is owed again
 * after a backoff until NOTICE_ATTEMPTS failures. Only while the order still owes this outcome's
 * notice (a later outcome's claim owns the column then).
 */
async function settleNoticeDue(db: Database, orderId: string, outcome: NotifiedOutcome, emailSent: boolean, now: Date): Promise<void> {
  let due: Date | null = null;
  if (!emailSent) {
    const [row] = await db
      .select({ failures: sql<number>`count(*)::int` })
      .from(orderMessages)
      .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.channel, "email"), eq(orderMessages.kind, outcome), eq(orderMessages.status, "FAILED")));
    const failures = row?.failures ?? NOTICE_ATTEMPTS;
    if (failures < NOTICE_ATTEMPTS) due = new Date(now.getTime() + 2 ** failures * 60_000);
  }
  await db.update(orders).set({ noticeDueAt: due }).where(and(eq(orders.id, orderId), eq(orders.notifiedStatus, outcome)));
}

/** An offer's message: to the address of the request, in its language, linking to the customer's bookings. Not recorded (an offer has no order until accepted). */
async function tellOffer(deps: NotifyDeps, event: Extract<CustomerEvent, { type: "offer" }>): Promise<Delivery> {
  const [row] = await deps.db
    .select({ offer: customOfferRequests, title: productTitle, slug: products.slug })
    .from(customOfferRequests)
    .innerJoin(products, eq(products.id, customOfferRequests.productId))
    .where(eq(customOfferRequests.reference, event.offerReference));
  if (!row) return NOTHING;
  const { offer } = row;
  const locale = localeOf(offer.locale);
  const title = row.title[locale] || row.title.en || row.slug;
  const message = wordMessage(locale, getFixedT(locale), {
    type: "offer",
    news: event.news,
    reason: event.reason ?? null,
    offer: { name: offer.name, reference: offer.reference, title, currency: offer.currency, validUntil: offer.validUntil, quote: offer.quote, link: siteUrl(deps, locale, invoicesPath()) },
  });
  try {
    await deps.mailer.send({ to: offer.email, subject: message.subject, text: message.text });
    return NOTHING;
  } catch (error) {
    console.error(`[notifications] offer ${event.news} for ${offer.reference} failed`, error);
    return { messages: [], emailError: error instanceof Error ? error : new Error(String(error)) };
  }
}
