/**
 * The words of every message a customer gets about an order or an offer, per locale: one function
 * from the facts of an event (read by tell-customer.server.ts) to the email's subject and text and,
 * where the customer is told by WhatsApp too, the WhatsApp message and its approved template's
 * parameters (app/messaging). The texts themselves are i18n keys (booking.email.*, account.email.*)
 * filled in all four locales; nothing here reads a database or sends anything.
 */
import type { TFunction } from "i18next";
import type { OfferQuote } from "#app/db/schema";
import { formatInstant, formatLocalDate, formatMoney } from "#app/i18n/format";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import type { LocaleCode } from "#app/lib/locales";
import { isCurrencyCode } from "#app/lib/money";
import type { WhatsAppTemplateMessage } from "#app/messaging/whatsapp";
import type { PaidWith } from "../order-records.server";
import type { ItemDecision, NotifiedOutcome, OfferNews, PayLaterNews } from "./customer-events";

/** Stored as the reason of an automatic rejection (decide-pending.server.ts); the customer reads it in their language. */
export const AUTO_REJECT_REASON = "not confirmed in time";

/** A rejection's reason as the customer reads it: the team's words, or the automatic rejection's in their language. */
export function customerReason(t: (key: string) => string, stored: string | null): string | null {
  return stored === AUTO_REJECT_REASON ? t("booking.email.decision.autoReason") : stored;
}

/** Outcomes the customer is also told by WhatsApp (through the outcome's approved template). */
const WHATSAPP_OUTCOMES: ReadonlySet<NotifiedOutcome> = new Set(["ON_HOLD", "PAY_LATER", "CONFIRMED"]);

/** Who is written to, about which order, and the page the message links to (absolute). */
export type OrderFacts = { firstName: string; reference: string; currency: string; total: number; link: string };

export type OutcomeItem = { title: string; localDate: string; status: string; reason: string | null; ticketUrl: string | null };

/** What each message says, with the facts it needs (read from the order when the event is told). */
export type MessageFacts =
  /** `chargedWith`: the method of a payment charged in full already (mada, STC Pay on request), else null. */
  | { type: "order.outcome"; order: OrderFacts; outcome: NotifiedOutcome; items: OutcomeItem[]; chargedWith?: PaidWith | null }
  | { type: "item.decided"; order: OrderFacts; decision: ItemDecision; title: string; localDate: string; reason: string | null }
  | { type: "item.cancelled"; order: OrderFacts; title: string; localDate: string; refundAmount: number }
  | { type: "refund.completed"; order: OrderFacts; title: string; amount: number }
  | { type: "pay_later"; order: OrderFacts; news: PayLaterNews; amount: number; deadline: Date | null; reason: string | null }
  | { type: "offer"; offer: OfferFacts; news: OfferNews; reason: string | null }
  /** Before a booking starts: when (local, worded), where (meeting point or pickup), its ticket and the order's page (order.link). */
  | { type: "booking.reminder"; order: OrderFacts; title: string; start: string; place: BookingPlace | null; ticketUrl: string | null }
  /** After it: where to review it, and the link that opts the address out of such requests. */
  | { type: "booking.review_request"; order: OrderFacts; title: string; reviewUrl: string; unsubscribeUrl: string };

/** Where a booking starts: the product's meeting point, or its pickup (place and time). */
export type BookingPlace = { kind: "meetingPoint" | "pickup"; text: string };

export type OfferFacts = { name: string; reference: string; title: string; currency: string; validUntil: Date | null; quote: OfferQuote | null; link: string };

export type WhatsAppMessage = { text: string; template: WhatsAppTemplateMessage };

/** A message as worded: the email, and the WhatsApp message when this news goes by WhatsApp too. */
/** `unsubscribeUrl`: an optional message's one-click opt-out (RFC 8058), sent as its List-Unsubscribe header. */
export type WordedMessage = { subject: string; text: string; whatsapp: WhatsAppMessage | null; unsubscribeUrl?: string };

function moneyIn(locale: LocaleCode, currency: string) {
  return (amount: number) => (isCurrencyCode(currency) ? formatMoney(locale, amount, currency) : `${amount} ${currency}`);
}

/** An email: the greeting, the paragraphs (empty strings for blank lines), and the link to the booking. */
function email(t: TFunction, firstName: string, body: string[], link: string): string {
  return [t("booking.email.greeting", { name: firstName }), "", ...body, t("booking.email.link", { link })].join("\n");
}

/** The words of one message in `locale` (`t` is that locale's). */
export function wordMessage(locale: LocaleCode, t: TFunction, facts: MessageFacts): WordedMessage {
  switch (facts.type) {
    case "order.outcome":
      return outcomeMessage(locale, t, facts);
    case "item.decided":
      return decisionMessage(locale, t, facts);
    case "item.cancelled":
      return cancelledMessage(locale, t, facts);
    case "refund.completed":
      return refundMessage(locale, t, facts);
    case "pay_later":
      return payLaterMessage(locale, t, facts);
    case "offer":
      return offerMessage(locale, t, facts);
    case "booking.reminder":
      return reminderMessage(locale, t, facts);
    case "booking.review_request":
      return reviewRequestMessage(locale, t, facts);
  }
}

/** A booking cancelled: what comes back, and when. */
function cancelledMessage(locale: LocaleCode, t: TFunction, facts: Extract<MessageFacts, { type: "item.cancelled" }>): WordedMessage {
  const { order } = facts;
  const money = moneyIn(locale, order.currency);
  const refund = facts.refundAmount > 0 ? [t("booking.email.cancelled.refund", { amount: money(facts.refundAmount) }), t("booking.email.refund.timing")] : [t("booking.email.cancelled.noRefund")];
  return {
    subject: t("booking.email.cancelled.subject", { reference: order.reference }),
    text: email(t, order.firstName, [t("booking.email.cancelled.body", { title: facts.title, date: facts.localDate, reference: order.reference }), ...refund, ""], order.link),
    whatsapp: null,
  };
}

/** A refund made: how much, for what, and when it arrives. */
function refundMessage(locale: LocaleCode, t: TFunction, facts: Extract<MessageFacts, { type: "refund.completed" }>): WordedMessage {
  const { order } = facts;
  const body = t("booking.email.refund.body", { amount: moneyIn(locale, order.currency)(facts.amount), title: facts.title, reference: order.reference });
  return { subject: t("booking.email.refund.subject", { reference: order.reference }), text: email(t, order.firstName, [body, t("booking.email.refund.timing"), ""], order.link), whatsapp: null };
}

/** Before a booking starts: when, where, the ticket and the manage link (email and WhatsApp). */
function reminderMessage(locale: LocaleCode, t: TFunction, facts: Extract<MessageFacts, { type: "booking.reminder" }>): WordedMessage {
  const { order } = facts;
  const vars = { title: facts.title, start: facts.start, reference: order.reference };
  const placeLine = facts.place ? t(`booking.email.reminder.${facts.place.kind}`, { place: facts.place.text }) : null;
  const subject = t("booking.email.reminder.subject", vars);
  const body = [t("booking.email.reminder.body", vars), ...(placeLine ? [placeLine] : []), ...(facts.ticketUrl ? [t("booking.email.ticket", { link: facts.ticketUrl })] : []), ""];
  const text = [t("booking.email.greeting", { name: order.firstName }), "", ...body, t("booking.email.reminder.manage", { link: order.link })].join("\n");
  const link = facts.ticketUrl ?? order.link;
  const whatsappText = t("booking.email.reminder.whatsapp", { ...vars, place: placeLine ?? "", link });
  return { subject, text, whatsapp: { text: whatsappText, template: { kind: "REMINDER", locale, parameters: [order.firstName, facts.title, facts.start, facts.place?.text ?? "", link] } } };
}

/** After a booking: where to review it, and the one-click opt-out (List-Unsubscribe). */
function reviewRequestMessage(locale: LocaleCode, t: TFunction, facts: Extract<MessageFacts, { type: "booking.review_request" }>): WordedMessage {
  const { order } = facts;
  const vars = { title: facts.title, reference: order.reference };
  const text = [t("booking.email.greeting", { name: order.firstName }), "", t("booking.email.review.body", { ...vars, link: facts.reviewUrl }), "", t("booking.email.review.unsubscribe", { link: facts.unsubscribeUrl })].join("\n");
  return { subject: t("booking.email.review.subject", vars), text, whatsapp: null, unsubscribeUrl: facts.unsubscribeUrl };
}

function outcomeMessage(locale: LocaleCode, t: TFunction, facts: Extract<MessageFacts, { type: "order.outcome" }>): WordedMessage {
  const { order, outcome } = facts;
  const key = `booking.email.${outcome}`;
  const total = moneyIn(locale, order.currency)(order.total);
  const lines = facts.items.flatMap((item) => {
    const line = `- ${item.title} (${formatLocalDate(locale, item.localDate, "short")}): ${t(`booking.itemStatus.${item.status}`)}`;
    const reason = customerReason(t, item.reason);
    return [line, ...(reason ? [`  ${t("booking.email.decision.reason", { reason })}`] : []), ...(item.ticketUrl ? [`  ${t("booking.email.ticket", { link: item.ticketUrl })}`] : [])];
  });
  const subject = t(`${key}.subject`, { reference: order.reference });
  // On hold with the money charged already (a method that cannot be held): say so, and that a rejection refunds it.
  const body = outcome === "ON_HOLD" && facts.chargedWith ? t("booking.email.ON_HOLD.bodyCharged", { reference: order.reference, method: t(`booking.paymentMethods.${facts.chargedWith}`) }) : t(`${key}.body`, { reference: order.reference });
  const text = [t("booking.email.greeting", { name: order.firstName }), "", body, "", ...lines, "", t("booking.email.total", { total }), t("booking.email.link", { link: order.link })].join("\n");
  const whatsapp = WHATSAPP_OUTCOMES.has(outcome) ? { text: subject, template: { kind: outcome, locale, parameters: [order.firstName, order.reference, total, order.link] } } : null;
  return { subject, text, whatsapp };
}

function decisionMessage(locale: LocaleCode, t: TFunction, facts: Extract<MessageFacts, { type: "item.decided" }>): WordedMessage {
  const { order, decision } = facts;
  const reason = decision === "REJECTED" ? customerReason(t, facts.reason) : null;
  const reasonLine = reason ? t("booking.email.decision.reason", { reason }) : null;
  const subject = t(`booking.email.decision.${decision}.subject`, { reference: order.reference });
  const text = [
    t("booking.email.greeting", { name: order.firstName }),
    "",
    t(`booking.email.decision.${decision}.body`, { reference: order.reference, title: facts.title, date: facts.localDate }),
    ...(reasonLine ? ["", reasonLine] : []),
    "",
    t(`booking.email.decision.${decision}.money`),
    t("booking.email.link", { link: order.link }),
  ].join("\n");
  const kind = decision === "CONFIRMED" ? "ITEM_CONFIRMED" : "ITEM_REJECTED";
  const whatsapp = { text: [subject, reasonLine, order.link].filter(Boolean).join("\n"), template: { kind, locale, parameters: [order.firstName, order.reference, facts.title, order.link] } };
  return { subject, text, whatsapp };
}

function payLaterMessage(locale: LocaleCode, t: TFunction, facts: Extract<MessageFacts, { type: "pay_later" }>): WordedMessage {
  const { order } = facts;
  const money = moneyIn(locale, order.currency);
  const key = `booking.email.payLater.${facts.news}`;
  const vars = {
    reference: order.reference,
    total: money(order.total),
    amount: money(facts.amount),
    link: order.link,
    deadline: facts.deadline ? formatInstant(locale, facts.deadline, RIYADH_TIME_ZONE, { dateStyle: "full", timeStyle: "short" }) : "",
    reason: facts.reason ?? "",
  };
  const body = [t(`${key}.body`, vars), ...(facts.reason ? ["", t("booking.email.payLater.reason", vars)] : []), ""];
  return { subject: t(`${key}.subject`, vars), text: email(t, order.firstName, body, order.link), whatsapp: null };
}

const OFFER_KEYS: Record<OfferNews, string> = { QUOTED: "Quoted", WITHDRAWN: "Withdrawn", EXPIRED: "Expired" };

function offerMessage(locale: LocaleCode, t: TFunction, facts: Extract<MessageFacts, { type: "offer" }>): WordedMessage {
  const { offer } = facts;
  const money = moneyIn(locale, offer.currency);
  const key = OFFER_KEYS[facts.news];
  const validUntil = offer.validUntil ? formatInstant(locale, offer.validUntil, RIYADH_TIME_ZONE, { dateStyle: "full", timeStyle: "short" }) : "";
  const vars = { reference: offer.reference, title: offer.title, validUntil, reason: facts.reason ?? "", link: offer.link };
  const lines = [t("account.email.greeting", { name: offer.name }), "", t(`account.email.offer${key}Text`, vars)];
  if (facts.news === "QUOTED" && offer.quote) {
    if (offer.quote.message) lines.push("", offer.quote.message);
    lines.push("");
    for (const [index, option] of offer.quote.options.entries()) {
      lines.push(t("account.email.offerOption", { number: index + 1, date: formatLocalDate(locale, option.localDate, "full"), time: option.time ?? "", price: money(option.amount) }).trim());
      if (option.included) lines.push(`  ${option.included}`);
    }
    lines.push("", t("account.email.offerAcceptHow", vars));
  }
  if (facts.reason) lines.push("", t("booking.email.payLater.reason", vars));
  return { subject: t(`account.email.offer${key}Subject`, vars), text: lines.join("\n"), whatsapp: null };
}
