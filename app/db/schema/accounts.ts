/**
 * Accounts: users, sessions, password reset and email verification tokens, rate-limit counters,
 * review authorship, customer cancellations and custom-offer requests (app/auth, app/account).
 * Kept apart from the other areas' tables: they point at orders, order items, products and reviews by id
 * only where a foreign key cannot get in another owner's way.
 */
import { date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, currency, flag, locale, money, ownedBy, serialId, singleUseToken, textId, timestamps, timestamptz, updatedAt } from "./columns";
import { reviews } from "./catalogue";

/** A customer account. `email` is stored lower-cased; `emailVerifiedAt` gates attaching guest orders. */
export const users = pgTable(
  "users",
  {
    id: textId(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** argon2id PHC string. */
    passwordHash: text("password_hash").notNull(),
    locale: locale().default("en"),
    emailVerifiedAt: timestamptz("email_verified_at"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("users_email_idx").on(table.email)],
);

/** A signed-in browser. The cookie carries the id; only its SHA-256 is stored, so a leaked table opens no session. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: ownedBy("user_id", () => users.id),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** Single-use password reset tokens, stored hashed; `usedAt` set once. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  singleUseToken(() => users.id),
  (table) => [index("password_reset_tokens_user_idx").on(table.userId)],
);

/** Email verification links (sent at sign-up), stored hashed, for the address they were sent to. */
export const emailVerifications = pgTable(
  "email_verifications",
  { ...singleUseToken(() => users.id), email: text("email").notNull() },
  (table) => [index("email_verifications_user_idx").on(table.userId)],
);

/** Fixed-window counters (login per account, login per address, …); one upsert counts a hit atomically. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamptz("reset_at").notNull(),
});

/**
 * Who wrote a review in `reviews` (written from an account), and the booking (order item) it is about:
 * one review per booking. `orderItemId` is null only for reviews written before that rule, when an
 * account could review without a booking (`verifiedBooking` says whether it had one).
 */
export const reviewAuthors = pgTable(
  "review_authors",
  {
    reviewId: integer("review_id")
      .primaryKey()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: ownedBy("user_id", () => users.id),
    productId: text("product_id").notNull(),
    orderItemId: text("order_item_id"),
    verifiedBooking: flag("verified_booking", false),
    createdAt: createdAt(),
  },
  (table) => [index("review_authors_user_product_idx").on(table.userId, table.productId), uniqueIndex("review_authors_order_item_idx").on(table.orderItemId)],
);

/**
 * A booking the customer cancelled from the invoices page, with the refund the policy gave.
 * `refundState`: REFUNDING (asked the gateway), REFUNDED, NONE (nothing to pay back), FAILED (retry).
 */
export const customerCancellations = pgTable("customer_cancellations", {
  orderItemId: text("order_item_id").primaryKey(),
  orderId: text("order_id").notNull(),
  /** The account that cancelled; null when the guest cancelled from their manage-my-booking link. */
  userId: text("user_id"),
  currency: currency(),
  refundAmount: money("refund_amount").notNull(),
  penaltyPercent: doublePrecision("penalty_percent").notNull(),
  refundState: text("refund_state").notNull(),
  ...timestamps(),
});

/** One dated option of a quote: price in minor units of the request's currency. */
export type OfferQuoteOption = { localDate: string; availabilityId: string; optionId: string; time: string | null; amount: number; included: string };
export type OfferQuote = { options: OfferQuoteOption[]; message: string };

/** A request for a custom offer on an experience without a fixed price. `budget` in minor units of `currency`. */
export const customOfferRequests = pgTable(
  "custom_offer_requests",
  {
    id: serialId(),
    reference: text("reference").notNull(),
    userId: text("user_id"),
    productId: text("product_id").notNull(),
    locale: locale(),
    dateFrom: date("date_from").notNull(),
    dateTo: date("date_to"),
    groupSize: integer("group_size").notNull(),
    budget: money("budget"),
    currency: currency(),
    message: text("message").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** RECEIVED (requested), QUOTED, ACCEPTED, PAID, DECLINED, EXPIRED, WITHDRAWN (app/commerce/offer-state.ts). */
    status: text("status").notNull().default("RECEIVED"),
    /** The team's quote: dated options with their prices, what is included, and a message. */
    quote: jsonb("quote").$type<OfferQuote>(),
    /** The quote holds until then; the reconciler expires it after. */
    validUntil: timestamptz("valid_until"),
    quotedAt: timestamptz("quoted_at"),
    quotedBy: text("quoted_by"),
    /** The option the customer accepted (index into quote.options) and the order that pays it. */
    acceptedOption: integer("accepted_option"),
    orderId: text("order_id"),
    /** Why the customer declined or the team withdrew. */
    closedReason: text("closed_reason"),
    updatedAt: updatedAt(),
    emailedAt: timestamptz("emailed_at"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("custom_offer_requests_reference_idx").on(table.reference), index("custom_offer_requests_email_idx").on(table.email)],
);

/**
 * Consent records (PDPL): each answer a person gave about analytics cookies or marketing messages,
 * with the text version they were shown, when and how. Append-only: the current state of a purpose is
 * its newest record. Found by the account (`userId`), by the address given at checkout (`email`,
 * lower-cased) or by the browser's random visitor id (the cookie banner). The account's deletion
 * deletes them (the foreign key cascades; app/account/personal-data.server.ts also deletes its addresses').
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: serialId(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    visitorId: text("visitor_id"),
    /** 'analytics' | 'marketing' (app/account/consent-records.server.ts). */
    purpose: text("purpose").notNull(),
    granted: flag("granted", false),
    textVersion: text("text_version").notNull(),
    /** 'cookie-banner' | 'sign-up' | 'checkout' | 'account' | 'unsubscribe-link'. */
    method: text("method").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("consent_records_user_idx").on(table.userId), index("consent_records_email_idx").on(table.email), index("consent_records_visitor_idx").on(table.visitorId)],
);
