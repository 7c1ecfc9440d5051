import { describe, expect, it } from "vitest";
import { installmentAmounts } from "#app/payments/gateway";
import { installmentsOffer } from "./installments";

const instant = { instantConfirmation: true };
const onRequest = { instantConfirmation: false };

describe("Tabby's pay in 4 at checkout", () => {
  it("is offered inside its limits in Saudi riyals, with the first of four payments", () => {
    expect(installmentsOffer({ currency: "SAR", total: 450_00, lines: [instant] }, true)).toEqual({ available: true, firstPayment: 112_50 });
    expect(installmentsOffer({ currency: "SAR", total: 10_00, lines: [instant] }, true)).toMatchObject({ available: true });
    expect(installmentsOffer({ currency: "AED", total: 10_000_00, lines: [instant] }, true)).toMatchObject({ available: true });
  });

  it("is never offered when an experience waits for the provider's confirmation", () => {
    expect(installmentsOffer({ currency: "SAR", total: 450_00, lines: [instant, onRequest] }, true)).toMatchObject({ available: false, reason: "ON_REQUEST" });
  });

  it("is refused outside its limits and in other currencies, saying which", () => {
    expect(installmentsOffer({ currency: "SAR", total: 9_99, lines: [instant] }, true)).toEqual({ available: false, reason: "AMOUNT", limits: { min: 10_00, max: 10_000_00 } });
    expect(installmentsOffer({ currency: "SAR", total: 10_000_01, lines: [instant] }, true)).toMatchObject({ available: false, reason: "AMOUNT" });
    expect(installmentsOffer({ currency: "USD", total: 100_00, lines: [instant] }, true)).toEqual({ available: false, reason: "CURRENCY", limits: null });
  });

  it("is not shown at all on a gateway without Tabby", () => {
    expect(installmentsOffer({ currency: "SAR", total: 450_00, lines: [instant] }, false)).toBeNull();
  });

  it("splits an amount into four payments that add up to it, the first carrying the remainder", () => {
    expect(installmentAmounts(100_01)).toEqual([25_01, 25_00, 25_00, 25_00]);
    expect(installmentAmounts(10_03)).toEqual([2_53, 2_50, 2_50, 2_50]);
    for (const total of [1_000, 1_001, 1_002, 1_003, 999_999]) expect(installmentAmounts(total).reduce((sum, part) => sum + part, 0)).toBe(total);
  });
});
