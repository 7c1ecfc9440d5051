/**
 * Failed payments and booking failures go to Sentry (when SENTRY_DSN is set) so support sees them.
 * Only the order id, gateway, decline code and outcome travel, as tags: never card data (we never
 * hold any) and never the customer's name, email or phone.
 */
import * as Sentry from "@sentry/node";
import { readEnv } from "#app/lib/env.server";

export type CommerceIncident = {
  kind: "payment_failed" | "booking_failed" | "partially_confirmed" | "refund_failed" | "settle_failed";
  orderId: string;
  gateway: string | null;
  declineCode?: string | null;
  bookingError?: string | null;
};

let initialized = false;

function ensureClient(): boolean {
  const dsn = readEnv().SENTRY_DSN;
  if (!dsn) return false;
  // The server entry may already have started Sentry (@sentry/remix builds on @sentry/node).
  if (Sentry.getClient()) return true;
  if (!initialized) {
    Sentry.init({ dsn, environment: readEnv().SENTRY_ENVIRONMENT, defaultIntegrations: false, sendDefaultPii: false, tracesSampleRate: 0 });
    initialized = true;
  }
  return true;
}

export function reportCommerceIncident(incident: CommerceIncident): void {
  if (!ensureClient()) return;
  Sentry.withScope((scope) => {
    scope.setTag("order_id", incident.orderId);
    scope.setTag("gateway", incident.gateway ?? "none");
    scope.setTag("decline_code", incident.declineCode ?? "none");
    scope.setTag("commerce_outcome", incident.kind);
    if (incident.bookingError) scope.setTag("booking_error", incident.bookingError);
    scope.setLevel(incident.kind === "partially_confirmed" ? "warning" : "error");
    Sentry.captureMessage(`commerce: ${incident.kind}`);
  });
}

/** Waits for queued reports to be sent (tests, shutdown). */
export function flushCommerceReports(timeoutMs = 2000): Promise<boolean> {
  return Sentry.flush(timeoutMs);
}
