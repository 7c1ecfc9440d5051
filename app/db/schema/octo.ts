/**
 * OCTO supplier API (app/octo): resellers, their API keys, and which reseller owns which booking.
 * Kept apart from the booking tables: the booking engine knows nothing of resellers, so the
 * ownership of a booking lives in its own table, keyed by the booking's OCTO uuid.
 */
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
