import { afterEach, describe, expect, test } from "vitest";
import { resetEnvForTests } from "#app/lib/env.server";
import { isGatewayConfigured } from "#app/payments/payments.server";
import { action } from "./api.payments-webhook";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

const post = (gateway: string) =>
  action({ request: new Request(`http://localhost/api/payments/webhook/${gateway}`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }), params: { gateway }, context: {} });

describe("payment webhooks", () => {
  test("a gateway this deployment does not configure answers 404 (Stripe without keys used to throw: 500)", async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    process.env.PAYMENT_GATEWAY = "sandbox";
    resetEnvForTests();
    expect((await post("stripe")).status).toBe(404);
    expect((await post("paypal")).status).toBe(404);
  });

  test("the sandbox's webhook exists only while the sandbox is the gateway", () => {
    expect(isGatewayConfigured("sandbox", { PAYMENT_GATEWAY: "sandbox" } as never)).toBe(true);
    expect(isGatewayConfigured("sandbox", { PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" } as never)).toBe(false);
    expect(isGatewayConfigured("stripe", { PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" } as never)).toBe(true);
  });

  test("an unsigned sandbox event is refused with 400, not 500", async () => {
    process.env.PAYMENT_GATEWAY = "sandbox";
    resetEnvForTests();
    expect((await post("sandbox")).status).toBe(400);
  });
});
