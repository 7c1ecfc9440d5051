import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv } from "#app/lib/env.server";
import { startFakeRemote, type FakeRemote } from "#app/testing/fake-remote.server";
import { type CommerceIncident, createIncidentReporter, incidentOrderContext, type IncidentReporter } from "./monitoring.server";

/** A local stand-in for Sentry's ingest: it records every envelope posted to it. */
let remote: FakeRemote;
const envelopes: string[] = [];
let incidents: IncidentReporter;

beforeAll(async () => {
  remote = await startFakeRemote((request, body, response) => {
    envelopes.push((request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
    response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
  incidents = createIncidentReporter(parseEnv({ SENTRY_DSN: `http://publickey@127.0.0.1:${remote.port}/42`, SITE_URL: "http://shop.rihla.test:3000" }));
});

afterAll(() => remote.close());

describe("failed payments reach Sentry", () => {
  test("with the order id, gateway and decline code as tags, and nothing personal", async () => {
    incidents.report({ kind: "payment_failed", orderId: "ord_test_123", gateway: "sandbox", declineCode: "card_declined" });
    incidents.report({ kind: "booking_failed", orderId: "ord_test_456", gateway: "sandbox", bookingError: "NOT_ENOUGH_VACANCIES" });
    await incidents.flush(5000);
    await expect.poll(() => envelopes.join("\n")).toContain("ord_test_456");

    const events = envelopes
      .flatMap((envelope) => envelope.split("\n"))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as { message?: string; tags?: Record<string, string>; level?: string; user?: unknown }];
        } catch {
          return [];
        }
      })
      .filter((item) => item.tags);
    const declined = events.find((event) => event.tags?.order_id === "ord_test_123");
    expect(declined?.tags).toMatchObject({ gateway: "sandbox", decline_code: "card_declined", commerce_outcome: "payment_failed" });
    expect(declined?.level).toBe("error");
    const failed = events.find((event) => event.tags?.order_id === "ord_test_456");
    expect(failed?.tags).toMatchObject({ booking_error: "NOT_ENOUGH_VACANCIES", commerce_outcome: "booking_failed" });
    // No card data, no customer: the incident carries none, and the client sends no default PII.
    // Sentry's random hex ids (event, trace, span) are left out: one may contain "4242" by chance. Only
    // runs with a letter count as ids, so a card number (digits only) is never masked.
    const all = envelopes.join("\n").replace(/\b(?=[0-9a-f]*[a-f])[0-9a-f]{16,32}\b/g, "<id>");
    expect(all).not.toMatch(/4242|4000 ?0000|"email"|"ip_address"|"phone"/);
  });

  test("card and customer data handed to the reporter never reach the envelope", async () => {
    // What a careless caller could pass along: the declined card as typed on the payment page and the
    // gateway's decline payload (Stripe's last_payment_error shape) with the billing details.
    const card = { number: "4000 0000 0000 0002", cvc: "737", expiry: "03/30", name: "Noura Al-Qahtani" };
    const customer = { email: "noura.alqahtani@example.com", phone: "+966 50 123 4567" };
    const declinePayload = {
      code: "card_declined",
      decline_code: "generic_decline",
      payment_method: {
        billing_details: { name: card.name, email: customer.email, phone: customer.phone },
        card: { number: card.number.replaceAll(" ", ""), cvc: card.cvc, exp_month: 3, exp_year: 2030, last4: "0002" },
      },
    };
    const incident = { kind: "payment_failed", orderId: "ord_card_789", gateway: "stripe", declineCode: "generic_decline", card, customer, lastPaymentError: declinePayload };
    incidents.report(incident as CommerceIncident);
    incidents.report({ ...(incident as CommerceIncident), kind: "refund_failed", declineCode: null });
    await incidents.flush(5000);
    // The reports did arrive (so the checks below look at real envelopes).
    await expect.poll(() => envelopes.filter((envelope) => envelope.includes("ord_card_789")).length).toBe(2);

    const sent = envelopes.filter((envelope) => envelope.includes("ord_card_789")).join("\n");
    const leaks = [
      card.number,
      card.number.replaceAll(" ", ""),
      card.name,
      "Al-Qahtani",
      customer.email,
      customer.phone,
      customer.phone.replaceAll(" ", ""),
      "501234567",
      "03/30",
      "2030-03",
      "exp_month",
      "exp_year",
      "billing_details",
      "last4",
    ].filter((secret) => sent.includes(secret));
    expect(leaks).toEqual([]);
    // The CVC and the last four digits are short: look for them as whole tokens (event ids and timestamps hold digits too).
    expect(sent).not.toMatch(/(?<![\w.])(737|0002)(?![\w.])/);
  });
});

describe("an incident links to its order in the console", () => {
  test("the context names the order's console page, by reference (or by id when the reporter had none)", () => {
    expect(incidentOrderContext({ orderId: "ord_1", reference: "RH-ABC123" }, "http://shop.rihla.test:3000")).toEqual({
      order_id: "ord_1",
      reference: "RH-ABC123",
      console_url: "http://shop.rihla.test:3000/admin/orders/RH-ABC123",
    });
    expect(incidentOrderContext({ orderId: "ord_2" }, "http://shop.rihla.test:3000").console_url).toBe("http://shop.rihla.test:3000/admin/orders/ord_2");
  });

  test("a payment failure's Sentry event carries the link in its order context", async () => {
    incidents.report({ kind: "payment_failed", orderId: "ord_link_1", reference: "RH-LINK01", gateway: "sandbox", declineCode: "card_declined" });
    await incidents.flush(5000);
    await expect.poll(() => envelopes.join("\n")).toContain("RH-LINK01");
    const event = envelopes
      .flatMap((envelope) => envelope.split("\n"))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as { tags?: Record<string, string>; contexts?: Record<string, Record<string, unknown>> }];
        } catch {
          return [];
        }
      })
      .find((item) => item.tags?.order_id === "ord_link_1");
    expect(event?.contexts?.order).toEqual({ order_id: "ord_link_1", reference: "RH-LINK01", console_url: "http://shop.rihla.test:3000/admin/orders/RH-LINK01" });
  });
});
