/**
 * The process's payment gateways. New orders use the one PAYMENT_GATEWAY names; existing payments
 * keep the gateway they were made with (looked up by name), so switching providers strands nothing.
 */
import type { Database } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import type { GatewayName, PaymentGateway } from "./gateway";
import { httpWebhookDelivery, SandboxGateway, type WebhookDelivery } from "./sandbox.server";
import { StripeGateway } from "./stripe.server";
import { TapGateway } from "./tap.server";

export type { GatewayName, PaymentGateway } from "./gateway";

/** Every gateway by name, and the one new orders use. */
export interface PaymentGateways {
  get(name: GatewayName): PaymentGateway;
  /** The gateway new orders are paid with (PAYMENT_GATEWAY). */
  readonly default: PaymentGateway;
  /** The sandbox gateway (its hosted page needs the concrete class). */
  readonly sandbox: SandboxGateway;
}

export function isGatewayName(value: unknown): value is GatewayName {
  return value === "sandbox" || value === "stripe" || value === "tap";
}

/**
 * Whether this deployment takes a gateway's webhooks: Stripe and Tap when their keys are set, the
 * sandbox when it is the active gateway (a store on Stripe must not accept sandbox events).
 */
export function isGatewayConfigured(name: GatewayName, env: Pick<Env, "PAYMENT_GATEWAY" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "TAP_SECRET_KEY">): boolean {
  if (name === "stripe") return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  if (name === "tap") return Boolean(env.TAP_SECRET_KEY);
  return env.PAYMENT_GATEWAY === "sandbox";
}

/**
 * The process's gateways, made on first use (Stripe and Tap only when configured). `overrides` replaces
 * one by name (tests: a Stripe client without network, a sandbox that collects its webhooks); Tap's API
 * base is TAP_API_URL (a test points it at a local server).
 */
export function createPaymentGateways(
  env: Pick<Env, "PAYMENT_GATEWAY" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "SANDBOX_WEBHOOK_SECRET" | "SANDBOX_WEBHOOK_URL" | "SITE_URL" | "TAP_SECRET_KEY" | "TAP_MERCHANT_ID" | "TAP_API_URL">,
  db: Database,
  overrides: Partial<Record<GatewayName, PaymentGateway>> = {},
  sandboxDelivery: WebhookDelivery = httpWebhookDelivery(env),
): PaymentGateways {
  const made = new Map<GatewayName, PaymentGateway>(Object.entries(overrides) as Array<[GatewayName, PaymentGateway]>);
  function get(name: GatewayName): PaymentGateway {
    let gateway = made.get(name);
    if (!gateway) {
      if (name === "stripe") {
        if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new Error("PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
        gateway = new StripeGateway(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET);
      } else if (name === "tap") {
        if (!env.TAP_SECRET_KEY) throw new Error("PAYMENT_GATEWAY=tap needs TAP_SECRET_KEY");
        gateway = new TapGateway({ secretKey: env.TAP_SECRET_KEY, merchantId: env.TAP_MERCHANT_ID, baseUrl: env.TAP_API_URL, webhookUrl: new URL("/api/payments/webhook/tap", env.SITE_URL).href });
      } else {
        gateway = new SandboxGateway(db, env.SANDBOX_WEBHOOK_SECRET, sandboxDelivery);
      }
      made.set(name, gateway);
    }
    return gateway;
  }
  return {
    get,
    get default() {
      return get(env.PAYMENT_GATEWAY);
    },
    get sandbox() {
      return get("sandbox") as SandboxGateway;
    },
  };
}
