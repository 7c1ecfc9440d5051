/**
 * Stripe behind the PaymentGateway interface: Checkout Sessions for the hosted page, PaymentIntents
 * for capture and cancel, Refunds for refunds, and webhook signatures checked by the stripe package
 * on the raw body. Chosen with PAYMENT_GATEWAY=stripe, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
 */
import Stripe from "stripe";
import { WebhookSignatureError, type CreateSessionInput, type PaymentEvent, type PaymentGateway, type PaymentSession, type SessionState } from "./gateway";

/** Maps one verified Stripe event to ours; events the storefront does not act on map to []. */
export function mapStripeEvent(event: Stripe.Event): PaymentEvent[] {
  const raw = { id: event.id, type: event.type, created: event.created };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const paid = session.payment_status === "paid";
      // A manual-capture session completes "unpaid": the card is authorized, not charged.
      const authorized = !paid && session.metadata?.captureMethod === "manual" && event.type === "checkout.session.completed";
      if (!paid && !authorized) return [];
      return [
        {
          id: event.id,
          type: paid ? "payment.captured" : "payment.authorized",
          sessionId: session.id,
          amount: session.amount_total ?? null,
          currency: session.currency?.toUpperCase() ?? null,
          declineCode: null,
          orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
          raw,
        },
      ];
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = event.data.object;
      return [
        {
          id: event.id,
          type: "payment.failed",
          sessionId: session.id,
          amount: null,
          currency: session.currency?.toUpperCase() ?? null,
          declineCode: event.type === "checkout.session.expired" ? "expired" : "async_payment_failed",
          raw,
        },
      ];
    }
    default:
      return [];
  }
}

/** The card network of the session's charge (expanded with it); Stripe takes no mada and no STC Pay. */
function cardMethodOf(intent: Stripe.PaymentIntent | null): SessionState["method"] {
  const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const brand = charge?.payment_method_details?.card?.brand;
  return brand === "visa" || brand === "mastercard" ? brand : null;
}

export class StripeGateway implements PaymentGateway {
  readonly name = "stripe" as const;
  /** Stripe offers no Tabby (and no Saudi merchants). */
  readonly installments = false;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    options: Stripe.StripeConfig = {},
  ) {
    this.stripe = new Stripe(secretKey, options);
  }

  async createSession(input: CreateSessionInput): Promise<PaymentSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: input.orderId,
        customer_email: input.customerEmail,
        line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description } } }],
        payment_intent_data: { capture_method: input.captureMethod === "manual" ? "manual" : "automatic", metadata: { orderId: input.orderId, reference: input.reference } },
        metadata: { orderId: input.orderId, reference: input.reference, captureMethod: input.captureMethod },
        success_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        locale: "auto",
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!session.url) throw new Error("Stripe returned a session without a URL");
    return { id: session.id, url: session.url };
  }

  private async sessionWithIntent(sessionId: string): Promise<{ session: Stripe.Checkout.Session; intent: Stripe.PaymentIntent | null }> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.latest_charge"] });
    const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
    return { session, intent };
  }

  async retrieveSession(sessionId: string): Promise<SessionState> {
    const { session, intent } = await this.sessionWithIntent(sessionId);
    let status: SessionState["status"] = "open";
    if (session.status === "expired") status = "expired";
    else if (intent?.status === "canceled") status = "voided";
    else if (session.payment_status === "paid") status = "captured";
    else if (intent?.status === "requires_capture") status = "authorized";
    const declineCode = intent?.last_payment_error?.decline_code ?? intent?.last_payment_error?.code ?? null;
    return { id: session.id, status, amount: session.amount_total ?? 0, capturedAmount: intent?.amount_received ?? 0, currency: (session.currency ?? "").toUpperCase(), declineCode, method: cardMethodOf(intent) };
  }

  private async intentId(sessionId: string): Promise<string> {
    const { session } = await this.sessionWithIntent(sessionId);
    const intent = session.payment_intent;
    const id = typeof intent === "string" ? intent : intent?.id;
    if (!id) throw new Error(`Stripe session ${sessionId} has no payment intent`);
    return id;
  }

  async capture(sessionId: string, amount: number, idempotencyKey: string): Promise<void> {
    await this.stripe.paymentIntents.capture(await this.intentId(sessionId), { amount_to_capture: amount }, { idempotencyKey });
  }

  async refund(sessionId: string, amount: number, idempotencyKey: string): Promise<void> {
    await this.stripe.refunds.create({ payment_intent: await this.intentId(sessionId), amount }, { idempotencyKey });
  }

  async cancel(sessionId: string, idempotencyKey: string): Promise<void> {
    const { session, intent } = await this.sessionWithIntent(sessionId);
    if (session.status === "open") await this.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey });
    else if (intent?.status === "requires_capture") await this.stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey });
  }

  async parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent[]> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, headers.get("stripe-signature") ?? "", this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid Stripe signature");
    }
    return mapStripeEvent(event);
  }
}
