/**
 * Inventory and bookings (app/booking, their only writer): availability rules and exceptions, the
 * per-slot vacancies, and bookings with their unit items.
 */
import { sql } from "drizzle-orm";
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { counter, currency, flag, jsonRecord, money, ownedBy, refersTo, serialId, stringList, textId, timestamptz, updatedAt } from "./columns";
import type { OpeningHoursPeriod } from "../types";
import { productOptions, products, units } from "./catalogue";

/**
 * Recurring availability of an option: one row per rule, never one row per slot per day. A date is
 * open when it lies in [validFrom, validTo] and its weekday bit (Mon=1 … Sun=64) is set.
 */
export const availabilitySchedules = pgTable(
  "availability_schedules",
  {
    id: serialId(),
    optionId: ownedBy("option_id", () => productOptions.id),
    validFrom: date("valid_from").notNull(),
    validTo: date("valid_to"),
    weekdays: smallint("weekdays").notNull().default(127),
    /** START_TIME: local "HH:MM" start times. */
    startTimes: stringList("start_times"),
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
    id: serialId(),
    optionId: ownedBy("option_id", () => productOptions.id),
    localDate: date("local_date").notNull(),
    /** A "HH:MM" start time, or null for the whole day. */
    localTime: text("local_time"),
    closed: flag("closed", false),
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
    optionId: ownedBy("option_id", () => productOptions.id),
    /** The OCTO availability id: the local start "2025-03-01T09:00:00+03:00" (or the local date at 00:00). */
    availabilityId: text("availability_id").notNull(),
    localDate: date("local_date").notNull(),
    capacity: integer("capacity").notNull(),
    held: counter("held"),
    booked: counter("booked"),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.optionId, table.availabilityId] }),
    index("inventory_option_date_idx").on(table.optionId, table.localDate),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: textId(),
    /** Client-supplied idempotency key (OCTO uuid). */
    uuid: text("uuid").notNull(),
    productId: refersTo("product_id", () => products.id),
    optionId: refersTo("option_id", () => productOptions.id),
    availabilityId: text("availability_id").notNull(),
    localDate: date("local_date").notNull(),
    /** The start as an instant, for cancellation windows. */
    utcStartAt: timestamptz("utc_start_at").notNull(),
    status: text("status").notNull(),
    /** Persons counted against capacity. */
    pax: integer("pax").notNull(),
    currency: currency(),
    totalRetail: money("total_retail").notNull(),
    totalOriginal: money("total_original").notNull(),
    contact: jsonRecord("contact"),
    notes: text("notes"),
    resellerReference: text("reseller_reference"),
    supplierReference: text("supplier_reference").notNull(),
    utcExpiresAt: timestamptz("utc_expires_at"),
    utcConfirmedAt: timestamptz("utc_confirmed_at"),
    utcCancelledAt: timestamptz("utc_cancelled_at"),
    cancellationReason: text("cancellation_reason"),
    refund: text("refund"),
    refundAmount: money("refund_amount"),
    penaltyPercent: doublePrecision("penalty_percent"),
    /** Made with a reseller's test key: checked against real vacancies but holds no seats, and its tickets cannot be redeemed. */
    testMode: flag("test_mode", false),
    utcCreatedAt: timestamptz("utc_created_at").notNull().defaultNow(),
    utcUpdatedAt: timestamptz("utc_updated_at").notNull().defaultNow(),
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
    bookingId: ownedBy("booking_id", () => bookings.id),
    unitId: refersTo("unit_id", () => units.id),
    status: text("status").notNull(),
    retail: money("retail").notNull(),
    original: money("original").notNull(),
    supplierReference: text("supplier_reference").notNull(),
    resellerReference: text("reseller_reference"),
    contact: jsonRecord("contact"),
  },
  (table) => [index("booking_unit_items_booking_idx").on(table.bookingId)],
);

/** A booking row as read. */
export type BookingRow = typeof bookings.$inferSelect;

/**
 * Tickets of confirmed bookings: one voucher for the whole booking (unitItemUuid null) and one ticket
 * per unit item. The code is what the QR carries and staff scan: 20 random bytes, unique. A ticket is
 * redeemed once, by one conditional update (`utc_redeemed_at IS NULL`).
 */
export const tickets = pgTable(
  "tickets",
  {
    id: textId(),
    code: text("code").notNull(),
    bookingId: ownedBy("booking_id", () => bookings.id),
    /** The unit item this ticket admits; null for the booking's voucher. */
    unitItemUuid: text("unit_item_uuid").references(() => bookingUnitItems.uuid, { onDelete: "cascade" }),
    utcRedeemedAt: timestamptz("utc_redeemed_at"),
    utcCreatedAt: timestamptz("utc_created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tickets_code_idx").on(table.code),
    uniqueIndex("tickets_unit_item_idx").on(table.unitItemUuid),
    uniqueIndex("tickets_voucher_idx").on(table.bookingId).where(sql`${table.unitItemUuid} IS NULL`),
    index("tickets_booking_idx").on(table.bookingId),
  ],
);
