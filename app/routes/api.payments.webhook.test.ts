import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { parseEnv } from "#app/lib/env.server";
import { createPaymentGateways, isGatewayConfigured } from "#app/payments/payments.server";
import type { Database } from "#app/db/db.server";
import { action } from "./api.payments.webhook";

/** Just enough context for the route: the env and the gateways (no database is reached before verification). */
function contextWith(env: Record<string, string>): AppLoadContext {
  const parsed = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "rihla-webhook-")), ...env });
  return { env: parsed, payments: createPaymentGateways(parsed, {} as Database, {}, async () => undefined) } as unknown as AppLoadContext;
}

const post = (gateway: string, context: AppLoadContext) =>
  action({ request: new Request(`http://localhost/api/payments/webhook/${gateway}`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }), params: { gateway }, context });

describe("payment webhooks", () => {
  test("a gateway this deployment does not configure answers 404 (Stripe without keys used to throw: 500)", async () => {
    const context = contextWith({ PAYMENT_GATEWAY: "sandbox" });
    expect((await post("stripe", context)).status).toBe(404);
    expect((await post("paypal", context)).status).toBe(404);
  });

  test("the sandbox's webhook exists only while the sandbox is the gateway", () => {
    expect(isGatewayConfigured("sandbox", { PAYMENT_GATEWAY: "sandbox" } as never)).toBe(true);
    expect(isGatewayConfigured("sandbox", { PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" } as never)).toBe(false);
    expect(isGatewayConfigured("stripe", { PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" } as never)).toBe(true);
  });

  test("an unsigned sandbox event is refused with 400, not 500", async () => {
    expect((await post("sandbox", contextWith({ PAYMENT_GATEWAY: "sandbox" }))).status).toBe(400);
  });
});
