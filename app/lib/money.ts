/**
 * Money is an integer amount in the currency's minor units plus an ISO 4217 code. Nothing in the app
 * does arithmetic on floats of money; conversion is exact rational arithmetic with one rounding step.
 */

export type CurrencyCode = (typeof CURRENCIES)[number];

/** Currencies the storefront prices and displays in; SAR first (the company is in Riyadh). */
export const CURRENCIES = ["SAR", "USD", "EUR", "AED", "GBP", "CNY", "RUB", "JPY", "QAR", "KWD", "BHD", "OMR", "EGP", "TRY", "JOD"] as const;

export const BASE_CURRENCY: CurrencyCode = "SAR";

export interface Money {
  /** Integer amount in minor units (halalas, cents, fils …). */
  amount: number;
  currency: CurrencyCode;
}

/** ISO 4217 minor-unit exponents. KWD, BHD, OMR and JOD have three decimals, JPY none. */
const EXPONENTS: Record<CurrencyCode, number> = {
  SAR: 2,
  USD: 2,
  EUR: 2,
  AED: 2,
  GBP: 2,
  CNY: 2,
  RUB: 2,
  JPY: 0,
  QAR: 2,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  EGP: 2,
  TRY: 2,
  JOD: 3,
};

/**
 * Units of each currency per 1 USD, scaled by 1e6 so the table holds integers and conversion can be
 * exact in BigInt. A fixed table: the storefront shows indicative prices, charges happen in the
 * product's own currency.
 */
const RATES_PER_USD_MICRO: Record<CurrencyCode, bigint> = {
  USD: 1_000_000n,
  SAR: 3_750_000n,
  AED: 3_672_500n,
  QAR: 3_640_000n,
  KWD: 307_500n,
  BHD: 376_000n,
  OMR: 384_500n,
  JOD: 709_000n,
  EGP: 48_500_000n,
  TRY: 34_200_000n,
  EUR: 920_000n,
  GBP: 790_000n,
  CNY: 7_240_000n,
  RUB: 92_500_000n,
  JPY: 151_200_000n,
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

export function currencyExponent(currency: CurrencyCode): number {
  return EXPONENTS[currency];
}

/** Parses a user-typed major amount ("12.5") into minor units, rejecting excess precision. */
export function toMinor(major: string | number, currency: CurrencyCode): number {
  const text = typeof major === "number" ? major.toFixed(EXPONENTS[currency]) : major.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const exponent = EXPONENTS[currency];
  if (fraction.replace(/0+$/, "").length > exponent) throw new Error(`${currency} has ${exponent} decimals: ${text}`);
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, "0").slice(0, exponent) || "0");
  return sign === "-" ? -minor : minor;
}

/** Minor units as a major-unit number, for Intl formatting only. */
export function toMajor(amount: number, currency: CurrencyCode): number {
  return amount / 10 ** EXPONENTS[currency];
}

/**
 * Minor units as the plain major-unit text a form field or a CSV cell holds ("898.57", "1200.000"):
 * Latin digits, a dot, the currency's decimals — what toMinor reads back. Not for display.
 */
export function majorAmountText(amount: number, currency: CurrencyCode): string {
  return (amount / 10 ** EXPONENTS[currency]).toFixed(EXPONENTS[currency]);
}

/** Divides with rounding half away from zero (commercial rounding). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Converts minor units between currencies with the fixed rate table, rounding once, half away from zero. */
export function convertAmount(amount: number, from: CurrencyCode, to: CurrencyCode): number {
  if (from === to) return amount;
  if (!Number.isInteger(amount)) throw new Error(`Money amounts are integers in minor units, got ${amount}`);
  const numerator = BigInt(amount) * RATES_PER_USD_MICRO[to] * 10n ** BigInt(EXPONENTS[to]);
  const denominator = RATES_PER_USD_MICRO[from] * 10n ** BigInt(EXPONENTS[from]);
  return Number(divRound(numerator, denominator));
}

export function convert(money: Money, to: CurrencyCode): Money {
  return { amount: convertAmount(money.amount, money.currency, to), currency: to };
}

/** A percentage of an amount (e.g. a cancellation penalty), rounded half away from zero. */
export function percentOf(amount: number, percent: number): number {
  // Percent may carry decimals (12.5 %): scale by 100 to keep the arithmetic integral.
  const scaledPercent = BigInt(Math.round(percent * 100));
  return Number(divRound(BigInt(amount) * scaledPercent, 10_000n));
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error(`Cannot add ${a.currency} to ${b.currency}`);
  return { amount: a.amount + b.amount, currency: a.currency };
}

export function multiplyMoney(money: Money, quantity: number): Money {
  if (!Number.isInteger(quantity)) throw new Error(`Quantity must be an integer, got ${quantity}`);
  return { amount: money.amount * quantity, currency: money.currency };
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units for display with an Intl locale tag. Pages and emails call it through app/i18n/format.ts, which passes the locale's `intl` tag (Latin digits, docs/decisions/029). */
export function formatMoney(amount: number, currency: CurrencyCode, isoLocale: string, options?: { compact?: boolean }): string {
  const exponent = EXPONENTS[currency];
  const wholeAmount = amount % 10 ** exponent === 0;
  const key = `${isoLocale}|${currency}|${wholeAmount && options?.compact ? "c" : "f"}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(isoLocale, {
      style: "currency",
      currency,
      currencyDisplay: "symbol",
      // "From SAR 150" reads better than "SAR 150.00" on cards; exact amounts keep all decimals.
      minimumFractionDigits: wholeAmount && options?.compact ? 0 : exponent,
      maximumFractionDigits: exponent,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(toMajor(amount, currency));
}
