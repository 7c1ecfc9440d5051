/**
 * The one interface every payment provider sits behind. The storefront never talks to a provider
 * directly: checkout creates a hosted session, webhooks (and the reconciler's polling) report what
 * happened as PaymentEvents, and orders capture, refund or cancel through these calls. Every call
 * that moves money takes an idempotency key, so a retry after a crash never charges or refunds twice.
 */

export type GatewayName = "sandbox" | "stripe";

/** automatic: the provider captures at once; manual: it only authorizes and we capture later. */
export type CaptureMethod = "automatic" | "manual";

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
  locale: string;
  idempotencyKey: string;
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
