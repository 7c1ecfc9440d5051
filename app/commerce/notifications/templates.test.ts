/**
 * The mapping from what happened to what the customer reads: each event's kind on the order, and its
 * words in every locale (subject, text, and the WhatsApp template where the news goes by WhatsApp).
 */
import { describe, expect, test } from "vitest";
import { getFixedT } from "#app/i18n/i18n.server";
import { LOCALE_CODES, type LocaleCode } from "#app/lib/locales";
import { messageKind, type CustomerEvent } from "./customer-events";
import { AUTO_REJECT_REASON, wordMessage, type MessageFacts, type OrderFacts } from "./templates";

const order: OrderFacts = { firstName: "Noura", reference: "RH-ABC123", currency: "SAR", total: 45_000, link: "https://rihla.test/checkout/success?order=t" };

const word = (locale: LocaleCode, facts: MessageFacts) => wordMessage(locale, getFixedT(locale), facts);

/** One of each message a customer can get. */
const EVERY_MESSAGE: MessageFacts[] = [
  { type: "order.outcome", order, outcome: "CONFIRMED", items: [{ title: "Desert safari", localDate: "2030-01-20", status: "CONFIRMED", reason: null, ticketUrl: "https://rihla.test/tickets/tkt_1.pdf?s=x" }] },
  { type: "order.outcome", order, outcome: "PAYMENT_FAILED", items: [] },
  { type: "item.decided", order, decision: "REJECTED", title: "Dhow cruise", localDate: "2030-01-21", reason: AUTO_REJECT_REASON },
  { type: "item.decided", order, decision: "CONFIRMED", title: "Dhow cruise", localDate: "2030-01-21", reason: null },
  { type: "item.cancelled", order, title: "Desert safari", localDate: "2030-01-20", refundAmount: 12_050 },
  { type: "item.cancelled", order, title: "Desert safari", localDate: "2030-01-20", refundAmount: 0 },
  { type: "refund.completed", order, title: "Desert safari", amount: 1_000 },
  { type: "pay_later", order, news: "PAYMENT_LINK", amount: 45_000, deadline: new Date("2030-01-10T09:00:00Z"), reason: null },
  { type: "pay_later", order, news: "CANCELLED", amount: 0, deadline: null, reason: "No payment arrived" },
  {
    type: "offer",
    news: "QUOTED",
    reason: null,
    offer: { name: "Layla", reference: "CO-1F", title: "Calligraphy class", currency: "SAR", validUntil: new Date("2030-02-01T21:00:00Z"), quote: { message: "We would love to host you.", options: [{ localDate: "2030-02-10", availabilityId: "a", optionId: "o", time: "10:00", amount: 150_000, included: "Tea" }] }, link: "https://rihla.test/invoices" },
  },
];

describe("each event is recorded under its kind", () => {
  test.each<[CustomerEvent, string]>([
    [{ type: "order.outcome", orderId: "o", outcome: "PAY_LATER" }, "PAY_LATER"],
    [{ type: "item.cancelled", orderId: "o", itemId: "i", refundAmount: 0 }, "ITEM_CANCELLED"],
    [{ type: "refund.completed", orderId: "o", itemId: "i", amount: 1 }, "REFUNDED"],
    [{ type: "pay_later", orderId: "o", news: "PAYMENT_LINK" }, "PAY_LATER_PAYMENT_LINK"],
    [{ type: "offer", offerReference: "CO-1", news: "QUOTED" }, "OFFER_QUOTED"],
  ])("%o → %s", (event, kind) => {
    expect(messageKind(event)).toBe(kind);
  });

  test("a decision is told as what the booking became", () => {
    const event: CustomerEvent = { type: "item.decided", orderId: "o", itemId: "i" };
    expect(messageKind(event, "CONFIRMED")).toBe("ITEM_CONFIRMED");
    expect(messageKind(event, "REJECTED")).toBe("ITEM_REJECTED");
  });
});

describe("words", () => {
  test("a confirmation lists each item with its ticket, the total and the link, and goes by WhatsApp through its template", () => {
    const message = word("en", EVERY_MESSAGE[0]!);
    expect(message.subject).toBe("Booking confirmed – RH-ABC123");
    expect(message.text.split("\n")).toEqual([
      "Hello Noura,",
      "",
      "Your booking RH-ABC123 is confirmed.",
      "",
      expect.stringMatching(/^- Desert safari \(.+\): /),
      "  Ticket: https://rihla.test/tickets/tkt_1.pdf?s=x",
      "",
      expect.stringMatching(/^Total payable: .*450\.00/),
      "Your booking: https://rihla.test/checkout/success?order=t",
    ]);
    expect(message.whatsapp?.template).toEqual({ kind: "CONFIRMED", locale: "en", parameters: ["Noura", "RH-ABC123", expect.stringContaining("450.00"), order.link] });
  });

  test("a failed payment goes by email only", () => {
    expect(word("en", EVERY_MESSAGE[1]!).whatsapp).toBeNull();
  });

  test("an automatic rejection gives its reason in the customer's language, by email and WhatsApp", () => {
    const message = word("ar", EVERY_MESSAGE[2]!);
    const autoReason = getFixedT("ar")("booking.email.decision.autoReason");
    expect(message.text).toContain(autoReason);
    expect(message.text).not.toContain(AUTO_REJECT_REASON);
    expect(message.whatsapp?.text).toContain(autoReason);
    expect(message.whatsapp?.template).toMatchObject({ kind: "ITEM_REJECTED", locale: "ar", parameters: ["Noura", "RH-ABC123", "Dhow cruise", order.link] });
  });

  test("a cancellation says what comes back, or that nothing does", () => {
    expect(word("en", EVERY_MESSAGE[4]!).text).toMatch(/We are refunding SAR\s120\.50 to your original payment method\./);
    expect(word("en", EVERY_MESSAGE[5]!).text).toContain("Under the cancellation policy no refund is due for this booking.");
  });

  test("amounts are written with Latin digits in Arabic too (docs/decisions/029)", () => {
    const message = word("ar", EVERY_MESSAGE[6]!);
    expect(message.text).toMatch(/10\.00/);
    expect(message.text).not.toMatch(/[٠-٩]/);
  });

  test("a payment link gives the deadline in Riyadh time; a cancellation by the team gives its reason", () => {
    const link = word("en", EVERY_MESSAGE[7]!);
    expect(link.subject).toBe("Pay for your booking RH-ABC123");
    // 09:00 UTC is 12:00 in Riyadh.
    expect(link.text).toMatch(/12:00/);
    expect(word("en", EVERY_MESSAGE[8]!).text).toContain("Reason: No payment arrived");
  });

  test("a quote lists its options and says how to accept", () => {
    const message = word("en", EVERY_MESSAGE[9]!);
    expect(message.subject).toBe("Your offer for Calligraphy class (CO-1F)");
    expect(message.text).toContain("We would love to host you.");
    expect(message.text).toMatch(/Option 1: .*2030 10:00 — SAR\s1,500\.00/);
    expect(message.text).toContain("  Tea");
    expect(message.text).toContain("https://rihla.test/invoices");
  });

  test.each(LOCALE_CODES)("every message is worded in %s, with no key left untranslated", (locale) => {
    for (const facts of EVERY_MESSAGE) {
      const message = word(locale, facts);
      for (const text of [message.subject, message.text, message.whatsapp?.text ?? ""]) expect(text).not.toMatch(/(booking|account)\.email\./);
      expect(message.text).toContain(facts.type === "offer" ? "Layla" : "Noura");
    }
  });
});
