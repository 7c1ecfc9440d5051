/**
 * What every catalogue write shares: the dependencies, the refusal a rule raises, the company's own
 * supplier, localized text with its English fallback, prices typed in major units, the listing's
 * "from" price, and the signal after a change (the index, facets, page cache, sitemap and OCTO follow
 * it on every instance; this instance's booking engine forgets its cached prices at once).
 */
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { optionFromPrice, seasonOn, type PricePair } from "#app/booking/season-price";
import { notifyCatalogueChanged } from "#app/catalogue/catalogue.server";
import type { Database, PubSub } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { OWN_SUPPLIER } from "#app/db/seed/data";
import type { LocalizedText } from "#app/db/types";
import { localDateAt } from "#app/lib/dates";
import { isCurrencyCode, toMinor, type CurrencyCode } from "#app/lib/money";
import { CATALOGUE_ERRORS, type LocalizedInput } from "./schemas";

/** What catalogue writes need: the database, its NOTIFY, and (optionally) this instance's booking engine. */
export type CatalogueDeps = { db: Database; pubsub: PubSub; bookingApi?: object };

export const OWN_SUPPLIER_ID = OWN_SUPPLIER.id;

/** A change a catalogue rule refuses; `key` is the i18n message, `field` the form field it belongs to. */
export class CatalogueRuleError extends Error {
  constructor(
    readonly key: string,
    readonly field?: string,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(key);
    this.name = "CatalogueRuleError";
  }
}

export function isCatalogueRuleError(error: unknown): error is CatalogueRuleError {
  return error instanceof CatalogueRuleError;
}

export const newId = (prefix: string, length = 8) => `${prefix}${randomBytes(length).toString("base64url").replace(/[-_]/g, "x").slice(0, length).toLowerCase()}`;

/** Stored text has every language filled: one left empty holds the English text (so every reader, from the index to tickets and OCTO, shows English there). */
export function withFallback(input: LocalizedInput | Partial<LocalizedText>, fallback?: LocalizedText): LocalizedText {
  const en = input.en?.trim() || fallback?.en || "";
  return { en, ru: input.ru?.trim() || en, zh: input.zh?.trim() || en, ar: input.ar?.trim() || en };
}

/** Own products' slugs are at most this long (a title can be longer). */
export const PRODUCT_SLUG_MAX = 80;

/** A slug no other product has: the title's, then "-2", "-3", … */
export async function uniqueSlug(t: Database, base: string): Promise<string> {
  const stem = base || "experience";
  for (let n = 1; n < 500; n++) {
    const candidate = n === 1 ? stem : `${stem}-${n}`;
    const [taken] = await t.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, candidate));
    if (!taken) return candidate;
  }
  return `${stem}-${newId("", 6)}`;
}

/** A typed major amount in minor units of `currency` (refused with more decimals than the currency has). */
export function minorOf(amount: string | undefined, currency: string, field: string): number | null {
  if (amount === undefined) return null;
  const code: CurrencyCode = isCurrencyCode(currency) ? currency : "SAR";
  try {
    return toMinor(amount, code);
  } catch {
    throw new CatalogueRuleError(CATALOGUE_ERRORS.precision, field, 400);
  }
}

/** Inserts the company's own supplier when the database predates it (seeded databases have it). */
export async function ensureOwnSupplier(t: Database): Promise<void> {
  await t
    .insert(schema.suppliers)
    .values({ ...OWN_SUPPLIER, description: { ...OWN_SUPPLIER.description } })
    .onConflictDoNothing();
}

type PriceFrom = { priceFrom: number | null; priceFromOriginal: number | null };

/**
 * The listing's "from" price of products: the lowest option price in effect today in the product's
 * time zone (a season's when today lies in one), with its strike-through original.
 */
async function priceFromOf(t: Database, productIds: string[], now: Date): Promise<Map<string, PriceFrom>> {
  const result = new Map<string, PriceFrom>();
  if (productIds.length === 0) return result;
  const products = await t
    .select({ id: schema.products.id, pricingPer: schema.products.pricingPer, noFixedPrice: schema.products.noFixedPrice, timeZone: schema.products.timeZone })
    .from(schema.products)
    .where(inArray(schema.products.id, productIds));
  const options = await t.select().from(schema.productOptions).where(inArray(schema.productOptions.productId, productIds));
  const optionIds = options.map((option) => option.id);
  const [units, seasons] = optionIds.length
    ? await Promise.all([
        t.select().from(schema.units).where(inArray(schema.units.optionId, optionIds)),
        t.select().from(schema.priceSeasons).where(inArray(schema.priceSeasons.optionId, optionIds)),
      ])
    : [[], []];
  for (const product of products) {
    const today = localDateAt(product.timeZone, now);
    let lowest: PricePair | null = null;
    if (!product.noFixedPrice) {
      for (const option of options.filter((candidate) => candidate.productId === product.id)) {
        const season = seasonOn(
          seasons.filter((candidate) => candidate.optionId === option.id),
          today,
        );
        const price = optionFromPrice(product.pricingPer, option, units.filter((unit) => unit.optionId === option.id), season);
        if (price && (!lowest || price.retail < lowest.retail)) lowest = price;
      }
    }
    result.set(product.id, { priceFrom: lowest?.retail ?? null, priceFromOriginal: lowest?.original ?? null });
  }
  return result;
}

/** Recomputes and stores the listing's "from" price of products (after a write that may change it). */
export async function refreshPriceFrom(t: Database, productIds: string[], now: Date): Promise<void> {
  for (const [id, price] of await priceFromOf(t, productIds, now)) {
    await t.update(schema.products).set(price).where(eq(schema.products.id, id));
  }
}

/**
 * A season that starts (or ends) on a later day changes the "from" price on that day, with no write to
 * the catalogue: this pass recomputes the price of every product with a season, stores the ones that
 * changed, and announces the change (index, facets, page caches on every instance) only when one did.
 * Returns the products whose price moved.
 */
export async function refreshSeasonalPriceFrom(deps: CatalogueDeps, now: Date): Promise<string[]> {
  const seasonal = await deps.db
    .selectDistinct({ productId: schema.productOptions.productId })
    .from(schema.priceSeasons)
    .innerJoin(schema.productOptions, eq(schema.productOptions.id, schema.priceSeasons.optionId));
  const productIds = seasonal.map((row) => row.productId);
  if (productIds.length === 0) return [];
  const stored = await deps.db
    .select({ id: schema.products.id, priceFrom: schema.products.priceFrom, priceFromOriginal: schema.products.priceFromOriginal })
    .from(schema.products)
    .where(inArray(schema.products.id, productIds));
  const fresh = await priceFromOf(deps.db, productIds, now);
  const changed = stored.filter((row) => {
    const price = fresh.get(row.id);
    return price && (price.priceFrom !== row.priceFrom || price.priceFromOriginal !== row.priceFromOriginal);
  });
  if (changed.length === 0) return [];
  await catalogueWrite(deps, async (t) => {
    for (const row of changed) await t.update(schema.products).set(fresh.get(row.id)!).where(eq(schema.products.id, row.id));
  });
  return changed.map((row) => row.id);
}

/** Locks a product's row for the rest of the transaction (two editors of one product queue up); 404 when unknown. */
export async function lockProduct(t: Database, productId: string) {
  const [product] = await t.select().from(schema.products).where(eq(schema.products.id, productId)).for("update");
  if (!product) throw new CatalogueRuleError(CATALOGUE_ERRORS.notFound, undefined, 404);
  return product;
}

/** Locks an option (and so its seasons: overlap checks run under it) and its product; 404 when unknown. */
export async function lockOption(t: Database, optionId: string) {
  const [option] = await t.select().from(schema.productOptions).where(eq(schema.productOptions.id, optionId)).for("update");
  if (!option) throw new CatalogueRuleError(CATALOGUE_ERRORS.notFound, undefined, 404);
  const product = await lockProduct(t, option.productId);
  return { option, product };
}

export async function hasBookings(t: Database, where: { productId?: string; optionId?: string }): Promise<boolean> {
  const condition = where.optionId ? eq(schema.bookings.optionId, where.optionId) : eq(schema.bookings.productId, where.productId ?? "");
  const [row] = await t.select({ id: schema.bookings.id }).from(schema.bookings).where(condition).limit(1);
  return Boolean(row);
}

export async function optionInCarts(t: Database, optionId: string): Promise<boolean> {
  const [row] = await t.select({ id: schema.cartItems.id }).from(schema.cartItems).where(eq(schema.cartItems.optionId, optionId)).limit(1);
  return Boolean(row);
}

/** Runs `change` in one transaction, then tells every instance the catalogue changed. */
export async function catalogueWrite<T>(deps: CatalogueDeps, change: (t: Database) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction(async (tx) => change(tx as unknown as Database));
  await catalogueChanged(deps);
  return result;
}

/** The signal after a committed change: NOTIFY (index, facets, page cache, every instance's engine), and this instance's engine at once. */
export async function catalogueChanged(deps: CatalogueDeps): Promise<void> {
  const engine = deps.bookingApi as { clearCache?: () => void } | undefined;
  engine?.clearCache?.();
  await notifyCatalogueChanged(deps);
}

