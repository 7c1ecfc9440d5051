/** Reading the cart page's and the detail page's forms into domain calls (routes stay thin). */
import { z } from "zod";
import type { LocaleCode } from "#app/lib/locales";
import { isCurrencyCode, type CurrencyCode, type Money } from "#app/lib/money";
import { addToCart, getCart, loadProducts, quoteSelection, reviewCart, setCartPromo, type CartDeps, type CartRow, type ItemSelection } from "./cart.server";
import { findOrderByToken, getOrderItems } from "./orders.server";
import { computeTotals, normalizePromoCode, type PromoRefusal } from "./pricing";
import { loadPromo } from "./promo.server";
import { randomUUID } from "node:crypto";
import { cartItems } from "#app/db/schema";
import { parseAvailabilityId } from "#app/booking/time";

const AddSchema = z.object({
  productId: z.string().min(1).max(100),
  optionId: z.string().min(1).max(100),
  availabilityId: z.string().refine((id) => parseAvailabilityId(id) !== null),
  currency: z.string().optional(),
});

/**
 * The detail page's 'Choose your option' form: productId, optionId, availabilityId (slot id), date,
 * `unit.<unitId>=<n>` per unit type, `extra=<id>` per extra, currency. Units of other options in the
 * same form (one form lists every option) are ignored by validateSelection's option check.
 */
export function parseAddToCart(form: FormData): { selection: ItemSelection; currency: CurrencyCode | null } | null {
  const parsed = AddSchema.safeParse({
    productId: form.get("productId"),
    optionId: form.get("optionId"),
    availabilityId: form.get("availabilityId"),
    currency: form.get("currency") ?? undefined,
  });
  if (!parsed.success) return null;
  const units: ItemSelection["units"] = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith("unit.") || typeof value !== "string") continue;
    const quantity = Number(value || "0");
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > 999) return null;
    units.push({ unitId: name.slice(5), quantity });
  }
  const extraIds = [...new Set(form.getAll("extra").filter((value): value is string => typeof value === "string" && value.length > 0 && value.length < 100))];
  return { selection: { ...parsed.data, units, extraIds }, currency: isCurrencyCode(parsed.data.currency) ? parsed.data.currency : null };
}

/** Keeps only the units that belong to the chosen option (the form posts every option's inputs). */
export async function addSelectionToCart(deps: CartDeps, cart: CartRow, selection: ItemSelection) {
  const product = (await loadProducts(deps.db, [selection.productId])).get(selection.productId);
  const option = product?.options.get(selection.optionId);
  const units = selection.units.filter((unit) => unit.quantity > 0 && (!option || option.units.some((candidate) => candidate.id === unit.unitId)));
  return addToCart(deps, cart, { ...selection, units });
}

export type PromoCheck = { ok: true; code: string } | { ok: false; code: string; reason: PromoRefusal | "EMPTY"; minimum?: Money };

/** Checks a typed code against the cart as it is today; stores it when it applies. */
export async function applyPromoToCart(deps: CartDeps, cartId: string, typed: string, locale: LocaleCode): Promise<PromoCheck> {
  const code = normalizePromoCode(typed);
  if (!code) return { ok: false, code, reason: "EMPTY" };
  const review = await reviewCart(deps, cartId, locale);
  // The same totals the cart and the checkout compute, with the typed code instead of the stored one.
  const lines = review.lines.map((line) => ({ productId: line.productId, categoryIds: line.categoryIds, amount: line.current?.amount ?? null }));
  const result = computeTotals(lines, review.currency, { code, rule: await loadPromo(deps.db, code) }, new Date()).promo!;
  if (!result.ok) return { ok: false, code, reason: result.reason, ...(result.minimum ? { minimum: result.minimum } : {}) };
  await setCartPromo(deps.db, cartId, result.code);
  return { ok: true, code: result.code };
}

/** Puts the items of an order that could not be booked back into a cart (partially confirmed → retry). */
export async function readdFailedItems(deps: CartDeps, cartId: string, orderToken: string): Promise<number> {
  const db = deps.db;
  const order = await findOrderByToken(db, orderToken);
  const cart = await getCart(db, cartId);
  if (!order || !cart || order.cartId !== cartId) return 0;
  const failed = (await getOrderItems(db, order.id)).filter((item) => item.status === "FAILED" || item.status === "CANCELLED");
  const api = deps.bookingApi;
  const products = await loadProducts(db, failed.map((item) => item.productId));
  let added = 0;
  for (const item of failed) {
    const product = products.get(item.productId);
    if (!product) continue;
    const selection: ItemSelection = { productId: item.productId, optionId: item.optionId, availabilityId: item.availabilityId, units: item.units, extraIds: item.extraIds };
    const quote = await quoteSelection(api, product, selection, cart.currency);
    // Unavailable ones come back too: the cart shows them as such and the customer picks another date.
    await db.insert(cartItems).values({
      id: randomUUID(),
      cartId,
      ...selection,
      localDate: item.localDate,
      currency: cart.currency,
      priceSnapshot: quote.amount ?? item.amount,
    });
    added += 1;
  }
  return added;
}
