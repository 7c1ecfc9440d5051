/**
 * What the console needs around guides and resources (issue #33): the list, a departure's span from its
 * option and slot (for assignResource), the clashing departure named for a refusal, and a resource's
 * day sheet (its departures in time order, each with its manifest).
 */
import { and, asc, eq, like } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { loadManifest, type ManifestSlot } from "#app/commerce/manifest.server";
import { slotTimeOf } from "#app/commerce/check-in.server";
import { inLocale, type LocaleCode } from "#app/lib/locales";
import { slotsForDate } from "./slots";
import { slotContextOf } from "./schedule-admin.server";
import type { DepartureSpan } from "./departure-resources";
import { RESOURCE_KINDS, SEATED_KINDS, type ResourceKind } from "./departure-resources.server";

export type ResourceRow = { id: string; kind: string; name: string; capacity: number | null };

export async function listResources(db: Database): Promise<ResourceRow[]> {
  return db.select({ id: schema.resources.id, kind: schema.resources.kind, name: schema.resources.name, capacity: schema.resources.capacity }).from(schema.resources).orderBy(asc(schema.resources.kind), asc(schema.resources.name));
}

export async function findResource(db: Database, id: string): Promise<ResourceRow | null> {
  if (id.length > 64) return null;
  const [row] = await db.select({ id: schema.resources.id, kind: schema.resources.kind, name: schema.resources.name, capacity: schema.resources.capacity }).from(schema.resources).where(eq(schema.resources.id, id));
  return row ?? null;
}

export type ResourceFormErrors = Partial<Record<"kind" | "name" | "capacity", string>>;

/** Reads the add form: a kind from the list, a name, and seats (1–999) for vehicles, boats and rooms only. */
export function parseResourceForm(form: FormData): { ok: true; value: { kind: ResourceKind; name: string; capacity: number | null } } | { ok: false; errors: ResourceFormErrors } {
  const kind = String(form.get("kind") ?? "");
  const name = String(form.get("name") ?? "").trim();
  const rawCapacity = String(form.get("capacity") ?? "").trim();
  const errors: ResourceFormErrors = {};
  const known = (RESOURCE_KINDS as readonly string[]).includes(kind);
  if (!known) errors.kind = "admin.resources.errors.kind";
  if (!name) errors.name = "admin.resources.errors.name";
  else if (name.length > 120) errors.name = "admin.resources.errors.nameLong";
  const seated = known && SEATED_KINDS.includes(kind as ResourceKind);
  const capacity = /^\d{1,3}$/.test(rawCapacity) ? Number(rawCapacity) : NaN;
  if (seated && !(capacity >= 1)) errors.capacity = "admin.resources.errors.capacity";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { kind: kind as ResourceKind, name, capacity: seated ? capacity : null } };
}

/** The departure an option's slot is, with when it runs; null when the option has no such slot. */
export async function departureSpanOf(db: Database, optionId: string, availabilityId: string): Promise<DepartureSpan | null> {
  if (optionId.length > 64 || availabilityId.length > 64) return null;
  const [option] = await db.select({ productId: schema.productOptions.productId }).from(schema.productOptions).where(eq(schema.productOptions.id, optionId));
  if (!option) return null;
  const { context } = await slotContextOf(db, option.productId, optionId);
  const slot = slotsForDate(context, availabilityId.slice(0, 10)).find((candidate) => candidate.id === availabilityId);
  if (!slot) return null;
  return { optionId, availabilityId, utcStart: slot.utcStart, utcEnd: new Date(slot.localDateTimeEnd) };
}


/** A departure as a refusal names it: product, option, day and start time. */
export async function describeDeparture(db: Database, span: Pick<DepartureSpan, "optionId" | "availabilityId">, locale: LocaleCode): Promise<{ product: string; option: string; date: string; time: string }> {
  const [row] = await db
    .select({ productTitle: schema.products.title, optionTitle: schema.productOptions.title })
    .from(schema.productOptions)
    .innerJoin(schema.products, eq(schema.products.id, schema.productOptions.productId))
    .where(eq(schema.productOptions.id, span.optionId));
  return {
    product: inLocale(row?.productTitle as Record<string, string> | null, locale, span.optionId),
    option: inLocale(row?.optionTitle as Record<string, string> | null, locale, ""),
    date: span.availabilityId.slice(0, 10),
    time: slotTimeOf(span.availabilityId) ?? "",
  };
}

export type DaySheetDeparture = { optionId: string; availabilityId: string; startTime: string | null; product: string; option: string; slot: ManifestSlot | null };

/** A resource's departures on a local day, in time order, each with its manifest slot (null when nobody booked yet). */
export async function resourceDay(db: Database, resourceId: string, date: string, locale: LocaleCode): Promise<DaySheetDeparture[]> {
  const assigned = await db
    .select({ optionId: schema.departureAssignments.optionId, availabilityId: schema.departureAssignments.availabilityId })
    .from(schema.departureAssignments)
    .where(and(eq(schema.departureAssignments.resourceId, resourceId), like(schema.departureAssignments.availabilityId, `${date}%`)))
    .orderBy(asc(schema.departureAssignments.utcStart));
  if (assigned.length === 0) return [];
  const manifest = await loadManifest(db, { date }, locale);
  const out: DaySheetDeparture[] = [];
  for (const departure of assigned) {
    const named = await describeDeparture(db, departure, locale);
    const slot = manifest.slots.find((candidate) => candidate.optionId === departure.optionId && candidate.availabilityId === departure.availabilityId) ?? null;
    out.push({ ...departure, startTime: slotTimeOf(departure.availabilityId), product: named.product, option: named.option, slot });
  }
  return out;
}
