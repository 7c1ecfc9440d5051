/**
 * Prices over time: seasons (date-ranged unit and booking prices of an option, never overlapping
 * within one option) and bulk changes by a percentage (one product, or every own product of a
 * destination), each in one transaction with its audit entry. A booked item keeps the price it was
 * booked at (bookings store their totals); a carted item is re-priced when the cart is viewed, which
 * shows the cart's "price changed" notice.
 */
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { PriceSeasonRow } from "#app/db/schema";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { CatalogueRuleError, OWN_SUPPLIER_ID, catalogueWrite, lockOption, lockProduct, minorOf, newId, refreshPriceFrom, type CatalogueDeps } from "./catalogue-write.server";
import { CATALOGUE_ERRORS as E, type SeasonInput } from "./schemas";

/** Adds a season to an option; refused when its dates overlap another season of the option. */
export async function addSeason(deps: CatalogueDeps, actor: Actor, optionId: string, input: SeasonInput, now: Date): Promise<string> {
  return catalogueWrite(deps, async (t) => {
    // The option's row lock serialises season changes of one option: two overlapping seasons cannot both pass the check.
    const { product } = await lockOption(t, optionId);
    const [overlap] = await t
      .select({ id: schema.priceSeasons.id })
      .from(schema.priceSeasons)
      .where(and(eq(schema.priceSeasons.optionId, optionId), lte(schema.priceSeasons.validFrom, input.validTo), gte(schema.priceSeasons.validTo, input.validFrom)))
      .limit(1);
    if (overlap) throw new CatalogueRuleError(E.seasonOverlap, "validFrom");
    const units = await t.select({ id: schema.units.id }).from(schema.units).where(eq(schema.units.optionId, optionId));
    const known = new Set(units.map((unit) => unit.id));
    const unitPrices: PriceSeasonRow["unitPrices"] = {};
    if (product.pricingPer === "UNIT") {
      input.units.forEach((row, index) => {
        if (!known.has(row.unitId)) throw new CatalogueRuleError(E.notFound, `units[${index}].unitId`, 400);
        const price = minorOf(row.price, product.currency, `units[${index}].price`);
        if (price !== null) unitPrices[row.unitId] = { price, original: minorOf(row.original, product.currency, `units[${index}].original`) };
      });
      if (Object.keys(unitPrices).length === 0) throw new CatalogueRuleError(E.unitPrice, "units[0].price", 400);
    }
    const bookingPrice = product.pricingPer === "BOOKING" ? minorOf(input.bookingPrice, product.currency, "bookingPrice") : null;
    if (product.pricingPer === "BOOKING" && bookingPrice === null) throw new CatalogueRuleError(E.bookingPrice, "bookingPrice", 400);
    const row = {
      id: newId("season-", 10),
      optionId,
      validFrom: input.validFrom,
      validTo: input.validTo,
      unitPrices,
      bookingPrice,
      bookingPriceOriginal: bookingPrice === null ? null : minorOf(input.bookingPriceOriginal, product.currency, "bookingPriceOriginal"),
      createdAt: now,
    };
    await t.insert(schema.priceSeasons).values(row);
    await refreshPriceFrom(t, [product.id], now);
    await recordAudit(t, actor, { action: "catalogue.season.added", subjectType: "product", subjectId: product.id, after: row }, now);
    return row.id;
  });
}

export async function removeSeason(deps: CatalogueDeps, actor: Actor, seasonId: string, now: Date): Promise<void> {
  await catalogueWrite(deps, async (t) => {
    const [season] = await t.select().from(schema.priceSeasons).where(eq(schema.priceSeasons.id, seasonId));
    if (!season) throw new CatalogueRuleError(E.notFound, undefined, 404);
    const { product } = await lockOption(t, season.optionId);
    await t.delete(schema.priceSeasons).where(eq(schema.priceSeasons.id, seasonId));
    await refreshPriceFrom(t, [product.id], now);
    await recordAudit(t, actor, { action: "catalogue.season.removed", subjectType: "product", subjectId: product.id, before: season }, now);
  });
}

/** An amount changed by a percentage, rounded to the nearest minor unit (half away from zero). */
export function scaleAmount(amount: number, percent: number): number {
  // Percent has at most two decimals: integer arithmetic in hundredths of a percent.
  const factor = 10_000 + Math.round(percent * 100);
  return Math.max(0, Math.round((amount * factor) / 10_000));
}

const scaled = <T extends number | null>(amount: T, percent: number): T => (amount === null ? amount : (scaleAmount(amount, percent) as T));

export type BulkScope = { productId: string } | { destinationId: string };

/**
 * Raises (percent > 0) or lowers every price of one product, or of every own product of a destination:
 * unit and booking prices, strike-through originals and seasons, in one transaction with one audit entry
 * listing each product's prices before and after. Returns the products changed.
 */
export async function changePricesByPercent(deps: CatalogueDeps, actor: Actor, scope: BulkScope, percent: number, now: Date, reason?: string): Promise<{ productIds: string[] }> {
  return catalogueWrite(deps, async (t) => {
    let productIds: string[];
    if ("productId" in scope) {
      await lockProduct(t, scope.productId);
      productIds = [scope.productId];
    } else {
      const rows = await t
        .select({ id: schema.products.id })
        .from(schema.products)
        .where(and(eq(schema.products.destinationId, scope.destinationId), eq(schema.products.supplierId, OWN_SUPPLIER_ID)))
        .orderBy(schema.products.id)
        .for("update");
      productIds = rows.map((row) => row.id);
    }
    const changes = await scalePrices(t, productIds, percent);
    await refreshPriceFrom(t, productIds, now);
    const subject = "productId" in scope ? { subjectType: "product", subjectId: scope.productId } : { subjectType: "destination", subjectId: scope.destinationId };
    await recordAudit(t, actor, { action: "catalogue.prices.bulk", ...subject, before: { prices: changes.before }, after: { percent, productIds, prices: changes.after }, reason: reason ?? null }, now);
    return { productIds };
  });
}

async function scalePrices(t: Database, productIds: string[], percent: number) {
  const before: Record<string, number | null> = {};
  const after: Record<string, number | null> = {};
  if (productIds.length === 0) return { before, after };
  const options = await t.select().from(schema.productOptions).where(inArray(schema.productOptions.productId, productIds));
  const optionIds = options.map((option) => option.id);
  for (const option of options) {
    if (option.bookingPrice === null && option.bookingPriceOriginal === null) continue;
    const next = { bookingPrice: scaled(option.bookingPrice, percent), bookingPriceOriginal: scaled(option.bookingPriceOriginal, percent) };
    before[option.id] = option.bookingPrice;
    after[option.id] = next.bookingPrice;
    await t.update(schema.productOptions).set(next).where(eq(schema.productOptions.id, option.id));
  }
  if (optionIds.length === 0) return { before, after };
  const units = await t.select().from(schema.units).where(inArray(schema.units.optionId, optionIds));
  for (const unit of units) {
    if (unit.price === null) continue;
    const next = { price: scaled(unit.price, percent), priceOriginal: scaled(unit.priceOriginal, percent) };
    before[unit.id] = unit.price;
    after[unit.id] = next.price;
    await t.update(schema.units).set(next).where(eq(schema.units.id, unit.id));
  }
  const seasons = await t.select().from(schema.priceSeasons).where(inArray(schema.priceSeasons.optionId, optionIds));
  for (const season of seasons) {
    const unitPrices = Object.fromEntries(Object.entries(season.unitPrices).map(([unitId, price]) => [unitId, { price: scaleAmount(price.price, percent), original: scaled(price.original, percent) }]));
    await t
      .update(schema.priceSeasons)
      .set({ unitPrices, bookingPrice: scaled(season.bookingPrice, percent), bookingPriceOriginal: scaled(season.bookingPriceOriginal, percent) })
      .where(eq(schema.priceSeasons.id, season.id));
  }
  return { before, after };
}
