/**
 * Money arithmetic of carts and orders: promo discounts and their split over items. Integer minor
 * units only; every rounding happens once and the parts always add up to the whole.
 */
import { convertAmount, isCurrencyCode, percentOf, type CurrencyCode } from "#app/lib/money";

/**
 * Splits `total` over `weights` in proportion (largest remainder): the shares are integers and sum
 * to `total` exactly, so item discounts always add up to the order discount.
 */
export function allocateProportionally(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (BigInt(total) * BigInt(weight)) / BigInt(sum));
  const shares = exact.map(Number);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const remainders = weights
    .map((weight, index) => ({ index, remainder: (BigInt(total) * BigInt(weight)) % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export type PromoKind = "PERCENT" | "FIXED";

export interface PromoRule {
  code: string;
  kind: string;
  /** PERCENT: basis points (1000 = 10 %); FIXED: minor units of `currency`. */
  value: number;
  currency: string | null;
  validFrom: Date | null;
  validTo: Date | null;
  minSubtotal: number | null;
  maxRedemptions: number | null;
  redemptionCount: number;
  productIds: string[];
  categoryIds: string[];
  active: boolean;
}

export interface PricedLine {
  productId: string;
  categoryIds: string[];
  /** In the cart's currency. */
  amount: number;
}

export type PromoRefusal = "NOT_FOUND" | "NOT_YET_VALID" | "EXPIRED" | "USED_UP" | "NOT_APPLICABLE" | "BELOW_MINIMUM";

export type PromoResult =
  | { ok: true; code: string; discount: number; shares: number[] }
  | { ok: false; code: string; reason: PromoRefusal; minimum?: { amount: number; currency: CurrencyCode } };

/** Applies a promo rule to priced lines at `now`; the cart's currency is `currency`. */
export function evaluatePromo(rule: PromoRule | null, lines: PricedLine[], currency: CurrencyCode, now: Date, code = rule?.code ?? ""): PromoResult {
  if (!rule || !rule.active) return { ok: false, code, reason: "NOT_FOUND" };
  if (rule.validFrom && rule.validFrom > now) return { ok: false, code, reason: "NOT_YET_VALID" };
  if (rule.validTo && rule.validTo <= now) return { ok: false, code, reason: "EXPIRED" };
  if (rule.maxRedemptions !== null && rule.redemptionCount >= rule.maxRedemptions) return { ok: false, code, reason: "USED_UP" };
  const scoped = rule.productIds.length > 0 || rule.categoryIds.length > 0;
  const eligible = lines.map((line) => !scoped || rule.productIds.includes(line.productId) || line.categoryIds.some((id) => rule.categoryIds.includes(id)));
  const eligibleTotal = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.amount : 0), 0);
  if (eligibleTotal <= 0) return { ok: false, code, reason: "NOT_APPLICABLE" };
  const ruleCurrency: CurrencyCode = isCurrencyCode(rule.currency) ? rule.currency : "SAR";
  if (rule.minSubtotal !== null) {
    const minimum = convertAmount(rule.minSubtotal, ruleCurrency, currency);
    if (eligibleTotal < minimum) return { ok: false, code, reason: "BELOW_MINIMUM", minimum: { amount: minimum, currency } };
  }
  const raw = rule.kind === "PERCENT" ? percentOf(eligibleTotal, rule.value / 100) : convertAmount(rule.value, ruleCurrency, currency);
  const discount = Math.max(0, Math.min(raw, eligibleTotal));
  const weights = lines.map((line, index) => (eligible[index] ? line.amount : 0));
  return { ok: true, code: rule.code, discount, shares: allocateProportionally(discount, weights) };
}

/** Normalizes what a visitor typed into a promo-code field. */
export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, "");
}

/** A line to total: its price today in the cart's currency, or null when it cannot be bought. */
export interface TotalsLine {
  productId: string;
  categoryIds: string[];
  amount: number | null;
}

export interface Totals {
  /** Sum of the priced lines. */
  subtotal: number;
  discount: number;
  /** What the customer pays: subtotal − discount. */
  total: number;
  /** Each line's share of the discount (0 for unpriced lines); they add up to `discount`. */
  shares: number[];
  /** The promo's outcome, or null when no code was given. */
  promo: PromoResult | null;
}

/**
 * The totals of a cart, the same for the cart page, the checkout page and the order placed from it:
 * priced lines only, then the promo code (if any) on them.
 */
export function computeTotals(lines: TotalsLine[], currency: CurrencyCode, promo: { code: string; rule: PromoRule | null } | null, now: Date): Totals {
  const priced = lines.flatMap((line, index) => (line.amount === null ? [] : [{ index, line: { productId: line.productId, categoryIds: line.categoryIds, amount: line.amount } }]));
  const subtotal = priced.reduce((sum, { line }) => sum + line.amount, 0);
  const shares = lines.map(() => 0);
  if (!promo) return { subtotal, discount: 0, total: subtotal, shares, promo: null };
  const result = evaluatePromo(promo.rule, priced.map(({ line }) => line), currency, now, promo.code);
  if (!result.ok) return { subtotal, discount: 0, total: subtotal, shares, promo: result };
  priced.forEach(({ index }, position) => (shares[index] = result.shares[position] ?? 0));
  return { subtotal, discount: result.discount, total: subtotal - result.discount, shares, promo: result };
}

/** What an order item was paid: its price less its share of the order's discount. */
export function netAmount(item: { amount: number; discountShare: number }): number {
  return item.amount - item.discountShare;
}
