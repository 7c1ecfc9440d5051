/**
 * The manifest: who is coming on a day, per product and time slot, as the guide at the meeting point
 * needs it (lead guest, units, pickup, how to reach them, paid or not, checked in or not). A read
 * model over two channels: storefront orders, and bookings resellers made through OCTO (/octo/v1),
 * which have no order (reseller_bookings says whose they are; the booking's contact says who comes).
 * The booking engine's tickets say checked in or not. The console shows it, prints it, exports it.
 */
import { and, asc, eq, inArray, isNull, notExists, or, sql } from "drizzle-orm";
import { contactNameOf, contactReachOf } from "#app/booking/contact";
import { answerLine, readAnswer, type ReadAnswer } from "#app/booking/questions";
import type { Database } from "#app/db/db.server";
import { bookingUnitItems, bookings, orderItems, orders, productOptions, products, resellerBookings, resellers, tickets, units } from "#app/db/schema";
import type { PickupPoint } from "#app/db/types";
import { inLocale, type LocaleCode } from "#app/lib/locales";
import { isIsoDate, todayInRiyadh } from "#app/lib/dates";
import { toCsv } from "./back-office.server";
import { slotTimeOf } from "./check-in.server";
import { orderPaymentStates, type OrderPaymentState } from "./payment-state.server";
import { customerColumns } from "./order-records.server";

export type ManifestFilter = { date: string; productId?: string };

/** The day and product a query string asks for; today in Riyadh when the date is missing or malformed. */
export function parseManifestFilter(params: URLSearchParams, now: Date): ManifestFilter {
  const date = params.get("date") ?? "";
  const product = params.get("product")?.trim() ?? "";
  return { date: isIsoDate(date) ? date : todayInRiyadh(now), productId: product && product.length <= 100 ? product : undefined };
}

/** Paid, held, unpaid or paid to a reseller (./payment-state.server). */
export type ManifestPayment = OrderPaymentState;

/** Where a booking was sold: the storefront (an order) or a reseller through OCTO (no order). */
export type ManifestChannel = { kind: "STOREFRONT" } | { kind: "RESELLER"; resellerId: string; name: string };

/** Engine states of a reseller booking that mean "coming": confirmed, awaiting the supplier's decision, or already checked in. Never a hold (ON_HOLD: not sold yet), never a test-mode booking. */
const RESELLER_COMING = ["CONFIRMED", "PENDING", "REDEEMED"];

export type ManifestRow = {
  /** Unique in the manifest: the order item's id, or the reseller booking's engine id. */
  itemId: string;
  /** The order reference; for a reseller booking the reseller's own reference, else the supplier reference. */
  reference: string;
  channel: ManifestChannel;
  /** The order's status; null for a reseller booking (no order). */
  orderStatus: string | null;
  /** The order item's status, or the reseller booking's engine status. */
  itemStatus: string;
  productId: string;
  productTitle: string;
  /** The departure: its option and slot (guides and resources are assigned to it, issue #33). */
  optionId: string;
  availabilityId: string;
  optionTitle: string;
  startTime: string | null;
  leadGuest: string;
  email: string;
  phone: string;
  units: Array<{ title: string; quantity: number }>;
  travellers: number;
  pickup: string | null;
  payment: ManifestPayment;
  /** The booking voucher staff check in (null when the booking engine issued none, e.g. not yet confirmed). */
  ticketCode: string | null;
  checkedInAt: Date | null;
  /** The guest's answers to the experience's booking questions, in the manifest's language. */
  answers: ReadAnswer[];
};

export type ManifestSlot = { key: string; productId: string; optionId: string; availabilityId: string; productTitle: string; optionTitle: string; startTime: string | null; travellers: number; rows: ManifestRow[] };

export type Manifest = { date: string; productId: string | null; slots: ManifestSlot[]; rows: ManifestRow[]; products: Array<{ id: string; title: string }> };

/** What a manifest row shows of the experience, its option and the booking's ticket, whoever booked it. */
const slotColumns = {
  productTitle: products.title,
  pickupPoints: products.pickupPoints,
  optionTitle: productOptions.title,
  ticketCode: tickets.code,
  checkedInAt: tickets.utcRedeemedAt,
};

/** The booking's one ticket for all its travellers (tickets per traveller carry a unit item). */
const wholeBookingTicket = and(eq(tickets.bookingId, bookings.id), isNull(tickets.unitItemUuid));

/** Who is coming on `filter.date` (optionally one product), grouped by product and slot, slots in time order. */
export async function loadManifest(db: Database, filter: ManifestFilter, locale: LocaleCode): Promise<Manifest> {
  // Coming: confirmed, awaiting the supplier's decision, or held for a pay-later order.
  const coming = or(inArray(orderItems.status, ["CONFIRMED", "PENDING"]), and(eq(orderItems.status, "HELD"), eq(orders.status, "PAY_LATER")));
  const onDay = and(eq(orderItems.localDate, filter.date), coming);
  // A reseller's booking of the day; one the storefront made (an order item holds its uuid) is listed as the order's.
  const resellerOnDay = and(
    eq(bookings.localDate, filter.date),
    inArray(bookings.status, RESELLER_COMING),
    eq(bookings.testMode, false),
    notExists(db.select({ one: sql`1` }).from(orderItems).where(eq(orderItems.bookingUuid, bookings.uuid))),
  );
  // Every row of the day: the product filter offers the day's products, and the rows shown are the chosen one's.
  const [dayFound, dayResold] = await Promise.all([
    db
      .select({
        itemId: orderItems.id,
        availabilityId: orderItems.availabilityId,
        itemStatus: orderItems.status,
        productId: orderItems.productId,
        optionId: orderItems.optionId,
        units: orderItems.units,
        bookingAnswers: orderItems.bookingAnswers,
        orderId: orders.id,
        reference: orders.reference,
        orderStatus: orders.status,
        totalAmount: orders.totalAmount,
        ...customerColumns,
        ...slotColumns,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(productOptions, eq(productOptions.id, orderItems.optionId))
      .leftJoin(bookings, eq(bookings.uuid, orderItems.bookingUuid))
      .leftJoin(tickets, wholeBookingTicket)
      .where(onDay)
      .orderBy(asc(orderItems.availabilityId), asc(orderItems.productId), asc(orders.lastName), asc(orders.firstName)),
    db
      .select({
        bookingId: bookings.id,
        availabilityId: bookings.availabilityId,
        status: bookings.status,
        productId: bookings.productId,
        optionId: bookings.optionId,
        contact: bookings.contact,
        resellerReference: bookings.resellerReference,
        supplierReference: bookings.supplierReference,
        resellerId: resellers.id,
        resellerName: resellers.name,
        pickupRequested: resellerBookings.pickupRequested,
        pickupPointId: resellerBookings.pickupPointId,
        pickupHotel: resellerBookings.pickupHotel,
        pickupHotelRoom: resellerBookings.pickupHotelRoom,
        bookingAnswers: resellerBookings.bookingAnswers,
        ...slotColumns,
      })
      .from(bookings)
      .innerJoin(resellerBookings, eq(resellerBookings.bookingUuid, bookings.uuid))
      .innerJoin(resellers, eq(resellers.id, resellerBookings.resellerId))
      // The product and option a resold booking is of, for the card's heading.
      .leftJoin(products, eq(products.id, bookings.productId)).leftJoin(productOptions, eq(productOptions.id, bookings.optionId))
      .leftJoin(tickets, wholeBookingTicket)
      .where(resellerOnDay)
      .orderBy(asc(bookings.availabilityId), asc(bookings.productId), asc(bookings.supplierReference)),
  ]);
  const dayProducts = new Map([...dayFound, ...dayResold].map((row) => [row.productId, { id: row.productId, title: inLocale(row.productTitle, locale, row.productId) }]));
  const ofChosenProduct = <Row extends { productId: string }>(list: Row[]) => (filter.productId ? list.filter((row) => row.productId === filter.productId) : list);
  const found = ofChosenProduct(dayFound);
  const resold = ofChosenProduct(dayResold);
  const resoldIds = resold.map((row) => row.bookingId);
  const resoldUnits = resoldIds.length
    ? await db
        .select({ bookingId: bookingUnitItems.bookingId, unitId: bookingUnitItems.unitId, quantity: sql<number>`count(*)::int` })
        .from(bookingUnitItems)
        .where(inArray(bookingUnitItems.bookingId, resoldIds))
        .groupBy(bookingUnitItems.bookingId, bookingUnitItems.unitId)
        .orderBy(asc(bookingUnitItems.unitId))
    : [];
  const unitIds = [...new Set([...found.flatMap((row) => row.units.map((unit) => unit.unitId)), ...resoldUnits.map((row) => row.unitId)])];
  const [paymentOf, unitRows] = await Promise.all([
    orderPaymentStates(db, found),
    unitIds.length ? db.select({ id: units.id, title: units.title }).from(units).where(inArray(units.id, unitIds)) : Promise.resolve([]),
  ]);
  const unitTitle = new Map(unitRows.map((row) => [row.id, inLocale(row.title, locale, row.id)]));
  const pickupText = (point: PickupPoint | undefined) => (point ? [inLocale(point.name, locale, ""), point.pickupTime].filter(Boolean).join(" · ") : null);
  /** What a row says of its departure, alike for a storefront booking and a resold one. */
  const departureOf = (row: { productId: string; productTitle: Record<string, string> | null | undefined; optionId: string; availabilityId: string; optionTitle: Record<string, string> | null | undefined }) => ({
    productId: row.productId,
    productTitle: inLocale(row.productTitle, locale, row.productId),
    optionId: row.optionId,
    availabilityId: row.availabilityId,
    optionTitle: inLocale(row.optionTitle, locale, ""),
    startTime: slotTimeOf(row.availabilityId),
  });
  const storefrontRows: ManifestRow[] = found.map((row) => {
    const state = paymentOf.get(row.orderId)?.state ?? "UNPAID";
    // The storefront books the product's first pickup point (as the ticket and the account page show it).
    const chosen = row.units.filter((unit) => unit.quantity > 0);
    return {
      itemId: row.itemId,
      reference: row.reference,
      channel: { kind: "STOREFRONT" },
      orderStatus: row.orderStatus,
      itemStatus: row.itemStatus,
      ...departureOf(row),
      leadGuest: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: `${row.countryCode}${row.phone}`,
      units: chosen.map((unit) => ({ title: unitTitle.get(unit.unitId) ?? unit.unitId, quantity: unit.quantity })),
      travellers: chosen.reduce((sum, unit) => sum + unit.quantity, 0),
      pickup: pickupText(row.pickupPoints?.[0]),
      payment: state,
      ticketCode: row.ticketCode,
      checkedInAt: row.checkedInAt,
      answers: row.bookingAnswers.map((answer) => readAnswer(answer, locale)),
    };
  });
  const unitsOf = new Map<string, Array<{ title: string; quantity: number }>>();
  for (const unit of resoldUnits) {
    const list = unitsOf.get(unit.bookingId) ?? [];
    list.push({ title: unitTitle.get(unit.unitId) ?? unit.unitId, quantity: unit.quantity });
    unitsOf.set(unit.bookingId, list);
  }
  const resellerRows: ManifestRow[] = resold.map((row) => {
    const chosen = unitsOf.get(row.bookingId) ?? [];
    const reach = contactReachOf(row.contact);
    // The pickup point the reseller chose (OCTO pickups), else the hotel the guest named.
    const point = row.pickupRequested && row.pickupPointId ? row.pickupPoints?.find((candidate) => candidate.id === row.pickupPointId) : undefined;
    const hotel = [row.pickupHotel?.trim(), row.pickupHotelRoom?.trim()].filter(Boolean).join(", ");
    return {
      itemId: row.bookingId,
      reference: row.resellerReference?.trim() || row.supplierReference,
      channel: { kind: "RESELLER", resellerId: row.resellerId, name: row.resellerName },
      orderStatus: null,
      itemStatus: row.status,
      ...departureOf(row),
      leadGuest: contactNameOf(row.contact),
      email: reach.email,
      phone: reach.phone,
      units: chosen,
      travellers: chosen.reduce((sum, unit) => sum + unit.quantity, 0),
      pickup: pickupText(point) ?? (hotel || null),
      payment: "VIA_RESELLER",
      ticketCode: row.ticketCode,
      checkedInAt: row.checkedInAt,
      answers: row.bookingAnswers.map((answer) => readAnswer(answer, locale)),
    };
  });
  const rows = [...storefrontRows, ...resellerRows];
  const slots = new Map<string, ManifestSlot>();
  for (const row of rows) {
    const key = `${row.productId}|${row.optionTitle}|${row.startTime ?? ""}`;
    let slot = slots.get(key);
    if (!slot) slots.set(key, (slot = { key, productId: row.productId, optionId: row.optionId, availabilityId: row.availabilityId, productTitle: row.productTitle, optionTitle: row.optionTitle, startTime: row.startTime, travellers: 0, rows: [] }));
    slot.rows.push(row);
    slot.travellers += row.travellers;
  }
  return {
    date: filter.date,
    productId: filter.productId ?? null,
    slots: [...slots.values()].sort((a, b) => (a.startTime ?? "").localeCompare(b.startTime ?? "") || a.productTitle.localeCompare(b.productTitle)),
    rows,
    products: [...dayProducts.values()].sort((a, b) => a.title.localeCompare(b.title)),
  };
}

/** `channel`: "storefront", or the reseller's name. */
export const MANIFEST_CSV_HEADER = ["date", "start_time", "product", "option", "reference", "channel", "lead_guest", "units", "travellers", "pickup", "email", "phone", "payment", "booking_status", "ticket_code", "checked_in_at", "answers"];

export function manifestCsv(manifest: Manifest): string {
  return toCsv(
    MANIFEST_CSV_HEADER,
    manifest.slots.flatMap((slot) =>
      slot.rows.map((row) => [
        manifest.date,
        row.startTime,
        row.productTitle,
        row.optionTitle,
        row.reference,
        row.channel.kind === "RESELLER" ? row.channel.name : "storefront",
        row.leadGuest,
        row.units.map((unit) => `${unit.quantity} × ${unit.title}`).join(", "),
        row.travellers,
        row.pickup,
        row.email,
        row.phone,
        row.payment,
        row.itemStatus,
        row.ticketCode,
        row.checkedInAt?.toISOString() ?? null,
        row.answers.map(answerLine).join("; "),
      ]),
    ),
  );
}
