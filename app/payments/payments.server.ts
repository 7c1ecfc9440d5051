/**
 * The process's payment gateways. New orders use the one PAYMENT_GATEWAY names; existing payments
 * keep the gateway they were made with (looked up by name), so switching providers strands nothing.
 */
import { getEnv } from "#app/lib/env.server";
import type { GatewayName, PaymentGateway } from "./gateway";
import { SandboxGateway } from "./sandbox.server";
import { StripeGateway } from "./stripe.server";

export type { GatewayName, PaymentGateway } from "./gateway";

const gateways = new Map<GatewayName, PaymentGateway>();

export function isGatewayName(value: unknown): value is GatewayName {
  return value === "sandbox" || value === "stripe";
}

/**
 * Whether this deployment takes a gateway's webhooks: Stripe when its keys are set, the sandbox when it
 * is the active gateway (its default secret is public, so a production store must not accept its events).
 */
export function isGatewayConfigured(name: GatewayName, env = getEnv()): boolean {
  return name === "stripe" ? Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) : env.PAYMENT_GATEWAY === "sandbox";
}

export function getGateway(name: GatewayName): PaymentGateway {
  let gateway = gateways.get(name);
  if (!gateway) {
    if (name === "stripe") {
      const env = getEnv();
      if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new Error("PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
      gateway = new StripeGateway(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET);
    } else {
      gateway = new SandboxGateway();
    }
    gateways.set(name, gateway);
  }
  return gateway;
}

/** The gateway new orders are paid with. */
export function getDefaultGateway(): PaymentGateway {
  return getGateway(getEnv().PAYMENT_GATEWAY);
}

/** The sandbox gateway (its hosted page needs the concrete class). */
export function getSandboxGateway(): SandboxGateway {
  return getGateway("sandbox") as SandboxGateway;
}

/** Tests swap gateways (a sandbox on a test database, a Stripe client without network). */
export function setGatewayForTests(name: GatewayName, gateway: PaymentGateway | undefined): void {
  if (gateway) gateways.set(name, gateway);
  else gateways.delete(name);
}
