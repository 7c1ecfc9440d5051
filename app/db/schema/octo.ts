/**
 * OCTO supplier API (app/octo): resellers, their API keys, and which reseller owns which booking.
 * Kept apart from the booking tables: the booking engine knows nothing of resellers, so the
 * ownership of a booking lives in its own table, keyed by the booking's OCTO uuid.
 */
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { StoredAnswer } from "../types";
import { counter, createdAt, flag, ownedBy, textId, timestamptz } from "./columns";

/** A reseller (channel) that books through /octo/v1 with its own API keys. */
export const resellers = pgTable("resellers", {
  id: textId(),
  name: text("name").notNull(),
  createdAt: createdAt(),
  /** A disabled reseller's keys are refused (403). */
  disabledAt: timestamptz("disabled_at"),
});

/** A Bearer key of a reseller; only the sha256 of the key is stored, the key is shown once. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: textId(),
    resellerId: ownedBy("reseller_id", () => resellers.id),
    /** Hex sha256 of the whole key. */
    keyHash: text("key_hash").notNull(),
    /** The key's first characters, so an operator can tell keys apart without the secret. */
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz("revoked_at"),
    /** After this instant the key is refused (403); null: no expiry. */
    expiresAt: timestamptz("expires_at"),
    /** Requests a minute before 429; null: OCTO_RATE_LIMIT_PER_MINUTE. */
    rateLimitPerMinute: integer("rate_limit_per_minute"),
    /** A test key: its bookings are testMode (checked against vacancies, holding no seats). */
    testMode: flag("test_mode", false),
    lastUsedAt: timestamptz("last_used_at"),
    /** Requests answered (not counting those refused with 429), ever. */
    requestCount: bigint("request_count", { mode: "number" }).notNull().default(0),
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
    resellerId: ownedBy("reseller_id", () => resellers.id),
    pickupRequested: flag("pickup_requested", false),
    pickupPointId: text("pickup_point_id"),
    pickupHotel: text("pickup_hotel"),
    pickupHotelRoom: text("pickup_hotel_room"),
    /** The reseller's answers to the product's booking questions (octo/questions), a unit item's as its traveller. */
    bookingAnswers: jsonb("booking_answers").$type<StoredAnswer[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index("reseller_bookings_reseller_idx").on(table.resellerId)],
);

/**
 * Requests per key and minute: the rate limit's fixed windows, kept a week as the key's usage history
 * (staff see last use and counts). One upsert per request counts it, on every instance alike.
 */
export const apiKeyUsage = pgTable(
  "api_key_usage",
  {
    keyId: ownedBy("key_id", () => apiKeys.id),
    windowStart: timestamptz("window_start").notNull(),
    requests: counter("requests"),
    /** Requests refused with 429 in this window. */
    refused: counter("refused"),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.windowStart] })],
);
