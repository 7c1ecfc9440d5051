/**
 * The company's own experiences, managed in the console: products, their options and units. Each change
 * runs in one transaction with its audit entry, keeps the listing's "from" price current, and is then
 * announced (catalogueWrite) so the index, facets, page cache, sitemap, OCTO and the booking engine follow.
 * Rules that protect what is sold: an option or unit with bookings or in a cart is never removed, and a
 * product's currency never changes once it has bookings.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { ProductOptionRow, ProductRow, UnitRow } from "#app/db/schema";
import { UNIT_TITLES } from "#app/db/seed/data";
import type { CancellationPolicy, DurationUnit, PickupPoint, ProductContent } from "#app/db/types";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import {
  CatalogueRuleError,
  OWN_SUPPLIER_ID,
  catalogueWrite,
  ensureOwnSupplier,
  hasBookings,
  lockOption,
  lockProduct,
  minorOf,
  newId,
  optionInCarts,
  refreshPriceFrom,
  PRODUCT_SLUG_MAX,
  uniqueSlug,
  withFallback,
  type CatalogueDeps,
} from "./catalogue-write.server";
import { slugify } from "#app/lib/slug";
import { CATALOGUE_ERRORS as E, type OptionInput, type ProductInput, type UnitInput } from "./schemas";

const emptyList = () => ({ en: [], ru: [], zh: [], ar: [] });

function durationUnitOf(minutes: number): DurationUnit {
  if (minutes < 60) return "MINUTES";
  if (minutes >= 24 * 60 && minutes % (24 * 60) === 0) return "DAYS";
  return "HOURS";
}

/** Cancellation windows as typed ("up to 24 h before: 100 % back") → the stored rules (penalty = 100 − refund). */
function policyOf(input: ProductInput): CancellationPolicy {
  return {
    nonRefundable: input.nonRefundable,
    rules: input.nonRefundable
      ? []
      : input.cancellation.map((window) => ({ days: Math.floor(window.hoursBefore / 24), hours: window.hoursBefore % 24, minutes: 0, penaltyPercent: 100 - window.refundPercent })),
  };
}

/** Reference ids the product points at must exist: destination, categories, themes, labels. */
async function checkReferences(t: Database, input: ProductInput) {
  const [destination] = await t.select().from(schema.destinations).where(eq(schema.destinations.id, input.destinationId));
  if (!destination) throw new CatalogueRuleError(E.destination, "destinationId", 400);
  const categories = await t.select({ id: schema.categories.id }).from(schema.categories).where(inArray(schema.categories.id, input.categoryIds));
  if (categories.length !== new Set(input.categoryIds).size) throw new CatalogueRuleError(E.category, "categoryIds", 400);
  if (input.themeIds.length) {
    const themes = await t.select({ id: schema.themes.id }).from(schema.themes).where(inArray(schema.themes.id, input.themeIds));
    if (themes.length !== new Set(input.themeIds).size) throw new CatalogueRuleError(E.required, "themeIds", 400);
  }
  if (input.labels.length) {
    const labels = await t
      .select({ code: schema.vocabulary.code })
      .from(schema.vocabulary)
      .where(and(eq(schema.vocabulary.kind, "label"), inArray(schema.vocabulary.code, input.labels)));
    if (labels.length !== new Set(input.labels).size) throw new CatalogueRuleError(E.required, "labels", 400);
  }
  return destination;
}

/** The product columns a form sets (the rest: content, images, rating, are kept or defaulted). */
function columnsOf(productId: string, input: ProductInput, destination: { id: string; timeZone: string }) {
  const meetingPoint = withFallback(input.meetingPoint);
  const pickupPoints: PickupPoint[] = input.pickupPoints.map((point, index) => ({
    id: `${productId}-pp${index + 1}`,
    name: withFallback(point.name),
    address: withFallback(point.name),
    latitude: point.latitude,
    longitude: point.longitude,
    pickupTime: point.time,
  }));
  return {
    destinationId: destination.id,
    timeZone: destination.timeZone,
    categoryIds: [...new Set(input.categoryIds)],
    themeIds: [...new Set(input.themeIds)],
    labels: [...new Set(input.labels)],
    title: withFallback(input.title),
    shortDescription: withFallback(input.shortDescription),
    currency: input.currency,
    pricingPer: input.pricingPer,
    availabilityType: input.availabilityType,
    instantConfirmation: input.confirmation === "INSTANT",
    payLaterAllowed: input.payLaterAllowed,
    payLaterDeadlineHours: input.payLaterAllowed ? (input.payLaterDeadlineHours ?? null) : null,
    noFixedPrice: input.noFixedPrice,
    durationMinutes: input.durationMinutes,
    durationUnit: durationUnitOf(input.durationMinutes),
    address: meetingPoint,
    latitude: input.latitude,
    longitude: input.longitude,
    pickupPoints,
    pickupIncluded: pickupPoints.length > 0,
    cancellationPolicy: policyOf(input),
    capacityPerItem: input.capacityPerItem,
    published: input.published,
  };
}

/** What the audit log keeps of a product (its editable columns). */
function auditView(row: Partial<ProductRow>): Record<string, unknown> {
  const { content: _content, images: _images, createdAt: _created, updatedAt: _updated, rating: _rating, reviewCount: _reviews, ...rest } = row;
  return rest;
}

/** Creates one of the company's own experiences (supplier OWN_SUPPLIER_ID, id "own-…"), unpublished unless `published`. */
export async function createProduct(deps: CatalogueDeps, actor: Actor, input: ProductInput, now: Date): Promise<{ id: string; slug: string }> {
  return catalogueWrite(deps, async (t) => {
    await ensureOwnSupplier(t);
    const destination = await checkReferences(t, input);
    const id = newId("own-");
    const columns = columnsOf(id, input, destination);
    const slug = await uniqueSlug(t, slugify(columns.title.en, PRODUCT_SLUG_MAX));
    const content: ProductContent = {
      description: columns.shortDescription,
      highlights: emptyList(),
      includes: emptyList(),
      excludes: emptyList(),
      itinerary: [],
      knowBeforeYouGo: emptyList(),
      whatToBring: emptyList(),
      meetingPoint: columns.address,
    };
    const row = {
      id,
      slug,
      supplierId: OWN_SUPPLIER_ID,
      ...columns,
      // A product cannot be on sale before it has an option: published waits for setPublished.
      published: false,
      occasions: [],
      bestFor: [],
      guideLanguages: [],
      content,
      timesOfDay: [],
      extras: [],
      images: [{ ...destination.image, alt: columns.title }],
      priceFrom: null,
      priceFromOriginal: null,
      createdAt: now,
      updatedAt: now,
    } satisfies typeof schema.products.$inferInsert;
    await t.insert(schema.products).values(row);
    await recordAudit(t, actor, { action: "catalogue.product.created", subjectType: "product", subjectId: id, after: auditView(row) }, now);
    return { id, slug };
  });
}

/** Saves a product's form. Its currency is fixed once it has bookings (prices are in it). */
export async function updateProduct(deps: CatalogueDeps, actor: Actor, productId: string, input: ProductInput, now: Date): Promise<void> {
  await catalogueWrite(deps, async (t) => {
    const before = await lockProduct(t, productId);
    const destination = await checkReferences(t, input);
    if (input.currency !== before.currency && (await hasBookings(t, { productId }))) throw new CatalogueRuleError(E.currencyLocked, "currency");
    const columns = columnsOf(productId, input, destination);
    if (columns.published && !before.published) await assertSellable(t, productId);
    const content = { ...before.content, meetingPoint: columns.address };
    await t
      .update(schema.products)
      .set({ ...columns, content, updatedAt: now })
      .where(eq(schema.products.id, productId));
    await refreshPriceFrom(t, [productId], now);
    await recordAudit(t, actor, { action: "catalogue.product.updated", subjectType: "product", subjectId: productId, before: auditView(before), after: auditView({ ...before, ...columns }) }, now);
  });
}

/** A product goes on sale only with at least one option (and, unless it has no fixed price, a price). */
async function assertSellable(t: Database, productId: string): Promise<void> {
  const options = await t.select({ id: schema.productOptions.id }).from(schema.productOptions).where(eq(schema.productOptions.productId, productId));
  if (options.length === 0) throw new CatalogueRuleError(E.noOptions, "published");
}

/** Puts a product on or off sale. */
export async function setPublished(deps: CatalogueDeps, actor: Actor, productId: string, published: boolean, now: Date): Promise<void> {
  await catalogueWrite(deps, async (t) => {
    const before = await lockProduct(t, productId);
    if (before.published === published) return;
    if (published) await assertSellable(t, productId);
    await t.update(schema.products).set({ published, updatedAt: now }).where(eq(schema.products.id, productId));
    await refreshPriceFrom(t, [productId], now);
    await recordAudit(
      t,
      actor,
      { action: published ? "catalogue.product.published" : "catalogue.product.unpublished", subjectType: "product", subjectId: productId, before: { published: before.published }, after: { published } },
      now,
    );
  });
}

/**
 * Copies a product with its options, units, price seasons and weekly schedules into a new own product:
 * unpublished, with a new slug (its title's, numbered). Reviews, bookings and closed dates stay behind.
 */
export async function duplicateProduct(deps: CatalogueDeps, actor: Actor, productId: string, now: Date): Promise<{ id: string; slug: string }> {
  return catalogueWrite(deps, async (t) => {
    await ensureOwnSupplier(t);
    const source = await lockProduct(t, productId);
    const id = newId("own-");
    const slug = await uniqueSlug(t, slugify(source.title.en, PRODUCT_SLUG_MAX));
    await t.insert(schema.products).values({
      ...source,
      id,
      slug,
      supplierId: OWN_SUPPLIER_ID,
      published: false,
      rating: 0,
      reviewCount: 0,
      pickupPoints: source.pickupPoints.map((point, index) => ({ ...point, id: `${id}-pp${index + 1}` })),
      createdAt: now,
      updatedAt: now,
    });
    const options = await t.select().from(schema.productOptions).where(eq(schema.productOptions.productId, productId)).orderBy(asc(schema.productOptions.sortOrder));
    for (const option of options) {
      const optionId = newId(`${id}-o-`, 6);
      await t.insert(schema.productOptions).values({ ...option, id: optionId, productId: id });
      const units = await t.select().from(schema.units).where(eq(schema.units.optionId, option.id));
      const unitIds = new Map(units.map((unit) => [unit.id, newId(`${optionId}-${unit.type.toLowerCase()}-`, 4)]));
      if (units.length) {
        await t.insert(schema.units).values(
          units.map((unit) => ({ ...unit, id: unitIds.get(unit.id)!, optionId, accompaniedBy: unit.accompaniedBy.flatMap((other) => unitIds.get(other) ?? []) })),
        );
      }
      const seasons = await t.select().from(schema.priceSeasons).where(eq(schema.priceSeasons.optionId, option.id));
      for (const season of seasons) {
        const unitPrices = Object.fromEntries(Object.entries(season.unitPrices).flatMap(([unitId, price]) => (unitIds.has(unitId) ? [[unitIds.get(unitId)!, price]] : [])));
        await t.insert(schema.priceSeasons).values({ ...season, id: newId("season-", 10), optionId, unitPrices, createdAt: now });
      }
      const schedules = await t.select().from(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.optionId, option.id));
      if (schedules.length) await t.insert(schema.availabilitySchedules).values(schedules.map(({ id: _id, ...schedule }) => ({ ...schedule, optionId })));
    }
    await refreshPriceFrom(t, [id], now);
    await recordAudit(t, actor, { action: "catalogue.product.duplicated", subjectType: "product", subjectId: id, before: { from: productId }, after: { id, slug } }, now);
    return { id, slug };
  });
}

function optionColumns(input: OptionInput, currency: string) {
  return {
    title: withFallback(input.title),
    durationMinutes: input.durationMinutes,
    cutoffMinutes: input.cutoffMinutes,
    minUnits: input.minUnits,
    maxUnits: input.maxUnits ?? null,
    bookingPrice: minorOf(input.bookingPrice, currency, "bookingPrice"),
    bookingPriceOriginal: minorOf(input.bookingPriceOriginal, currency, "bookingPriceOriginal"),
    bookingMaxPax: input.bookingMaxPax ?? null,
  };
}

function checkOptionPrice(product: Pick<ProductRow, "pricingPer" | "noFixedPrice">, columns: ReturnType<typeof optionColumns>): void {
  if (product.pricingPer === "BOOKING" && !product.noFixedPrice && columns.bookingPrice === null) throw new CatalogueRuleError(E.bookingPrice, "bookingPrice", 400);
}

export async function addOption(deps: CatalogueDeps, actor: Actor, productId: string, input: OptionInput, now: Date): Promise<string> {
  return catalogueWrite(deps, async (t) => {
    const product = await lockProduct(t, productId);
    const columns = optionColumns(input, product.currency);
    checkOptionPrice(product, columns);
    const existing = await t.select({ sortOrder: schema.productOptions.sortOrder }).from(schema.productOptions).where(eq(schema.productOptions.productId, productId));
    const id = newId(`${productId}-o-`, 6);
    const row = {
      id,
      productId,
      internalName: slugify(columns.title.en, PRODUCT_SLUG_MAX) || id,
      description: columns.title,
      isDefault: existing.length === 0,
      sortOrder: existing.reduce((max, option) => Math.max(max, option.sortOrder + 1), 0),
      ...columns,
    };
    await t.insert(schema.productOptions).values(row);
    await refreshPriceFrom(t, [productId], now);
    await recordAudit(t, actor, { action: "catalogue.option.added", subjectType: "product", subjectId: productId, after: row }, now);
    return id;
  });
}

export async function updateOption(deps: CatalogueDeps, actor: Actor, optionId: string, input: OptionInput, now: Date): Promise<void> {
  await catalogueWrite(deps, async (t) => {
    const { option, product } = await lockOption(t, optionId);
    const columns = optionColumns(input, product.currency);
    checkOptionPrice(product, columns);
    await t.update(schema.productOptions).set(columns).where(eq(schema.productOptions.id, optionId));
    await refreshPriceFrom(t, [product.id], now);
    await recordAudit(t, actor, { action: "catalogue.option.updated", subjectType: "product", subjectId: product.id, before: optionAudit(option), after: { id: optionId, ...columns } }, now);
  });
}

const optionAudit = (option: ProductOptionRow) => ({ id: option.id, title: option.title, durationMinutes: option.durationMinutes, cutoffMinutes: option.cutoffMinutes, minUnits: option.minUnits, maxUnits: option.maxUnits, bookingPrice: option.bookingPrice, bookingPriceOriginal: option.bookingPriceOriginal, bookingMaxPax: option.bookingMaxPax });

/** Removes an option with its units, seasons and schedules; refused while it has bookings or sits in a cart, and for a product's last option. */
export async function removeOption(deps: CatalogueDeps, actor: Actor, optionId: string, now: Date): Promise<void> {
  await catalogueWrite(deps, async (t) => {
    const { option, product } = await lockOption(t, optionId);
    if ((await hasBookings(t, { optionId })) || (await optionInCarts(t, optionId))) throw new CatalogueRuleError(E.optionInUse);
    const siblings = await t.select({ id: schema.productOptions.id }).from(schema.productOptions).where(eq(schema.productOptions.productId, product.id));
    if (siblings.length <= 1 && product.published) throw new CatalogueRuleError(E.lastOption);
    await t.delete(schema.productOptions).where(eq(schema.productOptions.id, optionId));
    if (option.isDefault) {
      const [next] = await t.select({ id: schema.productOptions.id }).from(schema.productOptions).where(eq(schema.productOptions.productId, product.id)).orderBy(asc(schema.productOptions.sortOrder)).limit(1);
      if (next) await t.update(schema.productOptions).set({ isDefault: true }).where(eq(schema.productOptions.id, next.id));
    }
    await refreshPriceFrom(t, [product.id], now);
    await recordAudit(t, actor, { action: "catalogue.option.removed", subjectType: "product", subjectId: product.id, before: optionAudit(option) }, now);
  });
}

async function unitColumns(t: Database, optionId: string, input: UnitInput, currency: string, pricingPer: string, self?: string) {
  const siblings = await t.select({ id: schema.units.id, type: schema.units.type }).from(schema.units).where(eq(schema.units.optionId, optionId));
  const standard = UNIT_TITLES[input.type] ?? UNIT_TITLES.OTHER!;
  const price = pricingPer === "BOOKING" ? null : minorOf(input.price, currency, "price");
  return {
    type: input.type,
    title: input.title.en ? withFallback(input.title) : withFallback({ ...standard, ...Object.fromEntries(Object.entries(input.title).filter(([, value]) => value)) }),
    minAge: input.minAge,
    maxAge: input.maxAge,
    minQuantity: input.minQuantity ?? null,
    maxQuantity: input.maxQuantity ?? null,
    accompaniedBy: siblings.filter((unit) => unit.id !== self && (input.accompaniedBy as string[]).includes(unit.type)).map((unit) => unit.id),
    price,
    priceOriginal: price === null ? null : minorOf(input.priceOriginal, currency, "priceOriginal"),
  };
}

function checkUnitPrice(product: Pick<ProductRow, "pricingPer" | "noFixedPrice">, price: number | null): void {
  if (product.pricingPer === "UNIT" && !product.noFixedPrice && price === null) throw new CatalogueRuleError(E.unitPrice, "price", 400);
}

export async function addUnit(deps: CatalogueDeps, actor: Actor, optionId: string, input: UnitInput, now: Date): Promise<string> {
  return catalogueWrite(deps, async (t) => {
    const { product } = await lockOption(t, optionId);
    const columns = await unitColumns(t, optionId, input, product.currency, product.pricingPer);
    checkUnitPrice(product, columns.price);
    const existing = await t.select({ sortOrder: schema.units.sortOrder }).from(schema.units).where(eq(schema.units.optionId, optionId));
    const id = newId(`${optionId}-${input.type.toLowerCase()}-`, 4);
    const row = { id, optionId, internalName: input.type.toLowerCase(), sortOrder: existing.reduce((max, unit) => Math.max(max, unit.sortOrder + 1), 0), ...columns };
    await t.insert(schema.units).values(row);
    await refreshPriceFrom(t, [product.id], now);
    await recordAudit(t, actor, { action: "catalogue.unit.added", subjectType: "product", subjectId: product.id, after: row }, now);
    return id;
  });
}

async function lockUnit(t: Database, unitId: string): Promise<{ unit: UnitRow; option: ProductOptionRow; product: ProductRow }> {
  const [unit] = await t.select().from(schema.units).where(eq(schema.units.id, unitId));
  if (!unit) throw new CatalogueRuleError(E.notFound, undefined, 404);
  const { option, product } = await lockOption(t, unit.optionId);
  return { unit, option, product };
}

export async function updateUnit(deps: CatalogueDeps, actor: Actor, unitId: string, input: UnitInput, now: Date): Promise<void> {
  await catalogueWrite(deps, async (t) => {
    const { unit, product } = await lockUnit(t, unitId);
    const columns = await unitColumns(t, unit.optionId, input, product.currency, product.pricingPer, unitId);
    checkUnitPrice(product, columns.price);
    await t.update(schema.units).set(columns).where(eq(schema.units.id, unitId));
    await refreshPriceFrom(t, [product.id], now);
    await recordAudit(t, actor, { action: "catalogue.unit.updated", subjectType: "product", subjectId: product.id, before: unit, after: { id: unitId, ...columns } }, now);
  });
}

/** Removes a unit type; refused while any booking or cart item has it. Its sibling units stop requiring it. */
export async function removeUnit(deps: CatalogueDeps, actor: Actor, unitId: string, now: Date): Promise<void> {
  await catalogueWrite(deps, async (t) => {
    const { unit, product } = await lockUnit(t, unitId);
    const [booked] = await t.select({ uuid: schema.bookingUnitItems.uuid }).from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.unitId, unitId)).limit(1);
    const [carted] = await t
      .select({ id: schema.cartItems.id })
      .from(schema.cartItems)
      .where(and(eq(schema.cartItems.optionId, unit.optionId), sql`${schema.cartItems.units} @> ${JSON.stringify([{ unitId }])}::jsonb`))
      .limit(1);
    if (booked || carted) throw new CatalogueRuleError(E.unitInUse);
    const siblings = await t.select().from(schema.units).where(eq(schema.units.optionId, unit.optionId));
    for (const sibling of siblings) {
      if (sibling.accompaniedBy.includes(unitId)) {
        await t
          .update(schema.units)
          .set({ accompaniedBy: sibling.accompaniedBy.filter((id) => id !== unitId) })
          .where(eq(schema.units.id, sibling.id));
      }
    }
    await t.delete(schema.units).where(eq(schema.units.id, unitId));
    await refreshPriceFrom(t, [product.id], now);
    await recordAudit(t, actor, { action: "catalogue.unit.removed", subjectType: "product", subjectId: product.id, before: unit }, now);
  });
}
