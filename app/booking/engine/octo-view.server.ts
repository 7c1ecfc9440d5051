/**
 * A booking as OCTO shows it: the stored row with its unit items, voucher and tickets, the slot it
 * holds, its prices, whether it may be cancelled now, and how it was cancelled.
 */
import { BookingStatus, DeliveryFormat, DeliveryMethod, RedemptionMethod, Refund, type BookingContact, type Contact, type Ticket, type UnitItem } from "@octocloud/types";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { BookingRow } from "#app/db/schema";
import { isCurrencyCode } from "#app/lib/money";
import { beforeCancellationCutoff } from "#app/booking/policy";
import { resolveSlots } from "#app/booking/slots";
import { ticketsOfBooking } from "#app/booking/tickets.server";
import { utcIso } from "#app/booking/time";
import { BookingError, type OctoBooking } from "#app/booking/types";
import { inventoryFor, toAvailability } from "./availability.server";
import type { EngineDeps } from "./deps";
import { pricing } from "./pricing";

const toIso = (date: Date | null) => (date ? utcIso(date) : null);

function toContact(contact: BookingContact | Record<string, unknown> | undefined | null): Contact {
  const value = (contact ?? {}) as BookingContact;
  const fullName = value.fullName ?? ([value.firstName, value.lastName].filter(Boolean).join(" ") || null);
  return {
    fullName,
    firstName: value.firstName ?? null,
    lastName: value.lastName ?? null,
    emailAddress: value.emailAddress ?? null,
    phoneNumber: value.phoneNumber ?? null,
    locales: value.locales ?? [],
    postalCode: value.postalCode ?? null,
    country: value.country ?? null,
    notes: value.notes ?? null,
  };
}

/** A booking row by its uuid; `forUpdate` locks it in the caller's transaction. */
export async function findBooking(db: Database, uuid: string, forUpdate = false): Promise<BookingRow | undefined> {
  const query = db.select().from(schema.bookings).where(eq(schema.bookings.uuid, uuid));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

/** The booking row of a uuid, INVALID_BOOKING_UUID when there is none; `forUpdate` locks it in the caller's transaction. */
export async function requireBooking(db: Database, uuid: string, forUpdate = false): Promise<BookingRow> {
  const booking = await findBooking(db, uuid, forUpdate);
  if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
  return booking;
}

export async function getBooking(deps: EngineDeps, uuid: string): Promise<OctoBooking | null> {
  const booking = await findBooking(deps.db, uuid);
  return booking ? toOcto(deps, booking) : null;
}

export async function toOcto(deps: EngineDeps, booking: BookingRow): Promise<OctoBooking> {
  const [context, items, tickets] = await Promise.all([
    deps.options.get(deps.db, booking.productId, booking.optionId),
    deps.db.select().from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id)),
    ticketsOfBooking(deps.db, booking.id),
  ]);
  // "RH-ABCD1234-10" after "-9": by number, not as text.
  const itemNumber = (reference: string) => Number(/-(\d+)$/.exec(reference)?.[1] ?? 0);
  items.sort((a, b) => itemNumber(a.supplierReference) - itemNumber(b.supplierReference));
  const voucherRow = tickets.find((ticket) => ticket.unitItemUuid === null);
  const ticketByItem = new Map(tickets.filter((ticket) => ticket.unitItemUuid !== null).map((ticket) => [ticket.unitItemUuid!, ticket]));
  // Codes exist once the booking is confirmed; before that the voucher says how it will be redeemed, with nothing to show yet.
  const ticketOf = (row: (typeof tickets)[number] | undefined): Ticket => ({
    redemptionMethod: RedemptionMethod.DIGITAL,
    utcRedeemedAt: row?.utcRedeemedAt ? utcIso(row.utcRedeemedAt) : null,
    deliveryOptions: row ? [{ deliveryFormat: DeliveryFormat.QRCODE, deliveryValue: row.code }] : [],
  });
  const currency = isCurrencyCode(booking.currency) ? booking.currency : context.currency;
  const slotContext = context.slotContext;
  const inventory = await inventoryFor(deps.db, booking.optionId, booking.localDate, booking.localDate);
  const [slot] = resolveSlots(slotContext, [booking.localDate], inventory, deps.now(), booking.localDate).filter((candidate) => candidate.id === booking.availabilityId);
  const status = booking.status as BookingStatus;
  const now = deps.now();
  const anyRedeemed = tickets.some((ticket) => ticket.utcRedeemedAt !== null);
  // Whether a reseller may cancel (or change) it at this moment; the storefront applies its tiered policy instead.
  const cancellable =
    status === BookingStatus.ON_HOLD || status === BookingStatus.PENDING
      ? true
      : status === BookingStatus.CONFIRMED && !anyRedeemed && beforeCancellationCutoff(context.product.cancellationPolicy, booking.utcStartAt, now);
  const unitItems: UnitItem[] = items.map((item) => {
    const ticket = ticketByItem.get(item.uuid);
    return {
      uuid: item.uuid,
      resellerReference: item.resellerReference,
      supplierReference: item.supplierReference,
      unitId: item.unitId,
      status: item.status as BookingStatus,
      utcRedeemedAt: ticket?.utcRedeemedAt ? utcIso(ticket.utcRedeemedAt) : null,
      contact: toContact(item.contact),
      ticket: ticketOf(ticket),
      pricing: pricing(item.retail, item.original, currency),
    };
  });
  return {
    id: booking.id,
    uuid: booking.uuid,
    testMode: booking.testMode,
    resellerReference: booking.resellerReference,
    supplierReference: booking.supplierReference,
    status,
    utcCreatedAt: utcIso(booking.utcCreatedAt),
    utcUpdatedAt: utcIso(booking.utcUpdatedAt),
    utcExpiresAt: status === BookingStatus.ON_HOLD ? toIso(booking.utcExpiresAt) : null,
    utcRedeemedAt: status === BookingStatus.REDEEMED ? toIso(voucherRow?.utcRedeemedAt ?? booking.utcUpdatedAt) : null,
    utcConfirmedAt: toIso(booking.utcConfirmedAt),
    productId: booking.productId,
    optionId: booking.optionId,
    cancellable,
    cancellation:
      status === BookingStatus.CANCELLED && booking.utcCancelledAt
        ? {
            refund: (booking.refund ?? "NONE") as Refund,
            reason: booking.cancellationReason,
            utcCancelledAt: utcIso(booking.utcCancelledAt),
            refundAmount: booking.refundAmount ?? 0,
            penaltyPercent: booking.penaltyPercent ?? 0,
            currency,
          }
        : null,
    freesale: slot ? slot.capacity === null : false,
    availabilityId: booking.availabilityId,
    availability: slot ? toAvailability(slot, context, currency) : null,
    localDateTimeStart: slot?.localDateTimeStart ?? booking.availabilityId,
    contact: toContact(booking.contact),
    notes: booking.notes,
    deliveryMethods: [DeliveryMethod.VOUCHER, DeliveryMethod.TICKET],
    voucher: ticketOf(voucherRow),
    unitItems,
    pricing: pricing(booking.totalRetail, booking.totalOriginal, currency),
  };
}
