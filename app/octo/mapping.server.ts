/**
 * The catalogue as OCTO sees it: products, options and units read in four queries (never one per
 * product), then shaped per request for the asked language and capabilities. Content fields appear
 * only with octo/content, prices only with octo/pricing, pickup points only with octo/pickups — as
 * OCTO defines capabilities: a reseller that did not ask gets the core shape.
 */
import { octoQuestionsOf } from "./questions";
import {
  AvailabilityType,
  CapabilityId,
  CategoryLabel,
  CommentaryFormat,
  DeliveryFormat,
  DeliveryMethod,
  DurationUnit,
  FeatureType,
  LocationType,
  MediaRel,
  MediaType,
  PricingPer,
  RedemptionMethod,
  UnitType,
  type Feature,
  type Media,
  type Option,
  type Pricing,
  type Product,
  type Supplier,
  type Unit,
} from "@octocloud/types";
import { and, asc, eq, inArray } from "drizzle-orm";
import { cancellationCutoffMinutes } from "#app/booking/policy";
import type { Database } from "#app/db/db.server";
import { productColumnsForVisitors } from "#app/db/product-texts";
import * as schema from "#app/db/schema";
import type { CancellationPolicy, LocaleCode, PickupPoint } from "#app/db/types";
import { imageUrl } from "#app/lib/images";
import { CURRENCIES, currencyExponent, isCurrencyCode, BASE_CURRENCY } from "#app/lib/money";

type ProductRow = typeof schema.products.$inferSelect;
type OptionRow = typeof schema.productOptions.$inferSelect;
type UnitRow = typeof schema.units.$inferSelect;

/** OCTO's pickups capability (octo/pickups): a place the operator collects travellers from. */
export interface OctoPickupPoint {
  id: string;
  name: string;
  directions: string | null;
  address: string;
  center: string;
  latitude: number;
  longitude: number;
  googlePlaceId: string | null;
  street: string | null;
  postal: string | null;
  locality: string | null;
  state: string | null;
  country: string | null;
  /** Local pickup time on the availability's date (availability responses only). */
  localDateTime?: string | null;
  localDateTimeTo?: string | null;
}

export interface PickupFields {
  pickupRequired: boolean;
  pickupAvailable: boolean;
  pickupPoints: OctoPickupPoint[];
}

/** Everything one OCTO product is made of. */
export interface CatalogueProduct {
  product: ProductRow;
  destination: { name: Record<LocaleCode, string>; countryCode: string };
  categorySlugs: string[];
  options: Array<{ option: OptionRow; units: UnitRow[]; startTimes: string[]; freesale: boolean }>;
}

/** Reads published, bookable products (those with a fixed price) with options, units and start times. */
export async function loadCatalogueProducts(db: Database, productIds?: string[]): Promise<CatalogueProduct[]> {
  const where = and(eq(schema.products.published, true), eq(schema.products.noFixedPrice, false), productIds ? inArray(schema.products.id, productIds) : undefined);
  // Title and short description as visitors see them: the CMS's over the engine's (ADR 054).
  const products = await db.select(productColumnsForVisitors()).from(schema.products).where(where).orderBy(asc(schema.products.id));
  if (products.length === 0) return [];
  const ids = products.map((product) => product.id);
  // For the full list an IN over thousands of ids costs more than reading the (small) tables whole.
  const byIds = productIds !== undefined;
  const [options, destinations, categories] = await Promise.all([
    db.select().from(schema.productOptions).where(byIds ? inArray(schema.productOptions.productId, ids) : undefined).orderBy(asc(schema.productOptions.sortOrder)),
    db.select({ id: schema.destinations.id, name: schema.destinations.name, countryCode: schema.destinations.countryCode }).from(schema.destinations),
    db.select({ id: schema.categories.id, slug: schema.categories.slug }).from(schema.categories),
  ]);
  const optionIds = options.map((option) => option.id);
  const [units, schedules] = await Promise.all([
    db.select().from(schema.units).where(byIds ? inArray(schema.units.optionId, optionIds) : undefined).orderBy(asc(schema.units.sortOrder)),
    db
      .select({ optionId: schema.availabilitySchedules.optionId, startTimes: schema.availabilitySchedules.startTimes, capacity: schema.availabilitySchedules.capacity })
      .from(schema.availabilitySchedules)
      .where(byIds ? inArray(schema.availabilitySchedules.optionId, optionIds) : undefined),
  ]);
  const unitsByOption = groupBy(units, (unit) => unit.optionId);
  const schedulesByOption = groupBy(schedules, (schedule) => schedule.optionId);
  const optionsByProduct = groupBy(options, (option) => option.productId);
  const destinationById = new Map(destinations.map((destination) => [destination.id, destination]));
  const categorySlugById = new Map(categories.map((category) => [category.id, category.slug]));
  return products.map((product) => {
    const destination = destinationById.get(product.destinationId);
    return {
      product,
      destination: { name: destination?.name ?? { en: "", ru: "", zh: "", ar: "" }, countryCode: destination?.countryCode ?? "" },
      categorySlugs: product.categoryIds.map((id) => categorySlugById.get(id)).filter((slug): slug is string => Boolean(slug)),
      options: (optionsByProduct.get(product.id) ?? []).map((option) => {
        const optionSchedules = schedulesByOption.get(option.id) ?? [];
        return {
          option,
          units: unitsByOption.get(option.id) ?? [],
          startTimes: [...new Set(optionSchedules.flatMap((schedule) => schedule.startTimes))].sort(),
          freesale: optionSchedules.some((schedule) => schedule.capacity === null),
        };
      }),
    };
  });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

export interface ShapeOptions {
  locale: LocaleCode;
  capabilities: readonly CapabilityId[];
  /** Public origin for absolute media URLs. */
  siteUrl: string;
}

const CATEGORY_LABELS: Record<string, CategoryLabel[]> = {
  tours: [CategoryLabel.GUIDED_TOURS],
  cruises: [CategoryLabel.BOAT_TOURS],
  "desert-safari": [CategoryLabel.OUTDOORS],
  "water-sports": [CategoryLabel.SPORTS, CategoryLabel.OUTDOORS],
  "theme-parks": [CategoryLabel.THEME_PARKS],
  museums: [CategoryLabel.MUSEUMS],
  "day-trips": [CategoryLabel.DAY_TRIPS],
};

const UNIT_TYPES = new Set<string>(Object.values(UnitType));

function octoPricing(retail: number, original: number, currency: string): Pricing {
  const code = isCurrencyCode(currency) ? currency : BASE_CURRENCY;
  return { original, retail, net: null, currency: code, currencyPrecision: currencyExponent(code), includedTaxes: [] };
}

/** The free-cancellation window of a policy as OCTO's cancellation cutoff (0 when any cancellation costs something). */
export function cancellationCutoff(policy: CancellationPolicy): { amount: number; unit: DurationUnit; text: string } {
  // The engine refuses a reseller's cancellation or change past this same cutoff (app/booking/policy.ts).
  const minutes = cancellationCutoffMinutes(policy);
  if (minutes > 0 && minutes % 1440 === 0) return { amount: minutes / 1440, unit: DurationUnit.DAY, text: `${minutes / 1440} day${minutes === 1440 ? "" : "s"}` };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: DurationUnit.HOUR, text: `${minutes / 60} hour${minutes === 60 ? "" : "s"}` };
  return { amount: minutes, unit: DurationUnit.MINUTE, text: `${minutes} minute${minutes === 1 ? "" : "s"}` };
}

/** A stored pickup point in OCTO's shape, in one language. */
export function toOctoPickupPoint(point: PickupPoint, locale: LocaleCode, countryCode: string, locality: string): OctoPickupPoint {
  return {
    id: point.id,
    name: point.name[locale] || point.name.en,
    directions: null,
    address: point.address[locale] || point.address.en,
    center: `${point.latitude},${point.longitude}`,
    latitude: point.latitude,
    longitude: point.longitude,
    googlePlaceId: null,
    street: null,
    postal: null,
    locality: locality || null,
    state: null,
    country: countryCode || null,
  };
}

export function pickupFields(entry: CatalogueProduct, locale: LocaleCode): PickupFields {
  const points = entry.product.pickupPoints.map((point) => toOctoPickupPoint(point, locale, entry.destination.countryCode, entry.destination.name[locale]));
  // Rihla products with pickup also have a meeting point, so a pickup is offered but never required.
  return { pickupRequired: false, pickupAvailable: points.length > 0, pickupPoints: points };
}

function features(entry: CatalogueProduct, locale: LocaleCode): Feature[] {
  const content = entry.product.content;
  const list = (items: Record<LocaleCode, string[]> | undefined, type: FeatureType): Feature[] => (items?.[locale] ?? []).map((text) => ({ shortDescription: text, type }));
  return [
    ...list(content.highlights, FeatureType.HIGHLIGHT),
    ...list(content.includes, FeatureType.INCLUSION),
    ...list(content.excludes, FeatureType.EXCLUSION),
    ...list(content.knowBeforeYouGo, FeatureType.PREARRIVAL_INFORMATION),
    ...list(content.whatToBring, FeatureType.ADDITIONAL_INFORMATION),
    ...(content.meetingPoint?.[locale] ? [{ shortDescription: content.meetingPoint[locale], type: FeatureType.REDEMPTION_INSTRUCTION }] : []),
  ];
}

function media(entry: CatalogueProduct, options: ShapeOptions): Media[] {
  return entry.product.images.map((image, index) => {
    const width = image.widths.find((candidate) => candidate >= 1200) ?? image.widths[image.widths.length - 1] ?? 1200;
    // Our originals are WebP, which OCTO's media types do not list: serve a JPEG through the image server.
    return {
      src: new URL(imageUrl(`${image.base}-${width}.webp`, { width, format: "jpeg" }), options.siteUrl).toString(),
      type: MediaType.IMAGE_JPEG,
      rel: index === 0 ? MediaRel.COVER : MediaRel.GALLERY,
      title: image.alt[options.locale] || null,
      caption: null,
      copyright: null,
    };
  });
}

function toOctoUnit(unit: UnitRow, entry: CatalogueProduct, options: ShapeOptions): Unit {
  const withPricing = options.capabilities.includes(CapabilityId.OCTO_PRICING);
  const withContent = options.capabilities.includes(CapabilityId.OCTO_CONTENT);
  const perUnitPrice = entry.product.pricingPer !== "BOOKING" && unit.price !== null;
  const price = perUnitPrice ? [octoPricing(unit.price!, unit.priceOriginal ?? unit.price!, entry.product.currency)] : [];
  return {
    id: unit.id,
    internalName: unit.internalName,
    reference: null,
    type: (UNIT_TYPES.has(unit.type) ? unit.type : UnitType.OTHER) as UnitType,
    restrictions: {
      minAge: unit.minAge,
      maxAge: unit.maxAge,
      idRequired: unit.idRequired,
      minQuantity: unit.minQuantity,
      maxQuantity: unit.maxQuantity,
      paxCount: unit.paxCount,
      accompaniedBy: unit.accompaniedBy,
    },
    requiredContactFields: [],
    ...(withPricing ? { pricingFrom: price, pricing: price } : {}),
    ...(withContent ? { title: unit.title[options.locale] || unit.title.en, shortDescription: "" } : {}),
    ...(options.capabilities.includes(CapabilityId.OCTO_QUESTIONS) ? { questions: octoQuestionsOf(entry.product.bookingQuestions, "unit", options.locale) } : {}),
  };
}

function toOctoOption(item: CatalogueProduct["options"][number], entry: CatalogueProduct, options: ShapeOptions): Option & Partial<PickupFields> {
  const { option } = item;
  const withPricing = options.capabilities.includes(CapabilityId.OCTO_PRICING);
  const withContent = options.capabilities.includes(CapabilityId.OCTO_CONTENT);
  const withPickups = options.capabilities.includes(CapabilityId.OCTO_PICKUPS);
  const cutoff = cancellationCutoff(entry.product.cancellationPolicy);
  const bookingPrice =
    entry.product.pricingPer === "BOOKING" && option.bookingPrice !== null
      ? [octoPricing(option.bookingPrice, option.bookingPriceOriginal ?? option.bookingPrice, entry.product.currency)]
      : [];
  return {
    id: option.id,
    default: option.isDefault,
    internalName: option.internalName,
    reference: null,
    // An OPENING_HOURS option has no start times; its one availability a day starts at 00:00.
    availabilityLocalStartTimes: entry.product.availabilityType === "OPENING_HOURS" ? ["00:00"] : item.startTimes,
    cancellationCutoff: cutoff.text,
    cancellationCutoffAmount: cutoff.amount,
    cancellationCutoffUnit: cutoff.unit,
    requiredContactFields: [],
    restrictions: { minUnits: option.minUnits, maxUnits: option.maxUnits },
    units: item.units.map((unit) => toOctoUnit(unit, entry, options)),
    ...(withPricing ? { pricingFrom: bookingPrice, pricing: bookingPrice } : {}),
    ...(withContent
      ? {
          title: option.title[options.locale] || option.title.en,
          shortDescription: null,
          description: option.description[options.locale] || option.description.en || null,
          durationMinutesFrom: option.durationMinutes,
          durationMinutesTo: null,
        }
      : {}),
    ...(withPickups ? pickupFields(entry, options.locale) : {}),
    ...(options.capabilities.includes(CapabilityId.OCTO_QUESTIONS) ? { questions: octoQuestionsOf(entry.product.bookingQuestions, "option", options.locale) } : {}),
  };
}

/** One product in OCTO's shape, in one language, with the asked capabilities' fields. */
export function toOctoProduct(entry: CatalogueProduct, options: ShapeOptions): Product {
  const { product } = entry;
  const { locale } = options;
  const withPricing = options.capabilities.includes(CapabilityId.OCTO_PRICING);
  const withContent = options.capabilities.includes(CapabilityId.OCTO_CONTENT);
  return {
    id: product.id,
    internalName: product.title.en,
    reference: product.slug,
    locale,
    timeZone: product.timeZone,
    allowFreesale: entry.options.some((option) => option.freesale),
    instantConfirmation: product.instantConfirmation,
    instantDelivery: product.instantConfirmation,
    availabilityRequired: true,
    availabilityType: product.availabilityType === "OPENING_HOURS" ? AvailabilityType.OPENING_HOURS : AvailabilityType.START_TIME,
    // A confirmed booking's voucher and unit tickets carry both: the code for the QR, and the PDF.
    deliveryFormats: [DeliveryFormat.QRCODE, DeliveryFormat.PDF_URL],
    deliveryMethods: [DeliveryMethod.VOUCHER, DeliveryMethod.TICKET],
    redemptionMethod: RedemptionMethod.DIGITAL,
    options: entry.options.map((option) => toOctoOption(option, entry, options)),
    ...(withPricing
      ? {
          defaultCurrency: product.currency,
          // The engine converts prices into any of these on request (availability, reservation `currency`).
          availableCurrencies: [...CURRENCIES],
          pricingPer: product.pricingPer === "BOOKING" ? PricingPer.BOOKING : PricingPer.UNIT,
        }
      : {}),
    ...(withContent
      ? {
          title: product.title[locale] || product.title.en,
          shortDescription: product.shortDescription[locale] || product.shortDescription.en || null,
          description: product.content.description[locale] || product.content.description.en || null,
          features: features(entry, locale),
          faqs: [],
          media: media(entry, options),
          locations: [
            {
              title: product.address[locale] || product.address.en || null,
              shortDescription: null,
              types: [LocationType.START],
              minutesTo: null,
              minutesAt: null,
              place: {
                latitude: product.latitude,
                longitude: product.longitude,
                postalAddress: {
                  streetAddress: product.address[locale] || product.address.en || null,
                  addressLocality: entry.destination.name[locale] || null,
                  addressRegion: null,
                  postalCode: null,
                  addressCountry: entry.destination.countryCode || null,
                  postOfficeBoxNumber: null,
                },
                identifiers: {
                  googlePlaceId: null,
                  applePlaceId: null,
                  tripadvisorLocationId: null,
                  yelpPlaceId: null,
                  facebookPlaceId: null,
                  foursquarePlaceId: null,
                  baiduPlaceId: null,
                  amapPlaceId: null,
                },
                sameAs: [],
              },
            },
          ],
          categoryLabels: [...new Set(entry.categorySlugs.flatMap((slug) => CATEGORY_LABELS[slug] ?? []))],
          durationMinutesFrom: product.durationMinutes,
          durationMinutesTo: product.durationMinutesTo,
          commentary: product.guideLanguages.map((language) => ({ format: CommentaryFormat.IN_PERSON, language })),
        }
      : {}),
  };
}

/** Rihla itself is the OCTO supplier: one account over every experience the engine sells. */
export function supplierOf(options: ShapeOptions & { endpoint: string }): Supplier {
  const descriptions: Record<LocaleCode, string> = {
    en: "Tours, activities, attractions and cruises in cities worldwide.",
    ru: "Туры, развлечения, достопримечательности и круизы в городах по всему миру.",
    zh: "全球城市的旅游、活动、景点和游轮。",
    ar: "جولات وأنشطة ومعالم ورحلات بحرية في مدن حول العالم.",
  };
  return {
    id: "rihla",
    name: "Rihla",
    endpoint: options.endpoint,
    contact: { website: options.siteUrl, email: "partners@rihla.example", telephone: null, address: "Riyadh, Saudi Arabia" },
    ...(options.capabilities.includes(CapabilityId.OCTO_CONTENT) ? { shortDescription: descriptions[options.locale], media: [] } : {}),
  };
}
