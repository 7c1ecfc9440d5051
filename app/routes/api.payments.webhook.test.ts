import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { parseEnv } from "#app/lib/env.server";
import { createPaymentGateways, isGatewayConfigured } from "#app/payments/payments.server";
import type { Database } from "#app/db/db.server";
import { startFakeRemote } from "#app/testing/fake-remote.server";
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

describe("Tap's webhook", () => {
  const refund = readFileSync(new URL("../payments/fixtures/tap/refund.pending.part.json", import.meta.url), "utf8");
  const { id, amount, currency, reference, status, created } = JSON.parse(refund) as { id: string; amount: number; currency: string; reference: { gateway: string; payment: string }; status: string; created: number };
  const hashstring = (secret: string) =>
    createHmac("sha256", secret).update(`x_id${id}x_amount${amount.toFixed(2)}x_currency${currency}x_gateway_reference${reference.gateway}x_payment_reference${reference.payment}x_status${status}x_created${created}`).digest("hex");
  const deliver = (context: AppLoadContext, signature: string) =>
    action({ request: new Request("http://localhost/api/payments/webhook/tap", { method: "POST", body: refund, headers: { "Content-Type": "application/json", hashstring: signature } }), params: { gateway: "tap" }, context });

  test("answers at /api/payments/webhook/tap only when TAP_SECRET_KEY is set; a good post is taken, a tampered one refused", async () => {
    const asked: string[] = [];
    const tap = await startFakeRemote((request, _body, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(200, { "Content-Type": "application/json" }).end(refund);
    });
    try {
      expect((await deliver(contextWith({ PAYMENT_GATEWAY: "sandbox" }), hashstring("sk_test_tap"))).status).toBe(404);
      const context = contextWith({ PAYMENT_GATEWAY: "tap", TAP_SECRET_KEY: "sk_test_tap", TAP_API_URL: `${tap.origin}/v2` });
      const good = await deliver(context, hashstring("sk_test_tap"));
      expect(good.status).toBe(200);
      expect(await good.json()).toEqual({ received: true, results: [] });
      expect(asked).toEqual([`GET /v2/refunds/${id}`]);
      expect((await deliver(context, hashstring("sk_test_someone_else"))).status).toBe(400);
      expect(asked).toHaveLength(1);
    } finally {
      await tap.close();
    }
  });

  test("PAYMENT_GATEWAY=tap refuses to start without its key", () => {
    expect(() => contextWith({ PAYMENT_GATEWAY: "tap" })).toThrow(/TAP_SECRET_KEY/);
  });
});
