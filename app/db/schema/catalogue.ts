/**
 * Catalogue (app/catalogue): OCTO supplier → product → option → unit with the discovery attributes the
 * storefront filters on, reviews, and the version every instance watches to rebuild its in-memory index.
 */
import { sql } from "drizzle-orm";
import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { counter, slug, createdAt, currency, flag, locale, localizedText, money, ownedBy, refersTo, serialId, sortOrder, stringList, textId, timestamps, updatedAt } from "./columns";
import type { BookingQuestion, CancellationPolicy, DurationUnit, Extra, LocalizedText, MediaImage, OpeningHoursPeriod, PickupPoint, ProductContent } from "../types";

export const suppliers = pgTable("suppliers", {
  id: textId(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  website: text("website"),
  description: jsonb("description").$type<LocalizedText>(),
});

export const countries = pgTable("countries", {
  code: text("code").primaryKey(),
  name: localizedText("name"),
  region: text("region").notNull(),
  currency: currency(),
});

export const destinations = pgTable(
  "destinations",
  {
    id: textId(),
    slug: slug(),
    countryCode: refersTo("country_code", () => countries.code),
    name: localizedText("name"),
    description: localizedText("description"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    timeZone: text("time_zone").notNull(),
    popularity: integer("popularity").notNull().default(0),
    image: jsonb("image").$type<MediaImage>().notNull(),
  },
  (table) => [uniqueIndex("destinations_slug_idx").on(table.slug)],
);

export const categories = pgTable(
  "categories",
  {
    id: textId(),
    slug: slug(),
    name: localizedText("name"),
    description: localizedText("description"),
    icon: text("icon").notNull(),
    sortOrder: sortOrder(),
    image: jsonb("image").$type<MediaImage>().notNull(),
  },
  (table) => [uniqueIndex("categories_slug_idx").on(table.slug)],
);

export const themes = pgTable(
  "themes",
  {
    id: textId(),
    slug: slug(),
    name: localizedText("name"),
    sortOrder: sortOrder(),
  },
  (table) => [uniqueIndex("themes_slug_idx").on(table.slug)],
);

/** Small vocabularies (labels, occasions, best-for, languages) with their translations. */
export const vocabulary = pgTable(
  "vocabulary",
  {
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    name: localizedText("name"),
    sortOrder: sortOrder(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.code] })],
);

export const products = pgTable(
  "products",
  {
    id: textId(),
    slug: slug(),
    supplierId: refersTo("supplier_id", () => suppliers.id),
    destinationId: refersTo("destination_id", () => destinations.id),
    /** Primary category first; a product may sit in several. */
    categoryIds: stringList("category_ids"),
    themeIds: stringList("theme_ids"),
    labels: stringList("labels"),
    occasions: stringList("occasions"),
    bestFor: stringList("best_for"),
    guideLanguages: stringList("guide_languages"),
    title: localizedText("title"),
    shortDescription: localizedText("short_description"),
    /**
     * The CMS product document's title and short description (ADR 054), written by syncProductTexts:
     * per locale the CMS text, else the CMS English one; only locales that have text; null without a
     * CMS document. Readers take productTitle / productShortDescription (#app/db/product-texts), never these.
     */
    cmsTitle: jsonb("cms_title").$type<Partial<LocalizedText>>(),
    cmsShortDescription: jsonb("cms_short_description").$type<Partial<LocalizedText>>(),
    content: jsonb("content").$type<ProductContent>().notNull(),
    timeZone: text("time_zone").notNull(),
    /** OCTO availabilityType: START_TIME or OPENING_HOURS. */
    availabilityType: text("availability_type").notNull(),
    /** OCTO pricingPer: UNIT (per person / item) or BOOKING (private, group). */
    pricingPer: text("pricing_per").notNull(),
    currency: currency(),
    /** Lowest retail price of any option in minor units; null when there is no fixed price. */
    priceFrom: money("price_from"),
    /** The undiscounted price when a promotion is running, else equal to priceFrom. */
    priceFromOriginal: money("price_from_original"),
    /** Booked through a custom-offer request instead of a price. */
    noFixedPrice: flag("no_fixed_price", false),
    /** Whether checkout offers "reserve now, pay later" for this product. */
    payLaterAllowed: flag("pay_later_allowed", true),
    /** Pay later: hours the customer has to pay (null: PAY_LATER_DEADLINE_HOURS). */
    payLaterDeadlineHours: integer("pay_later_deadline_hours"),
    /** False for on-request products: confirming a hold leaves the booking PENDING. */
    instantConfirmation: flag("instant_confirmation", true),
    durationMinutes: integer("duration_minutes").notNull(),
    durationMinutesTo: integer("duration_minutes_to"),
    durationUnit: text("duration_unit").$type<DurationUnit>().notNull(),
    minimumDurationMinutes: integer("minimum_duration_minutes"),
    minAge: smallint("min_age").notNull().default(0),
    maxAge: smallint("max_age").notNull().default(99),
    timesOfDay: stringList("times_of_day"),
    startTime: text("start_time"),
    endTime: text("end_time"),
    openingHours: jsonb("opening_hours").$type<OpeningHoursPeriod[]>(),
    pickupIncluded: flag("pickup_included", false),
    dropoffIncluded: flag("dropoff_included", false),
    pickupPoints: jsonb("pickup_points").$type<PickupPoint[]>().notNull(),
    extras: jsonb("extras").$type<Extra[]>().notNull(),
    /** What checkout asks a guest of this product (hotel, diet, names), in the catalogue console's order. */
    bookingQuestions: jsonb("booking_questions").$type<BookingQuestion[]>().notNull().default([]),
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: counter("review_count"),
    /** Tickets valid until this date; null means the product never expires. */
    expiresOn: date("expires_on"),
    cancellationPolicy: jsonb("cancellation_policy").$type<CancellationPolicy>().notNull(),
    capacityPerItem: integer("capacity_per_item").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    address: localizedText("address"),
    images: jsonb("images").$type<MediaImage[]>().notNull(),
    /** Editorial ranking used by the Recommended sort (higher first). */
    recommendedScore: integer("recommended_score").notNull().default(0),
    published: flag("published", true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("products_slug_idx").on(table.slug),
    index("products_destination_idx").on(table.destinationId),
    // The few products told in the CMS, so syncProductTexts finds those whose document went away without a scan.
    index("products_cms_texts_idx").on(table.id).where(sql`${table.cmsTitle} IS NOT NULL OR ${table.cmsShortDescription} IS NOT NULL`),
  ],
);

export const productOptions = pgTable(
  "product_options",
  {
    id: textId(),
    productId: ownedBy("product_id", () => products.id),
    internalName: text("internal_name").notNull(),
    title: localizedText("title"),
    description: localizedText("description"),
    isDefault: flag("is_default", false),
    sortOrder: sortOrder(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Bookings close this many minutes before the start. */
    cutoffMinutes: integer("cutoff_minutes").notNull().default(0),
    minUnits: integer("min_units").notNull().default(1),
    maxUnits: integer("max_units"),
    /** Per-booking price (pricingPer BOOKING) in the product's currency. */
    bookingPrice: money("booking_price"),
    bookingPriceOriginal: money("booking_price_original"),
    /** Max persons covered by one per-booking price (a private car for up to 4, a yacht for 10). */
    bookingMaxPax: integer("booking_max_pax"),
  },
  (table) => [index("product_options_product_idx").on(table.productId)],
);

export const units = pgTable(
  "units",
  {
    id: textId(),
    optionId: ownedBy("option_id", () => productOptions.id),
    /** OCTO unit type: ADULT, CHILD, INFANT, YOUTH, SENIOR, STUDENT, FAMILY, OTHER. */
    type: text("type").notNull(),
    internalName: text("internal_name").notNull(),
    title: localizedText("title"),
    minAge: smallint("min_age").notNull().default(0),
    maxAge: smallint("max_age").notNull().default(99),
    minQuantity: integer("min_quantity"),
    maxQuantity: integer("max_quantity"),
    /** Persons one unit admits (a FAMILY ticket admits 4). */
    paxCount: smallint("pax_count").notNull().default(1),
    idRequired: flag("id_required", false),
    accompaniedBy: stringList("accompanied_by"),
    /** Per-unit retail price in minor units of the product's currency; null for per-booking or no-price products. */
    price: money("price"),
    priceOriginal: money("price_original"),
    sortOrder: sortOrder(),
  },
  (table) => [index("units_option_idx").on(table.optionId)],
);

/**
 * Date-ranged prices of an option (a season): from validFrom to validTo (local dates in the product's
 * time zone, both included), each unit's price (and optional strike-through original) and, for
 * per-booking pricing, the booking price. Outside every season the option's and units' base prices
 * apply. Seasons of one option never overlap (app/catalogue/manage refuses it under a lock on the option).
 */
export const priceSeasons = pgTable(
  "price_seasons",
  {
    id: textId(),
    optionId: ownedBy("option_id", () => productOptions.id),
    validFrom: date("valid_from").notNull(),
    validTo: date("valid_to").notNull(),
    /** Per-unit prices in minor units of the product's currency, by unit id; a unit not listed keeps its base price. */
    unitPrices: jsonb("unit_prices").$type<Record<string, { price: number; original: number | null }>>().notNull(),
    bookingPrice: money("booking_price"),
    bookingPriceOriginal: money("booking_price_original"),
    createdAt: createdAt(),
  },
  (table) => [index("price_seasons_option_idx").on(table.optionId, table.validFrom)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serialId(),
    productId: ownedBy("product_id", () => products.id),
    authorName: text("author_name").notNull(),
    authorCountry: text("author_country"),
    locale: locale(),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    visitedOn: date("visited_on"),
    createdAt: createdAt(),
  },
  (table) => [index("reviews_product_idx").on(table.productId, table.createdAt)],
);

/** Bumped whenever the catalogue changes, so every instance knows to rebuild its in-memory index. */
export const catalogueMeta = pgTable("catalogue_meta", {
  key: text("key").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  seed: text("seed"),
  scale: integer("scale"),
  updatedAt: updatedAt(),
});

/** Rows as read, for code that takes them whole. */
export type ProductRow = typeof products.$inferSelect;
export type ProductOptionRow = typeof productOptions.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
export type PriceSeasonRow = typeof priceSeasons.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
