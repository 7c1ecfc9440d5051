/**
 * An experience page's data: the product's rows (three queries), its names and terms from the
 * index, its prices in the visitor's currency beside the product's own, and its first reviews.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { productColumnsForVisitors } from "#app/db/product-texts";
import * as schema from "#app/db/schema";
import type { ProductOptionRow as OptionRow, ProductRow, UnitRow } from "#app/db/schema";
import type { LocaleCode } from "#app/db/types";
import { BASE_CURRENCY, convertAmount, isCurrencyCode, type CurrencyCode, type Money } from "#app/lib/money";
import { imageFor, type CatalogueIndex } from "./catalogue-index";
import { loadReviewPage } from "./review-page.server";
import type { ExperienceCard, ExperienceDetail, ExperienceDetailOption, ReviewPage } from "./types";


interface DetailRows {
  product: ProductRow;
  options: OptionRow[];
  units: UnitRow[];
  supplier: { id: string; name: string } | undefined;
  reviews: ReviewPage;
}

/** Everything an experience page shows, or null when the slug is unknown or unpublished. */
export async function loadExperienceDetail(db: Database, index: CatalogueIndex, slug: string, locale: LocaleCode, currency: CurrencyCode): Promise<ExperienceDetail | null> {
  const card = index.cardBySlug(slug, locale, currency);
  if (!card) return null;
  const rows = await loadDetailRows(db, slug, locale);
  return rows ? experienceDetailOf(index, card, rows, locale, currency) : null;
}

async function loadDetailRows(db: Database, slug: string, locale: LocaleCode): Promise<DetailRows | null> {
  const [product] = await db
    .select(productColumnsForVisitors())
    .from(schema.products)
    .where(and(eq(schema.products.slug, slug), eq(schema.products.published, true)));
  if (!product) return null;
  const [options, supplier, reviews] = await Promise.all([
    db.select().from(schema.productOptions).where(eq(schema.productOptions.productId, product.id)).orderBy(asc(schema.productOptions.sortOrder)),
    db.select({ id: schema.suppliers.id, name: schema.suppliers.name }).from(schema.suppliers).where(eq(schema.suppliers.id, product.supplierId)),
    loadReviewPage(db, product.id, { locale }),
  ]);
  const units = options.length
    ? await db
        .select()
        .from(schema.units)
        .where(inArray(schema.units.optionId, options.map((option) => option.id)))
        .orderBy(asc(schema.units.sortOrder))
    : [];
  return { product, options, units, supplier: supplier[0], reviews };
}

/** Amounts stored in the product's currency, shown in the visitor's (price) and charged in the product's (native). */
interface Pricing {
  native: CurrencyCode;
  price(amount: number | null): Money | null;
  nativePrice(amount: number | null): Money | null;
  /** The struck-through price, shown only when it is above the price. */
  originalPrice(amount: number | null, original: number | null): Money | null;
}

function pricingOf(product: ProductRow, currency: CurrencyCode): Pricing {
  const native: CurrencyCode = isCurrencyCode(product.currency) ? product.currency : BASE_CURRENCY;
  const price = (amount: number | null): Money | null => (amount === null ? null : { amount: convertAmount(amount, native, currency), currency });
  return {
    native,
    price,
    nativePrice: (amount) => (amount === null ? null : { amount, currency: native }),
    originalPrice: (amount, original) => (original !== null && amount !== null && original > amount ? price(original) : null),
  };
}

function experienceDetailOf(index: CatalogueIndex, card: ExperienceCard, rows: DetailRows, locale: LocaleCode, currency: CurrencyCode): ExperienceDetail {
  const { product } = rows;
  const pricing = pricingOf(product, currency);
  const content = product.content;
  const policy = product.cancellationPolicy;
  return {
    card,
    id: product.id,
    slug: product.slug,
    locale,
    title: product.title[locale],
    shortDescription: product.shortDescription[locale],
    description: content.description[locale],
    // The engine's texts only; the CMS's are merged over them per request (detail-page-content.ts).
    richDescription: null,
    highlights: content.highlights[locale],
    includes: content.includes[locale],
    excludes: content.excludes[locale],
    itinerary: content.itinerary.map((step) => ({ time: step.time, title: step.title[locale], description: step.description[locale] })),
    knowBeforeYouGo: content.knowBeforeYouGo[locale],
    whatToBring: content.whatToBring[locale],
    faq: [],
    englishFallbacks: [],
    meetingPoint: content.meetingPoint[locale],
    city: cityOf(index, product, locale),
    ...termsOf(index, product, locale),
    images: product.images.map((image) => imageFor(image, locale, product.title[locale])),
    location: { latitude: product.latitude, longitude: product.longitude, address: product.address[locale] },
    pickup: pickupOf(product, locale),
    extras: product.extras.map((extra) => ({
      id: extra.id,
      title: extra.title[locale],
      price: pricing.price(extra.price)!,
      nativePrice: pricing.nativePrice(extra.price)!,
      per: extra.per,
    })),
    duration: { minutes: product.durationMinutes, minutesTo: product.durationMinutesTo, unit: product.durationUnit, minimumMinutes: product.minimumDurationMinutes },
    ageRange: { min: product.minAge, max: product.maxAge },
    startTime: product.startTime,
    endTime: product.endTime,
    openingHours: product.openingHours,
    availabilityType: product.availabilityType === "OPENING_HOURS" ? "OPENING_HOURS" : "START_TIME",
    timeZone: product.timeZone,
    pricingPer: product.pricingPer === "BOOKING" ? "BOOKING" : "UNIT",
    currency,
    nativeCurrency: pricing.native,
    priceFrom: pricing.price(product.priceFrom),
    noFixedPrice: product.noFixedPrice,
    instantConfirmation: product.instantConfirmation,
    capacityPerItem: product.capacityPerItem,
    expiresOn: product.expiresOn,
    cancellationPolicy: { ...policy, freeCancellation: !policy.nonRefundable && policy.rules.some((rule) => rule.penaltyPercent === 0) },
    rating: product.rating,
    reviewCount: product.reviewCount,
    reviews: rows.reviews,
    options: rows.options.map((option) => optionOf(option, rows.units, pricing, locale)),
    supplier: rows.supplier ?? { id: product.supplierId, name: "" },
    related: index.related(product.slug, locale, currency),
  };
}

function cityOf(index: CatalogueIndex, product: ProductRow, locale: LocaleCode): ExperienceDetail["city"] {
  const destination = index.destinationFor(product.destinationId);
  const country = destination ? index.countryFor(destination.countryCode) : undefined;
  return {
    slug: destination?.slug ?? "",
    name: destination?.name[locale] ?? "",
    country: { code: destination?.countryCode ?? "", name: country?.name[locale] ?? "" },
  };
}

/** The product's categories, themes and vocabulary terms, named in the locale. */
function termsOf(index: CatalogueIndex, product: ProductRow, locale: LocaleCode) {
  const named = (kind: string, codes: string[]) => codes.map((code) => ({ code, name: index.vocabularyName(kind, code, locale) }));
  return {
    categories: product.categoryIds.flatMap((id) => {
      const category = index.categoryFor(id);
      return category ? [{ slug: category.slug, name: category.name[locale] }] : [];
    }),
    themes: product.themeIds.flatMap((id) => {
      const theme = index.themeFor(id);
      return theme ? [{ slug: theme.slug, name: theme.name[locale] }] : [];
    }),
    labels: named("label", product.labels),
    occasions: named("occasion", product.occasions),
    bestFor: named("best-for", product.bestFor),
    guideLanguages: named("language", product.guideLanguages),
    timesOfDay: named("time-of-day", product.timesOfDay),
  } satisfies Partial<ExperienceDetail>;
}

function pickupOf(product: ProductRow, locale: LocaleCode): ExperienceDetail["pickup"] {
  return {
    included: product.pickupIncluded,
    dropoffIncluded: product.dropoffIncluded,
    points: product.pickupPoints.map((point) => ({ id: point.id, name: point.name[locale], address: point.address[locale], latitude: point.latitude, longitude: point.longitude, pickupTime: point.pickupTime })),
  };
}

function optionOf(option: OptionRow, units: UnitRow[], pricing: Pricing, locale: LocaleCode): ExperienceDetailOption {
  return {
    id: option.id,
    title: option.title[locale],
    description: option.description[locale],
    isDefault: option.isDefault,
    durationMinutes: option.durationMinutes,
    cutoffMinutes: option.cutoffMinutes,
    minUnits: option.minUnits,
    maxUnits: option.maxUnits,
    bookingPrice: pricing.price(option.bookingPrice),
    bookingOriginalPrice: pricing.originalPrice(option.bookingPrice, option.bookingPriceOriginal),
    nativeBookingPrice: pricing.nativePrice(option.bookingPrice),
    bookingMaxPax: option.bookingMaxPax,
    units: units
      .filter((unit) => unit.optionId === option.id)
      .map((unit) => ({
        id: unit.id,
        type: unit.type,
        title: unit.title[locale],
        minAge: unit.minAge,
        maxAge: unit.maxAge,
        minQuantity: unit.minQuantity,
        maxQuantity: unit.maxQuantity,
        paxCount: unit.paxCount,
        idRequired: unit.idRequired,
        price: pricing.price(unit.price),
        originalPrice: pricing.originalPrice(unit.price, unit.priceOriginal),
        nativePrice: pricing.nativePrice(unit.price),
      })),
  };
}
