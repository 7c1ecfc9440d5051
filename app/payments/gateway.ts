/**
 * The one interface every payment provider sits behind. The storefront never talks to a provider
 * directly: checkout creates a hosted session, webhooks (and the reconciler's polling) report what
 * happened as PaymentEvents, and orders capture, refund or cancel through these calls. Every call
 * that moves money takes an idempotency key, so a retry after a crash never charges or refunds twice.
 */

export type GatewayName = "sandbox" | "stripe" | "tap";

/**
 * automatic: the provider captures at once; manual: it only authorizes and we capture later. A method
 * that cannot be authorised only (see CAPTURED_AT_ONCE) is captured at once even on a manual session.
 */
export type CaptureMethod = "automatic" | "manual";

/**
 * How the customer paid, as the provider reports it: a card by its network (mada is the Saudi debit
 * network; a mada card in Apple Pay's wallet reports as mada), a wallet, or Tabby (buy now, pay in four:
 * Tabby pays the merchant in full at once and collects the instalments from the customer).
 */
export const PAYMENT_METHODS = ["mada", "visa", "mastercard", "applepay", "stcpay", "tabby"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Methods that are charged in full at once, never held: mada cannot be authorised now and captured
 * later, and STC Pay debits the wallet when the customer approves. An on-request booking paid with one
 * of them is refunded in full when the team rejects it, where a held card payment is only released.
 */
export const CAPTURED_AT_ONCE: ReadonlySet<PaymentMethod> = new Set(["mada", "stcpay", "tabby"]);

/**
 * Where Tabby's "pay in 4" is offered, in minor units per currency: from 10 (Tap's documented minimum
 * for Tabby) to 10,000 (Tabby's standard ceiling in Saudi Arabia, as acquirers publish it; a merchant
 * with a higher agreed limit changes it here). Other currencies are not offered.
 */
export const INSTALLMENT_LIMITS: Readonly<Record<string, { min: number; max: number }>> = {
  SAR: { min: 10_00, max: 10_000_00 },
  AED: { min: 10_00, max: 10_000_00 },
};

/** How many payments Tabby splits an order into (the first today, then one a month). */
export const INSTALLMENT_COUNT = 4;

/** The payments of an instalment plan in minor units: equal parts, the first carrying any remainder. */
export function installmentAmounts(total: number): number[] {
  const part = Math.floor(total / INSTALLMENT_COUNT);
  return [total - part * (INSTALLMENT_COUNT - 1), ...Array.from({ length: INSTALLMENT_COUNT - 1 }, () => part)];
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export interface CreateSessionInput {
  orderId: string;
  /** The order ID the customer sees; shown on the hosted page and the statement. */
  reference: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  captureMethod: CaptureMethod;
  description: string;
  /** Where the hosted page sends the browser after a payment attempt (success or decline). */
  returnUrl: string;
  /** Where it sends the browser when the customer gives up. */
  cancelUrl: string;
  customerEmail: string;
  /** The lead guest's mobile, as dialling code and number (Tabby checks eligibility by it). */
  customerPhone?: { countryCode: string; number: string };
  locale: string;
  idempotencyKey: string;
  /** Pay in instalments (Tabby) on the hosted page instead of a card or wallet; only where the gateway offers it. */
  installments?: boolean;
}

export interface PaymentSession {
  id: string;
  /** The hosted payment page. */
  url: string;
}

/** A session as the provider sees it now (the reconciler's view when a webhook never came). */
export interface SessionState {
  id: string;
  status: "open" | "authorized" | "captured" | "failed" | "expired" | "voided";
  amount: number;
  capturedAmount: number;
  currency: string;
  declineCode: string | null;
  /** How the customer paid; null while nobody has. */
  method: PaymentMethod | null;
}

export type PaymentEventType = "payment.authorized" | "payment.captured" | "payment.failed" | "payment.refunded" | "payment.voided";

/** A provider event, already verified and mapped to our vocabulary. */
export interface PaymentEvent {
  /** The provider's event id (deduplication key). */
  id: string;
  type: PaymentEventType;
  sessionId: string;
  amount: number | null;
  currency: string | null;
  declineCode: string | null;
  /** The order the provider's session metadata names (checked against the session's own order). */
  orderId?: string | null;
  /** How the customer paid, when the provider says (money events do). */
  method?: PaymentMethod | null;
  /** The raw event, stored for support (never card data: providers do not send it). */
  raw: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Whether its hosted page offers Tabby's pay in 4 (a session with `installments`). */
  readonly installments: boolean;
  createSession(input: CreateSessionInput): Promise<PaymentSession>;
  retrieveSession(sessionId: string): Promise<SessionState>;
  /** Captures part or all of an authorized payment. */
  capture(sessionId: string, amount: number, idempotencyKey: string): Promise<void>;
  /** Refunds part of a captured payment. */
  refund(sessionId: string, amount: number, idempotencyKey: string): Promise<void>;
  /** Releases an authorization, or expires a session nobody paid. */
  cancel(sessionId: string, idempotencyKey: string): Promise<void>;
  /** Verifies a webhook on its raw body and maps it; events we do not use map to []. */
  parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent[]>;
}
