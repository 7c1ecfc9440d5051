/**
 * Custom offers after the request: the team quotes one or several dated options (price, what is
 * included, valid until, a message), the customer accepts one (its seats are held through the booking
 * engine and an order at the quoted price goes to the hosted payment page) or declines; the team may
 * withdraw; the reconciler expires quotes past their validity. Every status change is a conditional
 * update from the statuses offer-state.ts allows, written with its audit entry in one transaction.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { customOfferRequests, productOptions, products, units as unitsTable, type OfferQuote, type OfferQuoteOption } from "#app/db/schema";
import type { LocalizedText } from "#app/db/types";
import type { LocaleCode } from "#app/lib/locales";
import { isCurrencyCode, type CurrencyCode } from "#app/lib/money";
import { recordAudit, SYSTEM_ACTOR, type Actor } from "#app/staff/audit.server";
import { tellCustomer } from "./notifications/tell-customer.server";
import { nextOfferStatus, offerStatusesAllowing, type OfferMove } from "./offer-state";
import type { CommerceDeps } from "./order-records.server";
import { placeQuotedOrder } from "./place-order.server";

export type OfferRow = typeof customOfferRequests.$inferSelect;

export type StaffOffer = OfferRow & { title: string; slug: string; timeZone: string; availabilityType: string };

/** Requests for the console, oldest first; `status` filters (RECEIVED: waiting for a quote). */
export async function listOffersForStaff(db: Database, locale: LocaleCode, status?: string): Promise<StaffOffer[]> {
  const rows = await db
    .select({ offer: customOfferRequests, title: productTitle, slug: products.slug, timeZone: products.timeZone, availabilityType: products.availabilityType })
    .from(customOfferRequests)
    .innerJoin(products, eq(products.id, customOfferRequests.productId))
    .where(status ? eq(customOfferRequests.status, status) : undefined)
    .orderBy(status ? asc(customOfferRequests.createdAt) : desc(customOfferRequests.createdAt))
    .limit(200);
  return rows.map(({ offer, title, slug, timeZone, availabilityType }) => ({ ...offer, title: (title as LocalizedText)[locale] || (title as LocalizedText).en || slug, slug, timeZone, availabilityType }));
}

export async function loadOfferForStaff(db: Database, reference: string, locale: LocaleCode): Promise<StaffOffer | null> {
  if (reference.length > 40) return null;
  const [row] = await db
    .select({ offer: customOfferRequests, title: productTitle, slug: products.slug, timeZone: products.timeZone, availabilityType: products.availabilityType })
    .from(customOfferRequests)
    .innerJoin(products, eq(products.id, customOfferRequests.productId))
    .where(eq(sql`upper(${customOfferRequests.reference})`, reference.toUpperCase()));
  if (!row) return null;
  const { offer, title, slug, timeZone, availabilityType } = row;
  return { ...offer, title: (title as LocalizedText)[locale] || (title as LocalizedText).en || slug, slug, timeZone, availabilityType };
}

async function moveOffer(
  db: Database,
  reference: string,
  move: OfferMove,
  actor: Actor,
  now: Date,
  changes: Partial<typeof customOfferRequests.$inferInsert>,
  extra: { reason?: string | null; validNow?: boolean } = {},
): Promise<OfferRow | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const conditions = [eq(customOfferRequests.reference, reference), inArray(customOfferRequests.status, offerStatusesAllowing(move))];
    // Accepting needs a quote that is still valid at this instant.
    if (extra.validNow) conditions.push(sql`${customOfferRequests.validUntil} > ${now}`);
    const [before] = await t.select().from(customOfferRequests).where(and(...conditions)).for("update");
    if (!before) return null;
    const to = nextOfferStatus(before.status, move)!;
    const [after] = await t
      .update(customOfferRequests)
      .set({ ...changes, status: to, updatedAt: now })
      .where(and(eq(customOfferRequests.id, before.id), eq(customOfferRequests.status, before.status)))
      .returning();
    if (!after) return null;
    await recordAudit(t, actor, { action: `offer.${move}`, subjectType: "offer", subjectId: reference, orderId: after.orderId, before: { status: before.status }, after: { status: to, ...(move === "quote" ? { options: after.quote?.options.length, validUntil: after.validUntil?.toISOString() } : {}), ...(move === "accept" ? { option: after.acceptedOption } : {}) }, reason: extra.reason ?? null }, now);
    return after;
  });
}

// ── Quoting ─────────────────────────────────────────────────────────────────────────────────────

export type QuoteOptionInput = { localDate: string; time?: string | null; amount: number; included: string };
export type QuoteInput = { options: QuoteOptionInput[]; validUntil: Date; message: string };
export type QuoteOutcome = { ok: true; offer: OfferRow } | { ok: false; reason: "NOT_FOUND" | "NOT_QUOTABLE" | "VALIDITY"; } | { ok: false; reason: "NO_AVAILABILITY"; option: number };

/**
 * Quotes (or re-quotes) a request: each option's date and time is checked against the product's own
 * availability now (so the customer is never offered a closed day), then the customer is emailed.
 */
export async function quoteOffer(deps: CommerceDeps, reference: string, input: QuoteInput, actor: Actor, now: Date = new Date()): Promise<QuoteOutcome> {
  const offer = await loadOfferForStaff(deps.db, reference, "en");
  if (!offer) return { ok: false, reason: "NOT_FOUND" };
  if (!nextOfferStatus(offer.status, "quote")) return { ok: false, reason: "NOT_QUOTABLE" };
  if (input.validUntil <= now) return { ok: false, reason: "VALIDITY" };
  const [option] = await deps.db.select().from(productOptions).where(eq(productOptions.productId, offer.productId)).orderBy(desc(productOptions.isDefault)).limit(1);
  if (!option) return { ok: false, reason: "NO_AVAILABILITY", option: 0 };
  const options: OfferQuoteOption[] = [];
  for (const [index, wanted] of input.options.entries()) {
    const slots = await deps.bookingApi.checkAvailability({ productId: offer.productId, optionId: option.id, localDateStart: wanted.localDate, localDateEnd: wanted.localDate }).catch(() => []);
    // A product without a fixed price is never "available" for sale at a price: look at whether the slot is open.
    const open = slots.filter((slot) => slot.status !== "CLOSED" && slot.status !== "SOLD_OUT");
    const slot = wanted.time ? open.find((candidate) => candidate.id.slice(11, 16) === wanted.time) : open[0];
    if (!slot) return { ok: false, reason: "NO_AVAILABILITY", option: index };
    options.push({ localDate: wanted.localDate, availabilityId: slot.id, optionId: option.id, time: offer.availabilityType === "START_TIME" ? slot.id.slice(11, 16) : null, amount: wanted.amount, included: wanted.included });
  }
  const quote: OfferQuote = { options, message: input.message };
  const moved = await moveOffer(deps.db, offer.reference, "quote", actor, now, { quote, validUntil: input.validUntil, quotedAt: now, quotedBy: actor.email });
  if (!moved) return { ok: false, reason: "NOT_QUOTABLE" };
  await tellCustomer(deps, { type: "offer", offerReference: moved.reference, news: "QUOTED" });
  return { ok: true, offer: moved };
}

export type CloseOfferOutcome = { ok: true } | { ok: false; reason: "NOT_FOUND" | "NOT_OPEN" };

/** The team takes a request or quote back (with a reason the customer reads). */
export async function withdrawOffer(deps: CommerceDeps, reference: string, actor: Actor, reason: string, now: Date = new Date()): Promise<CloseOfferOutcome> {
  const offer = await loadOfferForStaff(deps.db, reference, "en");
  if (!offer) return { ok: false, reason: "NOT_FOUND" };
  const moved = await moveOffer(deps.db, offer.reference, "withdraw", actor, now, { closedReason: reason }, { reason });
  if (!moved) return { ok: false, reason: "NOT_OPEN" };
  await tellCustomer(deps, { type: "offer", offerReference: moved.reference, news: "WITHDRAWN", reason });
  return { ok: true };
}

/** The reconciler: quotes past their validity expire (an accepted one follows its order instead). */
export async function expireOffers(deps: CommerceDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ reference: customOfferRequests.reference })
    .from(customOfferRequests)
    .where(and(eq(customOfferRequests.status, "QUOTED"), isNotNull(customOfferRequests.validUntil), lte(customOfferRequests.validUntil, now)))
    .limit(100);
  let expired = 0;
  for (const { reference } of due) {
    const moved = await moveOffer(deps.db, reference, "expire", SYSTEM_ACTOR, now, {});
    if (!moved) continue;
    expired += 1;
    await tellCustomer(deps, { type: "offer", offerReference: moved.reference, news: "EXPIRED" });
  }
  return expired;
}

// ── The customer's side ─────────────────────────────────────────────────────────────────────────

export type OfferCustomer = { id: string; email: string; emailVerified: boolean; name: string };

function ownedBy(offer: OfferRow, user: OfferCustomer): boolean {
  return offer.userId === user.id || (offer.userId === null && user.emailVerified && offer.email === user.email.toLowerCase());
}

export type AcceptOutcome =
  | { ok: true; redirectTo: string }
  | { ok: false; reason: "NOT_FOUND" | "NOT_OPEN" | "EXPIRED" | "NO_OPTION" | "NO_CAPACITY" | "PAYMENT_UNAVAILABLE" };

/**
 * The customer accepts one option: the offer moves QUOTED → ACCEPTED once (a second accept, or one
 * after expiry, is refused), the seats are held through the booking engine (a full slot puts the offer
 * back to QUOTED and says so), and an order at the quoted price goes to the hosted payment page.
 */
export async function acceptOffer(deps: CommerceDeps, input: { reference: string; option: number; user: OfferCustomer; locale: LocaleCode }, now: Date = new Date()): Promise<AcceptOutcome> {
  const [offer] = await deps.db.select().from(customOfferRequests).where(eq(customOfferRequests.reference, input.reference));
  if (!offer || !ownedBy(offer, input.user)) return { ok: false, reason: "NOT_FOUND" };
  const chosen = offer.quote?.options[input.option];
  if (offer.status === "QUOTED" && !chosen) return { ok: false, reason: "NO_OPTION" };
  const actor: Actor = { id: input.user.id, email: input.user.email };
  const orderKey = `offer:${offer.reference}:${randomUUID()}`;
  const accepted = await moveOffer(deps.db, offer.reference, "accept", actor, now, { acceptedOption: input.option, orderId: null }, { validNow: true });
  if (!accepted) {
    const [current] = await deps.db.select({ status: customOfferRequests.status, validUntil: customOfferRequests.validUntil }).from(customOfferRequests).where(eq(customOfferRequests.id, offer.id));
    const expired = current?.status === "EXPIRED" || (current?.status === "QUOTED" && current.validUntil !== null && current.validUntil <= now);
    return { ok: false, reason: expired ? "EXPIRED" : "NOT_OPEN" };
  }
  const [option] = await deps.db.select({ instant: products.instantConfirmation }).from(products).where(eq(products.id, offer.productId));
  const [unit] = await deps.db.select({ id: unitsTable.id }).from(unitsTable).where(eq(unitsTable.optionId, chosen!.optionId)).orderBy(sql`${unitsTable.type} = 'ADULT' DESC`, asc(unitsTable.sortOrder)).limit(1);
  const [firstName = offer.name, ...rest] = offer.name.trim().split(/\s+/);
  const placed = unit
    ? await placeQuotedOrder(deps, {
        offerReference: offer.reference,
        idempotencyKey: orderKey,
        locale: input.locale,
        lead: { firstName, lastName: rest.join(" ") || "-", email: offer.email, countryCode: "", phone: offer.phone ?? "" },
        userId: input.user.id,
        currency: (isCurrencyCode(offer.currency) ? offer.currency : "SAR") as CurrencyCode,
        item: { productId: offer.productId, optionId: chosen!.optionId, availabilityId: chosen!.availabilityId, localDate: chosen!.localDate, units: [{ unitId: unit.id, quantity: offer.groupSize }], amount: chosen!.amount, instantConfirmation: option?.instant ?? true },
      })
    : ({ ok: false, reason: "UNAVAILABLE" } as const);
  if (!placed.ok) {
    // Nothing held: the quote is open again (the customer may pick another option).
    await moveOffer(deps.db, offer.reference, "reopen", SYSTEM_ACTOR, now, { acceptedOption: null, orderId: null }, { reason: placed.reason });
    return { ok: false, reason: placed.reason === "UNAVAILABLE" ? "NO_CAPACITY" : "PAYMENT_UNAVAILABLE" };
  }
  await deps.db.update(customOfferRequests).set({ orderId: placed.order.id }).where(eq(customOfferRequests.id, offer.id));
  return { ok: true, redirectTo: placed.redirectTo };
}

export async function declineOffer(deps: CommerceDeps, input: { reference: string; user: OfferCustomer }, now: Date = new Date()): Promise<CloseOfferOutcome> {
  const [offer] = await deps.db.select().from(customOfferRequests).where(eq(customOfferRequests.reference, input.reference));
  if (!offer || !ownedBy(offer, input.user)) return { ok: false, reason: "NOT_FOUND" };
  const moved = await moveOffer(deps.db, offer.reference, "decline", { id: input.user.id, email: input.user.email }, now, {});
  return moved ? { ok: true } : { ok: false, reason: "NOT_OPEN" };
}
