/**
 * What an order is and how it is read: its statuses, its rows, the page it leads to, and the few
 * reads and booking calls that placing and settling share.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { isBookingError, type BookingApi } from "#app/booking/booking.server";
import type { Mailer } from "#app/lib/mailer.server";
import type { Clock } from "#app/lib/clock";
import type { Env } from "#app/lib/env.server";
import type { PaymentGateways } from "#app/payments/payments.server";
import { isPaymentMethod, type PaymentMethod as GatewayPaymentMethod } from "#app/payments/gateway";
import type { IncidentReporter } from "./monitoring.server";
import type { WhatsAppNotifier } from "#app/messaging/whatsapp";
import type { Database } from "#app/db/db.server";
import { orderItems, orders, payments } from "#app/db/schema";
import { cartPath, checkoutResultPath } from "#app/lib/paths";
import type { ItemState, OrderState } from "./order-state";
import { netAmount } from "./pricing";

/** What the order flow uses from the app context. */
/**
 * What commerce needs from the process: the composition root (app/context.server.ts) builds these and
 * passes them in; nothing here knows the whole context.
 */
export type CommerceDeps = {
  env: Env;
  db: Database;
  bookingApi: BookingApi;
  payments: PaymentGateways;
  mailer: Mailer;
  whatsapp: WhatsAppNotifier;
  clock: Clock;
  incidents: IncidentReporter;
};

/** The order and item statuses and their legal moves live in ./order-state. */
export type OrderStatus = OrderState;

export type ItemStatus = ItemState;

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export type PaymentMethod = "card" | "pay_later";

export interface LeadGuest {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  phone: string;
}

/** Outcomes the customer is done waiting for. */
const FINAL: OrderStatus[] = ["CONFIRMED", "PARTIALLY_CONFIRMED", "PAYMENT_FAILED", "BOOKING_FAILED", "EXPIRED", "REFUSED", "CANCELLED"];

export function isFinalStatus(status: string): boolean {
  return FINAL.includes(status as OrderStatus);
}

/** The result page of an order (locale-less path; the caller prefixes the locale). */
export function resultPath(order: Pick<OrderRow, "status" | "accessToken">): string {
  const query = { order: order.accessToken };
  switch (order.status as OrderStatus) {
    case "ON_HOLD":
    case "PAY_LATER":
      return checkoutResultPath("on_hold", query);
    case "PAYMENT_FAILED":
    case "BOOKING_FAILED":
    case "EXPIRED":
    case "CANCELLED":
      return checkoutResultPath("error", query);
    case "REFUSED":
    case "PLACING":
      return cartPath();
    default:
      return checkoutResultPath("success", query);
  }
}

export async function findOrderByToken(database: Database, token: string): Promise<OrderRow | null> {
  if (!token || token.length < 20) return null;
  const [row] = await database.select().from(orders).where(eq(orders.accessToken, token));
  return row ?? null;
}

export async function getOrderItems(database: Database, orderId: string): Promise<OrderItemRow[]> {
  return database.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/** The order's latest payment (a retried checkout may have opened more than one). */
/** How an order was paid: the method its gateway named, or "card" when the gateway did not say. */
export type PaidWith = GatewayPaymentMethod | "card";

/**
 * How a payment was made once the customer paid at a gateway (held or charged); null while nobody has,
 * and for an offline payment (bank transfer, cash), which names no gateway method.
 */
export function paidWith(payment: Pick<PaymentRow, "gateway" | "status" | "method" | "capturedAmount">): PaidWith | null {
  if (payment.gateway === "offline" || (payment.status !== "AUTHORIZED" && payment.capturedAmount === 0)) return null;
  return isPaymentMethod(payment.method) ? payment.method : "card";
}

export async function getOrderPayment(db: Database, orderId: string): Promise<PaymentRow | null> {
  // The order's own payment: a move's difference (CHANGE) has its own session and is refunded with the move.
  const [row] = await db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.purpose, "ORDER"))).orderBy(desc(payments.createdAt)).limit(1);
  return row ?? null;
}

/** What the confirmed items cost: the amount an authorize-then-capture payment captures. */
export function confirmedAmount(items: OrderItemRow[]): number {
  return items.filter((item) => item.status === "CONFIRMED").reduce((sum, item) => sum + netAmount(item), 0);
}

/** The lead guest as the booking API's contact. */
export function contactOf(order: Pick<OrderRow, "firstName" | "lastName" | "email" | "countryCode" | "phone" | "locale">) {
  return {
    firstName: order.firstName,
    lastName: order.lastName,
    fullName: `${order.firstName} ${order.lastName}`,
    emailAddress: order.email,
    phoneNumber: `${order.countryCode}${order.phone}`,
    locales: [order.locale],
  };
}

/** Releases one hold; a hold that never existed or already expired is nothing to release. */
export async function cancelHold(api: BookingApi, uuid: string): Promise<void> {
  try {
    await api.cancel(uuid, { reason: "Order not completed" });
  } catch (error) {
    // No such booking (the reserve never happened) or already expired: nothing is held.
    if (!isBookingError(error)) throw error;
  }
}

/** Who ordered, as the console's lists and the day's manifest show them (columns for a partial select). */
export const customerColumns = {
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  countryCode: orders.countryCode,
  phone: orders.phone,
};
