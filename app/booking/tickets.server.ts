/**
 * Tickets of confirmed bookings: a voucher for the whole booking and a ticket per unit item, each with
 * a unique, unguessable code (what the QR carries and staff scan). Issued by the engine when a booking
 * is confirmed; redeemed here, once. Staff check-in calls `findTicketByCode` and `redeemTicket`.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { BookingStatus } from "@octocloud/types";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { contactNameOf } from "./contact";

type TicketRow = typeof schema.tickets.$inferSelect;

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 160 random bits as 32 base32 characters (QR alphanumeric mode keeps the code small). */
export function newTicketCode(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let code = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code;
}

/** A scanned or typed code as stored: upper case, no spaces or dashes, O→0 and I/L→1 as Crockford reads them. */
export function normalizeTicketCode(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

/**
 * Gives a booking its voucher and a ticket for each unit item that has none, in the caller's
 * transaction. Safe to call again: existing tickets keep their codes.
 */
export async function issueTickets(t: Database, bookingId: string, unitItemUuids: string[], now: Date): Promise<void> {
  const existing = await t.select({ unitItemUuid: schema.tickets.unitItemUuid }).from(schema.tickets).where(eq(schema.tickets.bookingId, bookingId));
  const have = new Set(existing.map((row) => row.unitItemUuid ?? ""));
  const rows: Array<typeof schema.tickets.$inferInsert> = [];
  if (!have.has("")) rows.push({ id: `tkt_${randomUUID().replace(/-/g, "").slice(0, 20)}`, code: newTicketCode(), bookingId, unitItemUuid: null, utcCreatedAt: now });
  for (const uuid of unitItemUuids) {
    if (!have.has(uuid)) rows.push({ id: `tkt_${randomUUID().replace(/-/g, "").slice(0, 20)}`, code: newTicketCode(), bookingId, unitItemUuid: uuid, utcCreatedAt: now });
  }
  if (rows.length > 0) await t.insert(schema.tickets).values(rows);
}

/** A booking's tickets: the voucher (unitItemUuid null) first, then unit tickets. */
export async function ticketsOfBooking(db: Database, bookingId: string): Promise<TicketRow[]> {
  const rows = await db.select().from(schema.tickets).where(eq(schema.tickets.bookingId, bookingId)).orderBy(asc(schema.tickets.utcCreatedAt), asc(schema.tickets.id));
  return [...rows.filter((row) => row.unitItemUuid === null), ...rows.filter((row) => row.unitItemUuid !== null)];
}

/** What a scanned code admits, for the check-in screen. */
export interface TicketView {
  id: string;
  code: string;
  /** VOUCHER admits the whole booking; UNIT admits one unit item. */
  kind: "VOUCHER" | "UNIT";
  utcRedeemedAt: Date | null;
  booking: {
    id: string;
    uuid: string;
    supplierReference: string;
    resellerReference: string | null;
    status: string;
    testMode: boolean;
    productId: string;
    optionId: string;
    /** The OCTO availability id: the local start, e.g. "2030-01-10T10:00:00+03:00". */
    availabilityId: string;
    localDate: string;
    utcStartAt: Date;
    pax: number;
    contactName: string | null;
  };
  unitItem: { uuid: string; unitId: string; supplierReference: string } | null;
}

async function ticketView(db: Database, ticket: TicketRow): Promise<TicketView | null> {
  const [booking] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, ticket.bookingId));
  if (!booking) return null;
  const [item] = ticket.unitItemUuid
    ? await db.select().from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.uuid, ticket.unitItemUuid))
    : [undefined];
  const contactName = contactNameOf(booking.contact) || null;
  return {
    id: ticket.id,
    code: ticket.code,
    kind: ticket.unitItemUuid ? "UNIT" : "VOUCHER",
    utcRedeemedAt: ticket.utcRedeemedAt,
    booking: {
      id: booking.id,
      uuid: booking.uuid,
      supplierReference: booking.supplierReference,
      resellerReference: booking.resellerReference,
      status: booking.status,
      testMode: booking.testMode,
      productId: booking.productId,
      optionId: booking.optionId,
      availabilityId: booking.availabilityId,
      localDate: booking.localDate,
      utcStartAt: booking.utcStartAt,
      pax: booking.pax,
      contactName,
    },
    unitItem: item ? { uuid: item.uuid, unitId: item.unitId, supplierReference: item.supplierReference } : null,
  };
}

/** The ticket a code names, with its booking; null for an unknown code. */
export async function findTicketByCode(db: Database, code: string): Promise<TicketView | null> {
  const normalized = normalizeTicketCode(code);
  if (!/^[0-9A-Z]{10,64}$/.test(normalized)) return null;
  const [ticket] = await db.select().from(schema.tickets).where(eq(schema.tickets.code, normalized));
  return ticket ? ticketView(db, ticket) : null;
}

/** Why a ticket was not let in. */
export type RedeemRefusal =
  /** No ticket has this code. */
  | "NOT_FOUND"
  /** This ticket (or the voucher covering it) was redeemed before. */
  | "ALREADY_REDEEMED"
  /** The booking is not confirmed: cancelled, expired, on hold or awaiting the supplier. */
  | "NOT_CONFIRMED"
  /** A reseller's test booking: it never admits anyone. */
  | "TEST_BOOKING";

export type RedeemResult = { ok: true; ticket: TicketView } | { ok: false; reason: RedeemRefusal; ticket: TicketView | null };

/**
 * Redeems a ticket at `at`: exactly once, however many scans arrive together. Redeeming the voucher
 * redeems every unit ticket of the booking; redeeming the last unit ticket redeems the voucher. A fully
 * redeemed booking reads REDEEMED and can no longer be cancelled or changed.
 *
 * Every redemption of a booking first locks the booking row, so a voucher and a unit ticket scanned at
 * once cannot deadlock, and a cancellation in flight either finishes first or waits.
 */
export async function redeemTicket(db: Database, code: string, at: Date): Promise<RedeemResult> {
  const normalized = normalizeTicketCode(code);
  if (!/^[0-9A-Z]{10,64}$/.test(normalized)) return { ok: false, reason: "NOT_FOUND", ticket: null };
  const [found] = await db.select({ id: schema.tickets.id, bookingId: schema.tickets.bookingId }).from(schema.tickets).where(eq(schema.tickets.code, normalized));
  if (!found) return { ok: false, reason: "NOT_FOUND", ticket: null };
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [booking] = await t.select().from(schema.bookings).where(eq(schema.bookings.id, found.bookingId)).for("update");
    if (!booking) return { ok: false as const, reason: "NOT_FOUND" as const };
    if (booking.testMode) return { ok: false as const, reason: "TEST_BOOKING" as const };
    if (booking.status === BookingStatus.REDEEMED) return { ok: false as const, reason: "ALREADY_REDEEMED" as const };
    if (booking.status !== BookingStatus.CONFIRMED) return { ok: false as const, reason: "NOT_CONFIRMED" as const };
    // The conditional update is the single-use guarantee: a second scan finds utc_redeemed_at set.
    const [ticket] = await t
      .update(schema.tickets)
      .set({ utcRedeemedAt: at })
      .where(and(eq(schema.tickets.id, found.id), isNull(schema.tickets.utcRedeemedAt)))
      .returning();
    if (!ticket) return { ok: false as const, reason: "ALREADY_REDEEMED" as const };
    let whole = ticket.unitItemUuid === null;
    if (whole) {
      await t
        .update(schema.tickets)
        .set({ utcRedeemedAt: at })
        .where(and(eq(schema.tickets.bookingId, booking.id), isNull(schema.tickets.utcRedeemedAt)));
    } else {
      await t.update(schema.bookingUnitItems).set({ status: BookingStatus.REDEEMED }).where(eq(schema.bookingUnitItems.uuid, ticket.unitItemUuid!));
      const [left] = await t
        .select({ count: sql<number>`count(*)::int` })
        .from(schema.tickets)
        .where(and(eq(schema.tickets.bookingId, booking.id), isNull(schema.tickets.utcRedeemedAt), sql`${schema.tickets.unitItemUuid} IS NOT NULL`));
      if ((left?.count ?? 0) === 0) {
        whole = true;
        await t
          .update(schema.tickets)
          .set({ utcRedeemedAt: at })
          .where(and(eq(schema.tickets.bookingId, booking.id), isNull(schema.tickets.unitItemUuid), isNull(schema.tickets.utcRedeemedAt)));
      }
    }
    if (whole) {
      await t.update(schema.bookings).set({ status: BookingStatus.REDEEMED, utcUpdatedAt: at }).where(eq(schema.bookings.id, booking.id));
      await t.update(schema.bookingUnitItems).set({ status: BookingStatus.REDEEMED }).where(eq(schema.bookingUnitItems.bookingId, booking.id));
    } else {
      await t.update(schema.bookings).set({ utcUpdatedAt: at }).where(eq(schema.bookings.id, booking.id));
    }
    return { ok: true as const, ticket };
  });
  const [row] = await db.select().from(schema.tickets).where(eq(schema.tickets.id, found.id));
  const view = row ? await ticketView(db, row) : null;
  if (outcome.ok && view) return { ok: true, ticket: view };
  return { ok: false, reason: outcome.ok ? "NOT_FOUND" : outcome.reason, ticket: view };
}

/** Whether any ticket of these bookings has been redeemed (a partly used booking can no longer be cancelled or changed). */
export async function anyTicketRedeemed(db: Database, bookingIds: string[]): Promise<boolean> {
  if (bookingIds.length === 0) return false;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.tickets)
    .where(and(inArray(schema.tickets.bookingId, bookingIds), sql`${schema.tickets.utcRedeemedAt} IS NOT NULL`));
  return (row?.count ?? 0) > 0;
}
