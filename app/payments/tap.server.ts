/**
 * Tap Payments (https://developers.tap.company) behind the PaymentGateway interface, over its REST API
 * with a small typed client (Tap publishes no kept Node SDK for its server API). Tap's hosted page
 * (`source.id: "src_all"`) offers every method enabled on the merchant account: mada, Visa, Mastercard,
 * Apple Pay and STC Pay. See docs/decisions/043-saudi-payment-gateway.md for what each call relies on.
 *
 * Sessions: a pay-now order is a Charge (`chg_…`), captured when the customer pays; an on-request order
 * is an Authorize (`auth_…`), captured later by a Charge whose source is the authorization. Tap posts
 * the resulting object to `post.url` with a `hashstring` header: an HMAC-SHA256, keyed with our secret
 * API key, of the object's id, amount, currency, references, status and creation time.
 *
 * Chosen with PAYMENT_GATEWAY=tap and TAP_SECRET_KEY.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { currencyExponent, isCurrencyCode, majorAmountText } from "#app/lib/money";
import { isPaymentMethod, WebhookSignatureError, type CreateSessionInput, type PaymentEvent, type PaymentEventType, type PaymentGateway, type PaymentMethod, type PaymentSession, type SessionState } from "./gateway";

export const TAP_API_URL = "https://api.tap.company/v2";

/** The part of Tap's charge, authorize and refund objects the adapter reads (as documented). */
export interface TapObject {
  id: string;
  object?: string;
  status: string;
  /** Major units (1.0 = 1 SAR). */
  amount: number;
  currency: string;
  created?: number | string;
  charge_id?: string;
  metadata?: Record<string, string> | null;
  transaction?: { url?: string; created?: string | number } | null;
  reference?: { gateway?: string; payment?: string; transaction?: string; order?: string } | null;
  response?: { code?: string; message?: string } | null;
  customer?: { id?: string } | null;
  card?: { scheme?: string; brand?: string } | null;
  source?: { id?: string; object?: string; type?: string; payment_method?: string } | null;
}

/** Tap refused a call (HTTP 4xx/5xx with its `errors` list), or declined a refund. */
export class TapApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "TapApiError";
  }
}

/** Statuses after which nobody can pay the charge or authorization any more (Tap's documented list). */
const FAILED = new Set(["FAILED", "DECLINED", "RESTRICTED", "UNKNOWN"]);
const GONE = new Set(["ABANDONED", "CANCELLED", "TIMEDOUT"]);
const OPEN = new Set(["INITIATED", "IN_PROGRESS"]);
/** Refund statuses that mean the money is (or is being) returned. */
const REFUND_ACCEPTED = new Set(["PENDING", "IN_PROGRESS", "REFUNDED"]);

/** Tap's documented charge response codes that say why a payment failed (reference: charge response codes). */
const RESPONSE_CODES: Record<string, string> = {
  "301": "abandoned",
  "302": "canceled",
  "304": "expired",
  "401": "failed",
  "402": "failed_invalid_parameter",
  "403": "failed_duplicate",
  "404": "failed_locked",
  "405": "invalid_card_number",
  "406": "invalid_expiry",
  "407": "expired_card",
  "408": "failed_unspecified",
  "501": "declined",
  "502": "incorrect_cvc",
  "503": "3ds_incorrect",
  "504": "3ds_not_enrolled",
  "505": "insufficient_funds",
  "506": "transaction_not_supported",
  "507": "issuer_declined",
  "508": "issuer_no_reply",
  "509": "issuer_do_not_contact",
  "510": "issuer_referral",
  "511": "issuer_error",
  "512": "not_authenticated",
  "513": "acquirer_error",
  "514": "issuer_risk_check",
  "515": "declined_by_tap",
  "516": "authentication_failed",
  "601": "void",
  "701": "restricted",
  "702": "retry_limit_exceeded",
  "703": "restricted_by_bank",
  "704": "restricted_by_tap",
  "801": "timed_out",
  "901": "unknown",
};

/** Our decline code for a failed Tap object: its documented response code in words, else the status. */
export function tapDeclineCode(object: Pick<TapObject, "status" | "response">): string {
  const code = object.response?.code;
  if (code && RESPONSE_CODES[code]) return RESPONSE_CODES[code];
  return code ? `tap_${code}` : object.status.toLowerCase();
}

/** Digits after the decimal point in `currency` (SAR 2, KWD 3, JPY 0); Tap's currencies are the store's, else 2. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  return isCurrencyCode(code) ? currencyExponent(code) : 2;
}

/** Tap takes and reports major units (10.5 SAR); we keep minor units (1050 halalas). */
export function toTapAmount(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

export function fromTapAmount(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

/**
 * How the customer paid, from the documented fields: `source.payment_method` (MADA, VISA, MASTERCARD,
 * STC_PAY) and `card.scheme`. A mada card reports as mada even inside Apple Pay (gateway.ts), so the
 * network is read first; Apple Pay shows as an APPLE_PAY/APPLEPAY method or source type (Tap's Apple Pay
 * tokens are `type: "APPLEPAY"`; how a hosted-page Apple Pay charge reports it is not documented).
 */
/** Tap's source id for Tabby's pay in 4, spelled as Tap documents it. */
export const TAP_TABBY_SOURCE = "src_tabby.installement";

export function tapMethodOf(object: Pick<TapObject, "source" | "card">): PaymentMethod | null {
  const method = (object.source?.payment_method ?? "").toUpperCase();
  const scheme = (object.card?.scheme ?? "").toUpperCase();
  const sourceType = (object.source?.type ?? "").toUpperCase();
  if (method === "STC_PAY" || object.source?.id === "src_sa.stcpay") return "stcpay";
  if (method === "TABBY" || object.source?.id === TAP_TABBY_SOURCE) return "tabby";
  if (method === "MADA" || scheme === "MADA") return "mada";
  if ([method, sourceType].some((value) => value === "APPLE_PAY" || value === "APPLEPAY") || object.source?.id === "src_apple_pay") return "applepay";
  const network = (method || scheme).toLowerCase();
  return isPaymentMethod(network) ? network : null;
}

/**
 * The string Tap signs for a posted charge, authorize or refund: its documented field order, the amount
 * with the currency's standard decimals ("1.00" SAR, "1.000" KWD).
 */
export function tapHashInput(object: TapObject): string {
  const created = object.transaction?.created ?? object.created ?? "";
  const code = object.currency.toUpperCase();
  // The amount as Tap prints it: major units with the currency's decimals (lib/money's one spelling of that).
  const amount = isCurrencyCode(code) ? majorAmountText(fromTapAmount(Number(object.amount), code), code) : String(object.amount);
  return `x_id${object.id}x_amount${amount}x_currency${object.currency}x_gateway_reference${object.reference?.gateway ?? ""}x_payment_reference${object.reference?.payment ?? ""}x_status${object.status}x_created${created}`;
}

export function tapHashString(object: TapObject, secretKey: string): string {
  return createHmac("sha256", secretKey).update(tapHashInput(object)).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase(), "utf8");
  const right = Buffer.from(b.toLowerCase(), "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Maps one verified Tap object to our events. The event id is the object's id with its status: Tap
 * posts each state once (and retries the same body), so a replay carries the same id and commerce
 * applies it once. Objects we do not act on map to [].
 */
export function mapTapObject(object: TapObject): PaymentEvent[] {
  const currency = object.currency.toUpperCase();
  const base = {
    id: `${object.id}:${object.status}`,
    amount: fromTapAmount(object.amount, currency),
    currency,
    declineCode: null as string | null,
    orderId: object.metadata?.orderId ?? object.reference?.order ?? null,
    method: tapMethodOf(object),
    raw: { id: object.id, object: object.object ?? null, status: object.status, created: object.transaction?.created ?? object.created ?? null, response: object.response?.code ?? null } as Record<string, unknown>,
  };
  const event = (type: PaymentEventType, sessionId: string, extra: Partial<PaymentEvent> = {}): PaymentEvent[] => [{ ...base, type, sessionId, ...extra }];

  if (object.id.startsWith("re_") || object.object === "refund") {
    if (object.status !== "REFUNDED") return [];
    // The refund names its charge; for an authorization that is the capture charge, so our session is in the metadata.
    return event("payment.refunded", object.metadata?.session ?? object.charge_id ?? object.id);
  }
  if (object.id.startsWith("auth_")) {
    if (object.status === "AUTHORIZED") return event("payment.authorized", object.id);
    if (object.status === "VOID") return event("payment.voided", object.id);
    if (FAILED.has(object.status) || GONE.has(object.status)) return event("payment.failed", object.id, { amount: null, declineCode: tapDeclineCode(object) });
    // CAPTURED: the capture charge's own post reports it with the captured amount.
    return [];
  }
  const capturedAuthorization = object.metadata?.authorize ?? (object.source?.id?.startsWith("auth_") ? object.source.id : undefined);
  if (object.status === "CAPTURED") return event("payment.captured", capturedAuthorization ?? object.id);
  // A capture we asked for that failed is the capture call's error, not the customer's payment failing.
  if (capturedAuthorization) return [];
  if (FAILED.has(object.status) || GONE.has(object.status) || object.status === "VOID") return event("payment.failed", object.id, { amount: null, declineCode: tapDeclineCode(object) });
  return [];
}

function sessionStatus(object: TapObject): SessionState["status"] {
  if (object.status === "CAPTURED") return "captured";
  if (object.status === "AUTHORIZED") return "authorized";
  if (object.status === "VOID") return "voided";
  if (GONE.has(object.status)) return "expired";
  if (FAILED.has(object.status)) return "failed";
  return "open";
}

export interface TapGatewayOptions {
  secretKey: string;
  /** Where Tap posts charges, authorizations and refunds: our /api/payments/webhook/tap. */
  webhookUrl: string;
  /** The Tap merchant id for the country, when the account has several (Tap: "pass the correct merchant ID"). */
  merchantId?: string;
  /** The API base; a test points it at a local server. */
  baseUrl?: string;
  /** Hours an authorization is held before Tap voids it (Tap: 1–168). */
  autoVoidHours?: number;
}

export class TapGateway implements PaymentGateway {
  readonly name = "tap" as const;
  /** Tabby through Tap: a charge whose source is `src_tabby.installement` (sic, Tap's spelling). */
  readonly installments = true;
  private readonly baseUrl: string;

  constructor(private readonly options: TapGatewayOptions) {
    this.baseUrl = (options.baseUrl ?? TAP_API_URL).replace(/\/+$/, "");
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.options.secretKey}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): reported below with the status.
    }
    if (!response.ok) {
      const first = (parsed as { errors?: Array<{ code?: string; description?: string }> } | null)?.errors?.[0];
      throw new TapApiError(`Tap ${method} ${path} answered ${response.status}: ${first?.description ?? text.slice(0, 200)}`, response.status, first?.code ?? null);
    }
    return parsed as T;
  }

  private merchant() {
    return this.options.merchantId ? { merchant: { id: this.options.merchantId } } : {};
  }

  async createSession(input: CreateSessionInput): Promise<PaymentSession> {
    // Tabby has no authorise-only step on Tap: an instalment session is always a charge.
    const manual = input.captureMethod === "manual" && !input.installments;
    const body = {
      amount: toTapAmount(input.amount, input.currency),
      currency: input.currency.toUpperCase(),
      customer_initiated: true,
      threeDSecure: true,
      save_card: false,
      description: input.description,
      metadata: { orderId: input.orderId, reference: input.reference, captureMethod: input.captureMethod },
      // Tap returns the first response for a repeated `idempotent` string within 24 hours.
      reference: { transaction: input.reference, order: input.orderId, idempotent: input.idempotencyKey },
      receipt: { email: false, sms: false },
      // Tap needs a first name and an email or phone; checkout asks only for the email, whose name part stands in.
      customer: {
        first_name: input.customerEmail.split("@")[0] || input.reference,
        email: input.customerEmail,
        ...(input.customerPhone ? { phone: { country_code: input.customerPhone.countryCode.replace(/^\+/, ""), number: input.customerPhone.number } } : {}),
      },
      ...this.merchant(),
      // Tabby is its own source (it is never authorised only: never offered for on-request orders).
      source: { id: input.installments ? TAP_TABBY_SOURCE : "src_all" },
      ...(manual ? { auto: { type: "VOID", time: this.options.autoVoidHours ?? 168 } } : {}),
      post: { url: this.options.webhookUrl },
      redirect: { url: input.returnUrl },
    };
    // Tap's hosted page speaks Arabic and English; other languages get English.
    const created = await this.call<TapObject>("POST", manual ? "/authorize" : "/charges", body, { lang_code: input.locale.toLowerCase().startsWith("ar") ? "AR" : "EN" });
    const url = created.transaction?.url;
    if (!url) throw new TapApiError(`Tap returned ${created.id} (${created.status}) without a payment page`, 200, created.response?.code ?? null);
    return { id: created.id, url };
  }

  private get(sessionId: string): Promise<TapObject> {
    if (sessionId.startsWith("auth_")) return this.call<TapObject>("GET", `/authorize/${encodeURIComponent(sessionId)}`);
    if (sessionId.startsWith("chg_")) return this.call<TapObject>("GET", `/charges/${encodeURIComponent(sessionId)}`);
    throw new TapApiError(`Not a Tap session id: ${sessionId}`, 400, null);
  }

  /** The charge that captured an authorization (listed by its source, the authorize id). */
  private async captureChargeOf(authorizeId: string): Promise<TapObject | null> {
    const list = await this.call<{ charges?: TapObject[] }>("POST", "/charges/list", { sources: [authorizeId], status: "CAPTURED", limit: 1 });
    return list.charges?.[0] ?? null;
  }

  async retrieveSession(sessionId: string): Promise<SessionState> {
    const object = await this.get(sessionId);
    const currency = object.currency.toUpperCase();
    const status = sessionStatus(object);
    let capturedAmount = status === "captured" ? fromTapAmount(object.amount, currency) : 0;
    let method = tapMethodOf(object);
    if (status === "captured" && sessionId.startsWith("auth_")) {
      const charge = await this.captureChargeOf(sessionId);
      if (charge) {
        capturedAmount = fromTapAmount(charge.amount, currency);
        method = method ?? tapMethodOf(charge);
      }
    }
    return {
      id: object.id,
      status,
      amount: fromTapAmount(object.amount, currency),
      capturedAmount,
      currency,
      declineCode: status === "failed" || status === "expired" ? tapDeclineCode(object) : null,
      method,
    };
  }

  async capture(sessionId: string, amount: number, idempotencyKey: string): Promise<void> {
    if (!sessionId.startsWith("auth_")) throw new TapApiError(`Tap session ${sessionId} is not an authorization`, 400, null);
    const authorization = await this.get(sessionId);
    const orderId = authorization.metadata?.orderId ?? authorization.reference?.order ?? "";
    const charge = await this.call<TapObject>("POST", "/charges", {
      amount: toTapAmount(amount, authorization.currency),
      currency: authorization.currency,
      customer_initiated: true,
      threeDSecure: true,
      save_card: false,
      description: `Capture of ${sessionId}`,
      metadata: { ...(authorization.metadata ?? {}), authorize: sessionId },
      reference: { transaction: authorization.reference?.transaction ?? sessionId, order: orderId, idempotent: idempotencyKey },
      customer: { id: authorization.customer?.id },
      ...this.merchant(),
      source: { id: sessionId },
      post: { url: this.options.webhookUrl },
    });
    if (charge.status !== "CAPTURED") throw new TapApiError(`Tap did not capture ${sessionId}: ${charge.status}`, 402, charge.response?.code ?? null);
  }

  async refund(sessionId: string, amount: number, idempotencyKey: string): Promise<void> {
    const charge = sessionId.startsWith("auth_") ? await this.captureChargeOf(sessionId) : await this.get(sessionId);
    if (!charge || charge.status !== "CAPTURED") throw new TapApiError(`Tap session ${sessionId} has no captured charge to refund`, 400, null);
    const refund = await this.call<TapObject>("POST", "/refunds", {
      charge_id: charge.id,
      amount: toTapAmount(amount, charge.currency),
      currency: charge.currency,
      reason: "requested_by_customer",
      reference: { merchant: idempotencyKey, idempotent: idempotencyKey },
      metadata: { orderId: charge.metadata?.orderId ?? charge.reference?.order ?? "", session: sessionId },
      post: { url: this.options.webhookUrl },
    });
    if (!REFUND_ACCEPTED.has(refund.status)) throw new TapApiError(`Tap refused the refund of ${sessionId}: ${refund.status} ${refund.response?.message ?? ""}`.trim(), 402, refund.response?.code ?? null);
  }

  async cancel(sessionId: string, _idempotencyKey: string): Promise<void> {
    // Tap documents no call that closes an unpaid charge or authorization: its page lapses with
    // transaction.expiry (30 minutes by default). Only a held authorization can be released.
    if (!sessionId.startsWith("auth_")) return;
    const authorization = await this.get(sessionId);
    if (authorization.status !== "AUTHORIZED") return;
    // Tap's void takes no idempotency string; voiding twice is refused by Tap, not repeated.
    await this.call<TapObject>("POST", `/authorize/${encodeURIComponent(sessionId)}/void`, {});
  }

  /**
   * Verifies Tap's hashstring on the posted object, then reads the object back from Tap and maps that.
   * The hashstring covers id, amount, currency, references, status and creation time but not the
   * metadata that names our order and session, so the routing comes from Tap's API, never the body.
   */
  async parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent[]> {
    const signature = headers.get("hashstring");
    if (!signature) throw new WebhookSignatureError("Tap post without a hashstring header");
    const posted = JSON.parse(rawBody) as TapObject;
    if (!posted || typeof posted.id !== "string" || typeof posted.status !== "string" || typeof posted.amount !== "number" || typeof posted.currency !== "string" || !/^[A-Z]{3}$/.test(posted.currency)) {
      throw new WebhookSignatureError("Tap post without the signed fields");
    }
    if (!sameHex(tapHashString(posted, this.options.secretKey), signature)) throw new WebhookSignatureError("Tap hashstring does not match");
    const path = posted.id.startsWith("re_") ? "/refunds/" : posted.id.startsWith("auth_") ? "/authorize/" : posted.id.startsWith("chg_") ? "/charges/" : null;
    if (!path) return [];
    return mapTapObject(await this.call<TapObject>("GET", `${path}${encodeURIComponent(posted.id)}`));
  }
}
