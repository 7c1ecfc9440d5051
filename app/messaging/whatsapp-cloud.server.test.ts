/**
 * The WhatsApp Business Cloud API adapter against a local stand-in for graph.facebook.com (no
 * network): the request it makes (POST /<version>/<phone id>/messages, Bearer token, the outcome's
 * template in the customer's language with the body parameters) and what it does with refusals.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loggingWhatsAppNotifier } from "./whatsapp";
import { parseEnv } from "#app/lib/env.server";
import { startFakeRemote, type FakeRemote } from "#app/testing/fake-remote.server";
import { createWhatsAppCloudNotifier, createWhatsAppNotifier, WhatsAppSendError } from "./whatsapp-cloud.server";

type Seen = { method: string; url: string; authorization: string | undefined; contentType: string | undefined; body: Record<string, unknown> };
let remote: FakeRemote;
let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  remote = await startFakeRemote((request, body, response) => {
    seen.push({ method: request.method ?? "", url: request.url ?? "", authorization: request.headers.authorization, contentType: request.headers["content-type"], body: JSON.parse(body.toString("utf8")) as Record<string, unknown> });
    response.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
  });
});
afterAll(() => remote.close());
beforeEach(() => {
  seen = [];
  answer = { status: 200, body: { messaging_product: "whatsapp", contacts: [{ input: "966501234567", wa_id: "966501234567" }], messages: [{ id: "wamid.HBgM" }] } };
});

const env = (extra: Record<string, string> = {}) =>
  parseEnv({
    WHATSAPP_TOKEN: "EAAG-test-token",
    WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    WHATSAPP_API_URL: `${remote.origin}/v21.0`,
    WHATSAPP_TEMPLATES: JSON.stringify({ CONFIRMED: "booking_confirmed", ON_HOLD: "booking_on_hold", PAY_LATER: "booking_pay_later", REJECTED: "booking_rejected", PAYMENT_LINK: "payment_link" }),
    ...extra,
  });

describe("choosing the notifier", () => {
  test("the logging notifier stays the default; the Cloud API only with a token and a phone number id", () => {
    expect(createWhatsAppNotifier(parseEnv({}))).toBe(loggingWhatsAppNotifier);
    expect(createWhatsAppNotifier(parseEnv({ WHATSAPP_TOKEN: "x" }))).toBe(loggingWhatsAppNotifier);
    expect(createWhatsAppNotifier(env())).not.toBe(loggingWhatsAppNotifier);
  });

  test("WHATSAPP_TEMPLATES must be a JSON object of outcome → template name", () => {
    expect(env().WHATSAPP_TEMPLATES).toMatchObject({ CONFIRMED: "booking_confirmed", PAYMENT_LINK: "payment_link" });
    expect(() => parseEnv({ WHATSAPP_TEMPLATES: "booking_confirmed" })).toThrow(/WHATSAPP_TEMPLATES/);
    expect(() => parseEnv({ WHATSAPP_TEMPLATES: '{"CONFIRMED":"Has Spaces"}' })).toThrow(/WHATSAPP_TEMPLATES/);
  });
});

describe("sending", () => {
  test("POST /v…/<phone id>/messages with the outcome's template, the language code and the body parameters", async () => {
    const notifier = createWhatsAppNotifier(env());
    await notifier.send("+966 50 123 4567", "Booking confirmed – RH-ABC123", { kind: "CONFIRMED", locale: "ar", parameters: ["نورة", "RH-ABC123", "‏450 ر.س.‏", "https://rihla.example/ar/checkout/success?order=t"] });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: "POST", url: "/v21.0/106540352242922/messages", authorization: "Bearer EAAG-test-token", contentType: "application/json" });
    expect(request!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "966501234567",
      type: "template",
      template: {
        name: "booking_confirmed",
        language: { code: "ar" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "نورة" },
              { type: "text", text: "RH-ABC123" },
              { type: "text", text: "‏450 ر.س.‏" },
              { type: "text", text: "https://rihla.example/ar/checkout/success?order=t" },
            ],
          },
        ],
      },
    });
  });

  test("each outcome its own template; Chinese as zh_CN", async () => {
    const notifier = createWhatsAppNotifier(env());
    await notifier.send("966501234567", "", { kind: "PAYMENT_LINK", locale: "zh", parameters: ["Li"] });
    await notifier.send("966501234567", "", { kind: "REJECTED", locale: "en", parameters: [] });
    expect(seen.map((request) => (request.body.template as { name: string; language: { code: string } }).name)).toEqual(["payment_link", "booking_rejected"]);
    expect((seen[0]!.body.template as { language: { code: string } }).language.code).toBe("zh_CN");
    expect((seen[1]!.body.template as { components: unknown[] }).components).toEqual([]);
  });

  test("a refusal throws with the API's status, code and message", async () => {
    answer = { status: 400, body: { error: { message: "(#132001) Template name does not exist in the translation", type: "OAuthException", code: 132001, fbtrace_id: "A1" } } };
    const error = await createWhatsAppNotifier(env())
      .send("966501234567", "", { kind: "CONFIRMED", locale: "ru", parameters: ["Анна"] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WhatsAppSendError);
    expect(error).toMatchObject({ status: 400, code: 132001 });
    expect((error as Error).message).toContain("Template name does not exist");
  });

  test("an expired token (401), a reply without a message id, and an unreachable API all throw", async () => {
    answer = { status: 401, body: { error: { message: "Error validating access token", code: 190 } } };
    await expect(createWhatsAppNotifier(env()).send("966501234567", "", { kind: "CONFIRMED", locale: "en", parameters: [] })).rejects.toMatchObject({ status: 401, code: 190 });
    answer = { status: 200, body: {} };
    await expect(createWhatsAppNotifier(env()).send("966501234567", "", { kind: "CONFIRMED", locale: "en", parameters: [] })).rejects.toThrow(/without a message id/);
    const unreachable = createWhatsAppCloudNotifier({ token: "t", phoneNumberId: "1", apiUrl: "http://127.0.0.1:1/v21.0", templates: { CONFIRMED: "x" }, timeoutMs: 2000 });
    await expect(unreachable.send("966501234567", "", { kind: "CONFIRMED", locale: "en", parameters: [] })).rejects.toThrow(/unreachable/);
  });

  test("no template for the outcome (or no template at all): refused before any request", async () => {
    const notifier = createWhatsAppNotifier(env());
    await expect(notifier.send("966501234567", "text only")).rejects.toThrow(/No WhatsApp template/);
    await expect(notifier.send("966501234567", "", { kind: "PAYMENT_FAILED", locale: "en", parameters: [] })).rejects.toThrow(/PAYMENT_FAILED/);
    expect(seen).toEqual([]);
  });
});
