/**
 * The relational model, following OCTO (supplier → product → option → unit; availability; bookings
 * with unit items) plus the discovery attributes the storefront filters on.
 *
 * Enumerations are text columns checked in code rather than Postgres enums: generated enum DDL is
 * schema-qualified ("public"), and plain text keeps one migration set portable between PGlite and a
 * server. Visitor-facing text is a jsonb map { en, ru, zh, ar }.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  CancellationPolicy,
  DurationUnit,
  Extra,
  LocalizedText,
  MediaImage,
  OpeningHoursPeriod,
  PickupPoint,
  ProductContent,
} from "./types";

export const suppliers = pgTable("suppliers", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  website: text("website"),
  description: jsonb("description").$type<LocalizedText>(),
});

export const countries = pgTable("countries", {
  code: text("code").primaryKey(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  region: text("region").notNull(),
  currency: text("currency").notNull(),
});

export const destinations = pgTable(
  "destinations",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    countryCode: text("country_code")
      .notNull()
      .references(() => countries.code),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull(),
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
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull(),
    icon: text("icon").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    image: jsonb("image").$type<MediaImage>().notNull(),
  },
  (table) => [uniqueIndex("categories_slug_idx").on(table.slug)],
);

export const themes = pgTable(
  "themes",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [uniqueIndex("themes_slug_idx").on(table.slug)],
);

/** Small vocabularies (labels, occasions, best-for, languages) with their translations. */
export const vocabulary = pgTable(
  "vocabulary",
  {
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.code] })],
);

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    destinationId: text("destination_id")
      .notNull()
      .references(() => destinations.id),
    /** Primary category first; a product may sit in several. */
    categoryIds: jsonb("category_ids").$type<string[]>().notNull(),
    themeIds: jsonb("theme_ids").$type<string[]>().notNull(),
    labels: jsonb("labels").$type<string[]>().notNull(),
    occasions: jsonb("occasions").$type<string[]>().notNull(),
    bestFor: jsonb("best_for").$type<string[]>().notNull(),
    guideLanguages: jsonb("guide_languages").$type<string[]>().notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    shortDescription: jsonb("short_description").$type<LocalizedText>().notNull(),
    content: jsonb("content").$type<ProductContent>().notNull(),
    timeZone: text("time_zone").notNull(),
    /** OCTO availabilityType: START_TIME or OPENING_HOURS. */
    availabilityType: text("availability_type").notNull(),
    /** OCTO pricingPer: UNIT (per person / item) or BOOKING (private, group). */
    pricingPer: text("pricing_per").notNull(),
    currency: text("currency").notNull(),
    /** Lowest retail price of any option in minor units; null when there is no fixed price. */
    priceFrom: integer("price_from"),
    /** The undiscounted price when a promotion is running, else equal to priceFrom. */
    priceFromOriginal: integer("price_from_original"),
    /** Booked through a custom-offer request instead of a price. */
    noFixedPrice: boolean("no_fixed_price").notNull().default(false),
    /** False for on-request products: confirming a hold leaves the booking PENDING. */
    instantConfirmation: boolean("instant_confirmation").notNull().default(true),
    durationMinutes: integer("duration_minutes").notNull(),
    durationMinutesTo: integer("duration_minutes_to"),
    durationUnit: text("duration_unit").$type<DurationUnit>().notNull(),
    minimumDurationMinutes: integer("minimum_duration_minutes"),
    minAge: smallint("min_age").notNull().default(0),
    maxAge: smallint("max_age").notNull().default(99),
    timesOfDay: jsonb("times_of_day").$type<string[]>().notNull(),
    startTime: text("start_time"),
    endTime: text("end_time"),
    openingHours: jsonb("opening_hours").$type<OpeningHoursPeriod[]>(),
    pickupIncluded: boolean("pickup_included").notNull().default(false),
    dropoffIncluded: boolean("dropoff_included").notNull().default(false),
    pickupPoints: jsonb("pickup_points").$type<PickupPoint[]>().notNull(),
    extras: jsonb("extras").$type<Extra[]>().notNull(),
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    /** Tickets valid until this date; null means the product never expires. */
    expiresOn: date("expires_on"),
    cancellationPolicy: jsonb("cancellation_policy").$type<CancellationPolicy>().notNull(),
    capacityPerItem: integer("capacity_per_item").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    address: jsonb("address").$type<LocalizedText>().notNull(),
    images: jsonb("images").$type<MediaImage[]>().notNull(),
    /** Editorial ranking used by the Recommended sort (higher first). */
    recommendedScore: integer("recommended_score").notNull().default(0),
    published: boolean("published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("products_slug_idx").on(table.slug), index("products_destination_idx").on(table.destinationId)],
);

export const productOptions = pgTable(
  "product_options",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    internalName: text("internal_name").notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Bookings close this many minutes before the start. */
    cutoffMinutes: integer("cutoff_minutes").notNull().default(0),
    minUnits: integer("min_units").notNull().default(1),
    maxUnits: integer("max_units"),
    /** Per-booking price (pricingPer BOOKING) in the product's currency. */
    bookingPrice: integer("booking_price"),
    bookingPriceOriginal: integer("booking_price_original"),
    /** Max persons covered by one per-booking price (a private car for up to 4, a yacht for 10). */
    bookingMaxPax: integer("booking_max_pax"),
  },
  (table) => [index("product_options_product_idx").on(table.productId)],
);

export const units = pgTable(
  "units",
  {
    id: text("id").primaryKey(),
    optionId: text("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    /** OCTO unit type: ADULT, CHILD, INFANT, YOUTH, SENIOR, STUDENT, FAMILY, OTHER. */
    type: text("type").notNull(),
    internalName: text("internal_name").notNull(),
    title: jsonb("title").$type<LocalizedText>().notNull(),
    minAge: smallint("min_age").notNull().default(0),
    maxAge: smallint("max_age").notNull().default(99),
    minQuantity: integer("min_quantity"),
    maxQuantity: integer("max_quantity"),
    /** Persons one unit admits (a FAMILY ticket admits 4). */
    paxCount: smallint("pax_count").notNull().default(1),
    idRequired: boolean("id_required").notNull().default(false),
    accompaniedBy: jsonb("accompanied_by").$type<string[]>().notNull(),
    /** Per-unit retail price in minor units of the product's currency; null for per-booking or no-price products. */
    price: integer("price"),
    priceOriginal: integer("price_original"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [index("units_option_idx").on(table.optionId)],
);

/**
 * Recurring availability of an option: one row per rule, never one row per slot per day. A date is
 * open when it lies in [validFrom, validTo] and its weekday bit (Mon=1 … Sun=64) is set.
 */
export const availabilitySchedules = pgTable(
  "availability_schedules",
  {
    id: serial("id").primaryKey(),
    optionId: text("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    validFrom: date("valid_from").notNull(),
    validTo: date("valid_to"),
    weekdays: smallint("weekdays").notNull().default(127),
    /** START_TIME: local "HH:MM" start times. */
    startTimes: jsonb("start_times").$type<string[]>().notNull(),
    /** OPENING_HOURS: periods of the day. */
    openingHours: jsonb("opening_hours").$type<OpeningHoursPeriod[]>().notNull(),
    /** Seats per slot (per day for opening hours); null means freesale. */
    capacity: integer("capacity"),
  },
  (table) => [index("availability_schedules_option_idx").on(table.optionId)],
);

/** Exceptions to the schedules: a closed day or slot, or a different capacity. */
export const availabilityOverrides = pgTable(
  "availability_overrides",
  {
    id: serial("id").primaryKey(),
    optionId: text("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    localDate: date("local_date").notNull(),
    /** A "HH:MM" start time, or null for the whole day. */
    localTime: text("local_time"),
    closed: boolean("closed").notNull().default(false),
    capacity: integer("capacity"),
  },
  (table) => [index("availability_overrides_option_date_idx").on(table.optionId, table.localDate)],
);

/**
 * Seats taken per slot. A row exists only where something is held, booked or changed; the booking
 * engine creates it on the first hold and takes vacancies from it with one conditional update.
 */
export const inventory = pgTable(
  "inventory",
  {
    optionId: text("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    /** The OCTO availability id: the local start "2025-03-01T09:00:00+03:00" (or the local date at 00:00). */
    availabilityId: text("availability_id").notNull(),
    localDate: date("local_date").notNull(),
    capacity: integer("capacity").notNull(),
    held: integer("held").notNull().default(0),
    booked: integer("booked").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.optionId, table.availabilityId] }),
    index("inventory_option_date_idx").on(table.optionId, table.localDate),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    /** Client-supplied idempotency key (OCTO uuid). */
    uuid: text("uuid").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    optionId: text("option_id")
      .notNull()
      .references(() => productOptions.id),
    availabilityId: text("availability_id").notNull(),
    localDate: date("local_date").notNull(),
    /** The start as an instant, for cancellation windows. */
    utcStartAt: timestamp("utc_start_at", { withTimezone: true, mode: "date" }).notNull(),
    status: text("status").notNull(),
    /** Persons counted against capacity. */
    pax: integer("pax").notNull(),
    currency: text("currency").notNull(),
    totalRetail: integer("total_retail").notNull(),
    totalOriginal: integer("total_original").notNull(),
    contact: jsonb("contact").$type<Record<string, unknown>>().notNull(),
    notes: text("notes"),
    resellerReference: text("reseller_reference"),
    supplierReference: text("supplier_reference").notNull(),
    utcExpiresAt: timestamp("utc_expires_at", { withTimezone: true, mode: "date" }),
    utcConfirmedAt: timestamp("utc_confirmed_at", { withTimezone: true, mode: "date" }),
    utcCancelledAt: timestamp("utc_cancelled_at", { withTimezone: true, mode: "date" }),
    cancellationReason: text("cancellation_reason"),
    refund: text("refund"),
    refundAmount: integer("refund_amount"),
    penaltyPercent: doublePrecision("penalty_percent"),
    utcCreatedAt: timestamp("utc_created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    utcUpdatedAt: timestamp("utc_updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("bookings_uuid_idx").on(table.uuid),
    index("bookings_hold_expiry_idx").on(table.utcExpiresAt).where(sql`${table.status} = 'ON_HOLD'`),
    index("bookings_slot_idx").on(table.optionId, table.availabilityId),
  ],
);

export const bookingUnitItems = pgTable(
  "booking_unit_items",
  {
    uuid: text("uuid").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    unitId: text("unit_id")
      .notNull()
      .references(() => units.id),
    status: text("status").notNull(),
    retail: integer("retail").notNull(),
    original: integer("original").notNull(),
    supplierReference: text("supplier_reference").notNull(),
    resellerReference: text("reseller_reference"),
    contact: jsonb("contact").$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index("booking_unit_items_booking_idx").on(table.bookingId)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    authorCountry: text("author_country"),
    locale: text("locale").notNull(),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    visitedOn: date("visited_on"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("reviews_product_idx").on(table.productId, table.createdAt)],
);

/** Bumped whenever the catalogue changes, so every instance knows to rebuild its in-memory index. */
export const catalogueMeta = pgTable("catalogue_meta", {
  key: text("key").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  seed: text("seed"),
  scale: integer("scale"),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Site: messages sent through the contact form (app/site/contact.server.ts). Kept apart from the
// catalogue and booking tables above; nothing else references it.

/** One message from the contact form. `ipKey` is a hash of the sender's address, used for rate limiting. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    pageUrl: text("page_url"),
    ipKey: text("ip_key").notNull(),
    emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("contact_messages_ip_created_idx").on(table.ipKey, table.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Commerce: carts, promo codes, orders, payments (app/commerce, app/payments). Kept apart from the
// catalogue and booking tables above: orders point at bookings by their uuid only, so the booking
// engine can be replaced by an external OCTO supplier. Money is integer minor units + currency.

/** A visitor's cart, found by the signed `rihla_cart` cookie (and later by user id). */
export const carts = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id"),
    /** The currency items are priced and charged in (the visitor's display currency when adding). */
    currency: text("currency").notNull(),
    promoCode: text("promo_code"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("carts_user_idx").on(table.userId)],
);

/** One experience in a cart, with the price the visitor saw when adding it (the snapshot). */
export const cartItems = pgTable(
  "cart_items",
  {
    id: text("id").primaryKey(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    optionId: text("option_id").notNull(),
    availabilityId: text("availability_id").notNull(),
    localDate: date("local_date").notNull(),
    units: jsonb("units").$type<Array<{ unitId: string; quantity: number }>>().notNull(),
    extraIds: jsonb("extra_ids").$type<string[]>().notNull(),
    currency: text("currency").notNull(),
    /** Booking price + extras, in `currency`, at the time the item was added. */
    priceSnapshot: integer("price_snapshot").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("cart_items_cart_idx").on(table.cartId)],
);

/** A promo code: PERCENT (value in basis points, 1000 = 10 %) or FIXED (value in minor units of `currency`). */
export const promoCodes = pgTable("promo_codes", {
  code: text("code").primaryKey(),
  kind: text("kind").notNull(),
  value: integer("value").notNull(),
  currency: text("currency"),
  validFrom: timestamp("valid_from", { withTimezone: true, mode: "date" }),
  validTo: timestamp("valid_to", { withTimezone: true, mode: "date" }),
  /** Minimum subtotal of the items in scope, in minor units of `currency` (SAR when null). */
  minSubtotal: integer("min_subtotal"),
  maxRedemptions: integer("max_redemptions"),
  redemptionCount: integer("redemption_count").notNull().default(0),
  /** Empty arrays mean "every product". */
  productIds: jsonb("product_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  categoryIds: jsonb("category_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  active: boolean("active").notNull().default(true),
});

/** One use of a promo code by an order; released when the order fails. */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    orderId: text("order_id").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("promo_redemptions_order_idx").on(table.orderId)],
);

/**
 * An order placed at checkout. `status` is the outcome the customer sees: AWAITING_PAYMENT,
 * PROCESSING, CONFIRMED, PARTIALLY_CONFIRMED, ON_HOLD, PAY_LATER, PAYMENT_FAILED, BOOKING_FAILED, EXPIRED.
 */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** The order ID shown to the customer. */
    reference: text("reference").notNull(),
    purchaseId: text("purchase_id").notNull(),
    /** The checkout form's hidden key: a double submit finds the first order instead of making a second. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** Secret part of result-page URLs: orders are never found by their id alone. */
    accessToken: text("access_token").notNull(),
    cartId: text("cart_id"),
    userId: text("user_id"),
    status: text("status").notNull(),
    paymentMethod: text("payment_method").notNull(),
    locale: text("locale").notNull(),
    currency: text("currency").notNull(),
    originalAmount: integer("original_amount").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    totalAmount: integer("total_amount").notNull(),
    promoCode: text("promo_code"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    countryCode: text("country_code").notNull(),
    phone: text("phone").notNull(),
    gateway: text("gateway"),
    /** The outcome the customer was last told about (so each email goes out once). */
    notifiedStatus: text("notified_status"),
    purchasedAt: timestamp("purchased_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("orders_idempotency_idx").on(table.idempotencyKey),
    uniqueIndex("orders_reference_idx").on(table.reference),
    uniqueIndex("orders_access_token_idx").on(table.accessToken),
    index("orders_status_idx").on(table.status, table.updatedAt),
  ],
);

/**
 * One booking of an order. `status`: HELD, CONFIRMED, PENDING (on request), FAILED, CANCELLED.
 * `refundState`: NONE, REFUNDING (asked the gateway), REFUNDED.
 */
export const orderItems = pgTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The booking engine's uuid for this item (reserve/confirm are idempotent on it). */
    bookingUuid: text("booking_uuid").notNull(),
    productId: text("product_id").notNull(),
    optionId: text("option_id").notNull(),
    availabilityId: text("availability_id").notNull(),
    localDate: date("local_date").notNull(),
    units: jsonb("units").$type<Array<{ unitId: string; quantity: number }>>().notNull(),
    extraIds: jsonb("extra_ids").$type<string[]>().notNull(),
    instantConfirmation: boolean("instant_confirmation").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    /** This item's share of the order discount; amount - discountShare is what it costs. */
    discountShare: integer("discount_share").notNull().default(0),
    status: text("status").notNull(),
    failureCode: text("failure_code"),
    refundState: text("refund_state").notNull().default("NONE"),
  },
  (table) => [uniqueIndex("order_items_booking_idx").on(table.bookingUuid), index("order_items_order_idx").on(table.orderId)],
);

/**
 * A payment at a gateway. `status`: CREATED, AUTHORIZED, CAPTURED, FAILED, VOIDED.
 * `captureState` guards the one capture call: NONE, CAPTURING, DONE.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    sessionId: text("session_id").notNull(),
    redirectUrl: text("redirect_url").notNull(),
    captureMethod: text("capture_method").notNull(),
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    capturedAmount: integer("captured_amount").notNull().default(0),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    captureState: text("capture_state").notNull().default("NONE"),
    declineCode: text("decline_code"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("payments_session_idx").on(table.gateway, table.sessionId), index("payments_order_idx").on(table.orderId)],
);

/** Webhook events already seen (gateway + event id), so duplicate deliveries are no-ops. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    sessionId: text("session_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [primaryKey({ columns: [table.gateway, table.eventId] })],
);

/**
 * The built-in sandbox gateway's own books (what a real provider keeps on its side): sessions with
 * their status and amounts, and the refunds it made, keyed by the caller's idempotency key.
 */
export const sandboxSessions = pgTable("sandbox_sessions", {
  id: text("id").primaryKey(),
  status: text("status").notNull(),
  captureMethod: text("capture_method").notNull(),
  currency: text("currency").notNull(),
  amount: integer("amount").notNull(),
  capturedAmount: integer("captured_amount").notNull().default(0),
  refundedAmount: integer("refunded_amount").notNull().default(0),
  description: text("description").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  declineCode: text("decline_code"),
  cardLast4: text("card_last4"),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const sandboxOperations = pgTable("sandbox_operations", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  sessionId: text("session_id").notNull(),
  kind: text("kind").notNull(),
  amount: integer("amount").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// OCTO supplier API (app/octo): resellers, their API keys, and which reseller owns which booking.
// Kept apart from the booking tables above: the booking engine knows nothing of resellers, so the
// ownership of a booking lives in its own table, keyed by the booking's OCTO uuid.

/** A reseller (channel) that books through /octo/v1 with its own API keys. */
export const resellers = pgTable("resellers", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** A disabled reseller's keys are refused (403). */
  disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
});

/** A Bearer key of a reseller; only the sha256 of the key is stored, the key is shown once. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    resellerId: text("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    /** Hex sha256 of the whole key. */
    keyHash: text("key_hash").notNull(),
    /** The key's first characters, so an operator can tell keys apart without the secret. */
    prefix: text("prefix").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [uniqueIndex("api_keys_key_hash_idx").on(table.keyHash), index("api_keys_reseller_idx").on(table.resellerId)],
);

/**
 * The reseller that owns a booking, plus the OCTO pickup choice the engine does not store. The row
 * is written before the engine's reservation (a claim on the uuid), so two resellers can never
 * share a uuid; hence no foreign key to bookings.
 */
export const resellerBookings = pgTable(
  "reseller_bookings",
  {
    bookingUuid: text("booking_uuid").primaryKey(),
    resellerId: text("reseller_id")
      .notNull()
      .references(() => resellers.id, { onDelete: "cascade" }),
    pickupRequested: boolean("pickup_requested").notNull().default(false),
    pickupPointId: text("pickup_point_id"),
    pickupHotel: text("pickup_hotel"),
    pickupHotelRoom: text("pickup_hotel_room"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("reseller_bookings_reseller_idx").on(table.resellerId)],
);

// ---------------------------------------------------------------------------------------------
// Accounts: users, sessions, password reset and email verification tokens, rate-limit counters,
// review authorship, customer cancellations and custom-offer requests (app/auth, app/account).
// Kept apart from the tables above: they point at orders, order items, products and reviews by id
// only where a foreign key cannot get in another owner's way.

/** A customer account. `email` is stored lower-cased; `emailVerifiedAt` gates attaching guest orders. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** argon2id PHC string. */
    passwordHash: text("password_hash").notNull(),
    locale: text("locale").notNull().default("en"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_email_idx").on(table.email)],
);

/** A signed-in browser. The cookie carries the id; only its SHA-256 is stored, so a leaked table opens no session. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** Single-use password reset tokens, stored hashed; `usedAt` set once. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("password_reset_tokens_user_idx").on(table.userId)],
);

/** Email verification links (sent at sign-up), stored hashed, for the address they were sent to. */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("email_verifications_user_idx").on(table.userId)],
);

/** Fixed-window counters (login per account, login per address, …); one upsert counts a hit atomically. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** Who wrote a review in `reviews` (written from an account), and whether they had booked that experience. */
export const reviewAuthors = pgTable(
  "review_authors",
  {
    reviewId: integer("review_id")
      .primaryKey()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    verifiedBooking: boolean("verified_booking").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("review_authors_user_product_idx").on(table.userId, table.productId)],
);

/**
 * A booking the customer cancelled from the invoices page, with the refund the policy gave.
 * `refundState`: REFUNDING (asked the gateway), REFUNDED, NONE (nothing to pay back), FAILED (retry).
 */
export const customerCancellations = pgTable("customer_cancellations", {
  orderItemId: text("order_item_id").primaryKey(),
  orderId: text("order_id").notNull(),
  userId: text("user_id").notNull(),
  currency: text("currency").notNull(),
  refundAmount: integer("refund_amount").notNull(),
  penaltyPercent: doublePrecision("penalty_percent").notNull(),
  refundState: text("refund_state").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** A request for a custom offer on an experience without a fixed price. `budget` in minor units of `currency`. */
export const customOfferRequests = pgTable(
  "custom_offer_requests",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    userId: text("user_id"),
    productId: text("product_id").notNull(),
    locale: text("locale").notNull(),
    dateFrom: date("date_from").notNull(),
    dateTo: date("date_to"),
    groupSize: integer("group_size").notNull(),
    budget: integer("budget"),
    currency: text("currency").notNull(),
    message: text("message").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    status: text("status").notNull().default("RECEIVED"),
    emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("custom_offer_requests_reference_idx").on(table.reference), index("custom_offer_requests_email_idx").on(table.email)],
);
