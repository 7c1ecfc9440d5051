/**
 * The embedded booking engine: the only code that writes inventory. A hold takes vacancies with one
 * conditional UPDATE inside the transaction that records the booking, so concurrent reservations
 * can never oversell; every step is idempotent on the client's uuid.
 */
import { randomUUID } from "node:crypto";
import {
  AvailabilityStatus,
  BookingStatus,
  DeliveryMethod,
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
  type UnitItem,
} from "@octocloud/types";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { rowsOf, type Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { BookingRow, ProductOptionRow as OptionRow, ProductRow, UnitRow } from "#app/db/schema";
import type { CancellationPolicy } from "#app/db/types";
import { BASE_CURRENCY, convertAmount, currencyExponent, isCurrencyCode, type CurrencyCode } from "#app/lib/money";
import { quoteRefund, type RefundQuote } from "./policy";
import { BOOKING_HORIZON_DAYS, dateRange, resolveSlots, type InventoryRow, type Slot, type SlotContext } from "./slots";
import { parseAvailabilityId } from "./time";
import { BookingError, type BookingApi, type OctoBooking } from "./types";
import { addDays, isIsoDate, localDateAt } from "#app/lib/dates";


interface OptionContext {
  product: Pick<
    ProductRow,
    "id" | "title" | "timeZone" | "availabilityType" | "currency" | "pricingPer" | "noFixedPrice" | "instantConfirmation" | "cancellationPolicy" | "durationMinutes" | "expiresOn" | "published"
  >;
  option: OptionRow;
  units: UnitRow[];
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

const toIso = (date: Date | null) => (date ? date.toISOString() : null);

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

  constructor(
    private readonly db: Database,
    options: EngineOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.holdMinutes = options.holdMinutes ?? 30;
  }

  /** Forget cached product data (after a catalogue change). */
  clearCache(): void {
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
    const [units, schedules, overrides] = await Promise.all([
      executor.select().from(schema.units).where(eq(schema.units.optionId, option.id)).orderBy(asc(schema.units.sortOrder)),
      executor.select().from(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.optionId, option.id)),
      executor.select().from(schema.availabilityOverrides).where(eq(schema.availabilityOverrides.optionId, option.id)),
    ]);
    const context: OptionContext = {
      product,
      option,
      units,
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
    this.contexts.set(key, context);
    if (optionId === undefined) this.contexts.set(`${productId}|${option.id}`, context);
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
  private async slots(context: OptionContext, from: string, to: string): Promise<Slot[]> {
    const today = this.todayIn(context);
    const horizonEnd = addDays(today, BOOKING_HORIZON_DAYS);
    const start = from < today ? today : from;
    const end = to > horizonEnd ? horizonEnd : to;
    if (start > end) return [];
    const inventory = await this.inventoryFor(this.db, context.option.id, start, end);
    return resolveSlots(context.slotContext, dateRange(start, end), inventory, this.now(), horizonEnd);
  }

  private unitPricing(context: OptionContext, currency: CurrencyCode): PricingUnit[] {
    return context.units
      .filter((unit) => unit.price !== null)
      .map((unit) => ({
        unitId: unit.id,
        ...pricing(convertAmount(unit.price!, context.currency, currency), convertAmount(unit.priceOriginal ?? unit.price!, context.currency, currency), currency),
      }));
  }

  /** Price of a set of units in the product's currency: per unit, or one price per booking. */
  private priceOf(context: OptionContext, counts: Map<string, number>): { retail: number; original: number; byUnit: Map<string, { retail: number; original: number }> } {
    const byUnit = new Map<string, { retail: number; original: number }>();
    let retail = 0;
    let original = 0;
    for (const unit of context.units) {
      const quantity = counts.get(unit.id) ?? 0;
      const unitRetail = context.product.pricingPer === "BOOKING" ? 0 : (unit.price ?? 0);
      const unitOriginal = context.product.pricingPer === "BOOKING" ? 0 : (unit.priceOriginal ?? unit.price ?? 0);
      byUnit.set(unit.id, { retail: unitRetail, original: unitOriginal });
      retail += unitRetail * quantity;
      original += unitOriginal * quantity;
    }
    if (context.product.pricingPer === "BOOKING") {
      retail = context.option.bookingPrice ?? 0;
      original = context.option.bookingPriceOriginal ?? retail;
    }
    return { retail, original, byUnit };
  }

  private requestedCurrency(currency: string | null | undefined, context: OptionContext): CurrencyCode {
    if (!currency) return context.currency;
    if (!isCurrencyCode(currency)) throw new BookingError("BAD_REQUEST", `Unsupported currency ${currency}`);
    return currency;
  }

  private toAvailability(slot: Slot, context: OptionContext, currency: CurrencyCode, counts?: Map<string, number>): Availability {
    const unitPricing = this.unitPricing(context, currency);
    let total: Pricing | undefined;
    if (counts && counts.size > 0) {
      const price = this.priceOf(context, counts);
      total = pricing(convertAmount(price.retail, context.currency, currency), convertAmount(price.original, context.currency, currency), currency);
    } else if (context.product.pricingPer === "BOOKING" && context.option.bookingPrice !== null) {
      total = pricing(
        convertAmount(context.option.bookingPrice, context.currency, currency),
        convertAmount(context.option.bookingPriceOriginal ?? context.option.bookingPrice, context.currency, currency),
        currency,
      );
    }
    return {
      id: slot.id,
      localDateTimeStart: slot.localDateTimeStart,
      localDateTimeEnd: slot.localDateTimeEnd,
      utcCutoffAt: slot.utcCutoffAt.toISOString(),
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
    const currency = this.requestedCurrency(body.currency, context);
    let from = body.localDateStart;
    let to = body.localDateEnd ?? body.localDateStart;
    const ids = body.availabilityIds ?? [];
    if (ids.length > 0) {
      const dates = ids.map((id) => parseAvailabilityId(id)?.localDate).filter((date): date is string => Boolean(date));
      if (dates.length === 0) throw new BookingError("INVALID_AVAILABILITY_ID", "No valid availability id given");
      from = dates.reduce((a, b) => (a < b ? a : b));
      to = dates.reduce((a, b) => (a > b ? a : b));
    }
    if (!from || !to || !isIsoDate(from) || !isIsoDate(to)) throw new BookingError("BAD_REQUEST", "localDateStart and localDateEnd (YYYY-MM-DD) or availabilityIds are required");
    const counts = this.countsOf(body.units);
    const slots = await this.slots(context, from, to);
    return slots.filter((slot) => ids.length === 0 || ids.includes(slot.id)).map((slot) => this.toAvailability(slot, context, currency, counts));
  }

  async availabilityCalendar(body: AvailabilityCalendarBody): Promise<AvailabilityCalendar[]> {
    const context = await this.context(this.db, body.productId, body.optionId);
    const currency = this.requestedCurrency(body.currency, context);
    const from = body.localDateStart ?? this.todayIn(context);
    const to = body.localDateEnd ?? addDays(from, 30);
    if (!isIsoDate(from) || !isIsoDate(to)) throw new BookingError("BAD_REQUEST", "Dates must be YYYY-MM-DD");
    const slots = await this.slots(context, from, to);
    const byDate = new Map<string, Slot[]>();
    for (const slot of slots) (byDate.get(slot.localDate) ?? byDate.set(slot.localDate, []).get(slot.localDate)!).push(slot);
    const unitPricingFrom = context.product.noFixedPrice ? undefined : this.unitPricing(context, currency);
    const fromPrice = this.priceOf(context, new Map(context.units.filter((unit) => unit.type === "ADULT").slice(0, 1).map((unit) => [unit.id, 1])));
    const pricingFrom =
      context.product.noFixedPrice || fromPrice.retail === 0
        ? undefined
        : pricing(convertAmount(fromPrice.retail, context.currency, currency), convertAmount(fromPrice.original, context.currency, currency), currency);
    return [...byDate.entries()].map(([localDate, day]) => {
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

  async reserve(body: BookingReservationBody & { uuid: string; quotedOffer?: string }): Promise<OctoBooking> {
    const uuid = body.uuid || randomUUID();
    const existing = await this.findBooking(this.db, uuid);
    if (existing) return this.replay(existing, body);

    const context = await this.context(this.db, body.productId, body.optionId);
    if (context.product.noFixedPrice && !body.quotedOffer) throw new BookingError("NO_FIXED_PRICE", "This experience has no fixed price; request a custom offer instead");
    if (!body.availabilityId) throw new BookingError("INVALID_AVAILABILITY_ID", "availabilityId is required");
    const parsed = parseAvailabilityId(body.availabilityId);
    if (!parsed) throw new BookingError("INVALID_AVAILABILITY_ID", `Malformed availability id ${body.availabilityId}`);
    const [slot] = (await this.slots(context, parsed.localDate, parsed.localDate)).filter((candidate) => candidate.id === body.availabilityId);
    if (!slot) throw new BookingError("INVALID_AVAILABILITY_ID", `No availability ${body.availabilityId} for this option`, { availabilityId: body.availabilityId });
    if (slot.status === "CLOSED") throw new BookingError("AVAILABILITY_CLOSED", "This date or time is closed for booking", { availabilityId: slot.id });

    const counts = new Map<string, number>();
    for (const item of body.unitItems) counts.set(item.unitId, (counts.get(item.unitId) ?? 0) + 1);
    const pax = this.validateUnits(context, counts);
    const price = this.priceOf(context, counts);
    const expirationMinutes = Math.max(1, Math.min(body.expirationMinutes ?? this.holdMinutes, 24 * 60));
    const now = this.now();
    const bookingId = `bkg_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
    const supplierReference = `RH-${uuid.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

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
          utcExpiresAt: new Date(now.getTime() + expirationMinutes * 60_000),
          utcCreatedAt: now,
          utcUpdatedAt: now,
        })
        // A concurrent request with the same uuid waits on the unique index, then finds this row.
        .onConflictDoNothing({ target: schema.bookings.uuid })
        .returning({ id: schema.bookings.id });
      if (inserted.length === 0) return { replay: true as const };

      if (slot.capacity !== null) {
        await this.releaseExpired(t, now, { optionId: context.option.id, availabilityId: slot.id });
        await t
          .insert(schema.inventory)
          .values({ optionId: context.option.id, availabilityId: slot.id, localDate: slot.localDate, capacity: slot.capacity })
          .onConflictDoNothing();
        const taken = await t
          .update(schema.inventory)
          .set({ held: sql`${schema.inventory.held} + ${pax}`, updatedAt: now })
          .where(
            and(
              eq(schema.inventory.optionId, context.option.id),
              eq(schema.inventory.availabilityId, slot.id),
              sql`${schema.inventory.capacity} - ${schema.inventory.held} - ${schema.inventory.booked} >= ${pax}`,
            ),
          )
          .returning({ vacancies: sql<number>`${schema.inventory.capacity} - ${schema.inventory.held} - ${schema.inventory.booked}` });
        if (taken.length === 0) {
          const [row] = await t
            .select({ vacancies: sql<number>`${schema.inventory.capacity} - ${schema.inventory.held} - ${schema.inventory.booked}` })
            .from(schema.inventory)
            .where(and(eq(schema.inventory.optionId, context.option.id), eq(schema.inventory.availabilityId, slot.id)));
          const left = Math.max(0, Number(row?.vacancies ?? 0));
          // Throwing rolls back the booking row too: nothing of a refused reservation remains.
          throw new BookingError(
            "NOT_ENOUGH_VACANCIES",
            left === 0 ? "Sold out: no places are left at this time" : `Only ${left} place${left === 1 ? "" : "s"} left at this time; ${pax} requested`,
            { vacancies: left, requested: pax, availabilityId: slot.id },
          );
        }
      }

      const items = body.unitItems.map((item, index) => {
        const unitPrice = price.byUnit.get(item.unitId)!;
        return {
          uuid: item.uuid ?? randomUUID(),
          bookingId,
          unitId: item.unitId,
          status: BookingStatus.ON_HOLD,
          retail: unitPrice.retail,
          original: unitPrice.original,
          supplierReference: `${supplierReference}-${index + 1}`,
          resellerReference: item.resellerReference ?? null,
          contact: (item.contact ?? {}) as Record<string, unknown>,
        };
      });
      if (items.length > 0) await t.insert(schema.bookingUnitItems).values(items);
      return { replay: false as const };
    });

    const stored = await this.findBooking(this.db, uuid);
    if (!stored) throw new Error(`Booking ${uuid} vanished after reservation`);
    return outcome.replay ? this.replay(stored, body) : this.toOcto(stored);
  }

  /** The same uuid again: return the booking if it is the same request, refuse if it is another. */
  private async replay(existing: BookingRow, body: BookingReservationBody): Promise<OctoBooking> {
    if (existing.productId !== body.productId || existing.optionId !== body.optionId || (body.availabilityId && existing.availabilityId !== body.availabilityId)) {
      throw new BookingError("UUID_CONFLICT", "This uuid already identifies a different booking", { uuid: existing.uuid });
    }
    return this.toOcto(existing);
  }

  /** Quantity rules of units and option; returns the persons counted against capacity. */
  private validateUnits(context: OptionContext, counts: Map<string, number>): number {
    if (counts.size === 0) throw new BookingError("BAD_REQUEST", "At least one unit is required");
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
      .returning({ id: schema.bookings.id, optionId: schema.bookings.optionId, availabilityId: schema.bookings.availabilityId, pax: schema.bookings.pax });
    if (expired.length === 0) return 0;
    await t
      .update(schema.bookingUnitItems)
      .set({ status: BookingStatus.EXPIRED })
      .where(inArray(schema.bookingUnitItems.bookingId, expired.map((row) => row.id)));
    const bySlot = new Map<string, { optionId: string; availabilityId: string; pax: number }>();
    for (const row of expired) {
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
  private async moveSeats(t: Database, booking: BookingRow, change: { held?: number; booked?: number }, now: Date): Promise<void> {
    await t
      .update(schema.inventory)
      .set({
        held: sql`greatest(${schema.inventory.held} + ${change.held ?? 0}, 0)`,
        booked: sql`greatest(${schema.inventory.booked} + ${change.booked ?? 0}, 0)`,
        updatedAt: now,
      })
      .where(and(eq(schema.inventory.optionId, booking.optionId), eq(schema.inventory.availabilityId, booking.availabilityId)));
  }

  async confirm(uuid: string, body: BookingConfirmationBody): Promise<OctoBooking> {
    const now = this.now();
    const result = await this.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const booking = await this.findBooking(t, uuid, true);
      if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
      if (booking.status === BookingStatus.CONFIRMED || booking.status === BookingStatus.PENDING) return { kind: "done" as const };
      if (booking.status === BookingStatus.ON_HOLD && booking.utcExpiresAt && booking.utcExpiresAt <= now) {
        // Expire it now and report that, committing the release rather than rolling it back.
        await this.releaseExpired(t, now, { optionId: booking.optionId, availabilityId: booking.availabilityId });
        return { kind: "expired" as const };
      }
      if (booking.status !== BookingStatus.ON_HOLD) return { kind: "status" as const, status: booking.status };
      const context = await this.context(t, booking.productId, booking.optionId);
      const status = context.product.instantConfirmation ? BookingStatus.CONFIRMED : BookingStatus.PENDING;
      await t
        .update(schema.bookings)
        .set({
          status,
          utcConfirmedAt: status === BookingStatus.CONFIRMED ? now : null,
          utcExpiresAt: null,
          utcUpdatedAt: now,
          contact: { ...(booking.contact ?? {}), ...(body.contact as Record<string, unknown>) },
          resellerReference: body.resellerReference ?? booking.resellerReference,
        })
        .where(eq(schema.bookings.id, booking.id));
      await t.update(schema.bookingUnitItems).set({ status }).where(eq(schema.bookingUnitItems.bookingId, booking.id));
      for (const item of body.unitItems ?? []) {
        if (!item.uuid) continue;
        await t
          .update(schema.bookingUnitItems)
          .set({ contact: (item.contact ?? {}) as Record<string, unknown>, resellerReference: item.resellerReference ?? null })
          .where(and(eq(schema.bookingUnitItems.bookingId, booking.id), eq(schema.bookingUnitItems.uuid, item.uuid)));
      }
      await this.moveSeats(t, booking, { held: -booking.pax, booked: booking.pax }, now);
      return { kind: "done" as const };
    });
    if (result.kind === "expired") throw new BookingError("BOOKING_EXPIRED", "The hold on this booking has expired; please reserve again", { uuid });
    if (result.kind === "status") throw new BookingError("INVALID_BOOKING_STATUS", `A ${result.status} booking cannot be confirmed`, { uuid, status: result.status });
    return (await this.getBooking(uuid))!;
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

  async cancel(uuid: string, body: BookingCancellationBody = {}): Promise<OctoBooking> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const booking = await this.findBooking(t, uuid, true);
      if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
      if (booking.status === BookingStatus.CANCELLED) return;
      if (booking.status !== BookingStatus.ON_HOLD && booking.status !== BookingStatus.CONFIRMED && booking.status !== BookingStatus.PENDING) {
        throw new BookingError("INVALID_BOOKING_STATUS", `A ${booking.status} booking cannot be cancelled`, { uuid, status: booking.status });
      }
      const context = await this.context(t, booking.productId, booking.optionId);
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

  async getBooking(uuid: string): Promise<OctoBooking | null> {
    const booking = await this.findBooking(this.db, uuid);
    return booking ? this.toOcto(booking) : null;
  }

  private async toOcto(booking: BookingRow): Promise<OctoBooking> {
    const [context, items] = await Promise.all([
      this.context(this.db, booking.productId, booking.optionId),
      this.db.select().from(schema.bookingUnitItems).where(eq(schema.bookingUnitItems.bookingId, booking.id)).orderBy(asc(schema.bookingUnitItems.supplierReference)),
    ]);
    const currency = isCurrencyCode(booking.currency) ? booking.currency : context.currency;
    const slotContext = context.slotContext;
    const inventory = await this.inventoryFor(this.db, booking.optionId, booking.localDate, booking.localDate);
    const [slot] = resolveSlots(slotContext, [booking.localDate], inventory, this.now(), booking.localDate).filter((candidate) => candidate.id === booking.availabilityId);
    const status = booking.status as BookingStatus;
    const live = status === BookingStatus.ON_HOLD || status === BookingStatus.CONFIRMED || status === BookingStatus.PENDING;
    const unitItems: UnitItem[] = items.map((item) => ({
      uuid: item.uuid,
      resellerReference: item.resellerReference,
      supplierReference: item.supplierReference,
      unitId: item.unitId,
      status: item.status as BookingStatus,
      utcRedeemedAt: null,
      contact: toContact(item.contact),
      ticket: null,
      pricing: pricing(item.retail, item.original, currency),
    }));
    return {
      id: booking.id,
      uuid: booking.uuid,
      testMode: false,
      resellerReference: booking.resellerReference,
      supplierReference: booking.supplierReference,
      status,
      utcCreatedAt: booking.utcCreatedAt.toISOString(),
      utcUpdatedAt: booking.utcUpdatedAt.toISOString(),
      utcExpiresAt: status === BookingStatus.ON_HOLD ? toIso(booking.utcExpiresAt) : null,
      utcRedeemedAt: null,
      utcConfirmedAt: toIso(booking.utcConfirmedAt),
      productId: booking.productId,
      optionId: booking.optionId,
      cancellable: live && booking.utcStartAt > this.now(),
      cancellation:
        status === BookingStatus.CANCELLED && booking.utcCancelledAt
          ? {
              refund: (booking.refund ?? "NONE") as Refund,
              reason: booking.cancellationReason,
              utcCancelledAt: booking.utcCancelledAt.toISOString(),
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
      voucher: null,
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
