/**
 * POST /api/payments/webhook/:gateway — gateway events, verified on the raw body. Each event is
 * applied once (event ids are stored); a duplicate answers 200 so the gateway stops retrying.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { applyPaymentEvent } from "#app/commerce/orders.server";
import { WebhookSignatureError } from "#app/payments/gateway";
import { isGatewayConfigured, isGatewayName } from "#app/payments/payments.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "no-store" } satisfies CacheHandle;

export function loader(_: LoaderFunctionArgs) {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  // A gateway this deployment does not use has no webhook here (Stripe without keys used to throw → 500).
  if (!isGatewayName(params.gateway) || !isGatewayConfigured(params.gateway, app.env)) return json({ error: "Unknown gateway" }, { status: 404 });
  const rawBody = await request.text();
  let events;
  try {
    events = await app.payments.get(params.gateway).parseWebhook(rawBody, request.headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof SyntaxError) return json({ error: "Invalid signature" }, { status: 400 });
    throw error;
  }
  const results = [];
  for (const event of events) results.push(await applyPaymentEvent(app, params.gateway, event));
  return json({ received: true, results });
}
