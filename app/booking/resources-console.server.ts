/**
 * What the console needs around guides and resources (issue #33): the list, a departure's span from its
 * option and slot (for assignResource), the clashing departure named for a refusal, and a resource's
 * day sheet (its departures in time order, each with its manifest).
 */
import { and, asc, eq, inArray, like } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import { loadManifest, type ManifestSlot } from "#app/commerce/manifest.server";
import { slotTimeOf } from "#app/commerce/check-in.server";
import { inLocale, type LocaleCode } from "#app/lib/locales";
import type { DepartureSpan } from "./departure-resources";
import { assignResource, departureSlot, resourceColumns, unassignResource, RESOURCE_KINDS, SEATED_KINDS, type ResourceKind, type ResourceRow } from "./departure-resources.server";
import { recordAudit, type Actor } from "#app/staff/audit.server";

export type { ResourceRow };

export async function listResources(db: Database): Promise<ResourceRow[]> {
  return db.select(resourceColumns).from(schema.resources).orderBy(asc(schema.resources.kind), asc(schema.resources.name));
}

export async function findResource(db: Database, id: string): Promise<ResourceRow | null> {
  if (id.length > 64) return null;
  const [row] = await db.select(resourceColumns).from(schema.resources).where(eq(schema.resources.id, id));
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
  const slot = await departureSlot(db, optionId, availabilityId);
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

/** Why the console could not assign: the HTTP status, the message's key and its values. */
export type AssignRefusal = { status: 404 | 409; key: string; params: Record<string, string> };

/**
 * The manifest's Assign: the departure found from its option and slot, the resource put on it, and a
 * refusal the page can say (the clashing departure named in `locale`).
 */
export async function assignToDeparture(db: Database, input: DepartureResourceInput, actor: Actor, locale: LocaleCode, now: Date): Promise<{ ok: true } | ({ ok: false } & AssignRefusal)> {
  const span = await departureSpanOf(db, input.optionId, input.availabilityId);
  if (!span) return { ok: false, status: 404, key: "admin.resources.errors.noDeparture", params: {} };
  const result = await assignResource(db, input.resourceId.slice(0, 64), span, actor.id);
  if (result.ok) {
    await recordAudit(db, actor, { action: "resources.assigned", subjectType: "resource", subjectId: input.resourceId, after: { optionId: input.optionId, availabilityId: input.availabilityId } }, now);
    return result;
  }
  if (result.reason === "clash") return { ok: false, status: 409, key: "admin.resources.errors.clash", params: await describeDeparture(db, result.clash, locale) };
  if (result.reason === "belowSold") return { ok: false, status: 409, key: "admin.resources.errors.belowSold", params: { capacity: String(result.capacity) } };
  return { ok: false, status: 404, key: result.reason === "notFound" ? "admin.resources.errors.notFound" : "admin.resources.errors.noDeparture", params: {} };
}

export type DepartureResourceInput = { resourceId: string; optionId: string; availabilityId: string };

/** The console's Remove: the resource taken off the departure, audited; 404 when it was not on it. */
export async function unassignFromDeparture(db: Database, input: DepartureResourceInput, actor: Actor, now: Date): Promise<{ ok: true } | ({ ok: false } & AssignRefusal)> {
  if (input.resourceId.length > 64 || input.optionId.length > 64 || input.availabilityId.length > 64) return { ok: false, status: 404, key: "admin.resources.errors.notAssigned", params: {} };
  if (!(await unassignResource(db, input.resourceId, input))) return { ok: false, status: 404, key: "admin.resources.errors.notAssigned", params: {} };
  await recordAudit(db, actor, { action: "resources.unassigned", subjectType: "resource", subjectId: input.resourceId, before: { optionId: input.optionId, availabilityId: input.availabilityId } }, now);
  return { ok: true };
}

export type DaySheetDeparture = { optionId: string; availabilityId: string; startTime: string | null; product: string; option: string; meetingPoint: string; slot: ManifestSlot | null };

/** A resource's departures on a local day, in time order, each with its manifest slot (null when nobody booked yet). */
export async function resourceDay(db: Database, resourceId: string, date: string, locale: LocaleCode): Promise<DaySheetDeparture[]> {
  const assigned = await db
    .select({ optionId: schema.departureAssignments.optionId, availabilityId: schema.departureAssignments.availabilityId })
    .from(schema.departureAssignments)
    .where(and(eq(schema.departureAssignments.resourceId, resourceId), like(schema.departureAssignments.availabilityId, `${date}%`)))
    .orderBy(asc(schema.departureAssignments.utcStart));
  if (assigned.length === 0) return [];
  // The day's manifest, and each departure's product and option names and meeting point, in one query each.
  const [manifest, named] = await Promise.all([
    loadManifest(db, { date }, locale),
    db
      .select({ optionId: schema.productOptions.id, productTitle: schema.products.title, optionTitle: schema.productOptions.title, content: schema.products.content })
      .from(schema.productOptions)
      .innerJoin(schema.products, eq(schema.products.id, schema.productOptions.productId))
      .where(inArray(schema.productOptions.id, [...new Set(assigned.map((departure) => departure.optionId))])),
  ]);
  const out: DaySheetDeparture[] = [];
  for (const departure of assigned) {
    const row = named.find((candidate) => candidate.optionId === departure.optionId);
    const slot = manifest.slots.find((candidate) => candidate.optionId === departure.optionId && candidate.availabilityId === departure.availabilityId) ?? null;
    out.push({
      ...departure,
      startTime: slotTimeOf(departure.availabilityId),
      product: inLocale(row?.productTitle as Record<string, string> | undefined, locale, departure.optionId),
      option: inLocale(row?.optionTitle as Record<string, string> | undefined, locale, ""),
      // Where the guide meets the guests, as the ticket and the detail page say it.
      meetingPoint: inLocale(row?.content.meetingPoint as Record<string, string> | undefined, locale, ""),
      slot,
    });
  }
  return out;
}
