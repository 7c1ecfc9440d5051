/**
 * The embedded booking engine: the only code that writes inventory. A hold takes vacancies with one
 * conditional UPDATE inside the transaction that records the booking, so concurrent reservations
 * can never oversell; every step is idempotent on the client's uuid.
 */
import { randomUUID } from "node:crypto";
import {
  AvailabilityStatus,
  BookingStatus,
  DeliveryFormat,
  DeliveryMethod,
  RedemptionMethod,
  Refund,
  type Availability,
  type AvailabilityCalendar,
  type AvailabilityCalendarBody,
  type AvailabilityCheckBody,
  type BookingCancellationBody,
  type BookingConfirmationBody,
  type BookingContact,
  type BookingReservationBody,
  type Contact,
  type Pricing,
  type PricingUnit,
  type Ticket,
  type UnitItem,
} from "@octocloud/types";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { rowsOf, type Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { BookingRow, PriceSeasonRow, ProductOptionRow as OptionRow, ProductRow, UnitRow } from "#app/db/schema";
import type { CancellationPolicy } from "#app/db/types";
import { BASE_CURRENCY, convertAmount, currencyExponent, isCurrencyCode, type CurrencyCode } from "#app/lib/money";
import { beforeCancellationCutoff, quoteRefund, type RefundQuote } from "./policy";
import { bookingPriceOn, seasonOn, unitPriceOn } from "./season-price";
import { BOOKING_HORIZON_DAYS, dateRange, resolveSlots, type InventoryRow, type Slot, type SlotContext } from "./slots";
import { parseAvailabilityId } from "./time";
import { anyTicketRedeemed, issueTickets, ticketsOfBooking } from "./tickets.server";
import { BookingError, type BookingApi, type CancelOptions, type OctoBooking, type RebookChange, type ReserveBody } from "./types";
import { addDays, daysBetween, isIsoDate, localDateAt } from "#app/lib/dates";


interface OptionContext {
  product: Pick<
    ProductRow,
    "id" | "title" | "timeZone" | "availabilityType" | "currency" | "pricingPer" | "noFixedPrice" | "instantConfirmation" | "cancellationPolicy" | "durationMinutes" | "expiresOn" | "published"
  >;
  option: OptionRow;
  units: UnitRow[];
  /** Date-ranged prices (app/booking/season-price.ts); outside them the base prices apply. */
  seasons: PriceSeasonRow[];
  slotContext: SlotContext;
  currency: CurrencyCode;
}

export interface EngineOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Minutes a hold lasts when the caller does not say. */
  holdMinutes?: number;
  /** Reference string prefix for supplier references. */
  referencePrefix?: string;
}

/** An instant as OCTO writes it: ISO 8601 UTC to the second ("2030-01-10T07:00:00Z"). */
export function utcIso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

const toIso = (date: Date | null) => (date ? utcIso(date) : null);

/** The longest date range an availability check (slots) and a calendar may ask for, in days. */
export const MAX_AVAILABILITY_DAYS = 92;
export const MAX_CALENDAR_DAYS = BOOKING_HORIZON_DAYS + 1;

/** A local date range from a request, refused when missing, impossible, reversed or too long. */
function dateRangeOf(from: string | null | undefined, to: string | null | undefined, maxDays: number): { from: string; to: string } {
  if (!from || !to) throw new BookingError("BAD_REQUEST", "localDateStart and localDateEnd (YYYY-MM-DD) are required");
  if (!isIsoDate(from)) throw new BookingError("BAD_REQUEST", `localDateStart ${JSON.stringify(from)} is not a date (YYYY-MM-DD)`);
  if (!isIsoDate(to)) throw new BookingError("BAD_REQUEST", `localDateEnd ${JSON.stringify(to)} is not a date (YYYY-MM-DD)`);
  if (to < from) throw new BookingError("BAD_REQUEST", "localDateEnd is before localDateStart");
  if (daysBetween(from, to) + 1 > maxDays) throw new BookingError("BAD_REQUEST", `Ask for at most ${maxDays} days at a time`);
  return { from, to };
}

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

function pricing(retail: number, original: number, currency: CurrencyCode): Pricing {
  return { original, retail, net: null, currency, currencyPrecision: currencyExponent(currency), includedTaxes: [] };
}

export class EmbeddedBookingEngine implements BookingApi {
  private readonly now: () => Date;
  private readonly holdMinutes: number;
  private readonly contexts = new LRUCache<string, OptionContext>({ max: 5000, ttl: 60_000 });
  /** Bumped by clearCache: a context read before a catalogue change must not be cached after it. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    options: EngineOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.holdMinutes = options.holdMinutes ?? 30;
  }

  /** Forget cached product data (after a catalogue change). */
  clearCache(): void {
    this.generation++;
    this.contexts.clear();
  }

  /**
   * A product option's rules, cached. The executor is a required argument so that code inside a
   * transaction must pass the transaction: on PGlite (one query at a time) a read through `this.db`
   * while a transaction is open waits on that transaction forever, freezing every request.
   */
  private async context(executor: Database, productId: string, optionId: string | undefined): Promise<OptionContext> {
    const key = `${productId}|${optionId ?? ""}`;
    const cached = this.contexts.get(key);
    if (cached) return cached;
    const generation = this.generation;
    const [product] = await executor
      .select({
        id: schema.products.id,
        title: schema.products.title,
        timeZone: schema.products.timeZone,
        availabilityType: schema.products.availabilityType,
        currency: schema.products.currency,
        pricingPer: schema.products.pricingPer,
        noFixedPrice: schema.products.noFixedPrice,
        instantConfirmation: schema.products.instantConfirmation,
        cancellationPolicy: schema.products.cancellationPolicy,
        durationMinutes: schema.products.durationMinutes,
        expiresOn: schema.products.expiresOn,
        published: schema.products.published,
      })
      .from(schema.products)
      .where(eq(schema.products.id, productId));
    if (!product || !product.published) throw new BookingError("INVALID_PRODUCT_ID", `Unknown product ${productId}`, { productId });
    const options = await executor.select().from(schema.productOptions).where(eq(schema.productOptions.productId, productId)).orderBy(asc(schema.productOptions.sortOrder));
    const option = optionId === undefined ? (options.find((candidate) => candidate.isDefault) ?? options[0]) : options.find((candidate) => candidate.id === optionId);
    if (!option) throw new BookingError("INVALID_OPTION_ID", `Unknown option ${optionId} of product ${productId}`, { optionId });
    const [units, schedules, overrides, seasons] = await Promise.all([
      executor.select().from(schema.units).where(eq(schema.units.optionId, option.id)).orderBy(asc(schema.units.sortOrder)),
      executor.select().from(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.optionId, option.id)),
      executor.select().from(schema.availabilityOverrides).where(eq(schema.availabilityOverrides.optionId, option.id)),
      executor.select().from(schema.priceSeasons).where(eq(schema.priceSeasons.optionId, option.id)),
    ]);
    const context: OptionContext = {
      product,
      option,
      units,
      seasons,
      currency: isCurrencyCode(product.currency) ? product.currency : BASE_CURRENCY,
      slotContext: {
        timeZone: product.timeZone,
        availabilityType: product.availabilityType === "OPENING_HOURS" ? "OPENING_HOURS" : "START_TIME",
        durationMinutes: option.durationMinutes,
        cutoffMinutes: option.cutoffMinutes,
        expiresOn: product.expiresOn,
        schedules,
        overrides,
      },
    };
    if (generation === this.generation) {
      this.contexts.set(key, context);
      if (optionId === undefined) this.contexts.set(`${productId}|${option.id}`, context);
    }
    return context;
  }

  private todayIn(context: OptionContext): string {
    return localDateAt(context.product.timeZone, this.now());
  }

  private async inventoryFor(db: Database, optionId: string, from: string, to: string): Promise<Map<string, InventoryRow>> {
    const rows = await db
      .select({ availabilityId: schema.inventory.availabilityId, capacity: schema.inventory.capacity, held: schema.inventory.held, booked: schema.inventory.booked })
      .from(schema.inventory)
      .where(and(eq(schema.inventory.optionId, optionId), gte(schema.inventory.localDate, from), lte(schema.inventory.localDate, to)));
    return new Map(rows.map((row) => [row.availabilityId, row]));
  }

  /** Slots of an option between two local dates (clamped to today … today + horizon). */
  private async slots(context: OptionContext, from: string, to: string, executor: Database = this.db): Promise<Slot[]> {
    const today = this.todayIn(context);
    const horizonEnd = addDays(today, BOOKING_HORIZON_DAYS);
    const start = from < today ? today : from;
    const end = to > horizonEnd ? horizonEnd : to;
    if (start > end) return [];
    const inventory = await this.inventoryFor(executor, context.option.id, start, end);
    return resolveSlots(context.slotContext, dateRange(start, end), inventory, this.now(), horizonEnd);
  }

  /** Each priced unit's price on a local date (the season's when the date lies in one), in `currency`. */
  private unitPricing(context: OptionContext, currency: CurrencyCode, localDate: string | undefined): PricingUnit[] {
    const season = seasonOn(context.seasons, localDate);
    return context.units.flatMap((unit) => {
      const price = unitPriceOn(unit, season);
      if (!price) return [];
      return [{ unitId: unit.id, ...pricing(convertAmount(price.retail, context.currency, currency), convertAmount(price.original, context.currency, currency), currency) }];
    });
  }

  /**
   * Price of a set of units on the slot's local date, in the product's currency: per unit, or one price
   * per booking; a season covering the date replaces the base prices.
   */
  private priceOf(context: OptionContext, counts: Map<string, number>, localDate: string): { retail: number; original: number; byUnit: Map<string, { retail: number; original: number }> } {
    const season = seasonOn(context.seasons, localDate);
    const byUnit = new Map<string, { retail: number; original: number }>();
    let retail = 0;
    let original = 0;
    for (const unit of context.units) {
      const quantity = counts.get(unit.id) ?? 0;
      const price = context.product.pricingPer === "BOOKING" ? null : unitPriceOn(unit, season);
      const unitRetail = price?.retail ?? 0;
      const unitOriginal = price?.original ?? 0;
      byUnit.set(unit.id, { retail: unitRetail, original: unitOriginal });
      retail += unitRetail * quantity;
      original += unitOriginal * quantity;
    }
    if (context.product.pricingPer === "BOOKING") {
      const booking = bookingPriceOn(context.option, season);
      retail = booking?.retail ?? 0;
      original = booking?.original ?? retail;
    }
    return { retail, original, byUnit };
  }

  private requestedCurrency(currency: string | null | undefined, context: OptionContext): CurrencyCode {
    if (!currency) return context.currency;
    if (!isCurrencyCode(currency)) throw new BookingError("BAD_REQUEST", `Unsupported currency ${currency}`);
    return currency;
  }

  private toAvailability(slot: Slot, context: OptionContext, currency: CurrencyCode, counts?: Map<string, number>): Availability {
    const unitPricing = this.unitPricing(context, currency, slot.localDate);
    const bookingPrice = context.product.pricingPer === "BOOKING" ? bookingPriceOn(context.option, seasonOn(context.seasons, slot.localDate)) : null;
    let total: Pricing | undefined;
    if (counts && counts.size > 0) {
      const price = this.priceOf(context, counts, slot.localDate);
      total = pricing(convertAmount(price.retail, context.currency, currency), convertAmount(price.original, context.currency, currency), currency);
    } else if (bookingPrice) {
      total = pricing(convertAmount(bookingPrice.retail, context.currency, currency), convertAmount(bookingPrice.original, context.currency, currency), currency);
    }
    return {
      id: slot.id,
      localDateTimeStart: slot.localDateTimeStart,
      localDateTimeEnd: slot.localDateTimeEnd,
      utcCutoffAt: utcIso(slot.utcCutoffAt),
      allDay: slot.allDay,
      available: slot.available && !context.product.noFixedPrice,
      status: slot.status as AvailabilityStatus,
      vacancies: slot.vacancies,
      capacity: slot.capacity,
      maxUnits: context.option.maxUnits,
      openingHours: slot.openingHours,
      ...(context.product.noFixedPrice ? {} : { unitPricing, ...(total ? { pricing: total } : {}) }),
    };
  }

  private countsOf(units: Array<{ id: string; quantity: number }> | undefined): Map<string, number> {
    const counts = new Map<string, number>();
    for (const unit of units ?? []) counts.set(unit.id, (counts.get(unit.id) ?? 0) + unit.quantity);
    return counts;
  }

  async checkAvailability(body: AvailabilityCheckBody): Promise<Availability[]> {
    const context = await this.context(this.db, body.productId, body.optionId);
    const ids = body.availabilityIds ?? [];
    if (ids.length > 0 && (body.localDateStart || body.localDateEnd)) {
      throw new BookingError("BAD_REQUEST", "Send either availabilityIds or localDateStart and localDateEnd, not both");
    }
    const currency = this.requestedCurrency(body.currency, context);
    let range: { from: string; to: string };
    if (ids.length > 0) {
      if (ids.length > 500) throw new BookingError("BAD_REQUEST", "Ask for at most 500 availabilityIds at a time");
      const dates = ids.map((id) => parseAvailabilityId(id)?.localDate).filter((date): date is string => Boolean(date));
      if (dates.length === 0) throw new BookingError("INVALID_AVAILABILITY_ID", "No valid availability id given", { availabilityId: ids.join(",") });
      const from = dates.reduce((a, b) => (a < b ? a : b));
      const to = dates.reduce((a, b) => (a > b ? a : b));
      // Ids far apart would read a long range of slots: the same limit as for dates.
      range = dateRangeOf(from, to, MAX_CALENDAR_DAYS);
    } else {
      range = dateRangeOf(body.localDateStart, body.localDateEnd, MAX_AVAILABILITY_DAYS);
    }
    const counts = this.countsOf(body.units);
    const slots = await this.slots(context, range.from, range.to);
    return slots.filter((slot) => ids.length === 0 || ids.includes(slot.id)).map((slot) => this.toAvailability(slot, context, currency, counts));
  }

  async availabilityCalendar(body: AvailabilityCalendarBody): Promise<AvailabilityCalendar[]> {
    const context = await this.context(this.db, body.productId, body.optionId);
    const { from, to } = dateRangeOf(body.localDateStart, body.localDateEnd, MAX_CALENDAR_DAYS);
    const currency = this.requestedCurrency(body.currency, context);
    const slots = await this.slots(context, from, to);
    const byDate = new Map<string, Slot[]>();
    for (const slot of slots) (byDate.get(slot.localDate) ?? byDate.set(slot.localDate, []).get(slot.localDate)!).push(slot);
    const adultOnce = new Map(context.units.filter((unit) => unit.type === "ADULT").slice(0, 1).map((unit) => [unit.id, 1]));
    return [...byDate.entries()].map(([localDate, day]) => {
      // Prices of the day: a season covering it replaces the base prices.
      const unitPricingFrom = context.product.noFixedPrice ? undefined : this.unitPricing(context, currency, localDate);
      const fromPrice = this.priceOf(context, adultOnce, localDate);
      const pricingFrom =
        context.product.noFixedPrice || fromPrice.retail === 0
          ? undefined
          : pricing(convertAmount(fromPrice.retail, context.currency, currency), convertAmount(fromPrice.original, context.currency, currency), currency);
      const open = day.filter((slot) => slot.available);
      const freesale = day.some((slot) => slot.status === "FREESALE" && slot.available);
      const vacancies = freesale ? null : open.reduce((sum, slot) => sum + (slot.vacancies ?? 0), 0);
      const capacity = day.every((slot) => slot.capacity !== null) ? day.reduce((sum, slot) => sum + (slot.capacity ?? 0), 0) : null;
      const status: AvailabilityStatus = freesale
        ? AvailabilityStatus.FREESALE
        : open.length === 0
          ? day.every((slot) => slot.status === "CLOSED")
            ? AvailabilityStatus.CLOSED
            : AvailabilityStatus.SOLD_OUT
          : capacity !== null && vacancies !== null && vacancies < capacity / 2
            ? AvailabilityStatus.LIMITED
            : AvailabilityStatus.AVAILABLE;
      return {
        localDate,
        available: open.length > 0 && !context.product.noFixedPrice,
        status,
        vacancies,
        capacity,
        openingHours: day[0]?.openingHours ?? [],
        ...(unitPricingFrom ? { unitPricingFrom } : {}),
        ...(pricingFrom ? { pricingFrom } : {}),
      };
    });
  }

  async reserve(body: ReserveBody & { quotedOffer?: string }): Promise<OctoBooking> {
    const uuid = body.uuid || randomUUID();
    const existing = await this.findBooking(this.db, uuid);
    if (existing) return this.replay(existing, body);

    const context = await this.context(this.db, body.productId, body.optionId);
    if (context.product.noFixedPrice && !body.quotedOffer) throw new BookingError("NO_FIXED_PRICE", "This experience has no fixed price; request a custom offer instead");
    const slot = await this.bookableSlot(context, body.availabilityId);
    const counts = this.unitCounts(body.unitItems);
    const pax = this.validateUnits(context, counts);
    const price = this.priceOf(context, counts, slot.localDate);
    const expirationMinutes = Math.max(1, Math.min(body.expirationMinutes ?? this.holdMinutes, 24 * 60));
    const now = this.now();
    const bookingId = `bkg_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
    const supplierReference = `RH-${uuid.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const testMode = body.testMode === true;

    const outcome = await this.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const inserted = await t
        .insert(schema.bookings)
        .values({
          id: bookingId,
          uuid,
          productId: context.product.id,
          optionId: context.option.id,
          availabilityId: slot.id,
          localDate: slot.localDate,
          utcStartAt: slot.utcStart,
          status: BookingStatus.ON_HOLD,
          pax,
          currency: context.currency,
          totalRetail: price.retail,
          totalOriginal: price.original,
          contact: (body.contact ?? {}) as Record<string, unknown>,
          notes: body.notes ?? null,
          resellerReference: body.resellerReference ?? null,
          supplierReference,
          testMode,
          utcExpiresAt: new Date(now.getTime() + expirationMinutes * 60_000),
          utcCreatedAt: now,
          utcUpdatedAt: now,
        })
        // A concurrent request with the same uuid waits on the unique index, then finds this row.
        .onConflictDoNothing({ target: schema.bookings.uuid })
        .returning({ id: schema.bookings.id });
      if (inserted.length === 0) return { replay: true as const };
      // Throwing (no vacancies) rolls back the booking row too: nothing of a refused reservation remains.
      await this.takeSeats(t, context.option.id, slot, "held", pax, now, testMode);
      const items = body.unitItems.map((item, index) => this.unitItemRow(bookingId, supplierReference, index + 1, item, price.byUnit, BookingStatus.ON_HOLD));
      if (items.length > 0) await t.insert(schema.bookingUnitItems).values(items);
      return { replay: false as const };
    });

    const stored = await this.findBooking(this.db, uuid);
    if (!stored) throw new Error(`Booking ${uuid} vanished after reservation`);
    return outcome.replay ? this.replay(stored, body) : this.toOcto(stored);
  }

  /** A slot of the option that can be booked now: it exists, and is neither closed nor past its cutoff. */
  private async bookableSlot(context: OptionContext, availabilityId: string | null | undefined): Promise<Slot> {
    if (!availabilityId) throw new BookingError("INVALID_AVAILABILITY_ID", "availabilityId is required", { availabilityId: "" });
    const parsed = parseAvailabilityId(availabilityId);
    if (!parsed) throw new BookingError("INVALID_AVAILABILITY_ID", `Malformed availability id ${availabilityId}`, { availabilityId });
    const [slot] = (await this.slots(context, parsed.localDate, parsed.localDate)).filter((candidate) => candidate.id === availabilityId);
    if (!slot) throw new BookingError("INVALID_AVAILABILITY_ID", `No availability ${availabilityId} for this option`, { availabilityId });
    if (slot.status === "CLOSED") throw new BookingError("AVAILABILITY_CLOSED", "This date or time is closed for booking", { availabilityId: slot.id });
    return slot;
  }

  private unitCounts(unitItems: Array<{ unitId: string }>): Map<string, number> {
    const counts = new Map<string, number>();
    for (const item of unitItems) counts.set(item.unitId, (counts.get(item.unitId) ?? 0) + 1);
    return counts;
  }

  private unitItemRow(
    bookingId: string,
    supplierReference: string,
    number: number,
    item: { uuid?: string | null; unitId: string; resellerReference?: string | null; contact?: unknown },
    prices: Map<string, { retail: number; original: number }>,
    status: BookingStatus,
  ): typeof schema.bookingUnitItems.$inferInsert {
    const unitPrice = prices.get(item.unitId) ?? { retail: 0, original: 0 };
    return {
      uuid: item.uuid ?? randomUUID(),
      bookingId,
      unitId: item.unitId,
      status,
      retail: unitPrice.retail,
      original: unitPrice.original,
      supplierReference: `${supplierReference}-${number}`,
      resellerReference: item.resellerReference ?? null,
      contact: (item.contact ?? {}) as Record<string, unknown>,
    };
  }

  /**
   * Takes `pax` seats of a slot into `column` with one conditional update (never past capacity), in the
   * caller's transaction; NOT_ENOUGH_VACANCIES otherwise. A freesale slot has no count to take from. A
   * test booking is checked against the vacancies but takes none.
   */
  private async takeSeats(t: Database, optionId: string, slot: Slot, column: "held" | "booked", pax: number, now: Date, testMode = false, releaseExpired = true): Promise<void> {
    if (slot.capacity === null || pax <= 0) return;
    if (releaseExpired) await this.releaseExpired(t, now, { optionId, availabilityId: slot.id });
    await t
      .insert(schema.inventory)
      .values({ optionId, availabilityId: slot.id, localDate: slot.localDate, capacity: slot.capacity })
      .onConflictDoNothing();
    const free = sql`${schema.inventory.capacity} - ${schema.inventory.held} - ${schema.inventory.booked}`;
    const where = and(eq(schema.inventory.optionId, optionId), eq(schema.inventory.availabilityId, slot.id), sql`${free} >= ${pax}`);
    const taken = testMode
      ? await t.select({ vacancies: sql<number>`${free}` }).from(schema.inventory).where(where)
      : await t
          .update(schema.inventory)
          .set(column === "held" ? { held: sql`${schema.inventory.held} + ${pax}`, updatedAt: now } : { booked: sql`${schema.inventory.booked} + ${pax}`, updatedAt: now })
          .where(where)
          .returning({ vacancies: sql<number>`${free}` });
    if (taken.length > 0) return;
    const [row] = await t
      .select({ vacancies: sql<number>`${free}` })
      .from(schema.inventory)
      .where(and(eq(schema.inventory.optionId, optionId), eq(schema.inventory.availabilityId, slot.id)));
    const left = Math.max(0, Number(row?.vacancies ?? 0));
    throw new BookingError(
      "NOT_ENOUGH_VACANCIES",
      left === 0 ? "Sold out: no places are left at this time" : `Only ${left} place${left === 1 ? "" : "s"} left at this time; ${pax} requested`,
      { vacancies: left, requested: pax, availabilityId: slot.id },
    );
  }

  /**
   * The same uuid again: the booking when the request is the same one (a retry after a timeout), a
   * UUID_CONFLICT when the uuid already names a booking of other content (product, option, time, units).
   */
  private async replay(existing: BookingRow, body: ReserveBody): Promise<OctoBooking> {
    const items = await this.db.select({ unitId: schema.bookingUnitItems.unitId }).from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, existing.id));
    const sameUnits = (a: Map<string, number>, b: Map<string, number>) => a.size === b.size && [...a].every(([unitId, count]) => b.get(unitId) === count);
    const same =
      existing.productId === body.productId &&
      (body.optionId === undefined || existing.optionId === body.optionId) &&
      existing.availabilityId === body.availabilityId &&
      existing.testMode === (body.testMode === true) &&
      sameUnits(this.unitCounts(items), this.unitCounts(body.unitItems ?? []));
    if (!same) throw new BookingError("UUID_CONFLICT", "This uuid already identifies a different booking; send a new uuid", { uuid: existing.uuid });
    return this.toOcto(existing);
  }

  /** Quantity rules of units and option; returns the persons counted against capacity. */
  private validateUnits(context: OptionContext, counts: Map<string, number>): number {
    if (counts.size === 0) throw new BookingError("UNPROCESSABLE_ENTITY", "At least one unit is required");
    let pax = 0;
    let total = 0;
    const byId = new Map(context.units.map((unit) => [unit.id, unit]));
    for (const [unitId, quantity] of counts) {
      const unit = byId.get(unitId);
      if (!unit) throw new BookingError("INVALID_UNIT_ID", `Unknown unit ${unitId} for this option`, { unitId });
      if (unit.minQuantity !== null && quantity < unit.minQuantity) throw new BookingError("UNPROCESSABLE_ENTITY", `At least ${unit.minQuantity} × ${unit.internalName} required`, { unitId });
      if (unit.maxQuantity !== null && quantity > unit.maxQuantity) throw new BookingError("UNPROCESSABLE_ENTITY", `At most ${unit.maxQuantity} × ${unit.internalName} allowed`, { unitId });
      if (unit.accompaniedBy.length > 0 && !unit.accompaniedBy.some((id) => (counts.get(id) ?? 0) > 0)) {
        throw new BookingError("UNPROCESSABLE_ENTITY", `${unit.internalName} must be accompanied by an adult`, { unitId });
      }
      pax += unit.paxCount * quantity;
      total += quantity;
    }
    if (total < context.option.minUnits) throw new BookingError("UNPROCESSABLE_ENTITY", `At least ${context.option.minUnits} units required`);
    // The capacity per item: a storefront item holds at most this many travellers.
    if (context.option.maxUnits !== null && total > context.option.maxUnits) {
      throw new BookingError("UNPROCESSABLE_ENTITY", `Up to ${context.option.maxUnits} travellers per item`, { maxUnits: context.option.maxUnits });
    }
    if (context.option.bookingMaxPax !== null && pax > context.option.bookingMaxPax) {
      throw new BookingError("UNPROCESSABLE_ENTITY", `Up to ${context.option.bookingMaxPax} travellers per booking`);
    }
    return pax;
  }

  /**
   * Expires holds past their expiry (of one slot, or all) and gives their seats back, in the caller's
   * transaction. Slots are updated in a fixed order so concurrent sweeps cannot deadlock.
   */
  private async releaseExpired(t: Database, now: Date, slot?: { optionId: string; availabilityId: string }): Promise<number> {
    const expired = await t
      .update(schema.bookings)
      .set({ status: BookingStatus.EXPIRED, utcUpdatedAt: now })
      .where(
        and(
          eq(schema.bookings.status, BookingStatus.ON_HOLD),
          lte(schema.bookings.utcExpiresAt, now),
          ...(slot ? [eq(schema.bookings.optionId, slot.optionId), eq(schema.bookings.availabilityId, slot.availabilityId)] : []),
        ),
      )
      .returning({ id: schema.bookings.id, optionId: schema.bookings.optionId, availabilityId: schema.bookings.availabilityId, pax: schema.bookings.pax, testMode: schema.bookings.testMode });
    if (expired.length === 0) return 0;
    await t
      .update(schema.bookingUnitItems)
      .set({ status: BookingStatus.EXPIRED })
      .where(inArray(schema.bookingUnitItems.bookingId, expired.map((row) => row.id)));
    const bySlot = new Map<string, { optionId: string; availabilityId: string; pax: number }>();
    for (const row of expired) {
      // A test booking never held seats.
      if (row.testMode) continue;
      const key = `${row.optionId}|${row.availabilityId}`;
      const entry = bySlot.get(key) ?? { optionId: row.optionId, availabilityId: row.availabilityId, pax: 0 };
      entry.pax += row.pax;
      bySlot.set(key, entry);
    }
    for (const key of [...bySlot.keys()].sort()) {
      const entry = bySlot.get(key)!;
      await t
        .update(schema.inventory)
        .set({ held: sql`greatest(${schema.inventory.held} - ${entry.pax}, 0)`, updatedAt: now })
        .where(and(eq(schema.inventory.optionId, entry.optionId), eq(schema.inventory.availabilityId, entry.availabilityId)));
    }
    return expired.length;
  }

  async expireHolds(): Promise<number> {
    const now = this.now();
    return this.db.transaction((tx) => this.releaseExpired(tx as unknown as Database, now));
  }

  private async findBooking(db: Database, uuid: string, forUpdate = false): Promise<BookingRow | undefined> {
    const query = db.select().from(schema.bookings).where(eq(schema.bookings.uuid, uuid));
    const [row] = forUpdate ? await query.for("update") : await query;
    return row;
  }

  /** Moves seats between held and booked, or gives them back. */
  private async moveSeats(t: Database, booking: Pick<BookingRow, "optionId" | "availabilityId" | "testMode">, change: { held?: number; booked?: number }, now: Date): Promise<void> {
    if (booking.testMode) return;
    await t
      .update(schema.inventory)
      .set({
        held: sql`greatest(${schema.inventory.held} + ${change.held ?? 0}, 0)`,
        booked: sql`greatest(${schema.inventory.booked} + ${change.booked ?? 0}, 0)`,
        updatedAt: now,
      })
      .where(and(eq(schema.inventory.optionId, booking.optionId), eq(schema.inventory.availabilityId, booking.availabilityId)));
  }

  /**
   * ON_HOLD → CONFIRMED (or PENDING for on-request products), issuing the voucher and tickets. With
   * `unitItems` the booking's units are replaced first (the rules and the capacity checked again, the
   * price recomputed), as OCTO's confirmation allows. Idempotent: confirming again with the same units
   * returns the booking; with other units it is refused (PATCH changes a confirmed booking).
   */
  async confirm(uuid: string, body: BookingConfirmationBody): Promise<OctoBooking> {
    const now = this.now();
    const result = await this.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const booking = await this.findBooking(t, uuid, true);
      if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
      if (booking.status === BookingStatus.CONFIRMED || booking.status === BookingStatus.PENDING || booking.status === BookingStatus.REDEEMED) {
        if (body.unitItems && body.unitItems.length > 0) {
          const items = await t.select({ unitId: schema.bookingUnitItems.unitId }).from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id));
          const stored = this.unitCounts(items);
          const asked = this.unitCounts(body.unitItems);
          if (stored.size !== asked.size || [...stored].some(([unitId, count]) => asked.get(unitId) !== count)) {
            return { kind: "status" as const, status: booking.status, message: "This booking is already confirmed; change its units with PATCH /bookings/{uuid}" };
          }
        }
        return { kind: "done" as const };
      }
      if (booking.status === BookingStatus.ON_HOLD && booking.utcExpiresAt && booking.utcExpiresAt <= now) {
        // Expire it now and report that, committing the release rather than rolling it back.
        await this.releaseExpired(t, now, { optionId: booking.optionId, availabilityId: booking.availabilityId });
        return { kind: "expired" as const };
      }
      if (booking.status !== BookingStatus.ON_HOLD) return { kind: "status" as const, status: booking.status, message: `A ${booking.status} booking cannot be confirmed` };
      const context = await this.context(t, booking.productId, booking.optionId);
      const status = context.product.instantConfirmation ? BookingStatus.CONFIRMED : BookingStatus.PENDING;
      let pax = booking.pax;
      let totals = { retail: booking.totalRetail, original: booking.totalOriginal };
      if (body.unitItems && body.unitItems.length > 0) {
        const applied = await this.applyUnits(t, booking, context, body.unitItems, BookingStatus.ON_HOLD, booking.localDate);
        const delta = applied.pax - booking.pax;
        if (delta > 0) {
          const slot = await this.slotOf(t, context, booking.availabilityId);
          if (!slot || slot.status === "CLOSED") throw new BookingError("AVAILABILITY_CLOSED", "This date or time is closed for booking; no units can be added", { availabilityId: booking.availabilityId });
          await this.takeSeats(t, context.option.id, slot, "held", delta, now, booking.testMode);
        } else if (delta < 0) {
          await this.moveSeats(t, booking, { held: delta }, now);
        }
        pax = applied.pax;
        totals = applied;
      } else {
        for (const item of body.unitItems ?? []) {
          if (!item.uuid) continue;
          await t
            .update(schema.bookingUnitItems)
            .set({ contact: (item.contact ?? {}) as Record<string, unknown>, resellerReference: item.resellerReference ?? null })
            .where(and(eq(schema.bookingUnitItems.bookingId, booking.id), eq(schema.bookingUnitItems.uuid, item.uuid)));
        }
      }
      await t
        .update(schema.bookings)
        .set({
          status,
          pax,
          totalRetail: totals.retail,
          totalOriginal: totals.original,
          utcConfirmedAt: status === BookingStatus.CONFIRMED ? now : null,
          utcExpiresAt: null,
          utcUpdatedAt: now,
          contact: { ...(booking.contact ?? {}), ...(body.contact as Record<string, unknown>) },
          resellerReference: body.resellerReference ?? booking.resellerReference,
        })
        .where(eq(schema.bookings.id, booking.id));
      await t.update(schema.bookingUnitItems).set({ status }).where(eq(schema.bookingUnitItems.bookingId, booking.id));
      await this.moveSeats(t, booking, { held: -pax, booked: pax }, now);
      if (status === BookingStatus.CONFIRMED) await this.issueTicketsFor(t, booking.id, now);
      return { kind: "done" as const };
    });
    if (result.kind === "expired") throw new BookingError("BOOKING_EXPIRED", "The hold on this booking has expired; please reserve again", { uuid });
    if (result.kind === "status") throw new BookingError("INVALID_BOOKING_STATUS", result.message, { uuid, status: result.status });
    return (await this.getBooking(uuid))!;
  }

  /** The voucher and a ticket per unit item of a booking that has become CONFIRMED. */
  private async issueTicketsFor(t: Database, bookingId: string, now: Date): Promise<void> {
    const items = await t.select({ uuid: schema.bookingUnitItems.uuid }).from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, bookingId));
    await issueTickets(t, bookingId, items.map((item) => item.uuid), now);
  }

  /** One slot of an option by its availability id, read through the caller's executor (any status). */
  private async slotOf(t: Database, context: OptionContext, availabilityId: string): Promise<Slot | undefined> {
    const parsed = parseAvailabilityId(availabilityId);
    if (!parsed) return undefined;
    return (await this.slots(context, parsed.localDate, parsed.localDate, t)).find((slot) => slot.id === availabilityId);
  }

  /**
   * Replaces a booking's unit items with `requested` (validated against `context`, priced at its prices)
   * in the caller's transaction. An item that names one of the booking's unit items by uuid keeps it
   * (and its ticket); other items are new; the booking's items not named are removed with their tickets.
   * Seats and the booking row are the caller's to update.
   */
  private async applyUnits(
    t: Database,
    booking: BookingRow,
    context: OptionContext,
    requested: Array<{ uuid?: string | null; unitId: string; resellerReference?: string | null; contact?: unknown }>,
    status: BookingStatus,
    localDate: string,
  ): Promise<{ pax: number; retail: number; original: number }> {
    const counts = this.unitCounts(requested);
    const pax = this.validateUnits(context, counts);
    const price = this.priceOf(context, counts, localDate);
    const current = await t.select().from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id));
    const byUuid = new Map(current.map((item) => [item.uuid, item]));
    const named = new Set<string>();
    for (const item of requested) {
      if (!item.uuid) continue;
      if (named.has(item.uuid)) throw new BookingError("BAD_REQUEST", `unitItems[].uuid ${item.uuid} appears twice`, { uuid: booking.uuid });
      named.add(item.uuid);
    }
    const foreign = [...named].filter((uuid) => !byUuid.has(uuid));
    if (foreign.length > 0) {
      const taken = await t.select({ uuid: schema.bookingUnitItems.uuid }).from(schema.bookingUnitItems).where(inArray(schema.bookingUnitItems.uuid, foreign));
      if (taken.length > 0) throw new BookingError("BAD_REQUEST", `unitItems[].uuid ${taken[0]!.uuid} belongs to another booking`, { uuid: booking.uuid });
    }
    const removed = current.filter((item) => !named.has(item.uuid)).map((item) => item.uuid);
    if (removed.length > 0) await t.delete(schema.bookingUnitItems).where(inArray(schema.bookingUnitItems.uuid, removed));
    let next = Math.max(0, ...current.map((item) => Number(/-(\d+)$/.exec(item.supplierReference)?.[1] ?? 0))) + 1;
    const added: Array<typeof schema.bookingUnitItems.$inferInsert> = [];
    for (const item of requested) {
      const kept = item.uuid ? byUuid.get(item.uuid) : undefined;
      if (!kept) {
        added.push(this.unitItemRow(booking.id, booking.supplierReference, next++, item, price.byUnit, status));
        continue;
      }
      const unitPrice = price.byUnit.get(item.unitId) ?? { retail: 0, original: 0 };
      await t
        .update(schema.bookingUnitItems)
        .set({
          unitId: item.unitId,
          retail: unitPrice.retail,
          original: unitPrice.original,
          ...(item.contact !== undefined ? { contact: (item.contact ?? {}) as Record<string, unknown> } : {}),
          ...(item.resellerReference !== undefined ? { resellerReference: item.resellerReference ?? null } : {}),
        })
        .where(eq(schema.bookingUnitItems.uuid, kept.uuid));
    }
    if (added.length > 0) await t.insert(schema.bookingUnitItems).values(added);
    return { pax, retail: price.retail, original: price.original };
  }

  /** Supplier decision on an on-request (PENDING) booking. */
  async settlePending(uuid: string, decision: "CONFIRMED" | "REJECTED"): Promise<OctoBooking> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const booking = await this.findBooking(t, uuid, true);
      if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
      if (booking.status === decision) return;
      if (booking.status !== BookingStatus.PENDING) throw new BookingError("INVALID_BOOKING_STATUS", `A ${booking.status} booking is not awaiting confirmation`, { uuid });
      await t
        .update(schema.bookings)
        .set({ status: decision, utcConfirmedAt: decision === "CONFIRMED" ? now : null, utcUpdatedAt: now })
        .where(eq(schema.bookings.id, booking.id));
      await t.update(schema.bookingUnitItems).set({ status: decision }).where(eq(schema.bookingUnitItems.bookingId, booking.id));
      if (decision === "REJECTED") await this.moveSeats(t, booking, { booked: -booking.pax }, now);
      else await this.issueTicketsFor(t, booking.id, now);
    });
    return (await this.getBooking(uuid))!;
  }

  async extendReservation(uuid: string, expirationMinutes: number): Promise<OctoBooking> {
    const now = this.now();
    const minutes = Math.max(1, Math.min(expirationMinutes, 24 * 60));
    const updated = await this.db
      .update(schema.bookings)
      .set({ utcExpiresAt: new Date(now.getTime() + minutes * 60_000), utcUpdatedAt: now })
      .where(and(eq(schema.bookings.uuid, uuid), eq(schema.bookings.status, BookingStatus.ON_HOLD), sql`${schema.bookings.utcExpiresAt} > ${now}`))
      .returning({ id: schema.bookings.id });
    if (updated.length === 0) {
      const booking = await this.findBooking(this.db, uuid);
      if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
      throw new BookingError(booking.status === BookingStatus.ON_HOLD ? "BOOKING_EXPIRED" : "INVALID_BOOKING_STATUS", "Only a live hold can be extended", { uuid });
    }
    return (await this.getBooking(uuid))!;
  }

  private refundFor(booking: BookingRow, policy: CancellationPolicy, now: Date): RefundQuote {
    // Nothing has been charged for a hold or an unconfirmed request: cancelling costs nothing.
    if (booking.status === BookingStatus.ON_HOLD || booking.status === BookingStatus.PENDING) {
      return { penaltyPercent: 0, refundAmount: booking.totalRetail, refund: "FULL", rule: null };
    }
    return quoteRefund(policy, booking.totalRetail, booking.utcStartAt, now);
  }

  async quoteCancellation(uuid: string): Promise<RefundQuote & { currency: string; total: number }> {
    const booking = await this.findBooking(this.db, uuid);
    if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
    const context = await this.context(this.db, booking.productId, booking.optionId);
    return { ...this.refundFor(booking, context.product.cancellationPolicy, this.now()), currency: booking.currency, total: booking.totalRetail };
  }

  /**
   * Cancels a hold or a booking and gives its seats back; idempotent. A used (redeemed) booking cannot
   * be cancelled. With `enforceCutoff` (resellers over OCTO) a confirmed booking past its product's
   * cancellation cutoff is refused (CUTOFF_PASSED); without it (the storefront, which applies the
   * tiered refund policy itself) the refund follows the policy.
   */
  async cancel(uuid: string, body: BookingCancellationBody = {}, options: CancelOptions = {}): Promise<OctoBooking> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const booking = await this.findBooking(t, uuid, true);
      if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
      if (booking.status === BookingStatus.CANCELLED) return;
      if (booking.status === BookingStatus.REDEEMED || (await anyTicketRedeemed(t, [booking.id]))) {
        throw new BookingError("BOOKING_REDEEMED", "This booking has been used (its tickets were redeemed) and cannot be cancelled", { uuid });
      }
      if (booking.status !== BookingStatus.ON_HOLD && booking.status !== BookingStatus.CONFIRMED && booking.status !== BookingStatus.PENDING) {
        throw new BookingError("INVALID_BOOKING_STATUS", `A ${booking.status} booking cannot be cancelled`, { uuid, status: booking.status });
      }
      const context = await this.context(t, booking.productId, booking.optionId);
      if (options.enforceCutoff && booking.status === BookingStatus.CONFIRMED && !beforeCancellationCutoff(context.product.cancellationPolicy, booking.utcStartAt, now)) {
        throw new BookingError("CUTOFF_PASSED", "This booking is past its cancellation cutoff and can no longer be cancelled", { uuid });
      }
      const quote = this.refundFor(booking, context.product.cancellationPolicy, now);
      await t
        .update(schema.bookings)
        .set({
          status: BookingStatus.CANCELLED,
          utcCancelledAt: now,
          utcExpiresAt: null,
          utcUpdatedAt: now,
          cancellationReason: body.reason ?? null,
          refund: quote.refund,
          refundAmount: quote.refundAmount,
          penaltyPercent: quote.penaltyPercent,
        })
        .where(eq(schema.bookings.id, booking.id));
      await t.update(schema.bookingUnitItems).set({ status: BookingStatus.CANCELLED }).where(eq(schema.bookingUnitItems.bookingId, booking.id));
      await this.moveSeats(t, booking, booking.status === BookingStatus.ON_HOLD ? { held: -booking.pax } : { booked: -booking.pax }, now);
    });
    return (await this.getBooking(uuid))!;
  }

  /**
   * Moves a booking to another time, units, option or product, keeping its uuid (OCTO's PATCH). The
   * seats move in one transaction: the new ones are taken with the conditional update first, then the
   * old ones are given back, so other bookings never see both held or neither; when the new seats are
   * not there the transaction rolls back and the booking keeps its original seats. The price is
   * recomputed at the target's prices. A hold keeps its expiry; a confirmed booking stays confirmed
   * (new unit items get tickets) and is refused past its cancellation cutoff when `enforceCutoff`.
   */
  async rebook(uuid: string, change: RebookChange, options: CancelOptions = {}): Promise<OctoBooking> {
    const now = this.now();
    const before = await this.findBooking(this.db, uuid);
    if (!before) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
    const productChanged = change.productId !== undefined && change.productId !== before.productId;
    const target = await this.context(this.db, change.productId ?? before.productId, change.optionId ?? (productChanged ? undefined : before.optionId));
    if (target.product.noFixedPrice) throw new BookingError("NO_FIXED_PRICE", "This experience has no fixed price; request a custom offer instead");
    const availabilityId = change.availabilityId ?? before.availabilityId;
    const sameSlot = target.option.id === before.optionId && availabilityId === before.availabilityId;
    // A new time must be bookable now; the booked time may have passed its booking cutoff (units are checked below).
    const targetSlot = sameSlot ? undefined : await this.bookableSlot(target, availabilityId);

    await this.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const booking = await this.findBooking(t, uuid, true);
      if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
      if (booking.optionId !== before.optionId || booking.availabilityId !== before.availabilityId) {
        throw new BookingError("INVALID_BOOKING_STATUS", "This booking changed while the request was made; try again", { uuid });
      }
      if (booking.status === BookingStatus.ON_HOLD && booking.utcExpiresAt && booking.utcExpiresAt <= now) {
        throw new BookingError("BOOKING_EXPIRED", "The hold on this booking has expired; please reserve again", { uuid });
      }
      if (booking.status === BookingStatus.REDEEMED || (await anyTicketRedeemed(t, [booking.id]))) {
        throw new BookingError("BOOKING_REDEEMED", "This booking has been used (its tickets were redeemed) and cannot be changed", { uuid });
      }
      if (booking.status !== BookingStatus.ON_HOLD && booking.status !== BookingStatus.CONFIRMED && booking.status !== BookingStatus.PENDING) {
        throw new BookingError("INVALID_BOOKING_STATUS", `A ${booking.status} booking cannot be changed`, { uuid, status: booking.status });
      }
      const source = await this.context(t, booking.productId, booking.optionId);
      if (options.enforceCutoff && booking.status === BookingStatus.CONFIRMED && !beforeCancellationCutoff(source.product.cancellationPolicy, booking.utcStartAt, now)) {
        throw new BookingError("CUTOFF_PASSED", "This booking is past its cancellation cutoff and can no longer be changed", { uuid });
      }
      const requested =
        change.unitItems ??
        (await t.select().from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id))).map((item) => ({ uuid: item.uuid, unitId: item.unitId }));
      // Priced at the target slot's date (its season, if any).
      const applied = await this.applyUnits(t, booking, target, requested, booking.status as BookingStatus, sameSlot ? booking.localDate : targetSlot!.localDate);
      const column = booking.status === BookingStatus.ON_HOLD ? "held" : "booked";
      let slot: Slot;
      if (sameSlot) {
        const current = await this.slotOf(t, target, booking.availabilityId);
        if (!current) throw new BookingError("INVALID_AVAILABILITY_ID", `No availability ${booking.availabilityId} for this option`, { availabilityId: booking.availabilityId });
        slot = current;
        const delta = applied.pax - booking.pax;
        if (delta > 0) {
          if (slot.status === "CLOSED") throw new BookingError("AVAILABILITY_CLOSED", "This date or time is closed for booking; no units can be added", { availabilityId: slot.id });
          await this.takeSeats(t, target.option.id, slot, column, delta, now, booking.testMode);
        } else if (delta < 0) {
          await this.moveSeats(t, booking, column === "held" ? { held: delta } : { booked: delta }, now);
        }
      } else {
        slot = targetSlot!;
        // Both inventory rows are locked in one fixed order first, so two bookings moving in opposite
        // directions wait for each other instead of deadlocking.
        await this.releaseExpired(t, now, { optionId: target.option.id, availabilityId: slot.id });
        if (slot.capacity !== null) {
          await t.insert(schema.inventory).values({ optionId: target.option.id, availabilityId: slot.id, localDate: slot.localDate, capacity: slot.capacity }).onConflictDoNothing();
        }
        const keys = [
          [booking.optionId, booking.availabilityId],
          [target.option.id, slot.id],
        ].sort((a, b) => `${a[0]}|${a[1]}`.localeCompare(`${b[0]}|${b[1]}`));
        for (const [optionId, id] of keys) {
          await t.select({ held: schema.inventory.held }).from(schema.inventory).where(and(eq(schema.inventory.optionId, optionId!), eq(schema.inventory.availabilityId, id!))).for("update");
        }
        await this.takeSeats(t, target.option.id, slot, column, applied.pax, now, booking.testMode, false);
        await this.moveSeats(t, booking, column === "held" ? { held: -booking.pax } : { booked: -booking.pax }, now);
      }
      await t
        .update(schema.bookings)
        .set({
          productId: target.product.id,
          optionId: target.option.id,
          availabilityId: slot.id,
          localDate: slot.localDate,
          utcStartAt: slot.utcStart,
          pax: applied.pax,
          currency: target.currency,
          totalRetail: applied.retail,
          totalOriginal: applied.original,
          utcUpdatedAt: now,
        })
        .where(eq(schema.bookings.id, booking.id));
      if (booking.status === BookingStatus.CONFIRMED) await this.issueTicketsFor(t, booking.id, now);
    });
    return (await this.getBooking(uuid))!;
  }

  async getBooking(uuid: string): Promise<OctoBooking | null> {
    const booking = await this.findBooking(this.db, uuid);
    return booking ? this.toOcto(booking) : null;
  }

  private async toOcto(booking: BookingRow): Promise<OctoBooking> {
    const [context, items, tickets] = await Promise.all([
      this.context(this.db, booking.productId, booking.optionId),
      this.db.select().from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id)),
      ticketsOfBooking(this.db, booking.id),
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
    const inventory = await this.inventoryFor(this.db, booking.optionId, booking.localDate, booking.localDate);
    const [slot] = resolveSlots(slotContext, [booking.localDate], inventory, this.now(), booking.localDate).filter((candidate) => candidate.id === booking.availabilityId);
    const status = booking.status as BookingStatus;
    const now = this.now();
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
      availability: slot ? this.toAvailability(slot, context, currency) : null,
      localDateTimeStart: slot?.localDateTimeStart ?? booking.availabilityId,
      contact: toContact(booking.contact),
      notes: booking.notes,
      deliveryMethods: [DeliveryMethod.VOUCHER, DeliveryMethod.TICKET],
      voucher: ticketOf(voucherRow),
      unitItems,
      pricing: pricing(booking.totalRetail, booking.totalOriginal, currency),
    };
  }

  /** Ids of seeded slots for tests and tools: the first open slot of an option on or after a date. */
  async firstOpenSlot(productId: string, optionId: string, from: string, days = 60): Promise<Slot | undefined> {
    const context = await this.context(this.db, productId, optionId);
    const slots = await this.slots(context, from, addDays(from, days));
    return slots.find((slot) => slot.available);
  }

  /** Raw seat counts of a slot (for tests and operations dashboards). */
  async seatCounts(optionId: string, availabilityId: string): Promise<{ capacity: number; held: number; booked: number } | null> {
    const rows = rowsOf<{ capacity: number; held: number; booked: number }>(
      await this.db.execute(sql`SELECT capacity, held, booked FROM inventory WHERE option_id = ${optionId} AND availability_id = ${availabilityId}`),
    );
    return rows[0] ?? null;
  }
}
