/**
 * Check-in at the meeting point: staff scan a ticket's QR (it opens /admin/check-in/<code>) or type its
 * code, see whose ticket it is, and let it in once. The booking engine owns the single-use rule
 * (`redeemTicket`); this module adds what the team sees (the order, the guest, the units) and who did
 * it (an audit entry and an order event, in the same transaction as the redemption). An order that
 * has paid nothing (pay later, not yet collected) is not let in: the team records the payment on the
 * order first, so nobody travels unpaid by mistake.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { findTicketByCode, redeemTicket, type RedeemRefusal, type TicketView } from "#app/booking/tickets.server";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import { auditLog, bookingUnitItems, orderItems, orders, productOptions, products, units } from "#app/db/schema";
import { inLocale, type LocaleCode } from "#app/lib/locales";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { recordOrderEvent } from "./order-events.server";
import { orderPaymentStates, type OrderPaymentState } from "./payment-state.server";

export const TICKET_REDEEMED_ACTION = "ticket.redeemed";

/** A ticket as the check-in screen shows it. */
export type CheckInTicket = {
  code: string;
  /** VOUCHER admits the whole booking, UNIT one traveller. */
  kind: "VOUCHER" | "UNIT";
  bookingStatus: string;
  testMode: boolean;
  productTitle: string;
  optionTitle: string;
  localDate: string;
  /** "10:00", or null for a whole-day booking. */
  startTime: string | null;
  units: Array<{ title: string; quantity: number }>;
  leadGuest: string | null;
  /** The storefront order this booking belongs to (null for a reseller's booking). */
  orderReference: string | null;
  /** Where the order's money stands (VIA_RESELLER for a reseller's booking). */
  payment: OrderPaymentState;
  /** What is left to collect, in minor units of `currency`, when the order has paid nothing. */
  amountDue: { amount: number; currency: string } | null;
  redeemedAt: Date | null;
  /** Who checked it in: a staff member's email, or null when a reseller redeemed it over OCTO. */
  redeemedBy: string | null;
};

/** The local start time an OCTO availability id carries ("2030-01-10T10:00:00+03:00" → "10:00"); midnight means a whole day. */
export function slotTimeOf(availabilityId: string): string | null {
  const time = /T(\d{2}:\d{2})/.exec(availabilityId)?.[1] ?? null;
  return time === "00:00" ? null : time;
}

async function describe(db: Database, view: TicketView, locale: LocaleCode): Promise<CheckInTicket> {
  const { booking } = view;
  const [[product], [option], [orderRow], [audit], unitRows] = await Promise.all([
    db.select({ title: productTitle }).from(products).where(eq(products.id, booking.productId)),
    db.select({ title: productOptions.title }).from(productOptions).where(eq(productOptions.id, booking.optionId)),
    db
      .select({ orderId: orders.id, reference: orders.reference, firstName: orders.firstName, lastName: orders.lastName, units: orderItems.units, totalAmount: orders.totalAmount, currency: orders.currency })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.bookingUuid, booking.uuid)),
    db
      .select({ actorEmail: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.action, TICKET_REDEEMED_ACTION), eq(auditLog.subjectType, "booking"), eq(auditLog.subjectId, booking.uuid)))
      .orderBy(desc(auditLog.id))
      .limit(1),
    view.unitItem
      ? db.select({ id: units.id, title: units.title }).from(units).where(eq(units.id, view.unitItem.unitId))
      : db.select({ id: units.id, title: units.title }).from(units).where(inArray(units.id, db.select({ id: bookingUnitItems.unitId }).from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, booking.id)))),
  ]);
  const unitTitle = new Map(unitRows.map((row) => [row.id, inLocale(row.title, locale, row.id)]));
  let counted: Array<{ title: string; quantity: number }>;
  if (view.unitItem) counted = [{ title: unitTitle.get(view.unitItem.unitId) ?? view.unitItem.unitId, quantity: 1 }];
  else if (orderRow) counted = orderRow.units.filter((unit) => unit.quantity > 0).map((unit) => ({ title: unitTitle.get(unit.unitId) ?? unit.unitId, quantity: unit.quantity }));
  else {
    const items = await db.select({ unitId: bookingUnitItems.unitId }).from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, booking.id));
    const byUnit = new Map<string, number>();
    for (const item of items) byUnit.set(item.unitId, (byUnit.get(item.unitId) ?? 0) + 1);
    counted = [...byUnit].map(([unitId, quantity]) => ({ title: unitTitle.get(unitId) ?? unitId, quantity }));
  }
  const paid = orderRow ? (await orderPaymentStates(db, [orderRow])).get(orderRow.orderId) : undefined;
  const payment: OrderPaymentState = orderRow ? (paid?.state ?? "UNPAID") : "VIA_RESELLER";
  return {
    code: view.code,
    kind: view.kind,
    bookingStatus: booking.status,
    testMode: booking.testMode,
    productTitle: inLocale(product?.title, locale, booking.productId),
    optionTitle: inLocale(option?.title, locale, ""),
    localDate: booking.localDate,
    startTime: slotTimeOf(booking.availabilityId),
    units: counted,
    leadGuest: orderRow ? `${orderRow.firstName} ${orderRow.lastName}` : booking.contactName,
    orderReference: orderRow?.reference ?? null,
    payment,
    amountDue: orderRow && payment === "UNPAID" ? { amount: orderRow.totalAmount - (paid?.captured ?? 0), currency: orderRow.currency } : null,
    redeemedAt: view.utcRedeemedAt,
    redeemedBy: view.utcRedeemedAt ? (audit?.actorEmail ?? null) : null,
  };
}

/** The ticket a scanned or typed code names, or null. */
export async function loadCheckInTicket(db: Database, code: string, locale: LocaleCode): Promise<CheckInTicket | null> {
  const view = await findTicketByCode(db, code);
  return view ? describe(db, view, locale) : null;
}

/** Why a ticket was not let in: the engine's reasons, or UNPAID (its order has paid nothing yet). */
export type CheckInRefusal = RedeemRefusal | "UNPAID";
export type CheckInResult = { ok: true; ticket: CheckInTicket } | { ok: false; reason: CheckInRefusal; ticket: CheckInTicket | null };

/**
 * Lets a ticket in, once: the engine's conditional update decides, however many staff scan it at the
 * same moment. The audit entry and the order's event are written in the same transaction, so a
 * redemption never exists without its "who".
 */
export async function checkInTicket(db: Database, code: string, actor: Actor, now: Date, locale: LocaleCode): Promise<CheckInResult> {
  const found = await findTicketByCode(db, code);
  if (found) {
    const ticket = await describe(db, found, locale);
    // A refusal the engine would give anyway (used, not confirmed) is said first; then the money.
    if (ticket.payment === "UNPAID" && !ticket.redeemedAt && ticket.bookingStatus === "CONFIRMED") return { ok: false, reason: "UNPAID", ticket };
  }
  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const redeemed = await redeemTicket(t, code, now);
    if (!redeemed.ok) return redeemed;
    const { ticket } = redeemed;
    const [orderRow] = await t.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.bookingUuid, ticket.booking.uuid));
    const detail = { ticketId: ticket.id, kind: ticket.kind, unit: ticket.unitItem?.unitId ?? null };
    await recordAudit(t, actor, { action: TICKET_REDEEMED_ACTION, subjectType: "booking", subjectId: ticket.booking.uuid, orderId: orderRow?.orderId ?? null, before: { redeemedAt: null }, after: { redeemedAt: now.toISOString(), ...detail } }, now);
    if (orderRow) await recordOrderEvent(t, orderRow.orderId, TICKET_REDEEMED_ACTION, { actor: actor.email, detail, now });
    return redeemed;
  });
  if (result.ok) return { ok: true, ticket: await describe(db, result.ticket, locale) };
  return { ok: false, reason: result.reason, ticket: result.ticket ? await describe(db, result.ticket, locale) : null };
}
