/**
 * An option's rules as the engine books against them: its product, units, price seasons, schedules
 * and overrides, read once and cached for a minute (a catalogue change clears them at once).
 */
import { asc, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { PriceSeasonRow, ProductOptionRow as OptionRow, ProductRow, UnitRow } from "#app/db/schema";
import { BASE_CURRENCY, isCurrencyCode, type CurrencyCode } from "#app/lib/money";
import type { SlotContext } from "#app/booking/slots";
import { BookingError } from "#app/booking/types";

export interface OptionRules {
  product: Pick<
    ProductRow,
    "id" | "title" | "timeZone" | "availabilityType" | "currency" | "pricingPer" | "noFixedPrice" | "instantConfirmation" | "cancellationPolicy" | "durationMinutes" | "expiresOn" | "published"
  >;
  option: OptionRow;
  units: UnitRow[];
  /** Date-ranged prices (app/booking/season-price.ts); outside them the base prices apply. */
  seasons: PriceSeasonRow[];
  slotContext: SlotContext;
  currency: CurrencyCode;
}

/** The rules of product options, by product and option id, cached per engine. */
export class OptionRulesCache {
  private readonly contexts = new LRUCache<string, OptionRules>({ max: 5000, ttl: 60_000 });
  /** Bumped by clear: a context read before a catalogue change must not be cached after it. */
  private generation = 0;

  /** Forget cached product data (after a catalogue change). */
  clear(): void {
    this.generation++;
    this.contexts.clear();
  }

  /**
   * A product option's rules, cached. The executor is a required argument so that code inside a
   * transaction must pass the transaction: on PGlite (one query at a time) a read through the engine's
   * database while a transaction is open waits on that transaction forever, freezing every request.
   */
  async get(executor: Database, productId: string, optionId: string | undefined): Promise<OptionRules> {
    const key = `${productId}|${optionId ?? ""}`;
    const cached = this.contexts.get(key);
    if (cached) return cached;
    const generation = this.generation;
    const [product] = await executor
      .select({
        id: schema.products.id,
        title: schema.products.title,
        timeZone: schema.products.timeZone,
        availabilityType: schema.products.availabilityType,
        currency: schema.products.currency,
        pricingPer: schema.products.pricingPer,
        noFixedPrice: schema.products.noFixedPrice,
        instantConfirmation: schema.products.instantConfirmation,
        cancellationPolicy: schema.products.cancellationPolicy,
        durationMinutes: schema.products.durationMinutes,
        expiresOn: schema.products.expiresOn,
        published: schema.products.published,
      })
      .from(schema.products)
      .where(eq(schema.products.id, productId));
    if (!product || !product.published) throw new BookingError("INVALID_PRODUCT_ID", `Unknown product ${productId}`, { productId });
    const options = await executor.select().from(schema.productOptions).where(eq(schema.productOptions.productId, productId)).orderBy(asc(schema.productOptions.sortOrder));
    const option = optionId === undefined ? (options.find((candidate) => candidate.isDefault) ?? options[0]) : options.find((candidate) => candidate.id === optionId);
    if (!option) throw new BookingError("INVALID_OPTION_ID", `Unknown option ${optionId} of product ${productId}`, { optionId });
    const [units, schedules, overrides, seasons] = await Promise.all([
      executor.select().from(schema.units).where(eq(schema.units.optionId, option.id)).orderBy(asc(schema.units.sortOrder)),
      executor.select().from(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.optionId, option.id)),
      executor.select().from(schema.availabilityOverrides).where(eq(schema.availabilityOverrides.optionId, option.id)),
      executor.select().from(schema.priceSeasons).where(eq(schema.priceSeasons.optionId, option.id)),
    ]);
    const context: OptionRules = {
      product,
      option,
      units,
      seasons,
      currency: isCurrencyCode(product.currency) ? product.currency : BASE_CURRENCY,
      slotContext: {
        timeZone: product.timeZone,
        availabilityType: product.availabilityType === "OPENING_HOURS" ? "OPENING_HOURS" : "START_TIME",
        durationMinutes: option.durationMinutes,
        cutoffMinutes: option.cutoffMinutes,
        expiresOn: product.expiresOn,
        schedules,
        overrides,
      },
    };
    if (generation === this.generation) {
      this.contexts.set(key, context);
      if (optionId === undefined) this.contexts.set(`${productId}|${option.id}`, context);
    }
    return context;
  }
}
