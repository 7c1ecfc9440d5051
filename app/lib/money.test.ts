import fc from "fast-check";
import { convertAmount, currencyExponent, formatMoney, percentOf, toMinor, CURRENCIES, addMoney } from "./money";

describe("money", () => {
  test("exponents follow ISO 4217", () => {
    expect(currencyExponent("SAR")).toBe(2);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
  });

  test("converts with the fixed table and rounds half away from zero", () => {
    // 100.00 USD = 375.00 SAR exactly.
    expect(convertAmount(10_000, "USD", "SAR")).toBe(37_500);
    expect(convertAmount(37_500, "SAR", "USD")).toBe(10_000);
    // 1 halala = 0.2666… US cents → 0; 2 halalas = 0.533… → 1 (half rounds up).
    expect(convertAmount(1, "SAR", "USD")).toBe(0);
    expect(convertAmount(2, "SAR", "USD")).toBe(1);
    // To a zero-decimal currency: 10.00 USD = 1512 JPY.
    expect(convertAmount(1_000, "USD", "JPY")).toBe(1_512);
    // To a three-decimal currency: 10.00 USD = 3.075 KWD = 3075 fils.
    expect(convertAmount(1_000, "USD", "KWD")).toBe(3_075);
    expect(convertAmount(-2, "SAR", "USD")).toBe(-1);
    expect(convertAmount(500, "EUR", "EUR")).toBe(500);
  });

  test("conversion is monotonic and round-trips within one minor unit for same-exponent currencies", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom("USD", "EUR", "GBP", "AED", "CNY", "RUB"), (amount, currency) => {
        const there = convertAmount(amount, "SAR", currency);
        const back = convertAmount(there, currency, "SAR");
        expect(convertAmount(amount + 1, "SAR", currency)).toBeGreaterThanOrEqual(there);
        const tolerance = Math.ceil(convertAmount(100, currency, "SAR") / 100);
        expect(Math.abs(back - amount)).toBeLessThanOrEqual(tolerance);
      }),
    );
  });

  test("rejects fractional minor units and mixed-currency sums", () => {
    expect(() => convertAmount(1.5, "SAR", "USD")).toThrow();
    expect(() => addMoney({ amount: 1, currency: "SAR" }, { amount: 1, currency: "USD" })).toThrow();
  });

  test("parses typed amounts into minor units", () => {
    expect(toMinor("12.5", "SAR")).toBe(1250);
    expect(toMinor("12", "JPY")).toBe(12);
    expect(toMinor("1.234", "KWD")).toBe(1234);
    expect(() => toMinor("1.234", "SAR")).toThrow();
  });

  test("percentages round half away from zero", () => {
    expect(percentOf(999, 50)).toBe(500);
    expect(percentOf(1000, 12.5)).toBe(125);
    expect(percentOf(1, 50)).toBe(1);
  });

  test("formats with Intl for every storefront locale", () => {
    expect(formatMoney(12_345, "USD", "en-US")).toBe("$123.45");
    expect(formatMoney(150_000, "SAR", "en-US", { compact: true })).toMatch(/SAR\s?1,500$/);
    expect(formatMoney(1_512, "JPY", "en-US")).toBe("¥1,512");
    expect(formatMoney(12_345, "RUB", "ru-RU")).toMatch(/123,45\s₽/);
    expect(formatMoney(12_345, "CNY", "zh-CN")).toBe("¥123.45");
    // Arabic (Saudi) uses Arabic-Indic digits.
    expect(formatMoney(12_345, "SAR", "ar-SA")).toContain("١٢٣");
    // 100 minor units in every currency: the amount carries the currency's ISO 4217 decimals (JPY none;
    // KWD, BHD, OMR, JOD three), and each currency is told apart by its symbol or code.
    const decimals: Record<string, number> = { JPY: 0, KWD: 3, BHD: 3, OMR: 3, JOD: 3 };
    const marks = new Set<string>();
    for (const currency of CURRENCIES) {
      const formatted = formatMoney(100, currency, "en-US");
      const exponent = decimals[currency] ?? 2;
      expect(formatted.replace(/[^\d.]/g, ""), currency).toBe((100 / 10 ** exponent).toFixed(exponent));
      marks.add(formatted.replace(/[\d.,\s]/g, ""));
    }
    expect(marks.size).toBe(CURRENCIES.length);
  });
});
