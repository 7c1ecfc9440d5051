/**
 * What a customer hears about: the events of an order (or a custom offer) that commerce's modules emit
 * when they change it. tell-customer.server.ts is the one place that turns each into the email (and,
 * for some, the WhatsApp message) in the customer's language and records it on the order. An event
 * names what happened and which row it happened to; the words and the facts they need are read there.
 */

/** Order outcomes the customer is told of once each (orders.notified_status holds the last one told). */
export const NOTIFIED_OUTCOMES = ["CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER", "PAYMENT_FAILED", "BOOKING_FAILED"] as const;
export type NotifiedOutcome = (typeof NOTIFIED_OUTCOMES)[number];

export function isNotifiedOutcome(value: string): value is NotifiedOutcome {
  return (NOTIFIED_OUTCOMES as readonly string[]).includes(value);
}

/** A pay-later order's news besides its outcome: the link to pay, a part payment, its end, a late payment returned. */
export const PAY_LATER_NEWS = ["PAYMENT_LINK", "PART_PAID", "EXPIRED", "CANCELLED", "LATE_REFUND"] as const;
export type PayLaterNews = (typeof PAY_LATER_NEWS)[number];

/** A custom offer's news: quoted (its options and how to accept), withdrawn by the team, expired. */
export type OfferNews = "QUOTED" | "WITHDRAWN" | "EXPIRED";

/** Whether the team's decision on an on-request item, or the supplier's, left it booked. */
export type ItemDecision = "CONFIRMED" | "REJECTED";

export type CustomerEvent =
  /** Placed (PAY_LATER), on hold, confirmed, partly confirmed, payment failed, booking failed: the order's outcome, with every item. */
  | { type: "order.outcome"; orderId: string; outcome: NotifiedOutcome }
  /** An on-request item was decided while the order waits on others (told as what the booking became). */
  | { type: "item.decided"; orderId: string; itemId: string }
  /** A booking was cancelled (by the customer or the team), with what comes back. */
  | { type: "item.cancelled"; orderId: string; itemId: string; refundAmount: number }
  /** The team's refund reached the gateway. */
  | { type: "refund.completed"; orderId: string; itemId: string; amount: number }
  /** `amount`: the link's or the payment's; `link`: the page to pay on (else the order's page); `reason`: the team's words. */
  | { type: "pay_later"; orderId: string; news: PayLaterNews; amount?: number; link?: string; reason?: string | null }
  /** An offer has no order until it is accepted: its messages are sent, not recorded on an order. */
  | { type: "offer"; offerReference: string; news: OfferNews; reason?: string | null }
  /** A confirmed booking starts soon (REMINDER_HOURS_BEFORE): when, where, its ticket (./booking-notices.server.ts sends it once). */
  | { type: "booking.reminder"; orderId: string; itemId: string }
  /** A confirmed booking's activity is over: would they review it (once, not to opted-out addresses). */
  | { type: "booking.review_request"; orderId: string; itemId: string };

/** The kind a message of this event is recorded under in order_messages (the console lists it; tests read it). */
export function messageKind(event: CustomerEvent, decision?: ItemDecision): string {
  switch (event.type) {
    case "order.outcome":
      return event.outcome;
    case "item.decided":
      return decision === "CONFIRMED" ? "ITEM_CONFIRMED" : "ITEM_REJECTED";
    case "item.cancelled":
      return "ITEM_CANCELLED";
    case "refund.completed":
      return "REFUNDED";
    case "pay_later":
      return `PAY_LATER_${event.news}`;
    case "offer":
      return `OFFER_${event.news}`;
    case "booking.reminder":
      return "REMINDER";
    case "booking.review_request":
      return "REVIEW_REQUEST";
  }
}
