/**
 * Which price applies on a local date: the season's when the date lies in one of the option's price
 * seasons (validFrom … validTo, both included), else the base price of the unit or option. The engine
 * prices availability, holds, confirmations and changes with it; the catalogue computes "from" prices
 * with it, so both read one rule.
 */
import type { PriceSeasonRow, ProductOptionRow, UnitRow } from "#app/db/schema";

export type SeasonPrices = Pick<PriceSeasonRow, "validFrom" | "validTo" | "unitPrices" | "bookingPrice" | "bookingPriceOriginal">;
export type PricePair = { retail: number; original: number };

/** The season covering a local date, if any (seasons of one option never overlap). */
export function seasonOn<Season extends SeasonPrices>(seasons: readonly Season[], localDate: string | undefined): Season | undefined {
  if (!localDate) return undefined;
  return seasons.find((season) => season.validFrom <= localDate && localDate <= season.validTo);
}

/** A unit's price on a date (null when the unit has no price: per-booking or no fixed price). */
export function unitPriceOn(unit: Pick<UnitRow, "id" | "price" | "priceOriginal">, season: SeasonPrices | undefined): PricePair | null {
  const seasonal = season?.unitPrices[unit.id];
  if (seasonal) return { retail: seasonal.price, original: seasonal.original ?? seasonal.price };
  if (unit.price === null) return null;
  return { retail: unit.price, original: unit.priceOriginal ?? unit.price };
}

/** An option's per-booking price on a date (null when it has none). */
export function bookingPriceOn(option: Pick<ProductOptionRow, "bookingPrice" | "bookingPriceOriginal">, season: SeasonPrices | undefined): PricePair | null {
  if (season && season.bookingPrice !== null) return { retail: season.bookingPrice, original: season.bookingPriceOriginal ?? season.bookingPrice };
  if (option.bookingPrice === null) return null;
  return { retail: option.bookingPrice, original: option.bookingPriceOriginal ?? option.bookingPrice };
}

/**
 * The "from" price of an option on a date, as listings show it: the booking price (BOOKING), else the
 * cheapest adult unit with a price above zero, else the cheapest unit above zero. Null when unpriced.
 */
export function optionFromPrice(
  pricingPer: string,
  option: Pick<ProductOptionRow, "bookingPrice" | "bookingPriceOriginal">,
  units: ReadonlyArray<Pick<UnitRow, "id" | "type" | "price" | "priceOriginal">>,
  season: SeasonPrices | undefined,
): PricePair | null {
  if (pricingPer === "BOOKING") return bookingPriceOn(option, season);
  const priced = units.flatMap((unit) => {
    const price = unitPriceOn(unit, season);
    return price && price.retail > 0 ? [{ type: unit.type, ...price }] : [];
  });
  const adults = priced.filter((price) => price.type === "ADULT");
  const pool = adults.length > 0 ? adults : priced;
  const cheapest = pool.sort((a, b) => a.retail - b.retail)[0];
  return cheapest ? { retail: cheapest.retail, original: cheapest.original } : null;
}
