/**
 * Failed payments and booking failures go to Sentry (when SENTRY_DSN is set) so support sees them.
 * Only the order id, gateway, decline code and outcome travel, as tags, and the order's reference and
 * its page in the console as context (one click from the event to the order): never card data (we
 * never hold any) and never the customer's name, email or phone.
 */
import * as Sentry from "@sentry/node";
import type { Env } from "#app/lib/env.server";
import { adminOrderPath } from "#app/lib/paths";

export type CommerceIncident = {
  kind: "payment_failed" | "booking_failed" | "partially_confirmed" | "refund_failed" | "settle_failed" | "payment_mismatch";
  orderId: string;
  /** The reference the customer and the console know the order by, when the caller has it. */
  reference?: string | null;
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
export function createIncidentReporter(env: Pick<Env, "SENTRY_DSN" | "SENTRY_ENVIRONMENT" | "SITE_URL">): IncidentReporter {
  const dsn = env.SENTRY_DSN;
  if (!dsn) return { report: () => undefined, flush: () => Promise.resolve(true) };
  // The server entry may already have started Sentry (@sentry/remix builds on @sentry/node).
  if (!Sentry.getClient()) Sentry.init({ dsn, environment: env.SENTRY_ENVIRONMENT, defaultIntegrations: false, sendDefaultPii: false, tracesSampleRate: 0 });
  return { report: (incident) => reportToSentry(incident, env.SITE_URL), flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs) };
}

/**
 * The event's "order" context: the order's page in the staff console (by reference, or by id when the
 * caller had only the id: the order page finds either), so support goes from the event to the order.
 */
export function incidentOrderContext(incident: Pick<CommerceIncident, "orderId" | "reference">, siteUrl: string): { order_id: string; reference: string | null; console_url: string } {
  return { order_id: incident.orderId, reference: incident.reference ?? null, console_url: `${siteUrl}${adminOrderPath(incident.reference ?? incident.orderId)}` };
}

function reportToSentry(incident: CommerceIncident, siteUrl: string): void {
  Sentry.withScope((scope) => {
    scope.setContext("order", incidentOrderContext(incident, siteUrl));
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
