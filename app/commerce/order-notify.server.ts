/**
 * Telling the customer about an order: one email per outcome through sendMail, and a WhatsApp
 * message through a notifier interface (the default only logs; the WhatsApp Business Cloud API
 * adapter, app/messaging/whatsapp-cloud.server.ts, sends the outcome's approved template).
 *
 * notifyOrder builds the notice from a stored order, sends it and records every message in
 * order_messages (the console lists them and can resend an email); notifyOrderOutcome words and sends it.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, isLocaleCode, type LocaleCode } from "#app/lib/locales";
import type { Clock } from "#app/lib/clock";
import type { Database } from "#app/db/db.server";
import type { LocalizedText } from "#app/db/types";
import { bookings, orderMessages, orders, products, tickets } from "#app/db/schema";
import type { Env } from "#app/lib/env.server";
import type { Mailer } from "#app/lib/mailer.server";
import { isCurrencyCode } from "#app/lib/money";
import { formatLocalDate, formatMoney } from "#app/i18n/format";
import { localized } from "#app/lib/paths";
import { ticketPdfUrl } from "#app/booking/ticket-links.server";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { recordOrderMessages, type OrderMessageInput } from "./order-events.server";
import { getOrderItems, resultPath, type OrderItemRow, type OrderRow } from "./order-records.server";
import type { WhatsAppNotifier, WhatsAppTemplateMessage } from "#app/messaging/whatsapp";

/** What telling a customer needs: the site's origin, the mailer and the WhatsApp notifier. */
export type NotifyDeps = { env: Pick<Env, "SITE_URL" | "SESSION_SECRET">; mailer: Mailer; whatsapp: WhatsAppNotifier; clock?: Clock };

export const NOTIFIED_OUTCOMES = ["CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER", "PAYMENT_FAILED", "BOOKING_FAILED"] as const;
export type NotifiedOutcome = (typeof NOTIFIED_OUTCOMES)[number];

export function isNotifiedOutcome(value: string): value is NotifiedOutcome {
  return (NOTIFIED_OUTCOMES as readonly string[]).includes(value);
}

/** Stored as the reason of an automatic rejection (decide-pending.server.ts); the customer reads it in their language. */
export const AUTO_REJECT_REASON = "not confirmed in time";

/** A rejection's reason as the customer reads it: the team's words, or the automatic rejection's in their language. */
export function customerReason(t: (key: string) => string, stored: string | null): string | null {
  return stored === AUTO_REJECT_REASON ? t("booking.email.decision.autoReason") : stored;
}

/** Outcomes the customer is also told by WhatsApp. */
const WHATSAPP_OUTCOMES: ReadonlySet<string> = new Set(["ON_HOLD", "PAY_LATER", "CONFIRMED"]);

export interface OrderNotice {
  outcome: NotifiedOutcome;
  reference: string;
  locale: string;
  email: string;
  phone: string;
  firstName: string;
  total: number;
  currency: string;
  accessUrlPath: string;
  /**
   * `reason`: why the team rejected an on-request item (stored words; see customerReason). `ticketUrl`:
   * the signed link to a confirmed item's ticket PDF (the checkout promises tickets by email, and a guest
   * has no account to download them from).
   */
  items: Array<{ title: string; localDate: string; status: string; reason?: string | null; ticketUrl?: string | null }>;
}

/** A message as sent (or not), ready for order_messages. */
export type SentMessage = Omit<OrderMessageInput, "orderId">;

/**
 * Words the notice in the customer's language and sends it: the email, and (for some outcomes) the
 * WhatsApp message. Returns what was sent and what failed; throws only after the email failed, with
 * what was attempted attached (`error.sent`), so the caller can record it.
 */
export async function notifyOrderOutcome(deps: NotifyDeps, notice: OrderNotice, options: { channels?: ReadonlyArray<"email" | "whatsapp"> } = {}): Promise<SentMessage[]> {
  const channels = options.channels ?? ["email", "whatsapp"];
  const locale = isLocaleCode(notice.locale) ? notice.locale : "en";
  const t = getFixedT(locale);
  const key = `booking.email.${notice.outcome}`;
  const total = isCurrencyCode(notice.currency) ? formatMoney(locale, notice.total, notice.currency) : `${notice.total} ${notice.currency}`;
  const link = `${deps.env.SITE_URL}${localized(locale, notice.accessUrlPath)}`;
  const lines = notice.items.flatMap((item) => {
    const line = `- ${item.title} (${formatLocalDate(locale, item.localDate, "short")}): ${t(`booking.itemStatus.${item.status}`)}`;
    const reason = customerReason(t, item.reason ?? null);
    return [line, ...(reason ? [`  ${t("booking.email.decision.reason", { reason })}`] : []), ...(item.ticketUrl ? [`  ${t("booking.email.ticket", { link: item.ticketUrl })}`] : [])];
  });
  const subject = t(`${key}.subject`, { reference: notice.reference });
  const text = [
    t("booking.email.greeting", { name: notice.firstName }),
    "",
    t(`${key}.body`, { reference: notice.reference }),
    "",
    ...lines,
    "",
    t("booking.email.total", { total }),
    t("booking.email.link", { link }),
  ].join("\n");
  const sent: SentMessage[] = [];
  const message = (channel: "email" | "whatsapp", recipient: string, error: unknown): SentMessage => ({
    channel,
    kind: notice.outcome,
    recipient,
    subject,
    locale,
    status: error ? "FAILED" : "SENT",
    error: error ? String((error as Error).message ?? error).slice(0, 500) : null,
  });
  if (channels.includes("email")) {
    try {
      await deps.mailer.send({ to: notice.email, subject, text });
      sent.push(message("email", notice.email, null));
    } catch (error) {
      sent.push(message("email", notice.email, error));
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { sent });
    }
  }
  if (channels.includes("whatsapp") && WHATSAPP_OUTCOMES.has(notice.outcome)) {
    const template: WhatsAppTemplateMessage = { kind: notice.outcome, locale, parameters: [notice.firstName, notice.reference, total, link] };
    try {
      await deps.whatsapp.send(notice.phone, subject, template);
      sent.push(message("whatsapp", notice.phone, null));
    } catch (error) {
      console.error("[whatsapp]", error);
      sent.push(message("whatsapp", notice.phone, error));
    }
  }
  return sent;
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

/** The products' titles by id: all a notice needs of them (one query, not the cart's options and units). */
async function productTitles(db: Database, productIds: string[]): Promise<Map<string, LocalizedText>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, title: products.title }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** `knownItems`: the order's items as the caller just read them (settling has them), to spare reading them again. */
async function noticeOf(deps: Pick<NotifyDeps, "env"> & { db: Database }, order: OrderRow, outcome: NotifiedOutcome, knownItems?: OrderItemRow[]): Promise<OrderNotice> {
  const db = deps.db;
  const items = knownItems ?? (await getOrderItems(db, order.id));
  const titles = await productTitles(db, items.map((item) => item.productId));
  const locale = (isLocaleCode(order.locale) ? order.locale : "en") as LocaleCode;
  const tickets = outcome === "CONFIRMED" || outcome === "PARTIALLY_CONFIRMED" ? await voucherTickets(db, items.filter((item) => item.status === "CONFIRMED").map((item) => item.bookingUuid)) : new Map<string, string>();
  const ticketUrlOf = (bookingUuid: string) => {
    const ticketId = tickets.get(bookingUuid);
    return ticketId ? ticketPdfUrl(deps.env.SITE_URL, ticketId, deps.env.SESSION_SECRET, locale) : null;
  };
  return {
    outcome,
    reference: order.reference,
    locale: order.locale,
    email: order.email,
    phone: `${order.countryCode}${order.phone}`,
    firstName: order.firstName,
    total: order.totalAmount,
    currency: order.currency,
    accessUrlPath: resultPath({ status: outcome, accessToken: order.accessToken }),
    items: items.map((item) => ({
      title: titles.get(item.productId)?.[locale] ?? item.productId,
      localDate: item.localDate,
      status: item.status,
      reason: item.decision === "REJECTED" ? item.decisionReason : null,
      ticketUrl: item.status === "CONFIRMED" ? ticketUrlOf(item.bookingUuid) : null,
    })),
  };
}

/** Records the messages of one notice in one insert (the email and the WhatsApp message, in that order). */
async function recordSent(db: Database, orderId: string, sent: SentMessage[], now: Date): Promise<void> {
  await recordOrderMessages(db, sent.map((message) => ({ ...message, orderId })), now);
}

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

/**
 * After an attempt: nothing is owed once the email went out; a failed email is owed again after a
 * backoff until NOTICE_ATTEMPTS failures. Only while the order still owes this outcome's notice (a later
 * outcome's claim owns the column then).
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

/**
 * Tells the customer of an order's outcome, listing each item under its title in the order's language;
 * every message is recorded on the order, and the notice is no longer owed once its email went out.
 */
export async function notifyOrder(deps: NotifyDeps & { db: Database }, order: OrderRow, outcome: NotifiedOutcome, items?: OrderItemRow[]): Promise<void> {
  const notice = await noticeOf(deps, order, outcome, items);
  try {
    await recordSent(deps.db, order.id, await notifyOrderOutcome(deps, notice), new Date());
  } catch (error) {
    const sent = (error as { sent?: SentMessage[] }).sent;
    if (sent) await recordSent(deps.db, order.id, sent, new Date());
    await settleNoticeDue(deps.db, order.id, outcome, false, deps.clock?.now() ?? new Date());
    throw error;
  }
  await settleNoticeDue(deps.db, order.id, outcome, true, deps.clock?.now() ?? new Date());
}

/**
 * Sends the notices still owed at `now` (their request crashed before sending, or the email failed):
 * each is claimed first by moving its due time on, so another pass or instance does not send it too.
 * Returns how many were sent.
 */
export async function sendOwedNotices(deps: NotifyDeps & { db: Database }, now: Date, limit = 100): Promise<{ sent: number; failed: number }> {
  const owed = await deps.db
    .select()
    .from(orders)
    .where(and(isNotNull(orders.noticeDueAt), lte(orders.noticeDueAt, now), isNotNull(orders.notifiedStatus)))
    .orderBy(asc(orders.noticeDueAt))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const order of owed) {
    const outcome = order.notifiedStatus;
    if (!outcome || !isNotifiedOutcome(outcome)) {
      await deps.db.update(orders).set({ noticeDueAt: null }).where(eq(orders.id, order.id));
      continue;
    }
    const claimed = await deps.db
      .update(orders)
      .set({ noticeDueAt: noticeDueAt(now) })
      .where(and(eq(orders.id, order.id), eq(orders.noticeDueAt, order.noticeDueAt!), eq(orders.notifiedStatus, outcome)))
      .returning({ id: orders.id });
    if (claimed.length === 0) continue;
    try {
      await notifyOrder(deps, order, outcome);
      sent += 1;
    } catch (error) {
      failed += 1;
      console.error(`[orders] owed notice of order ${order.id}`, error);
    }
  }
  return { sent, failed };
}

export type ResendResult = { ok: true; message: SentMessage } | { ok: false; reason: "NOT_FOUND" | "NOT_RESENDABLE" | "FAILED" };

/**
 * Sends a recorded email of an order again, rebuilt from the order as it is now and the message's
 * kind (the outcome it told), to the order's address. The new message is recorded, and the resend
 * audited as `actor`'s, in one transaction.
 */
export async function resendOrderEmail(deps: NotifyDeps & { db: Database }, orderId: string, messageId: number, actor: Actor, now: Date): Promise<ResendResult> {
  const [found] = await deps.db.select().from(orderMessages).where(and(eq(orderMessages.id, messageId), eq(orderMessages.orderId, orderId)));
  if (!found) return { ok: false, reason: "NOT_FOUND" };
  if (found.channel !== "email" || !isNotifiedOutcome(found.kind)) return { ok: false, reason: "NOT_RESENDABLE" };
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, reason: "NOT_FOUND" };
  const notice = await noticeOf(deps, order, found.kind);
  let sent: SentMessage[];
  try {
    sent = await notifyOrderOutcome(deps, notice, { channels: ["email"] });
  } catch (error) {
    sent = (error as { sent?: SentMessage[] }).sent ?? [];
  }
  const message = sent[0];
  await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await recordSent(t, orderId, sent, now);
    await recordAudit(t, actor, { action: "message.resent", subjectType: "order_message", subjectId: String(messageId), orderId, after: { kind: found.kind, channel: "email", recipient: order.email, status: message?.status ?? "FAILED" } }, now);
  });
  return message?.status === "SENT" ? { ok: true, message } : { ok: false, reason: "FAILED" };
}
