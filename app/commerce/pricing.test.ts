import { describe, expect, test } from "vitest";
import { allocateProportionally, computeTotals, evaluatePromo, netAmount, type PromoRule } from "./pricing";

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

describe("evaluatePromo: whether a code applies, and for how much", () => {
  const lines = [
    { productId: "p1", categoryIds: ["cat-desert-safari"], amount: 33_333 },
    { productId: "p2", categoryIds: ["cat-tours"], amount: 10_001 },
  ];

  test("each refusal has its reason", () => {
    expect(evaluatePromo(null, lines, "SAR", now, "NOPE")).toMatchObject({ ok: false, reason: "NOT_FOUND" });
    expect(evaluatePromo(rule({ active: false }), lines, "SAR", now)).toMatchObject({ reason: "NOT_FOUND" });
    expect(evaluatePromo(rule({ validFrom: new Date("2031-01-01") }), lines, "SAR", now)).toMatchObject({ reason: "NOT_YET_VALID" });
    expect(evaluatePromo(rule({ validTo: now }), lines, "SAR", now)).toMatchObject({ reason: "EXPIRED" });
    expect(evaluatePromo(rule({ maxRedemptions: 5, redemptionCount: 5 }), lines, "SAR", now)).toMatchObject({ reason: "USED_UP" });
    expect(evaluatePromo(rule({ categoryIds: ["cat-cruises"] }), lines, "SAR", now)).toMatchObject({ reason: "NOT_APPLICABLE" });
    expect(evaluatePromo(rule({ kind: "FIXED", value: 5000, currency: "SAR", minSubtotal: 50_000 }), lines, "SAR", now)).toMatchObject({
      reason: "BELOW_MINIMUM",
      minimum: { amount: 50_000, currency: "SAR" },
    });
  });

  test("percent rounds half away from zero and only discounts items in scope", () => {
    const result = evaluatePromo(rule({ value: 1500, categoryIds: ["cat-desert-safari"] }), lines, "SAR", now);
    expect(result).toMatchObject({ ok: true, discount: 5000, shares: [5000, 0] }); // 15 % of 333.33 = 49.9995 → 50.00
  });

  test("fixed amounts convert to the cart's currency, and never exceed the subtotal", () => {
    const usd = evaluatePromo(rule({ kind: "FIXED", value: 5000, currency: "SAR" }), lines, "USD", now);
    expect(usd).toMatchObject({ ok: true, discount: 1333 }); // 50 SAR = 13.33 USD
    const capped = evaluatePromo(rule({ kind: "FIXED", value: 1_000_000, currency: "SAR" }), lines, "SAR", now);
    expect(capped).toMatchObject({ ok: true, discount: 43_334 });
  });
});

describe("money", () => {
  test("shares are integers that add up to the whole", () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(1, [5, 5])).toEqual([1, 0]);
    expect(allocateProportionally(0, [5, 5])).toEqual([0, 0]);
    expect(allocateProportionally(999, [0, 0])).toEqual([0, 0]);
    for (let run = 0; run < 200; run += 1) {
      const weights = Array.from({ length: 1 + (run % 7) }, (_, index) => ((run * 7919 + index * 104_729) % 100_000) + 1);
      const total = (run * 31_337) % 1_000_000;
      const shares = allocateProportionally(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(shares.every((share) => Number.isInteger(share) && share >= 0)).toBe(true);
    }
  });
});
