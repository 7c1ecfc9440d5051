/**
 * The cart: a database row found by the signed, httpOnly `rihla_cart` cookie (read and written in
 * app/web/cart-cookie.server.ts), so it works without JavaScript and survives restarts. Items keep
 * the price the visitor saw (the snapshot); viewing the cart re-checks every item through the
 * booking engine (available, unavailable, price changed).
 */
import { randomUUID } from "node:crypto";
import type { Availability } from "@octocloud/types";
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import { isBookingError, type BookingApi } from "#app/booking/booking.server";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { cartItems, carts, productOptions, products, units as unitsTable } from "#app/db/schema";
import type { BookingQuestion, Extra, LocalizedText } from "#app/db/types";
import type { AskedLine } from "#app/booking/questions";
import type { LocaleCode } from "#app/lib/locales";
import { convertAmount, isCurrencyCode, type CurrencyCode, type Money } from "#app/lib/money";
import { computeTotals, type PromoRefusal } from "./pricing";
import { loadPromo } from "./promo.server";

/** What the cart reads and writes through: the database and the BookingApi (live prices). */
export type CartDeps = { db: Database; bookingApi: BookingApi };

export interface CartRow {
  id: string;
  currency: CurrencyCode;
  promoCode: string | null;
}

export async function getCart(database: Database, cartId: string | null): Promise<CartRow | null> {
  if (!cartId) return null;
  const [row] = await database.select().from(carts).where(eq(carts.id, cartId));
  if (!row) return null;
  return { id: row.id, currency: isCurrencyCode(row.currency) ? row.currency : "SAR", promoCode: row.promoCode };
}

/** A new, empty cart. */
export async function createCart(db: Database, currency: CurrencyCode): Promise<CartRow> {
  const id = randomUUID();
  await db.insert(carts).values({ id, currency });
  return { id, currency, promoCode: null };
}

/** What the storefront needs of a product to price, validate and show a cart line. */
export interface ProductInfo {
  id: string;
  slug: string;
  title: LocalizedText;
  categoryIds: string[];
  instantConfirmation: boolean;
  /** Whether the product may be reserved now and paid later (set in the catalogue console). */
  payLaterAllowed: boolean;
  capacityPerItem: number;
  currency: CurrencyCode;
  extras: Extra[];
  noFixedPrice: boolean;
  /** What checkout asks a guest of this product (issue #33). */
  bookingQuestions: BookingQuestion[];
  options: Map<
    string,
    {
      title: LocalizedText;
      minUnits: number;
      maxUnits: number | null;
      units: Array<{ id: string; title: LocalizedText; minQuantity: number | null; maxQuantity: number | null; paxCount: number; accompaniedBy: string[] }>;
    }
  >;
}

export async function loadProducts(database: Database, productIds: string[]): Promise<Map<string, ProductInfo>> {
  const ids = [...new Set(productIds)];
  const result = new Map<string, ProductInfo>();
  if (ids.length === 0) return result;
  const [productRows, optionRows] = await Promise.all([
    database
      .select({
        id: products.id,
        slug: products.slug,
        title: productTitle,
        categoryIds: products.categoryIds,
        instantConfirmation: products.instantConfirmation,
        payLaterAllowed: products.payLaterAllowed,
        capacityPerItem: products.capacityPerItem,
        currency: products.currency,
        extras: products.extras,
        noFixedPrice: products.noFixedPrice,
        bookingQuestions: products.bookingQuestions,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    database.select().from(productOptions).where(inArray(productOptions.productId, ids)),
  ]);
  const unitRows = optionRows.length
    ? await database
        .select()
        .from(unitsTable)
        .where(inArray(unitsTable.optionId, optionRows.map((option) => option.id)))
        .orderBy(asc(unitsTable.sortOrder))
    : [];
  for (const row of productRows) {
    result.set(row.id, { ...row, currency: isCurrencyCode(row.currency) ? row.currency : "SAR", options: new Map() });
  }
  for (const option of optionRows) {
    result.get(option.productId)?.options.set(option.id, {
      title: option.title,
      minUnits: option.minUnits,
      maxUnits: option.maxUnits,
      units: unitRows
        .filter((unit) => unit.optionId === option.id)
        .map((unit) => ({ id: unit.id, title: unit.title, minQuantity: unit.minQuantity, maxQuantity: unit.maxQuantity, paxCount: unit.paxCount, accompaniedBy: unit.accompaniedBy })),
    });
  }
  return result;
}

export interface ItemSelection {
  productId: string;
  optionId: string;
  availabilityId: string;
  units: Array<{ unitId: string; quantity: number }>;
  extraIds: string[];
}

export type SelectionRefusal = "UNKNOWN_PRODUCT" | "NO_TRAVELLERS" | "TOO_MANY_TRAVELLERS" | "QUANTITY_RULES" | "UNAVAILABLE";

/** Quantity rules of the storefront (capacity per item) and of the option's units. */
export function validateSelection(product: ProductInfo | undefined, selection: ItemSelection): SelectionRefusal | null {
  if (!product || product.noFixedPrice) return "UNKNOWN_PRODUCT";
  const option = product.options.get(selection.optionId);
  if (!option) return "UNKNOWN_PRODUCT";
  const counts = new Map(selection.units.map((unit) => [unit.unitId, unit.quantity]));
  const total = selection.units.reduce((sum, unit) => sum + unit.quantity, 0);
  if (total <= 0) return "NO_TRAVELLERS";
  const capacity = Math.min(product.capacityPerItem, option.maxUnits ?? product.capacityPerItem);
  if (total > capacity) return "TOO_MANY_TRAVELLERS";
  if (total < option.minUnits) return "QUANTITY_RULES";
  for (const unit of selection.units) if (!option.units.some((candidate) => candidate.id === unit.unitId)) return "UNKNOWN_PRODUCT";
  for (const unit of option.units) {
    const quantity = counts.get(unit.id) ?? 0;
    if (quantity === 0) continue;
    if ((unit.minQuantity !== null && quantity < unit.minQuantity) || (unit.maxQuantity !== null && quantity > unit.maxQuantity)) return "QUANTITY_RULES";
    if (unit.accompaniedBy.length > 0 && !unit.accompaniedBy.some((id) => (counts.get(id) ?? 0) > 0)) return "QUANTITY_RULES";
  }
  for (const extraId of selection.extraIds) if (!product.extras.some((extra) => extra.id === extraId)) return "UNKNOWN_PRODUCT";
  return null;
}

export interface Quote {
  available: boolean;
  /** Booking price + extras in the requested currency; null when unavailable. */
  amount: number | null;
  slot: Pick<Availability, "localDateTimeStart" | "allDay"> | null;
}

/** Live price and availability of one selection, through the booking engine. */
export async function quoteSelection(api: BookingApi, product: ProductInfo, selection: ItemSelection, currency: CurrencyCode): Promise<Quote> {
  const option = product.options.get(selection.optionId);
  if (!option) return { available: false, amount: null, slot: null };
  try {
    const slots = await api.checkAvailability({
      productId: selection.productId,
      optionId: selection.optionId,
      availabilityIds: [selection.availabilityId],
      units: selection.units.map((unit) => ({ id: unit.unitId, quantity: unit.quantity })),
      currency,
    });
    const slot = slots.find((candidate) => candidate.id === selection.availabilityId);
    if (!slot) return { available: false, amount: null, slot: null };
    const pax = selection.units.reduce((sum, unit) => sum + unit.quantity * (option.units.find((candidate) => candidate.id === unit.unitId)?.paxCount ?? 1), 0);
    const available = slot.available && (slot.vacancies === null || slot.vacancies >= pax) && slot.pricing !== undefined;
    if (!available || !slot.pricing) return { available: false, amount: null, slot };
    const quantity = selection.units.reduce((sum, unit) => sum + unit.quantity, 0);
    const extras = selection.extraIds.reduce((sum, id) => {
      const extra = product.extras.find((candidate) => candidate.id === id);
      return extra ? sum + convertAmount(extra.price, product.currency, currency) * (extra.per === "UNIT" ? quantity : 1) : sum;
    }, 0);
    return { available: true, amount: slot.pricing.retail + extras, slot };
  } catch (error) {
    // The engine refusing (closed slot, unknown option) means "not available", never a crash.
    if (isBookingError(error)) return { available: false, amount: null, slot: null };
    throw error;
  }
}

export type AddToCartResult = { ok: true; itemId: string } | { ok: false; reason: SelectionRefusal };

/** Validates a selection, prices it live and adds it to the cart with that price as its snapshot. */
export async function addToCart(deps: CartDeps, cart: CartRow, selection: ItemSelection): Promise<AddToCartResult> {
  const db = deps.db;
  const product = (await loadProducts(db, [selection.productId])).get(selection.productId);
  const refusal = validateSelection(product, selection);
  if (refusal || !product) return { ok: false, reason: refusal ?? "UNKNOWN_PRODUCT" };
  const quote = await quoteSelection(deps.bookingApi, product, selection, cart.currency);
  if (!quote.available || quote.amount === null) return { ok: false, reason: "UNAVAILABLE" };
  const itemId = randomUUID();
  const localDate = selection.availabilityId.slice(0, 10);
  await db.insert(cartItems).values({
    id: itemId,
    cartId: cart.id,
    productId: selection.productId,
    optionId: selection.optionId,
    availabilityId: selection.availabilityId,
    localDate,
    units: selection.units.filter((unit) => unit.quantity > 0),
    extraIds: selection.extraIds,
    currency: cart.currency,
    priceSnapshot: quote.amount,
  });
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
  return { ok: true, itemId };
}

export async function removeCartItem(db: Database, cartId: string, itemId: string): Promise<boolean> {
  const removed = await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId))).returning({ id: cartItems.id });
  return removed.length > 0;
}

export async function setCartPromo(db: Database, cartId: string, code: string | null): Promise<void> {
  await db.update(carts).set({ promoCode: code, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Empties a cart of the items that were in it when an order was placed. */
export async function clearCartItems(database: Database, cartId: string, addedUpTo: Date): Promise<void> {
  await database.delete(cartItems).where(and(eq(cartItems.cartId, cartId), lte(cartItems.createdAt, addedUpTo)));
  await database.update(carts).set({ promoCode: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/**
 * Moves every item of one cart into another (an anonymous cart into the user's at sign-in). Prices
 * are converted to the target cart's currency; the target keeps its promo code unless it has none.
 * The source cart is deleted. Idempotent: merging a cart that is gone does nothing.
 */
export async function mergeCarts(db: Database, fromCartId: string, intoCartId: string): Promise<void> {
  if (fromCartId === intoCartId) return;
  await db.transaction(async (tx) => {
    const [from] = await tx.select().from(carts).where(eq(carts.id, fromCartId)).for("update");
    const [into] = await tx.select().from(carts).where(eq(carts.id, intoCartId)).for("update");
    if (!from || !into) return;
    const target = isCurrencyCode(into.currency) ? into.currency : "SAR";
    const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, fromCartId));
    for (const item of items) {
      const price = isCurrencyCode(item.currency) ? convertAmount(item.priceSnapshot, item.currency, target) : item.priceSnapshot;
      await tx.update(cartItems).set({ cartId: intoCartId, currency: target, priceSnapshot: price }).where(eq(cartItems.id, item.id));
    }
    await tx
      .update(carts)
      .set({ promoCode: into.promoCode ?? from.promoCode, updatedAt: new Date() })
      .where(eq(carts.id, intoCartId));
    await tx.delete(carts).where(eq(carts.id, fromCartId));
  });
}

export type LineStatus = "available" | "unavailable" | "priceChanged";

export interface CartLine {
  id: string;
  productId: string;
  slug: string;
  title: string;
  optionTitle: string;
  categoryIds: string[];
  instantConfirmation: boolean;
  payLaterAllowed: boolean;
  localDate: string;
  /** "HH:MM" local start, or null for a whole-day ticket. */
  time: string | null;
  travellers: Array<{ title: string; quantity: number }>;
  extras: string[];
  selection: ItemSelection;
  snapshot: Money;
  /** Today's price; null when unavailable. */
  current: Money | null;
  status: LineStatus;
  discountShare: number;
  /** The product's booking questions, asked at checkout for this line (per traveller ones `travellerCount` times). */
  questions: BookingQuestion[];
  travellerCount: number;
}

export type CartNotice = "allUnavailable" | "someUnavailable" | "pricesChanged" | "unavailableAndPricesChanged" | null;

export type PromoState = { code: string; applied: true; discount: number } | { code: string; applied: false; reason: PromoRefusal; minimum?: Money } | null;

export interface CartReview {
  cartId: string | null;
  currency: CurrencyCode;
  lines: CartLine[];
  notice: CartNotice;
  /** Sum of today's prices of the available items. */
  subtotal: number;
  promo: PromoState;
  discount: number;
  total: number;
  /** "Reserve now, pay later" is offered only when every item's product allows it. */
  payLaterAvailable: boolean;
}

/** How many people a line's units are (a family ticket is several). */
function travellerCountOf(units: Array<{ unitId: string; quantity: number }>, option: { units: Array<{ id: string; paxCount: number }> } | undefined): number {
  return units.reduce((sum, unit) => sum + unit.quantity * (option?.units.find((candidate) => candidate.id === unit.unitId)?.paxCount ?? 1), 0);
}

/**
 * What checkout asks of each line of a cart (its product's booking questions and its travellers),
 * read without pricing anything: the checkout action checks the answers with it before placing the order.
 */
export async function askedLinesOfCart(database: Database, cartId: string | null): Promise<AskedLine[]> {
  if (!cartId) return [];
  const rows = await database.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const productInfo = await loadProducts(database, rows.map((row) => row.productId));
  return rows.map((row) => {
    const product = productInfo.get(row.productId);
    return { lineId: row.id, travellers: travellerCountOf(row.units, product?.options.get(row.optionId)), questions: product?.bookingQuestions ?? [] };
  });
}

/** The cart re-checked against the engine, with the promo code applied to today's prices. */
export async function reviewCart(deps: CartDeps, cartId: string | null, locale: LocaleCode, options: { now?: Date } = {}): Promise<CartReview> {
  const db = deps.db;
  const cart = await getCart(db, cartId);
  if (!cart) return { cartId: null, currency: "SAR", lines: [], notice: null, subtotal: 0, promo: null, discount: 0, total: 0, payLaterAvailable: false };
  const rows = await db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const productInfo = await loadProducts(db, rows.map((row) => row.productId));
  const api = deps.bookingApi;
  const lines: CartLine[] = [];
  for (const row of rows) {
    const product = productInfo.get(row.productId);
    const option = product?.options.get(row.optionId);
    const selection: ItemSelection = { productId: row.productId, optionId: row.optionId, availabilityId: row.availabilityId, units: row.units, extraIds: row.extraIds };
    const quote: Quote = product ? await quoteSelection(api, product, selection, cart.currency) : { available: false, amount: null, slot: null };
    const rowCurrency = isCurrencyCode(row.currency) ? row.currency : cart.currency;
    const snapshot = { amount: convertAmount(row.priceSnapshot, rowCurrency, cart.currency), currency: cart.currency };
    const status: LineStatus = !quote.available ? "unavailable" : quote.amount !== snapshot.amount ? "priceChanged" : "available";
    const start = /T(\d{2}:\d{2})/.exec(row.availabilityId)?.[1] ?? null;
    lines.push({
      id: row.id,
      productId: row.productId,
      slug: product?.slug ?? "",
      title: product?.title[locale] ?? product?.title.en ?? row.productId,
      optionTitle: option?.title[locale] ?? option?.title.en ?? "",
      categoryIds: product?.categoryIds ?? [],
      instantConfirmation: product?.instantConfirmation ?? true,
      payLaterAllowed: product?.payLaterAllowed ?? false,
      localDate: row.localDate,
      time: quote.slot?.allDay ? null : start,
      travellers: row.units.map((unit) => {
        const info = option?.units.find((candidate) => candidate.id === unit.unitId);
        return { title: info?.title[locale] ?? info?.title.en ?? unit.unitId, quantity: unit.quantity };
      }),
      extras: row.extraIds.map((id) => {
        const extra = product?.extras.find((candidate) => candidate.id === id);
        return extra?.title[locale] ?? extra?.title.en ?? id;
      }),
      selection,
      snapshot,
      current: quote.amount === null ? null : { amount: quote.amount, currency: cart.currency },
      status,
      discountShare: 0,
      questions: product?.bookingQuestions ?? [],
      travellerCount: travellerCountOf(row.units, option),
    });
  }
  const unavailable = lines.filter((line) => line.status === "unavailable").length;
  const changed = lines.filter((line) => line.status === "priceChanged").length;
  const notice: CartNotice =
    lines.length > 0 && unavailable === lines.length
      ? "allUnavailable"
      : unavailable > 0 && changed > 0
        ? "unavailableAndPricesChanged"
        : unavailable > 0
          ? "someUnavailable"
          : changed > 0
            ? "pricesChanged"
            : null;
  const code = lines.some((line) => line.current !== null) ? cart.promoCode : null;
  const totals = computeTotals(
    lines.map((line) => ({ productId: line.productId, categoryIds: line.categoryIds, amount: line.current?.amount ?? null })),
    cart.currency,
    code ? { code, rule: await loadPromo(db, code) } : null,
    options.now ?? new Date(),
  );
  lines.forEach((line, index) => (line.discountShare = totals.shares[index] ?? 0));
  const result = totals.promo;
  const promo: PromoState = !result
    ? null
    : result.ok
      ? { code: result.code, applied: true, discount: result.discount }
      : { code: result.code, applied: false, reason: result.reason, ...(result.minimum ? { minimum: result.minimum } : {}) };
  const payLaterAvailable = lines.length > 0 && lines.every((line) => line.payLaterAllowed);
  return { cartId: cart.id, currency: cart.currency, lines, notice, subtotal: totals.subtotal, promo, discount: totals.discount, total: totals.total, payLaterAvailable };
}

/**
 * The cart to keep at sign-in: the browser's anonymous cart is merged into the account's (mergeCarts),
 * or becomes the account's. Returns the cart id the cookie should carry.
 */
export async function adoptCartAtSignIn(userId: string, browserCartId: string | null, db: Database): Promise<string | null> {
  const [owned] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).orderBy(desc(carts.updatedAt)).limit(1);
  const [browser] = browserCartId ? await db.select({ id: carts.id, userId: carts.userId }).from(carts).where(eq(carts.id, browserCartId)) : [];
  if (browser && browser.userId && browser.userId !== userId) return owned?.id ?? null;
  if (owned && browser && owned.id !== browser.id) {
    await mergeCarts(db, browser.id, owned.id);
    return owned.id;
  }
  if (browser) {
    await db.update(carts).set({ userId }).where(eq(carts.id, browser.id));
    return browser.id;
  }
  return owned?.id ?? null;
}
