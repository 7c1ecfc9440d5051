/**
 * Commerce: carts, promo codes, orders and their items (app/commerce; payments are in ./payments).
 * Kept apart from the catalogue and booking tables: orders point at bookings by their uuid only, so the booking
 * engine can be replaced by an external OCTO supplier. Money is integer minor units + currency.
 */
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { StoredAnswer } from "../types";
import { counter, createdAt, currency, flag, jsonRecord, locale, money, ownedBy, serialId, stringList, textId, timestamps, timestamptz, updatedAt } from "./columns";

/** What a visitor chose, in a cart item and again in the order item it becomes: an option's slot, its units and extras. */
function chosenSlotColumns() {
  return {
    productId: text("product_id").notNull(),
    optionId: text("option_id").notNull(),
    availabilityId: text("availability_id").notNull(),
    localDate: date("local_date").notNull(),
    units: jsonb("units").$type<Array<{ unitId: string; quantity: number }>>().notNull(),
    extraIds: stringList("extra_ids"),
  };
}

/** A visitor's cart, found by the signed `rihla_cart` cookie (and later by user id). */
export const carts = pgTable(
  "carts",
  {
    id: textId(),
    userId: text("user_id"),
    /** The currency items are priced and charged in (the visitor's display currency when adding). */
    currency: currency(),
    promoCode: text("promo_code"),
    ...timestamps(),
  },
  (table) => [index("carts_user_idx").on(table.userId)],
);

/** One experience in a cart, with the price the visitor saw when adding it (the snapshot). */
export const cartItems = pgTable(
  "cart_items",
  {
    id: textId(),
    cartId: ownedBy("cart_id", () => carts.id),
    ...chosenSlotColumns(),
    currency: currency(),
    /** Booking price + extras, in `currency`, at the time the item was added. */
    priceSnapshot: money("price_snapshot").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("cart_items_cart_idx").on(table.cartId)],
);

/** A promo code: PERCENT (value in basis points, 1000 = 10 %) or FIXED (value in minor units of `currency`). */
export const promoCodes = pgTable("promo_codes", {
  code: text("code").primaryKey(),
  kind: text("kind").notNull(),
  value: integer("value").notNull(),
  currency: text("currency"),
  validFrom: timestamptz("valid_from"),
  validTo: timestamptz("valid_to"),
  /** Minimum subtotal of the items in scope, in minor units of `currency` (SAR when null). */
  minSubtotal: money("min_subtotal"),
  maxRedemptions: integer("max_redemptions"),
  redemptionCount: counter("redemption_count"),
  /** Empty arrays mean "every product". */
  productIds: stringList("product_ids").default(sql`'[]'::jsonb`),
  categoryIds: stringList("category_ids").default(sql`'[]'::jsonb`),
  active: flag("active", true),
});

/** One use of a promo code by an order; released when the order fails. */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: serialId(),
    code: text("code").notNull(),
    orderId: text("order_id").notNull(),
    releasedAt: timestamptz("released_at"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("promo_redemptions_order_idx").on(table.orderId)],
);

/**
 * An order placed at checkout. `status` is the outcome the customer sees: AWAITING_PAYMENT,
 * PROCESSING, CONFIRMED, PARTIALLY_CONFIRMED, ON_HOLD, PAY_LATER, PAYMENT_FAILED, BOOKING_FAILED, EXPIRED,
 * REVIEW, CANCELLED (the legal moves are in app/commerce/order-state.ts).
 */
export const orders = pgTable(
  "orders",
  {
    id: textId(),
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
    locale: locale(),
    currency: currency(),
    originalAmount: money("original_amount").notNull(),
    discountAmount: money("discount_amount").notNull().default(0),
    totalAmount: money("total_amount").notNull(),
    promoCode: text("promo_code"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    countryCode: text("country_code").notNull(),
    phone: text("phone").notNull(),
    gateway: text("gateway"),
    /** The outcome the customer was last told about (so each email goes out once). */
    notifiedStatus: text("notified_status"),
    /**
     * The notice of notifiedStatus is owed: from then on the reconciler sends it. Set with the claim
     * (a little ahead, so the request that claimed it sends it first), moved on after a failed email
     * (backoff), cleared once the email went out. A crash between the claim and the send loses nothing.
     */
    noticeDueAt: timestamptz("notice_due_at"),
    /** Pay later: the seats are kept until then; unpaid after it, the reconciler releases them (EXPIRED). */
    paymentDueAt: timestamptz("payment_due_at"),
    purchasedAt: timestamptz("purchased_at").notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("orders_idempotency_idx").on(table.idempotencyKey),
    uniqueIndex("orders_reference_idx").on(table.reference),
    uniqueIndex("orders_access_token_idx").on(table.accessToken),
    index("orders_status_idx").on(table.status, table.updatedAt),
    index("orders_payment_due_idx").on(table.status, table.paymentDueAt),
    index("orders_notice_due_idx").on(table.noticeDueAt).where(sql`${table.noticeDueAt} IS NOT NULL`),
  ],
);

/**
 * One booking of an order. `status`: NEW, HELD, CONFIRMED, PENDING (on request), FAILED (refused or
 * rejected), CANCELLED; the legal moves are in app/commerce/order-state.ts.
 * `refundState`: NONE, REFUNDING (asked the gateway), REFUNDED.
 */
export const orderItems = pgTable(
  "order_items",
  {
    id: textId(),
    orderId: ownedBy("order_id", () => orders.id),
    position: integer("position").notNull(),
    /** The booking engine's uuid for this item (reserve/confirm are idempotent on it). */
    bookingUuid: text("booking_uuid").notNull(),
    ...chosenSlotColumns(),
    instantConfirmation: boolean("instant_confirmation").notNull(),
    currency: currency(),
    amount: money("amount").notNull(),
    /** This item's share of the order discount; amount - discountShare is what it costs. */
    discountShare: money("discount_share").notNull().default(0),
    status: text("status").notNull(),
    failureCode: text("failure_code"),
    refundState: text("refund_state").notNull().default("NONE"),
    /**
     * The team's (or the reconciler's) decision on an on-request item, claimed before the supplier is
     * told (CONFIRMED or REJECTED): whoever sets it first decides; everyone else sees it taken.
     */
    decision: text("decision"),
    /** Why it was rejected, as the customer was told. */
    decisionReason: text("decision_reason"),
    /** "system" or the staff member's email. */
    decidedBy: text("decided_by"),
    decidedAt: timestamptz("decided_at"),
    /** The guest's answers to the product's booking questions, with the questions as they were asked. */
    bookingAnswers: jsonb("booking_answers").$type<StoredAnswer[]>().notNull().default([]),
  },
  (table) => [uniqueIndex("order_items_booking_idx").on(table.bookingUuid), index("order_items_order_idx").on(table.orderId)],
);

/**
 * What happened to an order, in order: placed, paid, confirmed, rejected, refunded, messages sent, …
 * written by commerce (and by staff actions through it). The console shows it as the order's timeline.
 * `actor` is "system", "customer" or a staff member's email.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serialId(),
    orderId: ownedBy("order_id", () => orders.id),
    kind: text("kind").notNull(),
    actor: text("actor").notNull().default("system"),
    detail: jsonRecord("detail").default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.createdAt)],
);

/** Every email and WhatsApp message sent about an order (so the console can show and resend them). */
export const orderMessages = pgTable(
  "order_messages",
  {
    id: serialId(),
    orderId: ownedBy("order_id", () => orders.id),
    channel: text("channel").notNull(),
    /** The template: CONFIRMED, ON_HOLD, REJECTED, PAYMENT_LINK, … */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    locale: locale(),
    /** SENT or FAILED. */
    status: text("status").notNull(),
    error: text("error"),
    createdAt: createdAt(),
  },
  (table) => [index("order_messages_order_idx").on(table.orderId)],
);

/**
 * A booking's scheduled message on one channel: REMINDER (before it starts) or REVIEW_REQUEST (after),
 * by email or WhatsApp (app/commerce/notifications/booking-notices.server.ts). The row is the claim:
 * inserted once per (item, kind, channel) with ON CONFLICT DO NOTHING, then taken for one attempt by
 * moving `dueAt` on with a conditional update, so two passes or two instances never send it twice.
 * `dueAt`: when a pass may (next) try; null once sent (`sentAt`) or given up after the last attempt.
 */
export const bookingNotices = pgTable(
  "booking_notices",
  {
    orderItemId: ownedBy("order_item_id", () => orderItems.id),
    kind: text("kind").notNull(),
    channel: text("channel").notNull(),
    dueAt: timestamptz("due_at"),
    attempts: counter("attempts"),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.orderItemId, table.kind, table.channel] }), index("booking_notices_due_idx").on(table.dueAt).where(sql`${table.dueAt} IS NOT NULL`)],
);

/**
 * Addresses that asked for no more optional messages (the unsubscribe link of a review request):
 * no review requests and no WhatsApp reminders go to them; the reminder email, a service message,
 * still does. Stored lower-cased.
 */
export const messageOptOuts = pgTable("message_opt_outs", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/**
 * A refund the team asked for (part or all of one item), through the order's gateway. `idempotencyKey`
 * is the console form's key: a resubmitted form finds this row instead of refunding twice. The amount
 * is reserved on the payment (payments.refunded_amount) when the row is written, so refunds never add
 * up to more than was captured. `state`: REFUNDING (asked, or to ask again), REFUNDED, FAILED (the
 * gateway refused; the reconciler retries at `nextAttemptAt`, and the console offers Retry).
 * `actorRole` is the staff role the refund was made as: a limited role's refunds add up against its
 * limits per order and per day (null for rows older than that rule whose author is no staff member).
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: textId(),
    orderId: ownedBy("order_id", () => orders.id),
    orderItemId: text("order_item_id").notNull(),
    paymentId: text("payment_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    currency: currency(),
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
    actor: text("actor").notNull(),
    actorRole: text("actor_role"),
    state: text("state").notNull(),
    attempts: counter("attempts"),
    lastError: text("last_error"),
    nextAttemptAt: timestamptz("next_attempt_at"),
    ...timestamps(),
  },
  (table) => [uniqueIndex("order_refunds_key_idx").on(table.idempotencyKey), index("order_refunds_order_idx").on(table.orderId), index("order_refunds_state_idx").on(table.state, table.nextAttemptAt), index("order_refunds_role_day_idx").on(table.actorRole, table.createdAt)],
);

/**
 * A guest's move of one booking to another slot of the same option, from the manage-my-booking page
 * (app/commerce/manage-booking.server.ts). `difference` is what the new slot costs more (positive: paid
 * through the gateway before the move, in the session `gatewaySessionId`) or less (negative: refunded
 * from the order's payment once moved), in minor units of the order's currency.
 * `status`: AWAITING_PAYMENT (a session is open), APPLIED (moved), FAILED (the slot was gone when the
 * payment came: its money is refunded), ABANDONED (the guest paid nothing and chose again).
 */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: textId(),
    orderId: ownedBy("order_id", () => orders.id),
    orderItemId: text("order_item_id").notNull(),
    fromAvailabilityId: text("from_availability_id").notNull(),
    toAvailabilityId: text("to_availability_id").notNull(),
    currency: currency(),
    difference: money("difference").notNull(),
    status: text("status").notNull(),
    gateway: text("gateway"),
    gatewaySessionId: text("gateway_session_id"),
    redirectUrl: text("redirect_url"),
    ...timestamps(),
  },
  (table) => [index("booking_changes_item_idx").on(table.orderItemId), uniqueIndex("booking_changes_session_idx").on(table.gateway, table.gatewaySessionId)],
);
