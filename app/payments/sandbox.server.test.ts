/**
 * The sandbox as a stand-in for a Saudi gateway's hosted page: cards by network (mada charged at
 * once, never held), Apple Pay's simulated sheet, STC Pay's number and one-time code, each answered
 * as the page's form is, without JavaScript, and each reported in the signed webhook.
 */
import type { AppLoadContext } from "@remix-run/node";
import { createCardTestContext, type CardTestContext } from "#app/testing/commerce-fixtures.server";
import { action, loader } from "#app/routes/pay.sandbox";
import type { CaptureMethod } from "./gateway";
import { SANDBOX_CARDS, SANDBOX_STC_CODE, SANDBOX_STC_DECLINE_CODE, SANDBOX_TABBY_CODE, saudiMobile } from "./sandbox.server";

let card: CardTestContext;
let sessions = 0;

beforeAll(async () => {
  card = await createCardTestContext();
});

afterAll(async () => {
  await card?.ctx.stop();
});

async function openSession(captureMethod: CaptureMethod, locale = "en", installments = false) {
  sessions += 1;
  const { id } = await card.gateway.createSession({
    orderId: `ord_${sessions}`,
    reference: `RH-SBX${sessions}`,
    amount: 45_000,
    currency: "SAR",
    captureMethod,
    description: "Desert safari",
    returnUrl: "http://localhost/checkout/success",
    cancelUrl: "http://localhost/checkout",
    customerEmail: "noura@example.com",
    locale,
    idempotencyKey: `sandbox-test-${sessions}`,
    installments,
  });
  return id;
}

/** The webhooks the sandbox sent since the last call, as the storefront reads them. */
async function sentEvents() {
  const sent = card.webhooks.splice(0);
  return (await Promise.all(sent.map((webhook) => card.gateway.parseWebhook(webhook.rawBody, new Headers({ "Rihla-Signature": webhook.signature }))))).flat();
}

describe("paying on the sandbox by method", () => {
  test("a mada card is charged in full at once even when the session asked only to hold the money", async () => {
    const id = await openSession("manual");
    card.webhooks.length = 0;
    expect(await card.gateway.pay(id, { method: "card", card: "4464 0400 0000 0007" })).toMatchObject({ outcome: "captured" });
    expect(await card.gateway.retrieveSession(id)).toMatchObject({ status: "captured", capturedAmount: 45_000, method: "mada" });
    expect(await sentEvents()).toMatchObject([{ type: "payment.captured", amount: 45_000, method: "mada" }]);
  });

  test("a Visa card on the same kind of session is only held; Mastercard is named as such", async () => {
    const held = await openSession("manual");
    expect(await card.gateway.pay(held, SANDBOX_CARDS.success)).toMatchObject({ outcome: "authorized" });
    expect(await card.gateway.retrieveSession(held)).toMatchObject({ status: "authorized", method: "visa" });
    const paid = await openSession("automatic");
    expect(await card.gateway.pay(paid, SANDBOX_CARDS.mastercard)).toMatchObject({ outcome: "captured" });
    expect(await card.gateway.retrieveSession(paid)).toMatchObject({ method: "mastercard" });
  });

  test("a declined mada card fails the session with the card's decline code", async () => {
    const id = await openSession("automatic");
    card.webhooks.length = 0;
    expect(await card.gateway.pay(id, { method: "card", card: SANDBOX_CARDS.madaDecline })).toMatchObject({ outcome: "declined" });
    expect(await sentEvents()).toMatchObject([{ type: "payment.failed", declineCode: "card_declined", method: "mada" }]);
  });

  test("STC Pay: a Saudi number and the right code pay at once; a wrong code or number changes nothing; the decline code is refused", async () => {
    const id = await openSession("manual");
    expect(await card.gateway.pay(id, { method: "stcpay", phone: "12345", code: SANDBOX_STC_CODE })).toEqual({ outcome: "invalid_phone" });
    expect(await card.gateway.pay(id, { method: "stcpay", phone: "0551234567", code: "111111" })).toEqual({ outcome: "wrong_code" });
    expect(await card.gateway.retrieveSession(id)).toMatchObject({ status: "open" });
    expect(await card.gateway.pay(id, { method: "stcpay", phone: "+966 55 123 4567", code: SANDBOX_STC_CODE })).toMatchObject({ outcome: "captured" });
    expect(await card.gateway.retrieveSession(id)).toMatchObject({ status: "captured", method: "stcpay" });
    const refused = await openSession("automatic");
    expect(await card.gateway.pay(refused, { method: "stcpay", phone: "0551234567", code: SANDBOX_STC_DECLINE_CODE })).toMatchObject({ outcome: "declined" });
    expect(await card.gateway.retrieveSession(refused)).toMatchObject({ status: "failed", declineCode: "insufficient_funds" });
  });

  test("Tabby: an approved number and Tabby's code charge in full at once; the rejected test number fails as not eligible", async () => {
    const id = await openSession("automatic", "en", true);
    card.webhooks.length = 0;
    expect(await card.gateway.pay(id, { method: "tabby", phone: "0551234567", code: "1234" })).toEqual({ outcome: "wrong_code" });
    expect(await card.gateway.pay(id, { method: "tabby", phone: "0551234567", code: SANDBOX_TABBY_CODE })).toMatchObject({ outcome: "captured" });
    expect(await card.gateway.retrieveSession(id)).toMatchObject({ status: "captured", capturedAmount: 45_000, method: "tabby" });
    expect(await sentEvents()).toMatchObject([{ type: "payment.captured", amount: 45_000, method: "tabby" }]);
    const rejected = await openSession("automatic", "en", true);
    expect(await card.gateway.pay(rejected, { method: "tabby", phone: "050 000 0002", code: SANDBOX_TABBY_CODE })).toMatchObject({ outcome: "declined" });
    expect(await card.gateway.retrieveSession(rejected)).toMatchObject({ status: "failed", declineCode: "not_eligible", method: "tabby" });
  });

  test("a Tabby session takes Tabby only, and only a Tabby session takes Tabby", async () => {
    const tabby = await openSession("automatic", "en", true);
    expect(await card.gateway.pay(tabby, SANDBOX_CARDS.success)).toEqual({ outcome: "wrong_method" });
    const plain = await openSession("automatic");
    expect(await card.gateway.pay(plain, { method: "tabby", phone: "0551234567", code: SANDBOX_TABBY_CODE })).toEqual({ outcome: "wrong_method" });
    expect(await card.gateway.retrieveSession(tabby)).toMatchObject({ status: "open" });
    expect(await card.gateway.retrieveSession(plain)).toMatchObject({ status: "open" });
  });

  test("Apple Pay holds like the card in the wallet, and is reported as Apple Pay", async () => {
    const id = await openSession("manual");
    expect(await card.gateway.pay(id, { method: "applepay" })).toMatchObject({ outcome: "authorized" });
    expect(await card.gateway.retrieveSession(id)).toMatchObject({ status: "authorized", method: "applepay" });
  });

  test.each([
    ["0551234567", "966551234567"],
    ["551234567", "966551234567"],
    ["+966 55 123 4567", "966551234567"],
    ["00966551234567", "966551234567"],
    ["0112345678", null],
    ["05512345", null],
    ["", null],
  ])("the Saudi mobile number %j reads as %j", (input, expected) => {
    expect(saudiMobile(input)).toBe(expected);
  });
});

describe("the hosted page, without JavaScript", () => {
  const context = () => card.ctx as unknown as AppLoadContext;
  const get = async (id: string, query = "") => loader({ request: new Request(`http://localhost/pay/sandbox/${id}${query}`), params: { sessionId: id }, context: context() });
  const post = async (id: string, fields: Record<string, string>) =>
    action({ request: new Request(`http://localhost/pay/sandbox/${id}`, { method: "POST", body: new URLSearchParams(fields) }), params: { sessionId: id }, context: context() });

  test("offers card, Apple Pay and STC Pay as links, in the customer's language and direction", async () => {
    const id = await openSession("automatic", "ar");
    const html = await (await get(id)).text();
    expect(html).toContain('dir="rtl"');
    expect(html).toMatch(/<a aria-current="page" href="\?method=card">بطاقة<\/a>/);
    expect(html).toContain('href="?method=applepay">Apple Pay</a>');
    expect(html).toContain('href="?method=stcpay">STC Pay</a>');
    expect(html).toContain("4464 0400 0000 0007");
  });

  test("Apple Pay: the button opens the sheet, confirming it pays and returns to the store", async () => {
    const id = await openSession("automatic");
    expect(await (await get(id, "?method=applepay")).text()).toContain("Pay with Apple Pay");
    const sheet = await (await get(id, "?method=applepay&sheet=1")).text();
    expect(sheet).toContain("Confirm with Face ID");
    expect(sheet).toContain("SAR");
    const paid = await post(id, { method: "applepay", confirm: "1" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe("http://localhost/checkout/success");
  });

  test("STC Pay in two steps: a wrong number is a 400 that keeps it; the code step keeps the number; a wrong code is a 400", async () => {
    const id = await openSession("automatic", "ar");
    const badNumber = await post(id, { method: "stcpay", phone: "123" });
    expect(badNumber.status).toBe(400);
    const badHtml = await badNumber.text();
    expect(badHtml).toContain("أدخل رقم جوال سعودياً");
    expect(badHtml).toContain('value="123"');
    const codeStep = await post(id, { method: "stcpay", phone: "0551234567" });
    expect(codeStep.status).toBe(200);
    const codeHtml = await codeStep.text();
    expect(codeHtml).toContain('name="phone" value="0551234567"');
    expect(codeHtml).toContain("…567");
    const wrong = await post(id, { method: "stcpay", phone: "0551234567", code: "999999" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("رمز التحقق غير صحيح");
    const paid = await post(id, { method: "stcpay", phone: "0551234567", code: SANDBOX_STC_CODE });
    expect(paid.status).toBe(303);
    expect(await card.gateway.retrieveSession(id)).toMatchObject({ status: "captured", method: "stcpay" });
  });

  test("a Tabby session shows the plan of four payments and no other method; number, then code, in Arabic", async () => {
    const id = await openSession("automatic", "ar", true);
    const html = await (await get(id, "?method=card")).text();
    expect(html).not.toContain('href="?method=card"');
    expect(html).toContain("تابي");
    // 450.00 SAR in four: 112.50 today and three of 112.50.
    expect(html.match(/112\.50/g)).toHaveLength(4);
    const codeStep = await post(id, { method: "card", phone: "0551234567" });
    expect(codeStep.status).toBe(200);
    expect(await codeStep.text()).toContain('name="phone" value="0551234567"');
    const wrong = await post(id, { method: "tabby", phone: "0551234567", code: "1111" });
    expect(wrong.status).toBe(400);
    const paid = await post(id, { method: "tabby", phone: "0551234567", code: SANDBOX_TABBY_CODE });
    expect(paid.status).toBe(303);
    expect(await card.gateway.retrieveSession(id)).toMatchObject({ status: "captured", method: "tabby" });
  });

  test("a card number that is no test card is a 400 that keeps what was typed", async () => {
    const id = await openSession("automatic");
    const response = await post(id, { method: "card", card: "1234 5678" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="1234 5678"');
    expect(html).toContain('aria-invalid="true"');
  });
});
