/**
 * The built-in sandbox gateway: a small payment provider living in the same process, with its own
 * books (sandbox_sessions, sandbox_operations), its own hosted page (/pay/sandbox/{sessionId}) and
 * webhooks signed like Stripe's (HMAC-SHA256 over "{timestamp}.{raw body}", header
 * `Rihla-Signature: t=…,v1=…`). It lets the whole checkout run with no account anywhere, and
 * stands in for a Saudi gateway's hosted page: cards by network (Visa, Mastercard, mada), Apple Pay
 * (a simulated sheet), STC Pay (a mobile number and a one-time code) and Tabby's pay in 4 (a session
 * opened with `installments`: a mobile number and a one-time code, approved or rejected as Tabby's own
 * test accounts are). The test inputs are below and in the README.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { sandboxOperations, sandboxSessions } from "#app/db/schema";
import type { Env } from "#app/lib/env.server";
import { CAPTURED_AT_ONCE, isPaymentMethod, WebhookSignatureError, type CreateSessionInput, type PaymentMethod, type PaymentEvent, type PaymentEventType, type PaymentGateway, type PaymentSession, type SessionState } from "./gateway";

export const SANDBOX_SIGNATURE_HEADER = "Rihla-Signature";
const TOLERANCE_SECONDS = 300;
const SESSION_MINUTES = 30;

/**
 * Test cards by network. mada numbers (BIN 446404, a mada issuer's range) behave as mada does: charged
 * at once, never authorised only, whatever the session asked for.
 */
export const SANDBOX_CARDS = {
  success: "4242424242424242",
  decline: "4000000000000002",
  authorizeOnly: "4000000000003220",
  mastercard: "5555555555554444",
  mada: "4464040000000007",
  madaDecline: "4464040000000015",
} as const;

/** STC Pay on the sandbox: any Saudi mobile number; this code approves, SANDBOX_STC_DECLINE_CODE is refused (no balance). */
export const SANDBOX_STC_CODE = "123456";
export const SANDBOX_STC_DECLINE_CODE = "000000";

/**
 * Tabby on the sandbox, after Tabby's documented test accounts: any Saudi mobile is approved, except
 * SANDBOX_TABBY_REJECTED_PHONE, which Tabby rejects (not eligible); the one-time code is always this one.
 */
export const SANDBOX_TABBY_CODE = "8888";
export const SANDBOX_TABBY_REJECTED_PHONE = "966500000002";

/** The card each test number stands for, and how it answers. */
const CARD_BEHAVIOUR: Record<string, { method: PaymentMethod; answer: "pay" | "decline" | "authorizeOnly" }> = {
  [SANDBOX_CARDS.success]: { method: "visa", answer: "pay" },
  [SANDBOX_CARDS.decline]: { method: "visa", answer: "decline" },
  [SANDBOX_CARDS.authorizeOnly]: { method: "visa", answer: "authorizeOnly" },
  [SANDBOX_CARDS.mastercard]: { method: "mastercard", answer: "pay" },
  [SANDBOX_CARDS.mada]: { method: "mada", answer: "pay" },
  [SANDBOX_CARDS.madaDecline]: { method: "mada", answer: "decline" },
};

/** A Saudi mobile number as people type it (05…, 5…, +9665…, 009665…), as 9665XXXXXXXX; null when it is not one. */
export function saudiMobile(input: string): string | null {
  const digits = input.replace(/[\s()-]/g, "").replace(/^(\+|00)/, "");
  const match = /^(?:966|0)?(5\d{8})$/.exec(digits);
  return match ? `966${match[1]}` : null;
}

/** What the customer did on the hosted page: a card, Apple Pay's sheet, or STC Pay's number and code. */
export type SandboxAttempt = { method: "card"; card: string } | { method: "applepay" } | { method: "stcpay" | "tabby"; phone: string; code: string };

/** The webhook body the sandbox sends. */
export interface SandboxWebhookBody {
  id: string;
  type: PaymentEventType;
  created: number;
  data: { sessionId: string; amount: number | null; currency: string; declineCode: string | null; method?: PaymentMethod | null; metadata: Record<string, string> };
}

export function signSandboxPayload(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Checks a `t=…,v1=…` header against the raw body; throws WebhookSignatureError when it does not match. */
export function verifySandboxSignature(rawBody: string, header: string | null, secret: string, now = Math.floor(Date.now() / 1000)): void {
  if (!header) throw new WebhookSignatureError("Missing signature header");
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookSignatureError("Malformed signature header");
  // A replayed old delivery is refused even with a valid signature.
  if (Math.abs(now - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError("Timestamp outside the tolerance");
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw new WebhookSignatureError("Signature mismatch");
}

/** Sends a signed webhook somewhere; tests replace it to collect, duplicate and reorder deliveries. */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<void>;

async function postWebhook(env: Pick<Env, "SANDBOX_WEBHOOK_URL" | "SITE_URL">, rawBody: string, signature: string): Promise<void> {
  const url = `${(env.SANDBOX_WEBHOOK_URL ?? env.SITE_URL).replace(/\/$/, "")}/api/payments/webhook/sandbox`;
  // Like a real provider: a few retries with back-off; the reconciler covers anything still lost.
  for (const delay of [0, 1000, 5000]) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const response = await fetch(url, { method: "POST", body: rawBody, headers: { "Content-Type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature } });
      if (response.ok) return;
    } catch {
      // The storefront may be restarting; try again.
    }
  }
  console.warn("[sandbox] webhook not delivered; the reconciler will settle the order");
}

/** Posts to this storefront's webhook route after the response, as a provider would: the browser's return may win the race. */
export function httpWebhookDelivery(env: Pick<Env, "SANDBOX_WEBHOOK_URL" | "SITE_URL">): WebhookDelivery {
  return (rawBody, signature) => {
    setTimeout(() => void postWebhook(env, rawBody, signature), 50).unref();
    return Promise.resolve();
  };
}

type SessionRow = typeof sandboxSessions.$inferSelect;

export type SandboxPayResult =
  | { outcome: "authorized" | "captured" | "declined"; redirectTo: string }
  | { outcome: "invalid_card" | "invalid_phone" | "wrong_code" | "wrong_method" }
  | { outcome: "closed"; redirectTo: string };

/** Whether a sandbox session was opened for Tabby's pay in 4 (its page then offers only Tabby). */
export function isInstallmentSession(session: Pick<SessionRow, "metadata">): boolean {
  return session.metadata.installments === "tabby";
}

export class SandboxGateway implements PaymentGateway {
  readonly name = "sandbox" as const;
  readonly installments = true;

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly delivery: WebhookDelivery,
  ) {}

  async createSession(input: CreateSessionInput): Promise<PaymentSession> {
    const db = this.db;
    // The caller's idempotency key names the session: a retried create returns the same one.
    const id = `sbx_${input.idempotencyKey.replace(/[^a-zA-Z0-9]/g, "").slice(0, 32)}`;
    await db
      .insert(sandboxSessions)
      .values({
        id,
        status: "open",
        captureMethod: input.captureMethod,
        currency: input.currency,
        amount: input.amount,
        description: input.description,
        successUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        metadata: { orderId: input.orderId, reference: input.reference, locale: input.locale, ...(input.installments ? { installments: "tabby" } : {}) },
        expiresAt: new Date(Date.now() + SESSION_MINUTES * 60_000),
      })
      .onConflictDoNothing();
    return { id, url: `/pay/sandbox/${id}` };
  }

  async getSession(sessionId: string): Promise<SessionRow | null> {
    const db = this.db;
    const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
    return row ?? null;
  }

  async retrieveSession(sessionId: string): Promise<SessionState> {
    const row = await this.getSession(sessionId);
    if (!row) throw new Error(`Unknown sandbox session ${sessionId}`);
    const status = row.status === "open" && row.expiresAt <= new Date() ? "expired" : row.status;
    return { id: row.id, status: status as SessionState["status"], amount: row.amount, capturedAmount: row.capturedAmount, currency: row.currency, declineCode: row.declineCode, method: isPaymentMethod(row.method) ? row.method : null };
  }

  /**
   * The hosted page's form: decides by test card or wallet, records the outcome, signs and sends the
   * webhook. A card number alone (the older call) is a card attempt.
   */
  async pay(sessionId: string, attempt: SandboxAttempt | string): Promise<SandboxPayResult> {
    const db = this.db;
    const row = await this.getSession(sessionId);
    if (!row) throw new Error(`Unknown sandbox session ${sessionId}`);
    const answer = answerOf(typeof attempt === "string" ? { method: "card", card: attempt } : attempt);
    if ("outcome" in answer) return answer;
    // A Tabby session is paid through Tabby only, and only a Tabby session is (as Tap's Tabby source).
    if ((answer.method === "tabby") !== isInstallmentSession(row)) return { outcome: "wrong_method" };
    if (row.status !== "open" || row.expiresAt <= new Date()) return { outcome: "closed", redirectTo: row.successUrl };
    const declined = answer.answer === "decline";
    // mada and STC Pay cannot hold money: they are charged at once even when the session asked to authorise only.
    const capture = !declined && answer.answer !== "authorizeOnly" && (row.captureMethod === "automatic" || CAPTURED_AT_ONCE.has(answer.method));
    const status = declined ? "failed" : capture ? "captured" : "authorized";
    const declineCode = declined ? DECLINE_CODES[answer.method] : null;
    // Only one attempt wins an open session (a double click pays once).
    const updated = await db
      .update(sandboxSessions)
      .set({ status, capturedAmount: capture ? row.amount : 0, declineCode, method: answer.method, cardLast4: answer.last4 })
      .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, "open")))
      .returning();
    if (updated.length === 0) return { outcome: "closed", redirectTo: row.successUrl };
    const type: PaymentEventType = declined ? "payment.failed" : capture ? "payment.captured" : "payment.authorized";
    await this.emit(updated[0]!, type, declined ? null : row.amount, declineCode);
    return { outcome: declined ? "declined" : capture ? "captured" : "authorized", redirectTo: row.successUrl };
  }

  private async emit(row: SessionRow, type: PaymentEventType, amount: number | null, declineCode: string | null): Promise<void> {
    const body: SandboxWebhookBody = {
      id: `evt_${randomBytes(12).toString("hex")}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { sessionId: row.id, amount, currency: row.currency, declineCode, method: isPaymentMethod(row.method) ? row.method : null, metadata: row.metadata },
    };
    const rawBody = JSON.stringify(body);
    await this.delivery(rawBody, signSandboxPayload(rawBody, this.secret));
  }

  /** Records a money movement once per idempotency key; returns false when the key was seen. */
  private async operation(db: Database, key: string, sessionId: string, kind: string, amount: number): Promise<boolean> {
    const inserted = await db.insert(sandboxOperations).values({ idempotencyKey: key, sessionId, kind, amount }).onConflictDoNothing().returning({ key: sandboxOperations.idempotencyKey });
    return inserted.length > 0;
  }

  async capture(sessionId: string, amount: number, idempotencyKey: string): Promise<void> {
    const db = this.db;
    const row = await this.getSession(sessionId);
    if (!row) throw new Error(`Unknown sandbox session ${sessionId}`);
    if (!(await this.operation(db, idempotencyKey, sessionId, "capture", amount))) return;
    if (row.status !== "authorized") throw new Error(`Cannot capture a ${row.status} sandbox session`);
    if (amount > row.amount) throw new Error("Capture exceeds the authorized amount");
    await db.update(sandboxSessions).set({ status: "captured", capturedAmount: amount }).where(eq(sandboxSessions.id, sessionId));
    await this.emit(row, "payment.captured", amount, null);
  }

  async refund(sessionId: string, amount: number, idempotencyKey: string): Promise<void> {
    const db = this.db;
    if (!(await this.operation(db, idempotencyKey, sessionId, "refund", amount))) return;
    const [row] = await db
      .update(sandboxSessions)
      .set({ refundedAmount: sql`${sandboxSessions.refundedAmount} + ${amount}` })
      .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, "captured"), sql`${sandboxSessions.refundedAmount} + ${amount} <= ${sandboxSessions.capturedAmount}`))
      .returning();
    if (!row) throw new Error("Refund refused: the session is not captured or the amount exceeds what is left");
    await this.emit(row, "payment.refunded", amount, null);
  }

  async cancel(sessionId: string, idempotencyKey: string): Promise<void> {
    const db = this.db;
    if (!(await this.operation(db, idempotencyKey, sessionId, "cancel", 0))) return;
    const [row] = await db
      .update(sandboxSessions)
      .set({ status: sql`CASE WHEN ${sandboxSessions.status} = 'open' THEN 'expired' ELSE 'voided' END` })
      .where(and(eq(sandboxSessions.id, sessionId), sql`${sandboxSessions.status} IN ('open', 'authorized')`))
      .returning();
    if (row?.status === "voided") await this.emit(row, "payment.voided", 0, null);
  }

  async parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent[]> {
    verifySandboxSignature(rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), this.secret);
    const body = JSON.parse(rawBody) as SandboxWebhookBody;
    return [
      {
        id: body.id,
        type: body.type,
        sessionId: body.data.sessionId,
        amount: body.data.amount,
        currency: body.data.currency,
        declineCode: body.data.declineCode,
        method: isPaymentMethod(body.data.method) ? body.data.method : null,
        orderId: body.data.metadata?.orderId ?? null,
        raw: body as unknown as Record<string, unknown>,
      },
    ];
  }
}

/** Why a declined attempt failed, per method: the card's issuer, the wallet's balance, Tabby's check. */
const DECLINE_CODES: Record<PaymentMethod, string> = {
  visa: "card_declined",
  mastercard: "card_declined",
  mada: "card_declined",
  applepay: "card_declined",
  stcpay: "insufficient_funds",
  tabby: "not_eligible",
};

/** How the sandbox answers an attempt: pay, decline or authorise only with a method, or a form error. */
function answerOf(attempt: SandboxAttempt): { method: PaymentMethod; answer: "pay" | "decline" | "authorizeOnly"; last4: string | null } | { outcome: "invalid_card" | "invalid_phone" | "wrong_code" } {
  switch (attempt.method) {
    case "card": {
      const digits = attempt.card.replace(/[\s-]/g, "");
      const card = CARD_BEHAVIOUR[digits];
      return card ? { ...card, last4: digits.slice(-4) } : { outcome: "invalid_card" };
    }
    case "applepay":
      // The simulated sheet holds a Visa card: Apple Pay then behaves as that card (it may be held).
      return { method: "applepay", answer: "pay", last4: SANDBOX_CARDS.success.slice(-4) };
    case "stcpay": {
      const phone = saudiMobile(attempt.phone);
      if (!phone) return { outcome: "invalid_phone" };
      const code = attempt.code.trim();
      if (code !== SANDBOX_STC_CODE && code !== SANDBOX_STC_DECLINE_CODE) return { outcome: "wrong_code" };
      return { method: "stcpay", answer: code === SANDBOX_STC_CODE ? "pay" : "decline", last4: phone.slice(-4) };
    }
    case "tabby": {
      const phone = saudiMobile(attempt.phone);
      if (!phone) return { outcome: "invalid_phone" };
      if (attempt.code.trim() !== SANDBOX_TABBY_CODE) return { outcome: "wrong_code" };
      return { method: "tabby", answer: phone === SANDBOX_TABBY_REJECTED_PHONE ? "decline" : "pay", last4: phone.slice(-4) };
    }
  }
}
