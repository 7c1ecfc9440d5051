/**
 * Money changes an order only on verified amounts. A gateway event (a webhook, or the reconciler's
 * and the return page's look at the session) is believed only when what it reports matches what
 * the order owes for that payment session: the signature proves who sent it, not that it is right
 * (a leaked secret, a provider bug, a session reused for another amount). Pure, so every gateway
 * adapter and every path that applies events shares one rule.
 */
import { CAPTURED_AT_ONCE, type PaymentMethod } from "#app/payments/gateway";

/** What we asked the gateway for, from our own payment row. */
export interface ExpectedPayment {
  orderId: string;
  amount: number;
  currency: string;
  captureMethod: string;
  /** NONE until settling decides to capture an authorization itself; then CAPTURING or DONE. */
  captureState: string;
  /** For a capture we started: what we asked to capture (the confirmed items' total). */
  captureAmount?: number | null;
}

/** What the event claims. */
export interface ReportedPayment {
  type: string;
  amount: number | null;
  currency: string | null;
  /** The order the provider's metadata names, when it names one. */
  orderId?: string | null;
  /** How the customer paid, when the provider says. */
  method?: PaymentMethod | null;
}

export type IntegrityProblem = "AMOUNT_MISSING" | "AMOUNT_MISMATCH" | "CURRENCY_MISMATCH" | "ORDER_MISMATCH" | "UNEXPECTED_CAPTURE";

export type IntegrityVerdict = { ok: true } | { ok: false; problem: IntegrityProblem; expected: number; reported: number | null };

/** Events that move money towards the merchant and so must be checked; failures and voids move none. */
const MONEY_EVENTS = new Set(["payment.authorized", "payment.captured"]);

export function verifyPaymentEvent(expected: ExpectedPayment, reported: ReportedPayment): IntegrityVerdict {
  if (!MONEY_EVENTS.has(reported.type)) return { ok: true };
  const fail = (problem: IntegrityProblem, amount = expected.amount): IntegrityVerdict => ({ ok: false, problem, expected: amount, reported: reported.amount });
  if (reported.orderId && reported.orderId !== expected.orderId) return fail("ORDER_MISMATCH");
  if (reported.amount === null || !Number.isInteger(reported.amount)) return fail("AMOUNT_MISSING");
  if (!reported.currency || reported.currency.toUpperCase() !== expected.currency.toUpperCase()) return fail("CURRENCY_MISMATCH");
  if (reported.type === "payment.authorized") return reported.amount === expected.amount ? { ok: true } : fail("AMOUNT_MISMATCH");

  // A capture. Automatic: the customer paid on the hosted page, and must have paid the whole amount.
  if (expected.captureMethod === "automatic") return reported.amount === expected.amount ? { ok: true } : fail("AMOUNT_MISMATCH");
  // Manual, paid with a method that cannot be held (mada, STC Pay): charged in full on the hosted page,
  // and reported so by each path (webhook, return page, reconciler) whatever the first one recorded.
  if (reported.method && CAPTURED_AT_ONCE.has(reported.method)) return reported.amount === expected.amount ? { ok: true } : fail("AMOUNT_MISMATCH");
  // Manual: otherwise only we capture, after deciding every item; nothing else may report a capture.
  if (expected.captureState === "NONE") return fail("UNEXPECTED_CAPTURE");
  const asked = expected.captureAmount ?? null;
  if (asked === null) return reported.amount > 0 && reported.amount <= expected.amount ? { ok: true } : fail("AMOUNT_MISMATCH");
  return reported.amount === asked ? { ok: true } : fail("AMOUNT_MISMATCH", asked);
}
