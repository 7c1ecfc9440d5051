/**
 * Ticket PDFs by signed link: the URL an OCTO booking gives as a ticket's PDF_URL, and the storefront's
 * confirmation email gives per booking, opened by the traveller without an account or session. The signature (HMAC-SHA256 of the ticket id with the
 * installation's session secret) makes the link unguessable; the ticket id alone opens nothing.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { BookingStatus } from "@octocloud/types";
import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { productTitle } from "#app/db/product-texts";
import * as schema from "#app/db/schema";
import type { LocaleCode } from "#app/db/types";
import { ticketCheckInUrl } from "#app/lib/paths";
import { contactNameOf } from "./contact";
import { answerLine, readAnswer } from "./questions";

/** What a ticket shows: a booking (or one traveller of it), and the code staff scan. */
export interface TicketDocument {
  /** The booking reference printed under the title. */
  reference: string;
  /** What the QR code carries (a check-in link, when the booking engine issued a ticket code). */
  qrText: string;
  /** The ticket code printed under the QR, for staff who type it at check-in instead of scanning. */
  code?: string | null;
  title: string;
  optionTitle: string;
  localDate: string;
  startTime: string | null;
  guestName: string;
  travellers: number;
  /** A unit ticket names its unit ("Adult"); a booking ticket has none. */
  unitTitle?: string | null;
  meetingPoint: string;
  pickup: { name: string; address: string; time: string | null } | null;
  extras: string[];
  /** The guest's answers to the booking questions, a line each ("Hotel: Hilton"). */
  answers?: string[];
  /** The small print at the foot (the booking's id). */
  footer: string;
}

/** Where ticket PDFs are served (a resource route outside the locale prefixes). */
export const TICKET_PDF_PATH = "/tickets";

function signature(ticketId: string, secret: string): string {
  return createHmac("sha256", secret).update(`ticket-pdf:${ticketId}`).digest("base64url").slice(0, 32);
}

/** The absolute signed URL of a ticket's PDF. */
export function ticketPdfUrl(origin: string, ticketId: string, secret: string, locale: LocaleCode): string {
  const url = new URL(`${TICKET_PDF_PATH}/${encodeURIComponent(ticketId)}.pdf`, origin);
  url.searchParams.set("sig", signature(ticketId, secret));
  url.searchParams.set("lang", locale);
  return url.toString();
}

/** Whether `sig` is the signature of this ticket id (compared in constant time). */
export function verifyTicketSignature(ticketId: string, sig: string | null, secret: string): boolean {
  if (!sig) return false;
  const expected = Buffer.from(signature(ticketId, secret));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const text = (value: Record<string, string> | undefined | null, locale: LocaleCode) => (value ? value[locale] || value.en || "" : "");

/**
 * What the PDF of a ticket shows: the booking's experience, time and guest, and in the QR the ticket's
 * check-in page on `origin` (staff scan it; the code is printed beside it for typing). Null unless the
 * ticket exists and its booking is confirmed (or already used).
 */
export async function ticketDocumentOf(db: Database, ticketId: string, locale: LocaleCode, origin: string): Promise<TicketDocument | null> {
  const [row] = await db
    .select({ ticket: schema.tickets, booking: schema.bookings })
    .from(schema.tickets)
    .innerJoin(schema.bookings, eq(schema.bookings.id, schema.tickets.bookingId))
    .where(eq(schema.tickets.id, ticketId));
  if (!row) return null;
  const { ticket, booking } = row;
  if (booking.status !== BookingStatus.CONFIRMED && booking.status !== BookingStatus.REDEEMED) return null;
  const [[product], [option], [item], [owner], [ordered]] = await Promise.all([
    db.select({ title: productTitle, content: schema.products.content, pickupPoints: schema.products.pickupPoints }).from(schema.products).where(eq(schema.products.id, booking.productId)),
    db.select({ title: schema.productOptions.title }).from(schema.productOptions).where(eq(schema.productOptions.id, booking.optionId)),
    ticket.unitItemUuid
      ? db
          .select({ unitTitle: schema.units.title, contact: schema.bookingUnitItems.contact })
          .from(schema.bookingUnitItems)
          .innerJoin(schema.units, eq(schema.units.id, schema.bookingUnitItems.unitId))
          .where(and(eq(schema.bookingUnitItems.uuid, ticket.unitItemUuid), eq(schema.bookingUnitItems.bookingId, booking.id)))
      : Promise.resolve([undefined]),
    db
      .select({ pickupRequested: schema.resellerBookings.pickupRequested, pickupPointId: schema.resellerBookings.pickupPointId, answers: schema.resellerBookings.bookingAnswers })
      .from(schema.resellerBookings)
      .where(eq(schema.resellerBookings.bookingUuid, booking.uuid)),
    // A storefront booking's answers to its questions (the order item holds them).
    db.select({ answers: schema.orderItems.bookingAnswers }).from(schema.orderItems).where(eq(schema.orderItems.bookingUuid, booking.uuid)),
  ]);
  const point = owner?.pickupRequested ? product?.pickupPoints.find((candidate) => candidate.id === owner.pickupPointId) : undefined;
  const startTime = /T(\d{2}:\d{2})/.exec(booking.availabilityId)?.[1] ?? null;
  return {
    reference: booking.supplierReference,
    qrText: ticketCheckInUrl(origin, ticket.code),
    code: ticket.code,
    title: text(product?.title, locale),
    optionTitle: text(option?.title, locale),
    localDate: booking.localDate,
    startTime: startTime === "00:00" ? null : startTime,
    guestName: contactNameOf(item?.contact) || contactNameOf(booking.contact),
    travellers: booking.pax,
    unitTitle: item ? text(item.unitTitle, locale) : null,
    meetingPoint: text(product?.content.meetingPoint, locale),
    pickup: point ? { name: text(point.name, locale), address: text(point.address, locale), time: null } : null,
    extras: [],
    answers: (ordered?.answers ?? owner?.answers ?? []).map((answer) => answerLine(readAnswer(answer, locale))),
    footer: booking.uuid,
  };
}
