/**
 * What an option's units cost on a local date, in the product's currency or converted to another,
 * written as OCTO's Pricing. A season covering the date replaces the base prices. Pure.
 */
import type { Pricing, PricingUnit } from "@octocloud/types";
import { convertAmount, currencyExponent, isCurrencyCode, type CurrencyCode } from "#app/lib/money";
import { bookingPriceOn, seasonOn, unitPriceOn, type PricePair } from "#app/booking/season-price";
import { BookingError } from "#app/booking/types";
import type { OptionRules } from "./option-rules.server";

export function pricing(retail: number, original: number, currency: CurrencyCode): Pricing {
  return { original, retail, net: null, currency, currencyPrecision: currencyExponent(currency), includedTaxes: [] };
}

/** A price in the product's currency, converted to `currency`, as OCTO's Pricing. */
export function convertedPricing(price: PricePair, context: Pick<OptionRules, "currency">, currency: CurrencyCode): Pricing {
  return pricing(convertAmount(price.retail, context.currency, currency), convertAmount(price.original, context.currency, currency), currency);
}

/** Each priced unit's price on a local date (the season's when the date lies in one), in `currency`. */
export function unitPricing(context: OptionRules, currency: CurrencyCode, localDate: string | undefined): PricingUnit[] {
  const season = seasonOn(context.seasons, localDate);
  return context.units.flatMap((unit) => {
    const price = unitPriceOn(unit, season);
    if (!price) return [];
    return [{ unitId: unit.id, ...convertedPricing(price, context, currency) }];
  });
}

/**
 * Price of a set of units on the slot's local date, in the product's currency: per unit, or one price
 * per booking; a season covering the date replaces the base prices.
 */
export function priceOf(context: OptionRules, counts: Map<string, number>, localDate: string): { retail: number; original: number; byUnit: Map<string, { retail: number; original: number }> } {
  const season = seasonOn(context.seasons, localDate);
  const byUnit = new Map<string, { retail: number; original: number }>();
  let retail = 0;
  let original = 0;
  for (const unit of context.units) {
    const quantity = counts.get(unit.id) ?? 0;
    const price = context.product.pricingPer === "BOOKING" ? null : unitPriceOn(unit, season);
    const unitRetail = price?.retail ?? 0;
    const unitOriginal = price?.original ?? 0;
    byUnit.set(unit.id, { retail: unitRetail, original: unitOriginal });
    retail += unitRetail * quantity;
    original += unitOriginal * quantity;
  }
  if (context.product.pricingPer === "BOOKING") {
    const booking = bookingPriceOn(context.option, season);
    retail = booking?.retail ?? 0;
    original = booking?.original ?? retail;
  }
  return { retail, original, byUnit };
}

/** The currency a request asks for, the product's when it names none. */
export function requestedCurrency(currency: string | null | undefined, context: OptionRules): CurrencyCode {
  if (!currency) return context.currency;
  if (!isCurrencyCode(currency)) throw new BookingError("BAD_REQUEST", `Unsupported currency ${currency}`);
  return currency;
}
