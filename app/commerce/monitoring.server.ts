/**
 * Failed payments and booking failures go to Sentry (when SENTRY_DSN is set) so support sees them.
 * Only the order id, gateway, decline code and outcome travel, as tags: never card data (we never
 * hold any) and never the customer's name, email or phone.
 */
import * as Sentry from "@sentry/node";
import type { Env } from "#app/lib/env.server";

export type CommerceIncident = {
  kind: "payment_failed" | "booking_failed" | "partially_confirmed" | "refund_failed" | "settle_failed" | "payment_mismatch";
  orderId: string;
  gateway: string | null;
  declineCode?: string | null;
  bookingError?: string | null;
  /** payment_mismatch: which rule the gateway's report broke (AMOUNT_MISMATCH, CURRENCY_MISMATCH, …). */
  integrityProblem?: string | null;
};

/** Where commerce incidents go: Sentry when SENTRY_DSN is set, nowhere otherwise. */
export interface IncidentReporter {
  report(incident: CommerceIncident): void;
  /** Waits for queued reports to be sent (tests, shutdown). */
  flush(timeoutMs?: number): Promise<boolean>;
}

/** Made once by the app context. The Sentry SDK itself is process-wide: it is started here only if the server entry has not. */
export function createIncidentReporter(env: Pick<Env, "SENTRY_DSN" | "SENTRY_ENVIRONMENT">): IncidentReporter {
  const dsn = env.SENTRY_DSN;
  if (!dsn) return { report: () => undefined, flush: () => Promise.resolve(true) };
  // The server entry may already have started Sentry (@sentry/remix builds on @sentry/node).
  if (!Sentry.getClient()) Sentry.init({ dsn, environment: env.SENTRY_ENVIRONMENT, defaultIntegrations: false, sendDefaultPii: false, tracesSampleRate: 0 });
  return { report: reportToSentry, flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs) };
}

function reportToSentry(incident: CommerceIncident): void {
  Sentry.withScope((scope) => {
    scope.setTag("order_id", incident.orderId);
    scope.setTag("gateway", incident.gateway ?? "none");
    scope.setTag("decline_code", incident.declineCode ?? "none");
    scope.setTag("commerce_outcome", incident.kind);
    if (incident.bookingError) scope.setTag("booking_error", incident.bookingError);
    if (incident.integrityProblem) scope.setTag("integrity_problem", incident.integrityProblem);
    scope.setLevel(incident.kind === "partially_confirmed" ? "warning" : "error");
    Sentry.captureMessage(`commerce: ${incident.kind}`);
  });
}
