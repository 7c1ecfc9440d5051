/**
 * Payments (app/payments): one row per payment at a gateway, the webhook events already seen, and the
 * built-in sandbox gateway's own books. A payment belongs to an order (./commerce).
 */
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, currency, jsonRecord, money, ownedBy, textId, timestamps, timestamptz } from "./columns";
import { orders } from "./commerce";

/**
 * How much a payment is and how much of it has moved: the amount asked, the part captured and the part
 * refunded, all in minor units of `currency`. Kept alike by a gateway's payment and the sandbox's session.
 */
function paymentAmounts() {
  return {
    currency: currency(),
    amount: money("amount").notNull(),
    capturedAmount: money("captured_amount").notNull().default(0),
    refundedAmount: money("refunded_amount").notNull().default(0),
  };
}

/**
 * A payment at a gateway. `status`: CREATED, AUTHORIZED, CAPTURED, FAILED, VOIDED.
 * `captureState` guards the one capture call: NONE, CAPTURING, DONE.
 */
export const payments = pgTable(
  "payments",
  {
    id: textId(),
    orderId: ownedBy("order_id", () => orders.id),
    gateway: text("gateway").notNull(),
    sessionId: text("session_id").notNull(),
    redirectUrl: text("redirect_url").notNull(),
    captureMethod: text("capture_method").notNull(),
    status: text("status").notNull(),
    ...paymentAmounts(),
    captureState: text("capture_state").notNull().default("NONE"),
    declineCode: text("decline_code"),
    /** How the customer paid (mada, visa, mastercard, applepay, stcpay), once the gateway says. */
    method: text("method"),
    /**
     * ORDER: a payment of the order (checkout, pay later, the team's offline record); CHANGE: the price
     * difference a guest paid to move a booking (booking_changes), entered once the move is made, so the
     * order's payments add up to its total. Refunds and the order's "latest payment" use ORDER ones.
     */
    purpose: text("purpose").$type<"ORDER" | "CHANGE">().notNull().default("ORDER"),
    ...timestamps(),
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
    payload: jsonRecord("payload"),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
    processedAt: timestamptz("processed_at"),
  },
  (table) => [primaryKey({ columns: [table.gateway, table.eventId] })],
);

/**
 * The built-in sandbox gateway's own books (what a real provider keeps on its side): sessions with
 * their status and amounts, and the refunds it made, keyed by the caller's idempotency key.
 */
export const sandboxSessions = pgTable("sandbox_sessions", {
  id: textId(),
  status: text("status").notNull(),
  captureMethod: text("capture_method").notNull(),
  ...paymentAmounts(),
  description: text("description").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  declineCode: text("decline_code"),
  /** The method the customer paid with on the hosted page (card networks by test number, or a wallet). */
  method: text("method"),
  cardLast4: text("card_last4"),
  expiresAt: timestamptz("expires_at").notNull(),
  createdAt: createdAt(),
});

export const sandboxOperations = pgTable("sandbox_operations", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  sessionId: text("session_id").notNull(),
  kind: text("kind").notNull(),
  amount: money("amount").notNull(),
  createdAt: createdAt(),
});
