/**
 * The order and item state machines: which status changes are legal. Every place that moves an
 * order or an item asks here first (settling, placing, the reconciler, the console's decisions,
 * cancellations and pay-later collection), so an illegal move is refused in one place instead of
 * being prevented by luck in many. Plain values only: shared by server and browser.
 *
 * Orders
 * - PLACING → AWAITING_PAYMENT (card session opened), PROCESSING (pay later, or nothing to pay), REFUSED.
 * - AWAITING_PAYMENT → PROCESSING / ON_HOLD / CONFIRMED / PARTIALLY_CONFIRMED / BOOKING_FAILED (paid,
 *   bookings decided), PAYMENT_FAILED, EXPIRED (nobody paid in time), REVIEW (amounts disagree).
 * - PROCESSING → the same outcomes, and PAY_LATER (seats booked, payment to collect).
 * - ON_HOLD (on-request items await a decision) → CONFIRMED / PARTIALLY_CONFIRMED / BOOKING_FAILED
 *   (decided), CANCELLED (the team or the customer cancelled), REVIEW.
 * - PAY_LATER → CONFIRMED (paid), CANCELLED (cancelled by the team), EXPIRED (deadline passed), REVIEW.
 * - CONFIRMED / PARTIALLY_CONFIRMED → CANCELLED (every booking cancelled afterwards).
 * - EXPIRED → BOOKING_FAILED (a payment arrived after the seats were released: refunded).
 * - PAYMENT_FAILED → BOOKING_FAILED (a stray authorisation on a failed order is released).
 * - REVIEW → whatever the team decides after looking (any outcome but PLACING/REFUSED/AWAITING_PAYMENT).
 * - REFUSED, BOOKING_FAILED and CANCELLED are final.
 *
 * Items
 * - NEW → HELD / FAILED / CANCELLED; HELD → CONFIRMED / PENDING / FAILED / CANCELLED;
 * - PENDING → CONFIRMED (accepted) / FAILED (rejected, by the supplier or the team) / CANCELLED;
 * - CONFIRMED → CANCELLED. FAILED and CANCELLED are final.
 */

export const ORDER_STATES = [
  "PLACING",
  "REFUSED",
  "AWAITING_PAYMENT",
  "PROCESSING",
  "CONFIRMED",
  "PARTIALLY_CONFIRMED",
  "ON_HOLD",
  "PAY_LATER",
  "PAYMENT_FAILED",
  "BOOKING_FAILED",
  "EXPIRED",
  "REVIEW",
  "CANCELLED",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ITEM_STATES = ["NEW", "HELD", "CONFIRMED", "PENDING", "FAILED", "CANCELLED"] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** Where payment news or settling may take a live order. */
const SETTLED_OUTCOMES = ["PROCESSING", "ON_HOLD", "CONFIRMED", "PARTIALLY_CONFIRMED", "BOOKING_FAILED", "PAYMENT_FAILED", "REVIEW"] as const;

const ORDER_TRANSITIONS: Record<OrderState, readonly OrderState[]> = {
  PLACING: ["AWAITING_PAYMENT", "PROCESSING", "REFUSED"],
  REFUSED: [],
  AWAITING_PAYMENT: [...SETTLED_OUTCOMES, "EXPIRED"],
  PROCESSING: [...SETTLED_OUTCOMES.filter((to) => to !== "PROCESSING"), "PAY_LATER"],
  ON_HOLD: ["CONFIRMED", "PARTIALLY_CONFIRMED", "BOOKING_FAILED", "CANCELLED", "REVIEW"],
  PAY_LATER: ["CONFIRMED", "CANCELLED", "EXPIRED", "REVIEW"],
  CONFIRMED: ["CANCELLED"],
  PARTIALLY_CONFIRMED: ["CANCELLED"],
  EXPIRED: ["BOOKING_FAILED"],
  PAYMENT_FAILED: ["BOOKING_FAILED"],
  REVIEW: ["PROCESSING", "ON_HOLD", "CONFIRMED", "PARTIALLY_CONFIRMED", "PAY_LATER", "BOOKING_FAILED", "PAYMENT_FAILED", "EXPIRED", "CANCELLED"],
  BOOKING_FAILED: [],
  CANCELLED: [],
};

const ITEM_TRANSITIONS: Record<ItemState, readonly ItemState[]> = {
  NEW: ["HELD", "FAILED", "CANCELLED"],
  HELD: ["CONFIRMED", "PENDING", "FAILED", "CANCELLED"],
  PENDING: ["CONFIRMED", "FAILED", "CANCELLED"],
  CONFIRMED: ["CANCELLED"],
  FAILED: [],
  CANCELLED: [],
};

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === "string" && (ORDER_STATES as readonly string[]).includes(value);
}

export function isItemState(value: unknown): value is ItemState {
  return typeof value === "string" && (ITEM_STATES as readonly string[]).includes(value);
}

/** True when an order may move from `from` to `to` (staying put is not a transition). */
export function canTransition(from: string, to: string): boolean {
  return isOrderState(from) && isOrderState(to) && ORDER_TRANSITIONS[from].includes(to);
}

export function canItemTransition(from: string, to: string): boolean {
  return isItemState(from) && isItemState(to) && ITEM_TRANSITIONS[from].includes(to);
}

/** The statuses an order may move to from `from` (for conditional updates: WHERE status IN …). */
export function orderSourcesOf(to: OrderState): OrderState[] {
  return ORDER_STATES.filter((from) => ORDER_TRANSITIONS[from].includes(to));
}

export function itemSourcesOf(to: ItemState): ItemState[] {
  return ITEM_STATES.filter((from) => ITEM_TRANSITIONS[from].includes(to));
}

export class IllegalTransitionError extends Error {
  constructor(
    readonly subject: "order" | "item",
    readonly from: string,
    readonly to: string,
  ) {
    super(`Illegal ${subject} transition ${from} → ${to}`);
    this.name = "IllegalTransitionError";
  }
}

export function assertOrderTransition(from: string, to: string): asserts to is OrderState {
  if (!canTransition(from, to)) throw new IllegalTransitionError("order", from, to);
}

export function assertItemTransition(from: string, to: string): asserts to is ItemState {
  if (!canItemTransition(from, to)) throw new IllegalTransitionError("item", from, to);
}

/** Final statuses: nothing moves them any more. */
export function isTerminalOrderState(status: string): boolean {
  return isOrderState(status) && ORDER_TRANSITIONS[status].length === 0;
}
