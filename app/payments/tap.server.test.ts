/**
 * The Tap adapter against recorded Tap API objects (no network): a local HTTP server answers Tap's REST
 * endpoints with the JSON in ./fixtures/tap and records what the adapter sent. Posted webhooks are
 * signed here by hand with the documented hashstring recipe (not with the adapter's own helper).
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { verifyPaymentEvent } from "#app/commerce/payment-integrity";
import { startFakeRemote, type FakeRemote } from "#app/testing/fake-remote.server";
import { WebhookSignatureError, type CreateSessionInput } from "./gateway";
import { mapTapObject, TapApiError, TapGateway, tapMethodOf, type TapObject } from "./tap.server";

const SECRET = "sk_test_RihlaDummyTapKey0001";
const ORDER = "7f3c2a9e-5b1d-4e8a-9c0f-2d6b8e4a1c37";
const WEBHOOK_URL = "https://rihla.example/api/payments/webhook/tap";

const fixtureText = (name: string) => readFileSync(new URL(`./fixtures/tap/${name}.json`, import.meta.url), "utf8");
const fixture = <T = Record<string, unknown>>(name: string) => JSON.parse(fixtureText(name)) as T;

type Recorded = { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> | null };
/** What the fake Tap answers: "METHOD /path" → [status, fixture name]. */
let answers: Record<string, [number, string]> = {};
const requests: Recorded[] = [];
let remote: FakeRemote;
let api: TapGateway;

beforeAll(async () => {
  remote = await startFakeRemote((request, body, response) => {
    const path = new URL(request.url ?? "/", "http://tap.local").pathname;
    const text = body.toString("utf8");
    requests.push({ method: request.method ?? "", path, headers: request.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null });
    const answer = answers[`${request.method} ${path}`];
    const [status, out] = answer ? [answer[0], fixtureText(answer[1])] : [404, JSON.stringify({ errors: [{ code: "1144", description: "Charge id not found" }] })];
    response.writeHead(status, { "Content-Type": "application/json" }).end(out);
  });
  api = new TapGateway({ secretKey: SECRET, webhookUrl: WEBHOOK_URL, baseUrl: `${remote.origin}/v2` });
});

afterAll(() => remote.close());

beforeEach(() => {
  answers = {};
  requests.length = 0;
});

function sent(method: string, path: string): Recorded {
  const matching = requests.filter((request) => request.method === method && request.path === path);
  expect(matching, `${method} ${path}`).toHaveLength(1);
  return matching[0]!;
}

const charge = fixture<{ id: string; transaction: { url: string } }>("charge.initiated");
const authorization = fixture<{ id: string; transaction: { url: string } }>("authorize.initiated");
const captureCharge = fixture<{ id: string }>("charge.captured.authorize");
const refundId = fixture<{ id: string }>("refund.refunded.full").id;

const input: CreateSessionInput = {
  orderId: ORDER,
  reference: "RH-7F3C2A9E",
  amount: 45_000,
  currency: "SAR",
  captureMethod: "automatic",
  description: "Rihla order RH-7F3C2A9E",
  returnUrl: `https://rihla.example/checkout/success?order=${ORDER}`,
  cancelUrl: `https://rihla.example/checkout/error?order=${ORDER}`,
  customerEmail: "noura@example.com",
  locale: "ar",
  idempotencyKey: `session:${ORDER}:1`,
};

describe("sessions", () => {
  test("a pay-now order creates a Charge on Tap's hosted page (src_all) in the customer's language, under our idempotency key", async () => {
    answers = { "POST /v2/charges": [200, "charge.initiated"] };
    expect(await api.createSession(input)).toEqual({ id: charge.id, url: charge.transaction.url });
    const request = sent("POST", "/v2/charges");
    expect(request.headers["authorization"]).toBe(`Bearer ${SECRET}`);
    expect(request.headers["lang_code"]).toBe("AR");
    expect(request.body).toEqual({
      amount: 450,
      currency: "SAR",
      customer_initiated: true,
      threeDSecure: true,
      save_card: false,
      description: "Rihla order RH-7F3C2A9E",
      metadata: { orderId: ORDER, reference: "RH-7F3C2A9E", captureMethod: "automatic" },
      reference: { transaction: "RH-7F3C2A9E", order: ORDER, idempotent: input.idempotencyKey },
      receipt: { email: false, sms: false },
      customer: { first_name: "noura", email: "noura@example.com" },
      source: { id: "src_all" },
      post: { url: WEBHOOK_URL },
      redirect: { url: input.returnUrl },
    });
  });

  test("an on-request order creates an Authorize that Tap voids by itself if we never decide; English for other languages", async () => {
    answers = { "POST /v2/authorize": [200, "authorize.initiated"] };
    expect(await api.createSession({ ...input, captureMethod: "manual", locale: "zh", amount: 12_345 })).toEqual({ id: authorization.id, url: authorization.transaction.url });
    const request = sent("POST", "/v2/authorize");
    expect(request.headers["lang_code"]).toBe("EN");
    expect(request.body).toMatchObject({ amount: 123.45, source: { id: "src_all" }, auto: { type: "VOID", time: 168 }, metadata: { captureMethod: "manual" } });
    expect(requests.some((r) => r.path === "/v2/charges")).toBe(false);
  });

  test("Tabby's pay in 4 is a Charge on Tap's Tabby source, with the customer's mobile, even for a manual session", async () => {
    answers = { "POST /v2/charges": [200, "charge.initiated"] };
    await api.createSession({ ...input, installments: true, captureMethod: "manual", customerPhone: { countryCode: "+966", number: "551234567" } });
    expect(sent("POST", "/v2/charges").body).toMatchObject({
      source: { id: "src_tabby.installement" },
      customer: { first_name: "noura", email: "noura@example.com", phone: { country_code: "966", number: "551234567" } },
    });
    expect(sent("POST", "/v2/charges").body).not.toHaveProperty("auto");
    expect(requests.some((r) => r.path === "/v2/authorize")).toBe(false);
  });

  test("three-decimal currencies are sent in their own major units", async () => {
    answers = { "POST /v2/charges": [200, "charge.initiated"] };
    await api.createSession({ ...input, currency: "KWD", amount: 12_345 });
    expect(sent("POST", "/v2/charges").body).toMatchObject({ amount: 12.345, currency: "KWD" });
  });

  test("retrieveSession maps captured (with how the customer paid), declined, abandoned, authorized and voided", async () => {
    answers = { [`GET /v2/charges/${charge.id}`]: [200, "charge.captured.mada"] };
    expect(await api.retrieveSession(charge.id)).toEqual({ id: charge.id, status: "captured", amount: 45_000, capturedAmount: 45_000, currency: "SAR", declineCode: null, method: "mada" });
    answers = { [`GET /v2/charges/${charge.id}`]: [200, "charge.declined"] };
    expect(await api.retrieveSession(charge.id)).toEqual({ id: charge.id, status: "failed", amount: 45_000, capturedAmount: 0, currency: "SAR", declineCode: "insufficient_funds", method: "mastercard" });
    answers = { [`GET /v2/charges/${charge.id}`]: [200, "charge.abandoned"] };
    expect(await api.retrieveSession(charge.id)).toMatchObject({ status: "expired", declineCode: "abandoned", method: null });
    answers = { [`GET /v2/charges/${charge.id}`]: [200, "charge.initiated"] };
    expect(await api.retrieveSession(charge.id)).toMatchObject({ status: "open", declineCode: null });
    answers = { [`GET /v2/authorize/${authorization.id}`]: [200, "authorize.authorized"] };
    expect(await api.retrieveSession(authorization.id)).toEqual({ id: authorization.id, status: "authorized", amount: 45_000, capturedAmount: 0, currency: "SAR", declineCode: null, method: "mastercard" });
    answers = { [`GET /v2/authorize/${authorization.id}`]: [200, "authorize.void"] };
    expect(await api.retrieveSession(authorization.id)).toMatchObject({ status: "voided" });
  });

  test("a captured authorization reports what its capture charge took", async () => {
    answers = { [`GET /v2/authorize/${authorization.id}`]: [200, "authorize.captured"], "POST /v2/charges/list": [200, "charges.list"] };
    expect(await api.retrieveSession(authorization.id)).toMatchObject({ status: "captured", amount: 45_000, capturedAmount: 40_000 });
    expect(sent("POST", "/v2/charges/list").body).toEqual({ sources: [authorization.id], status: "CAPTURED", limit: 1 });
  });
});

describe("capture, refund, void", () => {
  test("capture charges the authorization (source = authorize id) for the confirmed amount, under our idempotency key", async () => {
    answers = { [`GET /v2/authorize/${authorization.id}`]: [200, "authorize.authorized"], "POST /v2/charges": [200, "charge.captured.authorize"] };
    await api.capture(authorization.id, 40_000, "capture:order-1");
    const request = sent("POST", "/v2/charges");
    expect(request.body).toMatchObject({
      amount: 400,
      currency: "SAR",
      source: { id: authorization.id },
      customer: { id: "cus_TS07A5420232136o2K52709053" },
      reference: { order: ORDER, idempotent: "capture:order-1" },
      metadata: { orderId: ORDER, authorize: authorization.id },
      post: { url: WEBHOOK_URL },
    });
  });

  test("a capture Tap refuses surfaces as Tap's error", async () => {
    answers = { [`GET /v2/authorize/${authorization.id}`]: [200, "authorize.authorized"], "POST /v2/charges": [400, "error.capture_exceeds"] };
    await expect(api.capture(authorization.id, 90_000, "capture:too-much")).rejects.toMatchObject({ name: "TapApiError", status: 400, code: "1150" });
  });

  test("refund refunds part of a pay-now charge under our idempotency key; a full refund too", async () => {
    answers = { [`GET /v2/charges/${charge.id}`]: [200, "charge.captured.mada"], "POST /v2/refunds": [200, "refund.pending.part"] };
    await api.refund(charge.id, 15_000, "cancel:item-1");
    expect(sent("POST", "/v2/refunds").body).toEqual({
      charge_id: charge.id,
      amount: 150,
      currency: "SAR",
      reason: "requested_by_customer",
      reference: { merchant: "cancel:item-1", idempotent: "cancel:item-1" },
      metadata: { orderId: ORDER, session: charge.id },
      post: { url: WEBHOOK_URL },
    });
    requests.length = 0;
    answers = { [`GET /v2/charges/${charge.id}`]: [200, "charge.captured.mada"], "POST /v2/refunds": [200, "refund.refunded.full"] };
    await api.refund(charge.id, 45_000, "reject:order-1");
    expect(sent("POST", "/v2/refunds").body).toMatchObject({ amount: 450, reference: { idempotent: "reject:order-1" } });
  });

  test("an authorization's refund goes to its capture charge", async () => {
    answers = { "POST /v2/charges/list": [200, "charges.list"], "POST /v2/refunds": [200, "refund.pending.part"] };
    await api.refund(authorization.id, 10_000, "cancel:item-2");
    expect(sent("POST", "/v2/refunds").body).toMatchObject({ charge_id: captureCharge.id, amount: 100, metadata: { session: authorization.id } });
  });

  test("a refund Tap declines is an error, not a success", async () => {
    answers = { [`GET /v2/charges/${charge.id}`]: [200, "charge.captured.mada"], "POST /v2/refunds": [200, "refund.declined.partial_not_supported"] };
    await expect(api.refund(charge.id, 15_000, "cancel:item-3")).rejects.toMatchObject({ name: "TapApiError", code: "504" });
    answers = { [`GET /v2/charges/${charge.id}`]: [200, "charge.declined"] };
    await expect(api.refund(charge.id, 15_000, "cancel:item-4")).rejects.toBeInstanceOf(TapApiError);
    expect(requests.filter((r) => r.path === "/v2/refunds")).toHaveLength(1);
  });

  test("cancel voids a held authorization, and leaves unpaid or captured sessions alone", async () => {
    answers = { [`GET /v2/authorize/${authorization.id}`]: [200, "authorize.authorized"], [`POST /v2/authorize/${authorization.id}/void`]: [200, "authorize.void"] };
    await api.cancel(authorization.id, "cancel:held");
    expect(sent("POST", `/v2/authorize/${authorization.id}/void`).headers["authorization"]).toBe(`Bearer ${SECRET}`);

    for (const state of ["authorize.initiated", "authorize.captured", "authorize.void"]) {
      requests.length = 0;
      answers = { [`GET /v2/authorize/${authorization.id}`]: [200, state] };
      await api.cancel(authorization.id, "cancel:other");
      expect(requests.map((r) => r.method), state).toEqual(["GET"]);
    }
    requests.length = 0;
    await api.cancel(charge.id, "cancel:charge");
    expect(requests).toEqual([]);
  });
});

describe("webhooks", () => {
  /** The documented recipe, written out: x_id…x_amount(standard decimals)…x_currency…x_gateway_reference…x_payment_reference…x_status…x_created. */
  function sign(body: string, secret = SECRET): Headers {
    const o = JSON.parse(body) as { id: string; amount: number; currency: string; status: string; created?: number; transaction?: { created?: string }; reference: { gateway: string; payment: string } };
    const digits = o.currency === "KWD" || o.currency === "BHD" || o.currency === "OMR" ? 3 : 2;
    const text = `x_id${o.id}x_amount${o.amount.toFixed(digits)}x_currency${o.currency}x_gateway_reference${o.reference.gateway}x_payment_reference${o.reference.payment}x_status${o.status}x_created${o.transaction?.created ?? o.created}`;
    return new Headers({ hashstring: createHmac("sha256", secret).update(text).digest("hex"), "content-type": "application/json" });
  }
  const paid = fixtureText("charge.captured.mada");
  const paidId = fixture<{ id: string }>("charge.captured.mada").id;

  test("a signed captured charge is read back from Tap and maps to payment.captured with the real amount, order and method", async () => {
    answers = { [`GET /v2/charges/${paidId}`]: [200, "charge.captured.mada"] };
    expect(await api.parseWebhook(paid, sign(paid))).toEqual([
      {
        id: `${paidId}:CAPTURED`,
        type: "payment.captured",
        sessionId: paidId,
        amount: 45_000,
        currency: "SAR",
        declineCode: null,
        orderId: ORDER,
        method: "mada",
        raw: { id: paidId, object: "charge", status: "CAPTURED", created: "1698392202943", response: "000" },
      },
    ]);
    expect(sent("GET", `/v2/charges/${paidId}`).headers["authorization"]).toBe(`Bearer ${SECRET}`);
  });

  test("a replayed or stale delivery gives the same event id, so commerce applies it once", async () => {
    answers = { [`GET /v2/charges/${paidId}`]: [200, "charge.captured.mada"] };
    const first = await api.parseWebhook(paid, sign(paid));
    const again = await api.parseWebhook(paid, sign(paid));
    expect(again.map((event) => event.id)).toEqual(first.map((event) => event.id));
    // A stale post (the charge has moved on since): what Tap says now wins, under its own id.
    answers = { [`GET /v2/charges/${paidId}`]: [200, "charge.abandoned"] };
    const initiatedPost = paid.replace('"status": "CAPTURED"', '"status": "INITIATED"');
    expect(await api.parseWebhook(initiatedPost, sign(initiatedPost))).toMatchObject([{ id: `${paidId}:ABANDONED`, type: "payment.failed", declineCode: "abandoned" }]);
  });

  test("a tampered body, a wrong key or no hashstring is refused before Tap is asked", async () => {
    const tampered = paid.replace('"amount": 450.0', '"amount": 4.5');
    expect(tampered).not.toBe(paid);
    await expect(api.parseWebhook(tampered, sign(paid))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(api.parseWebhook(paid, sign(paid, "sk_test_someone_else"))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(api.parseWebhook(paid, new Headers())).rejects.toBeInstanceOf(WebhookSignatureError);
    const statusFlipped = paid.replace('"status": "CAPTURED"', '"status": "DECLINED"');
    await expect(api.parseWebhook(statusFlipped, sign(paid))).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(requests).toEqual([]);
  });

  test("unsigned metadata in the body cannot route the event: the order and session come from Tap's API", async () => {
    answers = { [`GET /v2/charges/${paidId}`]: [200, "charge.captured.mada"] };
    const rerouted = paid.replace(`"orderId": "${ORDER}"`, '"orderId": "someone-elses-order", "authorize": "auth_victim"');
    expect(rerouted).not.toBe(paid);
    expect(await api.parseWebhook(rerouted, sign(rerouted))).toMatchObject([{ sessionId: paidId, orderId: ORDER }]);
  });

  test("a wrong amount maps faithfully, and the integrity rule refuses it", async () => {
    answers = { [`GET /v2/charges/${paidId}`]: [200, "charge.captured.mada"] };
    const [event] = await api.parseWebhook(paid, sign(paid));
    const owed = { orderId: ORDER, amount: 45_000, currency: "SAR", captureMethod: "automatic", captureState: "NONE" };
    expect(verifyPaymentEvent(owed, event!)).toEqual({ ok: true });
    expect(verifyPaymentEvent({ ...owed, amount: 90_000 }, event!)).toMatchObject({ ok: false, problem: "AMOUNT_MISMATCH" });
    expect(verifyPaymentEvent({ ...owed, currency: "AED" }, event!)).toMatchObject({ ok: false, problem: "CURRENCY_MISMATCH" });
    expect(verifyPaymentEvent({ ...owed, orderId: "another-order" }, event!)).toMatchObject({ ok: false, problem: "ORDER_MISMATCH" });
  });

  test("authorized, voided, declined, captured-authorization and refunded posts map to our events", async () => {
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ["authorize.authorized", `/v2/authorize/${authorization.id}`, { type: "payment.authorized", sessionId: authorization.id, amount: 45_000, method: "mastercard" }],
      ["authorize.void", `/v2/authorize/${authorization.id}`, { type: "payment.voided", sessionId: authorization.id }],
      ["charge.declined", `/v2/charges/${charge.id}`, { type: "payment.failed", sessionId: charge.id, amount: null, declineCode: "insufficient_funds" }],
      ["charge.captured.authorize", `/v2/charges/${captureCharge.id}`, { type: "payment.captured", sessionId: authorization.id, amount: 40_000, orderId: ORDER }],
      ["charge.captured.stcpay", "/v2/charges/chg_TS05A3120241229h3JR0508210", { type: "payment.captured", method: "stcpay" }],
      ["charge.captured.visa", "/v2/charges/chg_TS03A2220231551Ha3j1408926", { type: "payment.captured", method: "visa" }],
      ["refund.refunded.full", `/v2/refunds/${refundId}`, { type: "payment.refunded", sessionId: charge.id, amount: 45_000 }],
    ];
    for (const [name, path, expected] of cases) {
      answers = { [`GET ${path}`]: [200, name] };
      const body = fixtureText(name);
      expect(await api.parseWebhook(body, sign(body)), name).toMatchObject([expected]);
    }
    // An authorization's own CAPTURED post and a pending refund say nothing new.
    answers = { [`GET /v2/authorize/${authorization.id}`]: [200, "authorize.captured"] };
    const captured = fixtureText("authorize.captured");
    expect(await api.parseWebhook(captured, sign(captured))).toEqual([]);
    answers = { [`GET /v2/refunds/${refundId}`]: [200, "refund.pending.part"] };
    const pending = fixtureText("refund.pending.part");
    expect(await api.parseWebhook(pending, sign(pending))).toEqual([]);
  });

  test("each documented decline reason reaches the order as a readable code", () => {
    const declined = fixture<TapObject>("charge.declined");
    const documented: Record<string, string> = { "405": "invalid_card_number", "407": "expired_card", "502": "incorrect_cvc", "505": "insufficient_funds", "507": "issuer_declined", "514": "issuer_risk_check", "516": "authentication_failed", "703": "restricted_by_bank", "801": "timed_out", "999": "tap_999" };
    for (const [code, expected] of Object.entries(documented)) {
      expect(mapTapObject({ ...declined, response: { code } })[0]?.declineCode, code).toBe(expected);
    }
  });
});

test("how the customer paid: mada before the wallet, STC Pay, card networks, nothing when unknown", () => {
  expect(tapMethodOf({ source: { payment_method: "MADA" }, card: { scheme: "MADA", brand: "VISA" } })).toBe("mada");
  expect(tapMethodOf({ source: { type: "APPLEPAY", payment_method: "MADA" }, card: null })).toBe("mada");
  expect(tapMethodOf({ source: { type: "APPLEPAY", payment_method: "VISA" }, card: null })).toBe("applepay");
  expect(tapMethodOf({ source: { id: "src_sa.stcpay", payment_method: "STC_PAY" }, card: null })).toBe("stcpay");
  expect(tapMethodOf({ source: { payment_method: "MASTERCARD" }, card: null })).toBe("mastercard");
  expect(tapMethodOf({ source: { payment_method: "AMERICAN_EXPRESS" }, card: null })).toBeNull();
  expect(tapMethodOf({ source: { id: "src_tabby.installement", payment_method: "TABBY" }, card: null })).toBe("tabby");
  expect(tapMethodOf({ source: { id: "src_all" }, card: null })).toBeNull();
});
