import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv } from "#app/lib/env.server";
import { createIncidentReporter, type IncidentReporter } from "./monitoring.server";

/** A local stand-in for Sentry's ingest: it records every envelope posted to it. */
let server: Server;
const envelopes: string[] = [];
let incidents: IncidentReporter;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  incidents = createIncidentReporter(parseEnv({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` }));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

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
    const all = envelopes.join("\n");
    expect(all).not.toMatch(/4242|4000 ?0000|"email"|"ip_address"|"phone"/);
  });
});
