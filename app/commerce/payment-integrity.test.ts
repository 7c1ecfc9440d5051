import { verifyPaymentEvent, type ExpectedPayment } from "./payment-integrity";

const card: ExpectedPayment = { orderId: "ord_1", amount: 14_000, currency: "SAR", captureMethod: "automatic", captureState: "NONE" };
const onRequest: ExpectedPayment = { ...card, captureMethod: "manual" };

describe("a gateway event is believed only when it matches what the order owes", () => {
  test("the whole amount in the order's currency is accepted (currency case does not matter)", () => {
    expect(verifyPaymentEvent(card, { type: "payment.captured", amount: 14_000, currency: "sar" })).toEqual({ ok: true });
    expect(verifyPaymentEvent(onRequest, { type: "payment.authorized", amount: 14_000, currency: "SAR" })).toEqual({ ok: true });
  });

  test("the forged 1-halala capture of a SAR 140.00 order is refused", () => {
    expect(verifyPaymentEvent(card, { type: "payment.captured", amount: 1, currency: "SAR" })).toEqual({ ok: false, problem: "AMOUNT_MISMATCH", expected: 14_000, reported: 1 });
  });

  test.each([
    ["more than owed", { amount: 14_001, currency: "SAR" }, "AMOUNT_MISMATCH"],
    ["another currency", { amount: 14_000, currency: "USD" }, "CURRENCY_MISMATCH"],
    ["no amount", { amount: null, currency: "SAR" }, "AMOUNT_MISSING"],
    ["a fractional amount", { amount: 140.5, currency: "SAR" }, "AMOUNT_MISSING"],
    ["no currency", { amount: 14_000, currency: null }, "CURRENCY_MISMATCH"],
  ] as const)("a capture for %s is refused", (_, reported, problem) => {
    const verdict = verifyPaymentEvent(card, { type: "payment.captured", ...reported });
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.problem).toBe(problem);
  });

  test("an authorization for less than the order is refused", () => {
    const verdict = verifyPaymentEvent(onRequest, { type: "payment.authorized", amount: 100, currency: "SAR" });
    expect(!verdict.ok && verdict.problem).toBe("AMOUNT_MISMATCH");
  });

  test("a session whose metadata names another order is refused", () => {
    const verdict = verifyPaymentEvent(card, { type: "payment.captured", amount: 14_000, currency: "SAR", orderId: "ord_2" });
    expect(!verdict.ok && verdict.problem).toBe("ORDER_MISMATCH");
  });

  test("on an authorize-then-capture payment, only the capture we asked for is believed", () => {
    expect(!verifyPaymentEvent(onRequest, { type: "payment.captured", amount: 14_000, currency: "SAR" }).ok && "refused").toBe("refused");
    const capturing = { ...onRequest, captureState: "CAPTURING", captureAmount: 9_000 };
    expect(verifyPaymentEvent(capturing, { type: "payment.captured", amount: 9_000, currency: "SAR" })).toEqual({ ok: true });
    expect(verifyPaymentEvent(capturing, { type: "payment.captured", amount: 9_001, currency: "SAR" })).toMatchObject({ ok: false, problem: "AMOUNT_MISMATCH", expected: 9_000 });
  });

  test("failures, voids and refunds move no money to the merchant and pass through", () => {
    for (const type of ["payment.failed", "payment.voided", "payment.refunded"]) {
      expect(verifyPaymentEvent(card, { type, amount: 1, currency: "XXX" })).toEqual({ ok: true });
    }
  });
});

describe("a method that cannot be held (mada, STC Pay) on an on-request order", () => {
  test("its capture of the whole amount before any decision is believed", () => {
    expect(verifyPaymentEvent(onRequest, { type: "payment.captured", amount: 14_000, currency: "SAR", method: "mada" })).toEqual({ ok: true });
    expect(verifyPaymentEvent(onRequest, { type: "payment.captured", amount: 14_000, currency: "SAR", method: "stcpay" })).toEqual({ ok: true });
  });

  test("the same capture reported again after the first was recorded (webhook after the return page) is believed", () => {
    expect(verifyPaymentEvent({ ...onRequest, captureState: "DONE" }, { type: "payment.captured", amount: 14_000, currency: "SAR", method: "mada" })).toEqual({ ok: true });
  });

  test("its capture of another amount is refused", () => {
    expect(verifyPaymentEvent(onRequest, { type: "payment.captured", amount: 7_000, currency: "SAR", method: "mada" })).toEqual({ ok: false, problem: "AMOUNT_MISMATCH", expected: 14_000, reported: 7_000 });
  });

  test("a card that can be held still may not report a capture nobody asked for", () => {
    for (const method of ["visa", "applepay", null] as const) {
      const verdict = verifyPaymentEvent(onRequest, { type: "payment.captured", amount: 14_000, currency: "SAR", method });
      expect(!verdict.ok && verdict.problem).toBe("UNEXPECTED_CAPTURE");
    }
  });
});
