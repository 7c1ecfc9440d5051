/**
 * The order flow, in steps: what an order is and how it is read (order-records), placing it from
 * the cart (place-order), settling it as payment and supplier news arrive (settle-order,
 * payment-events). The customer is told through ./notifications. Import from here or from the step.
 */
export * from "./order-records.server";
export * from "./place-order.server";
export * from "./settle-order.server";
export * from "./payment-events.server";
