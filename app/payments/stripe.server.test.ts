/** The Stripe adapter's webhook verification and event mapping, with Stripe's own test signatures (no network). */
import Stripe from "stripe";
import { WebhookSignatureError } from "./gateway";
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
