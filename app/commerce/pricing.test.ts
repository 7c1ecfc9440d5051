import { describe, expect, test } from "vitest";
import { computeTotals, netAmount, type PromoRule } from "./pricing";

const now = new Date("2030-01-08T00:00:00Z");
const rule = (overrides: Partial<PromoRule> = {}): PromoRule => ({
  code: "RIHLA10",
  kind: "PERCENT",
  value: 1000,
  currency: null,
  validFrom: null,
  validTo: null,
  minSubtotal: null,
  maxRedemptions: null,
  redemptionCount: 0,
  productIds: [],
  categoryIds: [],
  active: true,
  ...overrides,
});

describe("computeTotals: the one total of the cart, the checkout and the order", () => {
  const lines = [
    { productId: "p1", categoryIds: ["cat-desert-safari"], amount: 33_333 },
    { productId: "p2", categoryIds: ["cat-tours"], amount: null },
    { productId: "p3", categoryIds: ["cat-tours"], amount: 10_001 },
  ];

  test("without a code: the sum of the priced lines; unavailable ones count for nothing", () => {
    expect(computeTotals(lines, "SAR", null, now)).toEqual({ subtotal: 43_334, discount: 0, total: 43_334, shares: [0, 0, 0], promo: null });
    expect(computeTotals([], "SAR", null, now)).toMatchObject({ subtotal: 0, total: 0, shares: [] });
  });

  test("a code applies to the priced lines; the shares sit on the right lines and add up to the discount", () => {
    const totals = computeTotals(lines, "SAR", { code: "RIHLA10", rule: rule() }, now);
    expect(totals).toMatchObject({ subtotal: 43_334, discount: 4_333, total: 39_001, promo: { ok: true, code: "RIHLA10" } });
    expect(totals.shares[1]).toBe(0);
    expect(totals.shares.reduce((a, b) => a + b, 0)).toBe(totals.discount);
    const paid = lines.map((line, index) => (line.amount === null ? 0 : netAmount({ amount: line.amount, discountShare: totals.shares[index]! })));
    expect(paid.reduce((a, b) => a + b, 0)).toBe(totals.total);
  });

  test("a refused code leaves the total alone and says why", () => {
    const totals = computeTotals(lines, "SAR", { code: "NOPE", rule: null }, now);
    expect(totals).toMatchObject({ discount: 0, total: 43_334, promo: { ok: false, code: "NOPE", reason: "NOT_FOUND" } });
    expect(computeTotals(lines, "SAR", { code: "BIG", rule: rule({ minSubtotal: 100_000, currency: "SAR" }) }, now).promo).toMatchObject({ reason: "BELOW_MINIMUM" });
  });

  test("a scoped code discounts only its lines", () => {
    const totals = computeTotals(lines, "SAR", { code: "DESERT", rule: rule({ categoryIds: ["cat-desert-safari"] }) }, now);
    expect(totals.shares).toEqual([3_333, 0, 0]);
    expect(totals.total).toBe(43_334 - 3_333);
  });
});
