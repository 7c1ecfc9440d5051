/**
 * The Stripe adapter against recorded Stripe API responses (no network): a local HTTP server answers
 * Stripe's REST endpoints with the JSON in ./fixtures/stripe and records what the adapter sent. Webhooks
 * are checked with Stripe's own test signatures.
 */
import { readFileSync } from "node:fs";
import Stripe from "stripe";
import { verifyPaymentEvent } from "#app/commerce/payment-integrity";
import { WebhookSignatureError, type CreateSessionInput } from "./gateway";
import { startFakeRemote, type FakeRemote } from "#app/testing/fake-remote.server";
import { StripeGateway } from "./stripe.server";

const SECRET = "whsec_test_secret";
const gateway = new StripeGateway("sk_test_dummy", SECRET);
const stripe = new Stripe("sk_test_dummy");

function signed(event: Record<string, unknown>, secret = SECRET) {
  const payload = JSON.stringify(event);
  return { payload, headers: new Headers({ "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret }) }) };
}

const session = (overrides: Record<string, unknown>) => ({
  id: "cs_test_1",
  object: "checkout.session",
  amount_total: 12_345,
  currency: "sar",
  payment_status: "paid",
  metadata: { orderId: "o1", captureMethod: "automatic" },
  ...overrides,
});

const event = (type: string, object: Record<string, unknown>) => ({ id: `evt_${type}`, object: "event", type, created: 1_700_000_000, data: { object } });

test("a paid checkout session maps to payment.captured", async () => {
  const { payload, headers } = signed(event("checkout.session.completed", session({})));
  expect(await gateway.parseWebhook(payload, headers)).toMatchObject([{ id: "evt_checkout.session.completed", type: "payment.captured", sessionId: "cs_test_1", amount: 12_345, currency: "SAR" }]);
});

test("a manual-capture session completes unpaid: payment.authorized", async () => {
  const { payload, headers } = signed(event("checkout.session.completed", session({ payment_status: "unpaid", metadata: { captureMethod: "manual" } })));
  expect(await gateway.parseWebhook(payload, headers)).toMatchObject([{ type: "payment.authorized" }]);
});

test("expired and failed async payments map to payment.failed; other events to nothing", async () => {
  const expired = signed(event("checkout.session.expired", session({ payment_status: "unpaid" })));
  expect(await gateway.parseWebhook(expired.payload, expired.headers)).toMatchObject([{ type: "payment.failed", declineCode: "expired" }]);
  const failed = signed(event("checkout.session.async_payment_failed", session({ payment_status: "unpaid" })));
  expect(await gateway.parseWebhook(failed.payload, failed.headers)).toMatchObject([{ type: "payment.failed" }]);
  const other = signed(event("customer.created", { id: "cus_1", object: "customer" }));
  expect(await gateway.parseWebhook(other.payload, other.headers)).toEqual([]);
});

test("a wrong secret or a tampered body is refused", async () => {
  const wrong = signed(event("checkout.session.completed", session({})), "whsec_other");
  await expect(gateway.parseWebhook(wrong.payload, wrong.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  const good = signed(event("checkout.session.completed", session({})));
  await expect(gateway.parseWebhook(good.payload.replace("12345", "1"), good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
});

/** A recorded Stripe API body from ./fixtures/stripe, as text (served verbatim) or parsed. */
const fixtureText = (name: string) => readFileSync(new URL(`./fixtures/stripe/${name}.json`, import.meta.url), "utf8");
const fixture = <T = Record<string, unknown>>(name: string) => JSON.parse(fixtureText(name)) as T;

describe("webhooks: a recorded event", () => {
  const recorded = fixtureText("event.checkout.session.completed");
  const sign = (options: { payload?: string; secret?: string; timestamp?: number } = {}) =>
    new Headers({ "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload: options.payload ?? recorded, secret: options.secret ?? SECRET, timestamp: options.timestamp }) });

  test("signed with our secret, it is accepted and mapped", async () => {
    const session = fixture<{ data: { object: { id: string } } }>("event.checkout.session.completed").data.object;
    expect(await gateway.parseWebhook(recorded, sign())).toEqual([
      {
        id: "evt_1QwRihlaL8mN2pQrEvtCmpl1",
        type: "payment.captured",
        sessionId: session.id,
        amount: 45_000,
        currency: "SAR",
        declineCode: null,
        orderId: "7f3c2a9e-5b1d-4e8a-9c0f-2d6b8e4a1c37",
        raw: { id: "evt_1QwRihlaL8mN2pQrEvtCmpl1", type: "checkout.session.completed", created: 1_789_574_720 },
      },
    ]);
  });

  test("its amount, currency and order are held to what our payment row owes (the integrity rule)", async () => {
    const [event] = await gateway.parseWebhook(recorded, sign());
    const owed = { orderId: "7f3c2a9e-5b1d-4e8a-9c0f-2d6b8e4a1c37", amount: 45_000, currency: "SAR", captureMethod: "automatic", captureState: "NONE" };
    expect(verifyPaymentEvent(owed, event!)).toEqual({ ok: true });
    expect(verifyPaymentEvent({ ...owed, amount: 90_000 }, event!)).toMatchObject({ ok: false, problem: "AMOUNT_MISMATCH" });
    expect(verifyPaymentEvent({ ...owed, currency: "AED" }, event!)).toMatchObject({ ok: false, problem: "CURRENCY_MISMATCH" });
    expect(verifyPaymentEvent({ ...owed, orderId: "another-order" }, event!)).toMatchObject({ ok: false, problem: "ORDER_MISMATCH" });
  });

  test("a tampered body, a wrong secret, an old timestamp or no signature is refused", async () => {
    const tampered = recorded.replace('"amount_total": 45000', '"amount_total": 100');
    expect(tampered).not.toBe(recorded);
    await expect(gateway.parseWebhook(tampered, sign())).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.parseWebhook(recorded, sign({ secret: "whsec_someone_else" }))).rejects.toBeInstanceOf(WebhookSignatureError);
    // Stripe's tolerance is five minutes: a replay of a ten-minute-old delivery is refused.
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    await expect(gateway.parseWebhook(recorded, sign({ timestamp: tenMinutesAgo }))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.parseWebhook(recorded, new Headers())).rejects.toBeInstanceOf(WebhookSignatureError);
    // Within the tolerance the same delivery is fine.
    await expect(gateway.parseWebhook(recorded, sign({ timestamp: Math.floor(Date.now() / 1000) - 60 }))).resolves.toHaveLength(1);
  });
});

describe("API calls against recorded Stripe responses", () => {
  type Recorded = { method: string; path: string; query: URLSearchParams; headers: Record<string, string | string[] | undefined>; form: URLSearchParams };
  /** What the fake Stripe answers: "METHOD /path" → [status, fixture name]. */
  let answers: Record<string, [number, string]> = {};
  const requests: Recorded[] = [];
  let remote: FakeRemote;
  let api: StripeGateway;

  beforeAll(async () => {
    remote = await startFakeRemote((request, body, response) => {
      const url = new URL(request.url ?? "/", "http://stripe.local");
      requests.push({ method: request.method ?? "", path: url.pathname, query: url.searchParams, headers: request.headers, form: new URLSearchParams(body.toString("utf8")) });
      const answer = answers[`${request.method} ${url.pathname}`];
      const [status, text] = answer ? [answer[0], fixtureText(answer[1])] : [404, JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname}).` } })];
      response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_test_${requests.length}`, "Stripe-Version": "2025-08-27.basil" }).end(text);
    });
    api = new StripeGateway("sk_test_51RihlaDummyKey", SECRET, { host: "127.0.0.1", port: remote.port, protocol: "http", maxNetworkRetries: 0, telemetry: false });
  });

  afterAll(() => remote.close());

  beforeEach(() => {
    answers = {};
    requests.length = 0;
  });

  const session = fixture<{ id: string; url: string }>("checkout.session.created");
  const intentId = fixture<{ payment_intent: { id: string } }>("checkout.session.authorized").payment_intent.id;
  const sessionPath = `/v1/checkout/sessions/${session.id}`;

  const input: CreateSessionInput = {
    orderId: "7f3c2a9e-5b1d-4e8a-9c0f-2d6b8e4a1c37",
    reference: "RH-7F3C2A9E",
    amount: 45_000,
    currency: "SAR",
    captureMethod: "manual",
    description: "Rihla order RH-7F3C2A9E",
    returnUrl: "https://rihla.example/checkout/success?order=7f3c2a9e-5b1d-4e8a-9c0f-2d6b8e4a1c37",
    cancelUrl: "https://rihla.example/checkout/error?order=7f3c2a9e-5b1d-4e8a-9c0f-2d6b8e4a1c37",
    customerEmail: "noura@example.com",
    locale: "ar",
    idempotencyKey: "session:7f3c2a9e-5b1d-4e8a-9c0f-2d6b8e4a1c37:1",
  };

  /** The one request the adapter sent to `path` with `method`. */
  function sent(method: string, path: string): Recorded {
    const matching = requests.filter((request) => request.method === method && request.path === path);
    expect(matching, `${method} ${path}`).toHaveLength(1);
    return matching[0]!;
  }

  test("createSession posts a hosted Checkout Session with the order's amount, currency, capture method and metadata", async () => {
    answers = { "POST /v1/checkout/sessions": [200, "checkout.session.created"] };
    expect(await api.createSession(input)).toEqual({ id: session.id, url: session.url });

    expect(requests).toHaveLength(1);
    const request = sent("POST", "/v1/checkout/sessions");
    expect(request.headers["authorization"]).toBe("Bearer sk_test_51RihlaDummyKey");
    expect(request.headers["idempotency-key"]).toBe(input.idempotencyKey);
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(request.form)).toEqual({
      mode: "payment",
      client_reference_id: input.orderId,
      customer_email: "noura@example.com",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "sar",
      "line_items[0][price_data][unit_amount]": "45000",
      "line_items[0][price_data][product_data][name]": "Rihla order RH-7F3C2A9E",
      "payment_intent_data[capture_method]": "manual",
      "payment_intent_data[metadata][orderId]": input.orderId,
      "payment_intent_data[metadata][reference]": "RH-7F3C2A9E",
      "metadata[orderId]": input.orderId,
      "metadata[reference]": "RH-7F3C2A9E",
      "metadata[captureMethod]": "manual",
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      locale: "auto",
    });
  });

  test("an automatic-capture order asks Stripe to capture at once", async () => {
    answers = { "POST /v1/checkout/sessions": [200, "checkout.session.created"] };
    await api.createSession({ ...input, captureMethod: "automatic", idempotencyKey: "session:auto" });
    const { form, headers } = sent("POST", "/v1/checkout/sessions");
    expect(form.get("payment_intent_data[capture_method]")).toBe("automatic");
    expect(form.get("metadata[captureMethod]")).toBe("automatic");
    expect(headers["idempotency-key"]).toBe("session:auto");
  });

  test("capture reads the session's payment intent, then captures the amount under our idempotency key", async () => {
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.authorized"], [`POST /v1/payment_intents/${intentId}/capture`]: [200, "payment_intent.captured"] };
    await api.capture(session.id, 40_000, "capture:order-1");

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${sessionPath}`, `POST /v1/payment_intents/${intentId}/capture`]);
    expect(sent("GET", sessionPath).query.get("expand[0]")).toBe("payment_intent.latest_charge");
    const capture = sent("POST", `/v1/payment_intents/${intentId}/capture`);
    expect(Object.fromEntries(capture.form)).toEqual({ amount_to_capture: "40000" });
    expect(capture.headers["idempotency-key"]).toBe("capture:order-1");
  });

  test("refund refunds part of the session's payment intent under our idempotency key", async () => {
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.paid"], "POST /v1/refunds": [200, "refund.created"] };
    await api.refund(session.id, 15_000, "cancel:item-1");

    const refund = sent("POST", "/v1/refunds");
    expect(Object.fromEntries(refund.form)).toEqual({ payment_intent: intentId, amount: "15000" });
    expect(refund.headers["idempotency-key"]).toBe("cancel:item-1");
  });

  test("a refund Stripe refuses surfaces as Stripe's error, not as success", async () => {
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.paid"], "POST /v1/refunds": [400, "error.charge_already_refunded"] };
    await expect(api.refund(session.id, 15_000, "cancel:item-2")).rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "charge_already_refunded", statusCode: 400 });
    expect(requests.filter((request) => request.path === "/v1/refunds")).toHaveLength(1);
  });

  test("retrieveSession maps paid, authorized, declined and expired sessions", async () => {
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.paid"] };
    expect(await api.retrieveSession(session.id)).toEqual({ id: session.id, status: "captured", amount: 45_000, capturedAmount: 45_000, currency: "SAR", declineCode: null, method: "visa" });
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.authorized"] };
    expect(await api.retrieveSession(session.id)).toEqual({ id: session.id, status: "authorized", amount: 45_000, capturedAmount: 0, currency: "SAR", declineCode: null, method: null });
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.declined"] };
    expect(await api.retrieveSession(session.id)).toEqual({ id: session.id, status: "open", amount: 45_000, capturedAmount: 0, currency: "SAR", declineCode: "insufficient_funds", method: null });
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.expired"] };
    expect(await api.retrieveSession(session.id)).toMatchObject({ status: "expired" });
    expect(requests.every((request) => request.method === "GET" && request.query.get("expand[0]") === "payment_intent.latest_charge")).toBe(true);
  });

  test("cancel expires an open session, and voids an authorization once the session is complete", async () => {
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.created"], [`POST ${sessionPath}/expire`]: [200, "checkout.session.expired"] };
    await api.cancel(session.id, "cancel:open");
    expect(sent("POST", `${sessionPath}/expire`).headers["idempotency-key"]).toBe("cancel:open");

    requests.length = 0;
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.authorized"], [`POST /v1/payment_intents/${intentId}/cancel`]: [200, "payment_intent.canceled"] };
    await api.cancel(session.id, "cancel:authorized");
    expect(sent("POST", `/v1/payment_intents/${intentId}/cancel`).headers["idempotency-key"]).toBe("cancel:authorized");
    expect(requests.some((request) => request.path.endsWith("/expire"))).toBe(false);

    // A captured payment is neither expired nor voided (that is a refund's job).
    requests.length = 0;
    answers = { [`GET ${sessionPath}`]: [200, "checkout.session.paid"] };
    await api.cancel(session.id, "cancel:paid");
    expect(requests.map((request) => request.method)).toEqual(["GET"]);
  });
});
