/**
 * Guides and resources on departures, against the database (issue #33): adding a guide, driver,
 * vehicle, boat or room, and assigning it to a departure. An assignment locks the resource's row for
 * its transaction, so two staff assigning the same guide at once are serialised: the second sees the
 * first's departure and is refused with it (rules in ./departure-resources).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { slotsForDate } from "./slots";
import { slotContextOf } from "./schedule-admin.server";
import { clashingDeparture, departureCapacity, type DepartureSpan } from "./departure-resources";

import { SEATED_KINDS, type ResourceKind } from "./departure-resources";

// The kinds live in the pure module, so that console pages can list them in the browser too.
export { RESOURCE_KINDS, SEATED_KINDS, type ResourceKind } from "./departure-resources";

export interface NewResource {
  kind: ResourceKind;
  name: string;
  capacity: number | null;
  staffUserId?: string | null;
}

export async function addResource(db: Database, input: NewResource): Promise<string> {
  const id = randomUUID();
  const seated = SEATED_KINDS.includes(input.kind);
  await db.insert(schema.resources).values({ id, kind: input.kind, name: input.name, capacity: seated ? input.capacity : null, staffUserId: input.staffUserId ?? null });
  return id;
}

export type AssignResult =
  | { ok: true }
  | { ok: false; reason: "notFound" | "noDeparture" }
  /** The resource has fewer seats than the departure already sold and holds. */
  | { ok: false; reason: "belowSold"; capacity: number }
  | { ok: false; reason: "clash"; clash: DepartureSpan };

/**
 * Puts a resource on a departure, unless it already runs another departure at an overlapping time
 * (then that departure comes back, for the refusal to name). Assigning it again to the same departure
 * changes nothing.
 */
export async function assignResource(db: Database, resourceId: string, departure: DepartureSpan, assignedBy: string | null): Promise<AssignResult> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [resource] = await t.select({ id: schema.resources.id, capacity: schema.resources.capacity }).from(schema.resources).where(eq(schema.resources.id, resourceId)).for("update");
    if (!resource) return { ok: false, reason: "notFound" } as const;
    const nearby = await t
      .select({
        optionId: schema.departureAssignments.optionId,
        availabilityId: schema.departureAssignments.availabilityId,
        utcStart: schema.departureAssignments.utcStart,
        utcEnd: schema.departureAssignments.utcEnd,
      })
      .from(schema.departureAssignments)
      .where(and(eq(schema.departureAssignments.resourceId, resourceId), lt(schema.departureAssignments.utcStart, departure.utcEnd), gt(schema.departureAssignments.utcEnd, departure.utcStart)))
      .orderBy(asc(schema.departureAssignments.utcStart));
    const clash = clashingDeparture(departure, nearby);
    if (clash) return { ok: false, reason: "clash", clash } as const;
    if (resource.capacity !== null) {
      const limited = await limitSeats(t, departure, resource.capacity);
      if (limited) return limited;
    }
    await t
      .insert(schema.departureAssignments)
      .values({ resourceId, optionId: departure.optionId, availabilityId: departure.availabilityId, utcStart: departure.utcStart, utcEnd: departure.utcEnd, assignedBy })
      .onConflictDoNothing();
    return { ok: true } as const;
  });
}

/**
 * Takes a resource off a departure. A vehicle, boat or room gives its bound on the seats back: the
 * departure's inventory takes the smallest of the slot's capacity and the seats still on it (raising
 * it never goes below what was sold). False when the resource was not on that departure.
 */
export async function unassignResource(db: Database, resourceId: string, departure: Pick<DepartureSpan, "optionId" | "availabilityId">): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [resource] = await t.select({ capacity: schema.resources.capacity }).from(schema.resources).where(eq(schema.resources.id, resourceId)).for("update");
    if (!resource) return false;
    const removed = await t
      .delete(schema.departureAssignments)
      .where(and(eq(schema.departureAssignments.resourceId, resourceId), eq(schema.departureAssignments.optionId, departure.optionId), eq(schema.departureAssignments.availabilityId, departure.availabilityId)))
      .returning({ id: schema.departureAssignments.resourceId });
    if (removed.length === 0) return false;
    if (resource.capacity !== null) {
      const slot = await departureSlot(t, departure.optionId, departure.availabilityId);
      const capacity = slot ? departureCapacity(slot.capacity, await seatsOn(t, departure)) : null;
      // A freesale slot with no seated resource left keeps its row's count, as a rule change does.
      if (capacity !== null) {
        await t
          .update(schema.inventory)
          .set({ capacity })
          .where(and(eq(schema.inventory.optionId, departure.optionId), eq(schema.inventory.availabilityId, departure.availabilityId), sql`${schema.inventory.held} + ${schema.inventory.booked} <= ${capacity}`));
      }
    }
    return true;
  });
}

/** The seats of the vehicles, boats and rooms on a departure. */
async function seatsOn(t: Database, departure: Pick<DepartureSpan, "optionId" | "availabilityId">): Promise<number[]> {
  const rows = await t
    .select({ capacity: schema.resources.capacity })
    .from(schema.departureAssignments)
    .innerJoin(schema.resources, eq(schema.resources.id, schema.departureAssignments.resourceId))
    .where(and(eq(schema.departureAssignments.optionId, departure.optionId), eq(schema.departureAssignments.availabilityId, departure.availabilityId), isNotNull(schema.resources.capacity)));
  return rows.map((row) => row.capacity!);
}

/** What the console shows of a resource: its kind, name and seats (null for people). */
export type ResourceRow = { id: string; kind: string; name: string; capacity: number | null };
export const resourceColumns = { id: schema.resources.id, kind: schema.resources.kind, name: schema.resources.name, capacity: schema.resources.capacity };

/** The resources on a departure, with their seats (null for people). */
export async function resourcesOn(db: Database, optionId: string, availabilityId: string): Promise<ResourceRow[]> {
  return (await resourcesOnDepartures(db, [{ optionId, availabilityId }]))[0]!;
}

/** The resources on each of several departures (one query), in the order asked. */
export async function resourcesOnDepartures(db: Database, departures: ReadonlyArray<Pick<DepartureSpan, "optionId" | "availabilityId">>): Promise<ResourceRow[][]> {
  if (departures.length === 0) return [];
  const rows = await db
    .select({ ...resourceColumns, optionId: schema.departureAssignments.optionId, availabilityId: schema.departureAssignments.availabilityId })
    .from(schema.departureAssignments)
    .innerJoin(schema.resources, eq(schema.resources.id, schema.departureAssignments.resourceId))
    .where(inArray(schema.departureAssignments.availabilityId, [...new Set(departures.map((departure) => departure.availabilityId))]))
    .orderBy(asc(schema.resources.name));
  return departures.map((departure) => rows.filter((row) => row.optionId === departure.optionId && row.availabilityId === departure.availabilityId).map(({ id, kind, name, capacity }) => ({ id, kind, name, capacity })));
}

/** The schedule's slot a departure is (its capacity, local day, start and end); null when the option or the slot does not exist. */
export async function departureSlot(db: Database, optionId: string, availabilityId: string) {
  const [option] = await db.select({ productId: schema.productOptions.productId }).from(schema.productOptions).where(eq(schema.productOptions.id, optionId));
  if (!option) return null;
  const { context } = await slotContextOf(db, option.productId, optionId);
  return slotsForDate(context, availabilityId.slice(0, 10)).find((candidate) => candidate.id === availabilityId) ?? null;
}

/**
 * Where seats are sold: the departure's inventory row (the engine's count) takes the smallest of the
 * slot's capacity and its resources' seats, unless it already sold and holds more. Runs inside the
 * assignment's transaction, with the row locked.
 */
async function limitSeats(t: Database, departure: DepartureSpan, seats: number): Promise<AssignResult | null> {
  const slot = await departureSlot(t, departure.optionId, departure.availabilityId);
  if (!slot) return { ok: false, reason: "noDeparture" };
  const capacity = departureCapacity(slot.capacity, [...(await seatsOn(t, departure)), seats])!;
  const key = and(eq(schema.inventory.optionId, departure.optionId), eq(schema.inventory.availabilityId, departure.availabilityId));
  await t.insert(schema.inventory).values({ optionId: departure.optionId, availabilityId: departure.availabilityId, localDate: slot.localDate, capacity }).onConflictDoNothing();
  await t.select({ capacity: schema.inventory.capacity }).from(schema.inventory).where(key).for("update");
  const updated = await t
    .update(schema.inventory)
    .set({ capacity: sql`least(${schema.inventory.capacity}, ${capacity})` })
    .where(and(key, sql`${schema.inventory.held} + ${schema.inventory.booked} <= ${capacity}`))
    .returning({ capacity: schema.inventory.capacity });
  return updated.length === 0 ? { ok: false, reason: "belowSold", capacity } : null;
}
