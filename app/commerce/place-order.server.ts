/**
 * Placing an order from the cart: re-check the cart, write the order once per idempotency key,
 * take a hold per item through the booking API, then open a hosted payment session (card) or
 * settle at once (pay later, or nothing to pay). A refusal releases every hold it took.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { isBookingError, type BookingApi } from "#app/booking/booking.server";
import { missesRequired } from "#app/booking/questions";
import type { StoredAnswer } from "#app/db/types";
import { rowsOf, type Database } from "#app/db/db.server";
import { countRateLimitHit } from "#app/auth/rate-limit.server";
import { orderItems, orders, payments } from "#app/db/schema";
import type { LocaleCode } from "#app/lib/locales";
import type { CurrencyCode } from "#app/lib/money";
import { checkoutPath } from "#app/lib/paths";
import { loadProducts, reviewCart, type CartReview } from "./cart.server";
import { changeWithEvent, recordOrderEvent } from "./order-events.server";
import { cancelHold, contactOf, getOrderItems, getOrderPayment, resultPath, type CommerceDeps, type LeadGuest, type OrderRow, type PaymentMethod } from "./order-records.server";
import type { PromoRefusal } from "./pricing";
import { redeemPromo, releasePromo } from "./promo.server";
import { abandonUnpaidOrders, settleOrder } from "./settle-order.server";
import { payLaterDueAt } from "./pay-later.server";
import { openOrderSession } from "./payment-session.server";
import { installmentsOffer } from "./installments";

export interface PlaceOrderInput {
  cartId: string;
  locale: LocaleCode;
  lead: LeadGuest;
  /** Card (the hosted page's methods), pay later, or Tabby's pay in 4 (a card order whose session is Tabby's). */
  method: PaymentMethod | "installments";
  idempotencyKey: string;
  /** The total the customer saw on the checkout page; a different total today is refused. */
  expectedTotal?: number;
  userId?: string | null;
  /** The client's address (pay-later orders are limited per address too). */
  address?: string;
  /** The guest's answers to the booking questions, per cart line id (checked by the checkout action). */
  answers?: ReadonlyMap<string, StoredAnswer[]>;
}

export type PlaceOrderRefusal = "EMPTY_CART" | "UNAVAILABLE" | "PRICE_CHANGED" | "PROMO" | "ANSWERS_MISSING" | "PAYMENT_UNAVAILABLE" | "PAY_LATER_LIMIT" | "PAY_LATER_NOT_ALLOWED" | "INSTALLMENTS_NOT_ALLOWED";

export type PlaceOrderResult = { ok: true; order: OrderRow; redirectTo: string } | { ok: false; reason: PlaceOrderRefusal; promoReason?: PromoRefusal };

type PlaceOrderRefused = Extract<PlaceOrderResult, { ok: false }>;

/**
 * Turns the cart into an order: re-checks every item, takes a hold per item through the booking
 * engine, then opens a hosted payment session (card) or confirms the bookings (pay later). A second
 * submit with the same idempotency key finds the first order; a refusal releases every hold it took.
 */
export async function placeOrder(deps: CommerceDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const db = deps.db;
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (existing) return resumePlacedOrder(db, existing);

  const review = await reviewCart(deps, input.cartId, input.locale);
  const refusal = refusalOfCart(review, input);
  if (refusal) return refusal;
  // Checked before any order row or hold exists, and before the per-address counter counts this try.
  if (input.method === "pay_later" && !review.payLaterAvailable) return { ok: false, reason: "PAY_LATER_NOT_ALLOWED" };
  if (input.method === "pay_later" && !(await withinPayLaterLimits(deps, input))) return { ok: false, reason: "PAY_LATER_LIMIT" };
  if (input.method === "installments" && !installmentsOffer(review, deps.payments.default.installments)?.available) return { ok: false, reason: "INSTALLMENTS_NOT_ALLOWED" };

  // An unpaid earlier attempt from this cart would keep its seats held against this one.
  await abandonUnpaidOrders(deps, input.cartId);

  const products = await loadProducts(db, review.lines.map((line) => line.productId));
  const { order, items } = draftOrder(review, input, (productId) => products.get(productId)?.instantConfirmation ?? true);

  const written = await writeOrder(db, order, items);
  if (written === "PROMO_USED_UP") return { ok: false, reason: "PROMO", promoReason: "USED_UP" };
  if (written === "ALREADY_PLACED") {
    const [first] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
    return first ? resumePlacedOrder(db, first) : { ok: false, reason: "UNAVAILABLE" };
  }

  if (!(await holdEveryItem(deps, order, items))) {
    await refuseOrder(db, deps.bookingApi, order.id);
    return { ok: false, reason: "UNAVAILABLE" };
  }

  if (input.method === "pay_later" || order.totalAmount === 0) {
    // Pay later: the seats are kept until the payment deadline, then released by the reconciler.
    const paymentDueAt = input.method === "pay_later" && order.totalAmount > 0 ? await payLaterDueAt(db, deps.env, order.purchasedAt, items) : null;
    await db.update(orders).set({ status: "PROCESSING", paymentDueAt, updatedAt: new Date() }).where(eq(orders.id, order.id));
    const status = (await settleOrder(deps, order.id)) ?? "PROCESSING";
    return { ok: true, order: { ...order, status, gateway: null, notifiedStatus: null, noticeDueAt: null, paymentDueAt }, redirectTo: resultPath({ status, accessToken: order.accessToken }) };
  }

  if (!(await openPaymentSession(deps, order, items, input.locale, input.method === "installments"))) {
    await refuseOrder(db, deps.bookingApi, order.id);
    return { ok: false, reason: "PAYMENT_UNAVAILABLE" };
  }
  const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
  return { ok: true, order: stored!, redirectTo: checkoutPath({ pay: order.accessToken }) };
}

/** A second submit with the same key: where the first one got to (a refused order stays refused). */
async function resumePlacedOrder(db: Database, order: OrderRow): Promise<PlaceOrderResult> {
  if (order.status === "REFUSED") return { ok: false, reason: "UNAVAILABLE" };
  return { ok: true, order, redirectTo: await nextStepOf(db, order) };
}

async function nextStepOf(db: Database, order: OrderRow): Promise<string> {
  if (order.status === "AWAITING_PAYMENT") {
    const payment = await getOrderPayment(db, order.id);
    // The interstitial 'Redirecting to Secure Checkout...' page sends the browser on to the gateway.
    if (payment) return checkoutPath({ pay: order.accessToken });
  }
  return resultPath(order);
}

/** Why the reviewed cart cannot become an order now, or null when it can. */
function refusalOfCart(review: CartReview, input: PlaceOrderInput): PlaceOrderRefused | null {
  if (review.lines.length === 0) return { ok: false, reason: "EMPTY_CART" };
  if (review.lines.some((line) => line.status === "unavailable")) return { ok: false, reason: "UNAVAILABLE" };
  if (review.promo && !review.promo.applied) return { ok: false, reason: "PROMO", promoReason: review.promo.reason };
  if (input.expectedTotal !== undefined && input.expectedTotal !== review.total) return { ok: false, reason: "PRICE_CHANGED" };
  // A line added after the form was checked (another tab) has no answers yet: the guest is asked again.
  if (review.lines.some((line) => missesRequired({ lineId: line.id, travellers: line.travellerCount, questions: line.questions }, input.answers?.get(line.id)))) {
    return { ok: false, reason: "ANSWERS_MISSING" };
  }
  return null;
}

/**
 * Pay later takes inventory with no payment: limited per email (open unpaid orders) and per address
 * (orders a day); both limits are settings (PAY_LATER_MAX_OPEN_PER_EMAIL, PAY_LATER_MAX_PER_ADDRESS).
 */
async function withinPayLaterLimits(deps: CommerceDeps, input: PlaceOrderInput): Promise<boolean> {
  const [open] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`SELECT count(*)::int AS n FROM orders WHERE lower(email) = ${input.lead.email.trim().toLowerCase()}
      AND payment_method = 'pay_later' AND status IN ('PROCESSING', 'PAY_LATER')`),
  );
  if ((open?.n ?? 0) >= deps.env.PAY_LATER_MAX_OPEN_PER_EMAIL) return false;
  if (!input.address) return true;
  const { count } = await countRateLimitHit("payLaterAddress", input.address, { db: deps.db, secret: deps.env.SESSION_SECRET });
  return count <= deps.env.PAY_LATER_MAX_PER_ADDRESS;
}

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
function randomCode(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("");
}

/** The order and item rows for a reviewed cart, not yet written (status PLACING, items NEW). */
function draftOrder(review: CartReview, input: PlaceOrderInput, instantConfirmation: (productId: string) => boolean) {
  const orderId = randomUUID();
  const now = new Date();
  const order = {
    id: orderId,
    reference: `RH-${randomCode(8)}`,
    purchaseId: `P-${randomCode(10)}`,
    idempotencyKey: input.idempotencyKey,
    accessToken: randomBytes(24).toString("base64url"),
    cartId: input.cartId as string | null,
    userId: input.userId ?? null,
    status: "PLACING",
    // Tabby is paid on the gateway's hosted page like a card: the order is a card order, its payment says Tabby.
    paymentMethod: (input.method === "installments" ? "card" : input.method) as PaymentMethod,
    locale: input.locale,
    currency: review.currency,
    originalAmount: review.subtotal,
    discountAmount: review.discount,
    totalAmount: review.total,
    promoCode: review.promo?.applied ? review.promo.code : null,
    ...input.lead,
    purchasedAt: now,
    updatedAt: now,
  };
  const items = review.lines.map((line, position) => ({
    id: randomUUID(),
    orderId,
    position,
    bookingUuid: randomUUID(),
    productId: line.productId,
    optionId: line.selection.optionId,
    availabilityId: line.selection.availabilityId,
    localDate: line.localDate,
    units: line.selection.units,
    extraIds: line.selection.extraIds,
    instantConfirmation: instantConfirmation(line.productId),
    currency: review.currency,
    amount: line.current!.amount,
    discountShare: line.discountShare,
    status: "NEW",
    bookingAnswers: input.answers?.get(line.id) ?? [],
  }));
  return { order, items };
}

type DraftOrder = ReturnType<typeof draftOrder>["order"];
type DraftItem = ReturnType<typeof draftOrder>["items"][number];

class PromoUsedUp extends Error {}

/** Writes the order, its items and its promo redemption in one transaction. */
async function writeOrder(db: Database, order: DraftOrder, items: DraftItem[]): Promise<"WRITTEN" | "ALREADY_PLACED" | "PROMO_USED_UP"> {
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      // The unique idempotency key makes a concurrent double submit wait here, then find the first order.
      const inserted = await t.insert(orders).values(order).onConflictDoNothing({ target: orders.idempotencyKey }).returning({ id: orders.id });
      if (inserted.length === 0) return "ALREADY_PLACED";
      await t.insert(orderItems).values(items);
      await recordOrderEvent(t, order.id, "order.placed", {
        actor: "customer",
        detail: { method: order.paymentMethod, total: order.totalAmount, currency: order.currency, items: items.length, ...(order.promoCode ? { promoCode: order.promoCode } : {}) },
        now: order.purchasedAt,
      });
      if (order.promoCode && !(await redeemPromo(t, order.promoCode, order.id))) throw new PromoUsedUp();
      return "WRITTEN";
    });
  } catch (error) {
    if (error instanceof PromoUsedUp) return "PROMO_USED_UP";
    throw error;
  }
}

/**
 * Takes a hold per item, in order, and stops at the first the supplier refuses (false). Any other
 * error refuses the order and is thrown on.
 */
async function holdEveryItem(deps: CommerceDeps, order: DraftOrder, items: DraftItem[], quotedOffer?: string): Promise<boolean> {
  const { db, bookingApi: api } = deps;
  for (const item of items) {
    try {
      await api.reserve({
        uuid: item.bookingUuid,
        productId: item.productId,
        optionId: item.optionId,
        availabilityId: item.availabilityId,
        expirationMinutes: deps.env.BOOKING_HOLD_MINUTES,
        resellerReference: order.reference,
        contact: contactOf(order),
        unitItems: item.units.flatMap((unit) => Array.from({ length: unit.quantity }, () => ({ unitId: unit.unitId }))),
        ...(quotedOffer ? { quotedOffer } : {}),
      });
      await db.update(orderItems).set({ status: "HELD" }).where(eq(orderItems.id, item.id));
    } catch (error) {
      if (!isBookingError(error)) {
        await refuseOrder(db, api, order.id);
        throw error;
      }
      await db.update(orderItems).set({ status: "FAILED", failureCode: error.code }).where(eq(orderItems.id, item.id));
      return false;
    }
  }
  return true;
}

/**
 * Opens the gateway's hosted payment page and records it (the order now awaits payment). Captures
 * at once when every item confirms instantly, else authorizes and captures once bookings are decided.
 */
async function openPaymentSession(deps: CommerceDeps, order: DraftOrder, items: DraftItem[], locale: LocaleCode, installments = false): Promise<boolean> {
  const { db } = deps;
  const gatewayName = deps.payments.default.name;
  const captureMethod = items.every((item) => item.instantConfirmation) ? "automatic" : "manual";
  try {
    const { session } = await openOrderSession(deps, order, locale, { amount: order.totalAmount, captureMethod, cancelPath: checkoutPath({ cancelled: order.accessToken }), idempotencyKey: order.id, installments });
    await db.transaction(async (tx) => {
      await tx.insert(payments).values({
        id: randomUUID(),
        orderId: order.id,
        gateway: gatewayName,
        sessionId: session.id,
        redirectUrl: session.url,
        captureMethod,
        status: "CREATED",
        currency: order.currency,
        amount: order.totalAmount,
      });
      await tx.update(orders).set({ status: "AWAITING_PAYMENT", gateway: gatewayName, updatedAt: new Date() }).where(eq(orders.id, order.id));
    });
    return true;
  } catch (error) {
    console.error("[orders] could not open a payment session", error);
    deps.incidents.report({ kind: "payment_failed", orderId: order.id, reference: order.reference, gateway: gatewayName, declineCode: "session_create_failed" });
    return false;
  }
}

/** Cancels whatever holds an order took and marks it REFUSED (nothing was charged). */
async function refuseOrder(db: Database, api: BookingApi, orderId: string): Promise<void> {
  const items = await getOrderItems(db, orderId);
  for (const item of items) await cancelHold(api, item.bookingUuid);
  await db.update(orderItems).set({ status: "CANCELLED" }).where(and(eq(orderItems.orderId, orderId), inArray(orderItems.status, ["NEW", "HELD"])));
  await changeWithEvent(db, orderId, "order.refused", async (t) => {
    const refused = await t.update(orders).set({ status: "REFUSED", updatedAt: new Date() }).where(and(eq(orders.id, orderId), sql`${orders.status} <> 'REFUSED'`)).returning({ id: orders.id });
    return refused.length > 0;
  });
  await releasePromo(db, orderId);
}

export type QuotedOrderInput = {
  /** The offer's reference (the booking engine holds a no-fixed-price product at a quoted price for it). */
  offerReference: string;
  /** One accepted offer makes one order: a second accept finds the first. */
  idempotencyKey: string;
  locale: LocaleCode;
  lead: LeadGuest;
  userId: string | null;
  currency: CurrencyCode;
  item: { productId: string; optionId: string; availabilityId: string; localDate: string; units: Array<{ unitId: string; quantity: number }>; amount: number; instantConfirmation: boolean };
};

/**
 * An accepted custom offer becomes an order at the quoted price, through the same steps as checkout:
 * written once per key, the seats held through the booking engine (capacity respected: a full slot
 * refuses with UNAVAILABLE), then a hosted payment session for the quoted amount.
 */
export async function placeQuotedOrder(deps: CommerceDeps, input: QuotedOrderInput): Promise<PlaceOrderResult> {
  const db = deps.db;
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (existing) return resumePlacedOrder(db, existing);
  const orderId = randomUUID();
  const now = new Date();
  const order: DraftOrder = {
    id: orderId,
    reference: `RH-${randomCode(8)}`,
    purchaseId: `P-${randomCode(10)}`,
    idempotencyKey: input.idempotencyKey,
    accessToken: randomBytes(24).toString("base64url"),
    cartId: null,
    userId: input.userId,
    status: "PLACING",
    paymentMethod: "card" as PaymentMethod,
    locale: input.locale,
    currency: input.currency,
    originalAmount: input.item.amount,
    discountAmount: 0,
    totalAmount: input.item.amount,
    promoCode: null,
    ...input.lead,
    purchasedAt: now,
    updatedAt: now,
  };
  const items: DraftItem[] = [{ id: randomUUID(), orderId, position: 0, bookingUuid: randomUUID(), ...input.item, extraIds: [], currency: input.currency, discountShare: 0, status: "NEW", bookingAnswers: [] }];
  const written = await writeOrder(db, order, items);
  if (written !== "WRITTEN") {
    const [first] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
    return first ? resumePlacedOrder(db, first) : { ok: false, reason: "UNAVAILABLE" };
  }
  if (!(await holdEveryItem(deps, order, items, input.offerReference))) {
    await refuseOrder(db, deps.bookingApi, orderId);
    return { ok: false, reason: "UNAVAILABLE" };
  }
  if (!(await openPaymentSession(deps, order, items, input.locale))) {
    await refuseOrder(db, deps.bookingApi, orderId);
    return { ok: false, reason: "PAYMENT_UNAVAILABLE" };
  }
  const [stored] = await db.select().from(orders).where(eq(orders.id, orderId));
  return { ok: true, order: stored!, redirectTo: checkoutPath({ pay: order.accessToken }) };
}
