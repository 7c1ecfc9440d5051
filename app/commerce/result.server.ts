/** What the result screens (/checkout/success|error|on_hold) show, found by the URL token or the cart cookie. */
import { desc, eq } from "drizzle-orm";
import { orders } from "#app/db/schema";
import type { LocaleCode } from "#app/lib/locales";
import { isCurrencyCode, type CurrencyCode } from "#app/lib/money";
import { loadProducts } from "./cart.server";
import { isGatewayName } from "#app/payments/payments.server";
import { checkoutResultPath } from "#app/lib/paths";
import { findOrderByToken, getOrderItems, getOrderPayment, resultPath, settleOrder, syncOrderPayment, type CommerceDeps, type OrderRow, type OrderStatus } from "./orders.server";
import { netAmount } from "./pricing";
import { paidWith, type PaidWith } from "./order-records.server";
import { getFixedT } from "#app/i18n/i18n.server";
import { customerReason } from "./notifications/templates";

export type ResultScreen = "success" | "partial" | "failed" | "error" | "rejected" | "expired" | "cancelled" | "onHold" | "payLater" | "progress";

/** What became of the money of an order the team turned down: a card hold released, a charge refunded, or nothing taken. */
export type RejectedMoney = "released" | "refunded" | "none";

export interface OrderResult {
  screen: ResultScreen;
  token: string;
  reference: string;
  purchaseId: string;
  purchasedAt: string;
  email: string;
  currency: CurrencyCode;
  originalAmount: number;
  discountAmount: number;
  totalAmount: number;
  promoCode: string | null;
  /** `rejected`: the team (or the deadline) turned the request down, with the reason the customer may read. */
  items: Array<{ id: string; title: string; localDate: string; time: string | null; travellers: number; status: string; amount: number; rejected: boolean; reason: string | null }>;
  /** For an order turned down as a whole: what became of its money. */
  rejectedMoney: RejectedMoney | null;
  hasRetry: boolean;
  /** Pay later, still unpaid: the payment deadline ("Pay now" is offered). */
  payLater: { dueAt: string | null } | null;
  /**
   * How the order was paid, once it was (authorised or charged), and whether the money is charged
   * already (mada and STC Pay are, even on request).
   */
  /** How it was paid, whether it was charged (not only held), and how much of it came back. */
  payment: { method: PaidWith; charged: boolean; refunded: number } | null;
}

export function screenOf(status: OrderStatus): ResultScreen {
  switch (status) {
    case "CONFIRMED":
      return "success";
    case "PARTIALLY_CONFIRMED":
      return "partial";
    case "PAYMENT_FAILED":
      return "failed";
    case "BOOKING_FAILED":
      return "error";
    case "EXPIRED":
      return "expired";
    case "CANCELLED":
      // Cancelled by the customer or the team (an unpaid pay-later order, or every item refunded).
      return "cancelled";
    case "ON_HOLD":
    case "REVIEW":
      // The team is checking the payment before anything is confirmed: "received, awaiting confirmation".
      return "onHold";
    case "PAY_LATER":
      return "payLater";
    default:
      return "progress";
  }
}

/** Gives a late webhook a moment before asking the gateway ourselves. */
const ASK_GATEWAY_AFTER_MS = 3000;

/** How a result screen finds its order: the URL's access token, else this browser's cart (its cookie is signed). */
export interface OrderLookup {
  token: string | null;
  cartId: string | null;
}

async function findOrder(db: CommerceDeps["db"], lookup: OrderLookup): Promise<OrderRow | null> {
  if (lookup.token) return findOrderByToken(db, lookup.token);
  // Without a token: this browser's latest order.
  if (!lookup.cartId) return null;
  const [row] = await db.select().from(orders).where(eq(orders.cartId, lookup.cartId)).orderBy(desc(orders.purchasedAt)).limit(1);
  return row && row.status !== "REFUSED" && row.status !== "PLACING" ? row : null;
}

/**
 * The order behind a result screen, nudged forward when it is still in progress. `redirectTo` is
 * set when another screen than the one at `screenPath` (locale-less) matches the outcome (the
 * payment page returns to /checkout/success).
 */
export async function loadOrderResult(
  deps: CommerceDeps,
  lookup: OrderLookup,
  screenPath: string,
  locale: LocaleCode,
): Promise<{ result: OrderResult | null; redirectTo: string | null }> {
  const db = deps.db;
  let order = await findOrder(db, lookup);
  if (!order) return { result: null, redirectTo: null };
  if (order.status === "AWAITING_PAYMENT" || order.status === "PROCESSING") {
    const age = Date.now() - order.updatedAt.getTime();
    if (age > ASK_GATEWAY_AFTER_MS) {
      try {
        if (order.status === "AWAITING_PAYMENT") await syncOrderPayment(deps, order.id);
        else await settleOrder(deps, order.id);
      } catch (error) {
        // The page keeps polling; the reconciler retries too.
        console.error("[checkout] settling on return failed", error);
      }
      order = (await findOrderByToken(db, order.accessToken)) ?? order;
    }
  }
  // Back from paying a pay-later order's link: the webhook may not be in yet. Wait on the progress
  // screen (asking the gateway ourselves after a moment) rather than showing "pay later" again.
  let awaitingLink = false;
  if (order.status === "PAY_LATER" && screenPath === checkoutResultPath("success")) {
    const payment = await getOrderPayment(db, order.id);
    if (payment && isGatewayName(payment.gateway) && payment.status !== "FAILED" && payment.status !== "VOIDED") {
      if (Date.now() - payment.createdAt.getTime() > ASK_GATEWAY_AFTER_MS) {
        await syncOrderPayment(deps, order.id).catch((error: unknown) => console.error("[checkout] asking after a payment link failed", error));
        order = (await findOrderByToken(db, order.accessToken)) ?? order;
      }
      awaitingLink = order.status === "PAY_LATER" && payment.status === "CREATED";
    }
  }
  const status = order.status as OrderStatus;
  const items = await getOrderItems(deps.db, order.id);
  const isRejected = (item: (typeof items)[number]) => item.status === "FAILED" && item.failureCode === "REJECTED";
  // Every item turned down by the team: not "something went wrong" but a decision, with its reason.
  const turnedDown = status === "BOOKING_FAILED" && items.length > 0 && items.every(isRejected);
  const screen = awaitingLink ? "progress" : turnedDown ? "rejected" : screenOf(status);
  const target = resultPath(order).split("?")[0]!;
  const redirectTo = screen !== "progress" && target !== screenPath ? resultPath(order) : null;
  const [products, payment] = await Promise.all([loadProducts(deps.db, items.map((item) => item.productId)), getOrderPayment(db, order.id)]);
  const t = getFixedT(locale);
  const rejectedMoney: RejectedMoney | null = !turnedDown ? null : payment?.status === "VOIDED" ? "released" : payment && payment.capturedAmount > 0 ? "refunded" : "none";
  const method = payment ? paidWith(payment) : null;
  return {
    redirectTo,
    result: {
      screen,
      token: order.accessToken,
      reference: order.reference,
      purchaseId: order.purchaseId,
      purchasedAt: order.purchasedAt.toISOString(),
      email: order.email,
      currency: isCurrencyCode(order.currency) ? order.currency : "SAR",
      originalAmount: order.originalAmount,
      discountAmount: order.discountAmount,
      totalAmount: order.totalAmount,
      promoCode: order.promoCode,
      items: items.map((item) => ({
        id: item.id,
        title: products.get(item.productId)?.title[locale] ?? item.productId,
        localDate: item.localDate,
        time: /T(\d{2}:\d{2})/.exec(item.availabilityId)?.[1] ?? null,
        travellers: item.units.reduce((sum, unit) => sum + unit.quantity, 0),
        status: item.status,
        amount: netAmount(item),
        rejected: isRejected(item),
        reason: isRejected(item) ? customerReason(t, item.decisionReason) : null,
      })),
      rejectedMoney,
      payment: payment && method ? { method, charged: payment.capturedAmount > 0, refunded: payment.refundedAmount } : null,
      payLater: status === "PAY_LATER" ? { dueAt: order.paymentDueAt?.toISOString() ?? null } : null,
      hasRetry: status === "PARTIALLY_CONFIRMED" && items.some((item) => item.status === "FAILED" || item.status === "CANCELLED"),
    },
  };
}
