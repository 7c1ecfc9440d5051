/** The order statuses and payment methods the console filters on (shared by server and browser). */
export const ORDER_STATUSES = ["AWAITING_PAYMENT", "PROCESSING", "CONFIRMED", "PARTIALLY_CONFIRMED", "ON_HOLD", "PAY_LATER", "PAYMENT_FAILED", "BOOKING_FAILED", "EXPIRED", "REVIEW", "CANCELLED"] as const;
export const PAYMENT_METHODS = ["card", "pay_later"] as const;
