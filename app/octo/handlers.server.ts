/**
 * The OCTO supplier endpoints over the embedded booking engine. Each handler gets the parsed request
 * and the authenticated reseller, and returns the JSON body; the router (router.server.ts) adds the
 * headers and turns OctoError / BookingError into OCTO's error body.
 *
 * Bookings belong to the reseller that reserved them (table reseller_bookings). A reseller asking
 * about another's booking hears INVALID_BOOKING_UUID, exactly as for a uuid that does not exist.
 */
import {
  CapabilityId,
  zAvailabilityCalendarBody,
  zAvailabilityCheckBody,
  zBookingCancellationBody,
  zBookingConfirmationBody,
  zBookingReservationBody,
  zBookingUpdateBody,
  zExtendReservationBody,
  type Availability,
  type AvailabilityCalendar,
  type Capability,
  type Product,
  type Supplier,
  type Ticket,
  DeliveryFormat,
} from "@octocloud/types";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { BookingApi } from "#app/booking/types";
import { localDateTime } from "#app/booking/time";
import { BookingError, type OctoBooking } from "#app/booking/types";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { LocaleCode } from "#app/db/types";
import type { Reseller } from "./auth.server";
import { loadCatalogueProducts, pickupFields, toOctoProduct, supplierOf, type CatalogueProduct, type OctoPickupPoint } from "./mapping.server";
import { OCTO_API_PATH, OctoError, SUPPORTED_CAPABILITIES, type OctoErrorCode } from "./protocol";
import { keepGivenAnswers, presentedAnswers } from "./booking-answers.server";
import { parseGivenAnswers } from "./questions";
import { ticketPdfUrl } from "#app/booking/ticket-links.server";
import { ticketsOfBooking } from "#app/booking/tickets.server";

export interface OctoContext {
  db: Database;
  /** The app context's BookingApi (the embedded engine when this storefront is the supplier). */
  engine: BookingApi;
  /** Minutes a hold lasts (and an extension adds) when the reseller does not say. */
  holdMinutes: number;
  /** Signs ticket PDF links (the installation's session secret). */
  secret: string;
  /**
   * SITE_URL: where ticket PDF links point. A link outlives the call (the reseller stores it and hands
   * it to the traveller), so it is built from the configured public address, never from the Host the
   * call happened to carry.
   */
  siteUrl: string;
  /** Requests a minute per key unless the key says otherwise. */
  rateLimitPerMinute: number;
}

export interface OctoCall {
  context: OctoContext;
  reseller: Reseller;
  capabilities: readonly CapabilityId[];
  locale: LocaleCode;
  /**
   * The origin the reseller called, as the server is configured to see it (Host, or X-Forwarded-Host
   * and -Proto behind TRUST_PROXY): the API and media URLs we hand out start with it (ticket PDF links
   * use SITE_URL: see OctoContext).
   */
  origin: string;
}

/** A booking as a reseller sees it, with the pickup fields of octo/pickups. */
export type ResellerBooking = OctoBooking & {
  pickupRequested?: boolean;
  pickupPointId?: string | null;
  pickupHotel?: string | null;
  pickupHotelRoom?: string | null;
  pickupPoint?: OctoPickupPoint | null;
};

type OwnershipRow = typeof schema.resellerBookings.$inferSelect;

/** A zod (v3, as @octocloud/types ships it) failure in OCTO's words: the missing or malformed id names the error. */
function invalidBody(issues: Array<{ path: Array<string | number>; message: string }>, body: unknown): OctoError {
  const [issue] = issues;
  const path = issue?.path ?? [];
  const field = String(path[0] ?? "");
  const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const idErrors: Record<string, OctoErrorCode> = {
    productId: "INVALID_PRODUCT_ID",
    optionId: "INVALID_OPTION_ID",
    availabilityId: "INVALID_AVAILABILITY_ID",
    uuid: "INVALID_BOOKING_UUID",
  };
  const where = path.join(".") || "body";
  if (field === "unitItems" && path[2] === "unitId") {
    const items = Array.isArray(record.unitItems) ? (record.unitItems as Array<Record<string, unknown>>) : [];
    return new OctoError("INVALID_UNIT_ID", `The unitId was missing or invalid (${where})`, { unitId: String(items[Number(path[1])]?.unitId ?? "") });
  }
  const code = idErrors[field];
  // A malformed reservation uuid is a bad request: the uuid names no booking yet.
  if (code && field !== "uuid") return new OctoError(code, `The ${field} was missing or invalid`, { [field]: String(record[field] ?? "") });
  return new OctoError("BAD_REQUEST", `${where}: ${issue?.message ?? "invalid request body"}`);
}

function parseBody<T>(schemaToUse: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: Array<string | number>; message: string }> } } }, body: unknown): T {
  const parsed = schemaToUse.safeParse(body ?? {});
  if (!parsed.success) throw invalidBody(parsed.error.issues, body);
  return parsed.data;
}

/** Pickup fields of a reservation or update (octo/pickups); not part of the core schemas. */
const PickupRequestSchema = z.object({
  pickupRequested: z.boolean().optional(),
  pickupPointId: z.string().min(1).max(200).nullable().optional(),
  pickupHotel: z.string().max(500).nullable().optional(),
  pickupHotelRoom: z.string().max(100).nullable().optional(),
});

function parsePickup(body: unknown) {
  const parsed = PickupRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new OctoError("BAD_REQUEST", `${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Adds the id the engine did not name to a BookingError's OCTO body (OCTO wants the wrong id in every error). */
function withIds(error: unknown, ids: Record<string, unknown>): never {
  if (error instanceof BookingError) {
    const field = { INVALID_PRODUCT_ID: "productId", INVALID_OPTION_ID: "optionId", INVALID_AVAILABILITY_ID: "availabilityId", INVALID_BOOKING_UUID: "uuid" }[error.code as string];
    if (field && error.details[field] === undefined) throw new BookingError(error.code, error.message, { ...error.details, [field]: String(ids[field] ?? "") });
  }
  throw error;
}

// ---------------------------------------------------------------------------------------------
// Discovery

export function getCapabilities(): Capability[] {
  return [...SUPPORTED_CAPABILITIES];
}

export function getSupplier(call: OctoCall): Supplier {
  return supplierOf({ ...call, siteUrl: call.origin, endpoint: new URL(OCTO_API_PATH, call.origin).toString() });
}

/**
 * The whole list is tens of megabytes read from jsonb: keep it per database and catalogue version
 * (bumped by every catalogue write), shaped per language and capability set.
 */
const productLists = new WeakMap<Database, { version: number; loaded: Promise<CatalogueProduct[]>; shaped: Map<string, Product[]> }>();

export async function getProducts(call: OctoCall): Promise<Product[]> {
  const { db } = call.context;
  const [meta] = await db.select({ version: schema.catalogueMeta.version }).from(schema.catalogueMeta).where(eq(schema.catalogueMeta.key, "catalogue"));
  const version = meta?.version ?? 0;
  let cached = productLists.get(db);
  if (!cached || cached.version !== version) {
    cached = { version, loaded: loadCatalogueProducts(db), shaped: new Map() };
    productLists.set(db, cached);
    const entry = cached;
    entry.loaded.catch(() => productLists.get(db) === entry && productLists.delete(db));
  }
  const key = `${call.locale}|${call.capabilities.join(",")}|${call.origin}`;
  let shaped = cached.shaped.get(key);
  if (!shaped) {
    shaped = (await cached.loaded).map((entry) => toOctoProduct(entry, { ...call, siteUrl: call.origin }));
    // Four languages × a few capability sets at most; drop the oldest beyond that.
    if (cached.shaped.size >= 8) cached.shaped.delete(cached.shaped.keys().next().value!);
    cached.shaped.set(key, shaped);
  }
  return shaped;
}

export async function getProduct(call: OctoCall, productId: string): Promise<Product> {
  const [entry] = await loadCatalogueProducts(call.context.db, [productId]);
  if (!entry) throw new OctoError("INVALID_PRODUCT_ID", `Unknown product ${productId}`, { productId });
  return toOctoProduct(entry, { ...call, siteUrl: call.origin });
}

// ---------------------------------------------------------------------------------------------
// Availability

function stripPricing<T extends { unitPricing?: unknown; pricing?: unknown; unitPricingFrom?: unknown; pricingFrom?: unknown }>(item: T): T {
  const { unitPricing: _unitPricing, pricing: _pricing, unitPricingFrom: _unitPricingFrom, pricingFrom: _pricingFrom, ...rest } = item;
  return rest as T;
}

/** Pickup points of one availability, with their local pickup time on that date. */
function pickupsOn(entry: CatalogueProduct, availability: Pick<Availability, "localDateTimeStart">, locale: LocaleCode) {
  const fields = pickupFields(entry, locale);
  const localDate = availability.localDateTimeStart.slice(0, 10);
  const timeOf = new Map(entry.product.pickupPoints.map((point) => [point.id, point.pickupTime]));
  return {
    ...fields,
    pickupPoints: fields.pickupPoints.map((point) => {
      const time = timeOf.get(point.id);
      return { ...point, localDateTime: time ? localDateTime(entry.product.timeZone, localDate, time) : null, localDateTimeTo: null };
    }),
  };
}

export async function checkAvailability(call: OctoCall, body: unknown): Promise<Availability[]> {
  const parsed = parseBody(zAvailabilityCheckBody, body);
  // OCTO also allows a single `localDate`.
  const localDate = typeof (body as { localDate?: unknown })?.localDate === "string" ? (body as { localDate: string }).localDate : undefined;
  const request = { ...parsed, localDateStart: parsed.localDateStart ?? localDate, localDateEnd: parsed.localDateEnd ?? localDate };
  if ((request.units ?? []).some((unit) => !Number.isInteger(unit.quantity) || unit.quantity < 0 || unit.quantity > 1000)) {
    throw new OctoError("BAD_REQUEST", "units[].quantity must be a whole number from 0 to 1000");
  }
  const availabilities = await call.context.engine.checkAvailability(request).catch((error: unknown) => withIds(error, { ...request, availabilityId: request.availabilityIds?.join(",") }));
  const withPricing = call.capabilities.includes(CapabilityId.OCTO_PRICING);
  let entry: CatalogueProduct | undefined;
  if (call.capabilities.includes(CapabilityId.OCTO_PICKUPS)) [entry] = await loadCatalogueProducts(call.context.db, [request.productId]);
  return availabilities.map((availability) => {
    const shaped = withPricing ? availability : stripPricing(availability);
    return entry ? { ...shaped, ...pickupsOn(entry, availability, call.locale) } : shaped;
  });
}

export async function availabilityCalendar(call: OctoCall, body: unknown): Promise<AvailabilityCalendar[]> {
  const parsed = parseBody(zAvailabilityCalendarBody, body);
  const days = await call.context.engine.availabilityCalendar(parsed).catch((error: unknown) => withIds(error, parsed));
  return call.capabilities.includes(CapabilityId.OCTO_PRICING) ? days : days.map(stripPricing);
}

// ---------------------------------------------------------------------------------------------
// Bookings

async function ownership(call: OctoCall, uuid: string): Promise<OwnershipRow> {
  const [row] = await call.context.db
    .select()
    .from(schema.resellerBookings)
    .where(and(eq(schema.resellerBookings.bookingUuid, uuid), eq(schema.resellerBookings.resellerId, call.reseller.id)));
  if (!row) throw new OctoError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
  return row;
}

/** The reseller's booking, or INVALID_BOOKING_UUID (also for a claimed uuid whose reservation failed or is in flight). */
async function ownedBooking(call: OctoCall, uuid: string): Promise<{ booking: OctoBooking; owner: OwnershipRow }> {
  const owner = await ownership(call, uuid);
  const booking = await call.context.engine.getBooking(uuid);
  if (!booking) throw new OctoError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
  return { booking, owner };
}

/** A booking in the shape the reseller's capabilities ask for. */
/** Adds each ticket's PDF (a signed link on SITE_URL) after its QR code. */
async function withTicketPdfs(call: OctoCall, booking: OctoBooking): Promise<OctoBooking> {
  const codes = [booking.voucher, ...booking.unitItems.map((item) => item.ticket)].flatMap((ticket) => ticket?.deliveryOptions ?? []);
  if (codes.length === 0) return booking;
  const idByCode = new Map((await ticketsOfBooking(call.context.db, booking.id)).map((row) => [row.code, row.id]));
  const withPdf = (ticket: Ticket | null | undefined): Ticket | null => {
    if (!ticket) return null;
    const code = ticket.deliveryOptions.find((option) => option.deliveryFormat === DeliveryFormat.QRCODE)?.deliveryValue;
    const id = code ? idByCode.get(code) : undefined;
    if (!id) return ticket;
    return { ...ticket, deliveryOptions: [...ticket.deliveryOptions, { deliveryFormat: DeliveryFormat.PDF_URL, deliveryValue: ticketPdfUrl(call.context.siteUrl, id, call.context.secret, call.locale) }] };
  };
  return { ...booking, voucher: withPdf(booking.voucher), unitItems: booking.unitItems.map((item) => ({ ...item, ticket: withPdf(item.ticket) })) };
}

async function present(call: OctoCall, raw: OctoBooking, owner: OwnershipRow): Promise<ResellerBooking> {
  const booking = await withTicketPdfs(call, raw);
  let shaped: ResellerBooking = booking;
  if (!call.capabilities.includes(CapabilityId.OCTO_PRICING)) {
    const { pricing: _pricing, ...rest } = booking;
    shaped = {
      ...rest,
      availability: booking.availability ? stripPricing(booking.availability) : null,
      unitItems: booking.unitItems.map(({ pricing: _itemPricing, ...item }) => item),
    } as ResellerBooking;
  }
  if (call.capabilities.includes(CapabilityId.OCTO_PICKUPS)) {
    let point: OctoPickupPoint | null = null;
    if (owner.pickupRequested && owner.pickupPointId) {
      const [entry] = await loadCatalogueProducts(call.context.db, [booking.productId]);
      point = (entry && booking.availability ? pickupsOn(entry, booking.availability, call.locale).pickupPoints : []).find((candidate) => candidate.id === owner.pickupPointId) ?? null;
    }
    shaped = {
      ...shaped,
      pickupRequested: owner.pickupRequested,
      pickupPointId: owner.pickupPointId,
      pickupHotel: owner.pickupHotel,
      pickupHotelRoom: owner.pickupHotelRoom,
      pickupPoint: point,
    };
  }
  if (call.capabilities.includes(CapabilityId.OCTO_QUESTIONS)) {
    const answers = await presentedAnswers(call.context.db, booking.productId, owner.bookingAnswers, booking.unitItems.length, call.locale);
    shaped = { ...shaped, questionAnswers: answers.booking, unitItems: shaped.unitItems.map((item, index) => ({ ...item, questionAnswers: answers.unitItems[index] ?? [] })) } as ResellerBooking;
  }
  return shaped;
}

/** Keeps the answers a body gives (octo/questions); a confirmation also needs every required one. */
async function keepAnswers(call: OctoCall, booking: Pick<OctoBooking, "uuid" | "productId"> & { unitItems: readonly unknown[] }, owner: OwnershipRow, body: unknown, confirming: boolean): Promise<OwnershipRow> {
  if (!call.capabilities.includes(CapabilityId.OCTO_QUESTIONS)) return owner;
  const given = parseGivenAnswers(body);
  const bookingAnswers = await keepGivenAnswers(call.context.db, { uuid: booking.uuid, productId: booking.productId, unitItemCount: booking.unitItems.length }, owner.bookingAnswers, given, confirming);
  return { ...owner, bookingAnswers };
}

/** A pickup request must name one of the product's pickup points. */
async function validatePickup(call: OctoCall, productId: string, pickup: z.infer<typeof PickupRequestSchema>): Promise<void> {
  if (!pickup.pickupRequested) return;
  const [entry] = await loadCatalogueProducts(call.context.db, [productId]);
  if (!entry) throw new OctoError("INVALID_PRODUCT_ID", `Unknown product ${productId}`, { productId });
  if (entry.product.pickupPoints.length === 0) throw new OctoError("BAD_REQUEST", "This product offers no pickup");
  if (!pickup.pickupPointId || !entry.product.pickupPoints.some((point) => point.id === pickup.pickupPointId)) {
    throw new OctoError("BAD_REQUEST", "pickupPointId must name one of the option's pickupPoints", { pickupPointId: pickup.pickupPointId ?? null });
  }
}

export async function reserve(call: OctoCall, body: unknown): Promise<ResellerBooking> {
  const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  // OCTO: a reservation without units is well-formed but cannot be booked (400 UNPROCESSABLE_ENTITY).
  if (record.unitItems === undefined || record.unitItems === null || (Array.isArray(record.unitItems) && record.unitItems.length === 0)) {
    throw new OctoError("UNPROCESSABLE_ENTITY", "unitItems must name at least one unit to book");
  }
  const parsed = parseBody(zBookingReservationBody, body);
  if (parsed.expirationMinutes !== undefined && parsed.expirationMinutes < 1) throw new OctoError("BAD_REQUEST", "expirationMinutes must be at least 1");
  if (!parsed.availabilityId) throw new OctoError("INVALID_AVAILABILITY_ID", "The availabilityId was missing or invalid", { availabilityId: "" });
  const pickup = call.capabilities.includes(CapabilityId.OCTO_PICKUPS) ? parsePickup(body) : {};
  await validatePickup(call, parsed.productId, pickup);
  const uuid = parsed.uuid ?? crypto.randomUUID();
  const { db, engine } = call.context;

  // Claim the uuid for this reseller before the engine sees it, so no other reseller can ever replay it.
  const claimed = await db
    .insert(schema.resellerBookings)
    .values({
      bookingUuid: uuid,
      resellerId: call.reseller.id,
      pickupRequested: pickup.pickupRequested ?? false,
      pickupPointId: pickup.pickupRequested ? (pickup.pickupPointId ?? null) : null,
      pickupHotel: pickup.pickupHotel ?? null,
      pickupHotelRoom: pickup.pickupHotelRoom ?? null,
    })
    .onConflictDoNothing()
    .returning({ uuid: schema.resellerBookings.bookingUuid });
  const release = () => db.delete(schema.resellerBookings).where(eq(schema.resellerBookings.bookingUuid, uuid));
  if (claimed.length === 0) {
    // The same reseller again with this uuid: the engine answers idempotently (or refuses another booking).
    await ownership(call, uuid).catch(() => {
      throw new OctoError("UNPROCESSABLE_ENTITY", "This uuid is already in use; send a new one", { uuid });
    });
  } else {
    const [taken] = await db.select({ uuid: schema.bookings.uuid }).from(schema.bookings).where(eq(schema.bookings.uuid, uuid));
    if (taken) {
      // A booking the storefront itself made under this uuid: not the reseller's to see.
      await release();
      throw new OctoError("UNPROCESSABLE_ENTITY", "This uuid is already in use; send a new one", { uuid });
    }
  }
  let booking: OctoBooking;
  let owner: OwnershipRow;
  try {
    // Answers that do not fit their questions refuse the reservation before any seat is held.
    owner = await keepAnswers(call, { uuid, productId: parsed.productId, unitItems: parsed.unitItems }, await ownership(call, uuid), body, false);
    booking = await engine.reserve({ ...parsed, uuid, availabilityId: parsed.availabilityId, testMode: call.reseller.testMode });
  } catch (error) {
    if (claimed.length > 0) await release();
    withIds(error, parsed);
  }
  return present(call, booking, owner);
}

export async function confirm(call: OctoCall, uuid: string, body: unknown): Promise<ResellerBooking> {
  const parsed = parseBody(zBookingConfirmationBody, body);
  const { booking: held, owner } = await ownedBooking(call, uuid);
  // The answers first: a required question left open refuses the confirmation while the hold stands.
  const answered = await keepAnswers(call, held, owner, body, true);
  const booking = await call.context.engine.confirm(uuid, parsed);
  return present(call, booking, answered);
}

export async function extend(call: OctoCall, uuid: string, body: unknown): Promise<ResellerBooking> {
  const parsed = parseBody(zExtendReservationBody, body);
  if (parsed.expirationMinutes !== undefined && parsed.expirationMinutes < 1) throw new OctoError("BAD_REQUEST", "expirationMinutes must be at least 1");
  const { owner } = await ownedBooking(call, uuid);
  const booking = await call.context.engine.extendReservation(uuid, parsed.expirationMinutes ?? call.context.holdMinutes);
  return present(call, booking, owner);
}

/**
 * A confirmed booking past its option's cancellation cutoff is refused (400 UNPROCESSABLE_ENTITY,
 * reason CUTOFF_PASSED), checked inside the engine's transaction so `cancellable` and the answer agree
 * at that moment. `force` is the supplier's own override in OCTO, not a reseller's: it is ignored.
 */
export async function cancel(call: OctoCall, uuid: string, body: unknown): Promise<ResellerBooking> {
  const parsed = parseBody(zBookingCancellationBody, body);
  const { owner } = await ownedBooking(call, uuid);
  const booking = await call.context.engine.cancel(uuid, { reason: parsed.reason ?? null }, { enforceCutoff: true });
  return present(call, booking, owner);
}

export async function getBooking(call: OctoCall, uuid: string): Promise<ResellerBooking> {
  const { booking, owner } = await ownedBooking(call, uuid);
  return present(call, booking, owner);
}

const ListQuerySchema = z
  .object({ resellerReference: z.string().min(1).max(200).optional(), supplierReference: z.string().min(1).max(200).optional() })
  .refine((query) => query.resellerReference || query.supplierReference, "Filter by resellerReference or supplierReference");

export async function listBookings(call: OctoCall, searchParams: URLSearchParams): Promise<ResellerBooking[]> {
  const parsed = ListQuerySchema.safeParse(Object.fromEntries(searchParams));
  if (!parsed.success) throw new OctoError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Filter by resellerReference or supplierReference");
  const { resellerReference, supplierReference } = parsed.data;
  const rows = await call.context.db
    .select({ uuid: schema.bookings.uuid, owner: schema.resellerBookings })
    .from(schema.bookings)
    .innerJoin(schema.resellerBookings, eq(schema.resellerBookings.bookingUuid, schema.bookings.uuid))
    .where(
      and(
        eq(schema.resellerBookings.resellerId, call.reseller.id),
        resellerReference ? eq(schema.bookings.resellerReference, resellerReference) : undefined,
        supplierReference ? eq(schema.bookings.supplierReference, supplierReference) : undefined,
      ),
    )
    .orderBy(asc(schema.bookings.utcCreatedAt))
    .limit(500);
  const bookings: ResellerBooking[] = [];
  for (const row of rows) {
    const booking = await call.context.engine.getBooking(row.uuid);
    if (booking) bookings.push(await present(call, booking, row.owner));
  }
  return bookings;
}

/**
 * PATCH /bookings/{uuid}: rebooking and descriptive changes. A new availabilityId, option, product or
 * set of unitItems moves the booking in the engine (one transaction: the new seats taken before the old
 * are released, the price recomputed, the uuid kept); unit items sent with their uuids are kept, others
 * added, the rest removed (OCTO's rule). References, contact, notes, unit item contacts, pickup and (for
 * a hold) its expiry are descriptive. A confirmed booking past its cancellation cutoff cannot be moved.
 */
export async function update(call: OctoCall, uuid: string, body: unknown): Promise<ResellerBooking> {
  const parsed = parseBody(zBookingUpdateBody, body);
  const pickup = call.capabilities.includes(CapabilityId.OCTO_PICKUPS) ? parsePickup(body) : {};
  const { booking: current, owner } = await ownedBooking(call, uuid);
  let booking = current;
  if (booking.status !== "ON_HOLD" && booking.status !== "CONFIRMED" && booking.status !== "PENDING") {
    throw new OctoError("UNPROCESSABLE_ENTITY", `A ${booking.status} booking cannot be changed`, { uuid, reason: booking.status === "REDEEMED" ? "BOOKING_REDEEMED" : "INVALID_BOOKING_STATUS" });
  }
  if (parsed.expirationMinutes !== undefined) {
    if (booking.status !== "ON_HOLD") throw new OctoError("UNPROCESSABLE_ENTITY", "Only a booking ON_HOLD has an expiry to change", { uuid });
    if (parsed.expirationMinutes < 1) throw new OctoError("BAD_REQUEST", "expirationMinutes must be at least 1");
  }
  const moves =
    (parsed.productId !== undefined && parsed.productId !== booking.productId) ||
    (parsed.optionId !== undefined && parsed.optionId !== booking.optionId) ||
    (parsed.availabilityId !== undefined && parsed.availabilityId !== booking.availabilityId);
  // The same unit items (by uuid and unit) only carry contacts or references: not a change of units.
  const byUuid = new Map(booking.unitItems.map((item) => [item.uuid, item]));
  const sameUnits =
    parsed.unitItems === undefined ||
    (parsed.unitItems.length === booking.unitItems.length && parsed.unitItems.every((item) => (item.uuid ? byUuid.get(item.uuid)?.unitId === item.unitId : false)));
  if (parsed.unitItems !== undefined && parsed.unitItems.length === 0) throw new OctoError("UNPROCESSABLE_ENTITY", "unitItems must name at least one unit; cancel the booking instead", { uuid });
  await validatePickup(call, parsed.productId ?? booking.productId, pickup);
  const { db, engine } = call.context;
  if (moves || !sameUnits) {
    booking = await engine
      .rebook(
        uuid,
        {
          ...(parsed.productId !== undefined ? { productId: parsed.productId } : {}),
          ...(parsed.optionId !== undefined ? { optionId: parsed.optionId } : {}),
          ...(parsed.availabilityId !== undefined ? { availabilityId: parsed.availabilityId } : {}),
          ...(parsed.unitItems !== undefined ? { unitItems: parsed.unitItems } : {}),
        },
        { enforceCutoff: true },
      )
      .catch((error: unknown) => withIds(error, { ...parsed, uuid }));
  }

  if (parsed.expirationMinutes !== undefined) await engine.extendReservation(uuid, parsed.expirationMinutes);
  // These are descriptive fields of the booking, not inventory: the engine stays the only writer of seats.
  await db.transaction(async (tx) => {
    const changes: Partial<typeof schema.bookings.$inferInsert> = {};
    if (parsed.resellerReference !== undefined) changes.resellerReference = parsed.resellerReference;
    if (parsed.notes !== undefined) changes.notes = parsed.notes;
    if (parsed.contact !== undefined) changes.contact = { ...booking.contact, ...parsed.contact } as Record<string, unknown>;
    if (Object.keys(changes).length > 0) {
      await tx
        .update(schema.bookings)
        .set({ ...changes, utcUpdatedAt: new Date() })
        .where(eq(schema.bookings.uuid, uuid));
    }
    // After a rebooking the engine has written the unit items already.
    for (const item of sameUnits ? (parsed.unitItems ?? []) : []) {
      if (!item.uuid || (item.contact === undefined && item.resellerReference === undefined)) continue;
      await tx
        .update(schema.bookingUnitItems)
        .set({
          ...(item.contact !== undefined ? { contact: item.contact as Record<string, unknown> } : {}),
          ...(item.resellerReference !== undefined ? { resellerReference: item.resellerReference } : {}),
        })
        .where(and(eq(schema.bookingUnitItems.uuid, item.uuid), eq(schema.bookingUnitItems.bookingId, booking.id)));
    }
    // A pickup point belongs to the product: moving to another product drops it unless one is asked for again.
    if (booking.productId !== current.productId && pickup.pickupRequested === undefined) pickup.pickupRequested = false;
    if (pickup.pickupRequested !== undefined || pickup.pickupHotel !== undefined || pickup.pickupHotelRoom !== undefined) {
      await tx
        .update(schema.resellerBookings)
        .set({
          ...(pickup.pickupRequested !== undefined ? { pickupRequested: pickup.pickupRequested, pickupPointId: pickup.pickupRequested ? (pickup.pickupPointId ?? null) : null } : {}),
          ...(pickup.pickupHotel !== undefined ? { pickupHotel: pickup.pickupHotel } : {}),
          ...(pickup.pickupHotelRoom !== undefined ? { pickupHotelRoom: pickup.pickupHotelRoom } : {}),
        })
        .where(eq(schema.resellerBookings.bookingUuid, uuid));
    }
  });
  const updated = await engine.getBooking(uuid);
  if (!updated) throw new OctoError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
  return present(call, updated, await keepAnswers(call, updated, await ownership(call, uuid), body, false));
}
