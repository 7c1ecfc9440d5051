import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { addResource, assignResource } from "./departure-resources.server";
import { eq } from "drizzle-orm";
import * as schema from "#app/db/schema";
import { assignToDeparture, departureSpanOf, describeDeparture, findResource, listResources, parseResourceForm, resourceDay, unassignFromDeparture } from "./resources-console.server";
import { slotContextOf } from "./schedule-admin.server";
import { slotsForDate } from "./slots";
import { pickStandardProduct, type PickedProduct } from "./test-picks.server";

let handle: TestDatabase;
let pick: PickedProduct;

beforeAll(async () => {
  handle = await createTestDatabase();
  pick = await pickStandardProduct(handle.db, 0);
});

afterAll(async () => {
  await handle?.close();
});

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
}

describe("the console's resource form", () => {
  test("a guide needs a name and no seats; seats given to a guide are dropped", () => {
    expect(parseResourceForm(form({ kind: "guide", name: "  Noura ", capacity: "5" }))).toEqual({ ok: true, value: { kind: "guide", name: "Noura", capacity: null } });
  });

  test("a boat needs seats; an unknown kind and an empty name are refused with their keys", () => {
    expect(parseResourceForm(form({ kind: "boat", name: "Jazan 2", capacity: "" }))).toEqual({ ok: false, errors: { capacity: "admin.resources.errors.capacity" } });
    expect(parseResourceForm(form({ kind: "boat", name: "Jazan 2", capacity: "12" }))).toEqual({ ok: true, value: { kind: "boat", name: "Jazan 2", capacity: 12 } });
    expect(parseResourceForm(form({ kind: "camel", name: "", capacity: "" }))).toEqual({ ok: false, errors: { kind: "admin.resources.errors.kind", name: "admin.resources.errors.name" } });
    expect(parseResourceForm(form({ kind: "room", name: "Hall", capacity: "0" }))).toMatchObject({ ok: false });
  });
});

describe("departures for the console", () => {
  test("a real slot becomes a span; an unknown slot or option is none", async () => {
    const { context } = await slotContextOf(handle.db, pick.productId, pick.optionId);
    const slot = slotsForDate(context, "2030-05-06")[0]!;
    const span = await departureSpanOf(handle.db, pick.optionId, slot.id);
    expect(span).toMatchObject({ optionId: pick.optionId, availabilityId: slot.id, utcStart: slot.utcStart });
    expect(span!.utcEnd.getTime()).toBeGreaterThan(span!.utcStart.getTime());
    expect(await departureSpanOf(handle.db, pick.optionId, "2030-05-06T03:17:00+03:00")).toBeNull();
    expect(await departureSpanOf(handle.db, "no-such-option", slot.id)).toBeNull();
  });

  test("a guide's day sheet lists their departures that day, named, in time order", async () => {
    const guide = await addResource(handle.db, { kind: "guide", name: "Sheet Guide", capacity: null });
    expect(await findResource(handle.db, guide)).toMatchObject({ kind: "guide", name: "Sheet Guide", capacity: null });
    expect((await listResources(handle.db)).some((row) => row.id === guide)).toBe(true);
    const { context } = await slotContextOf(handle.db, pick.productId, pick.optionId);
    const slot = slotsForDate(context, "2030-05-07")[0]!;
    const span = (await departureSpanOf(handle.db, pick.optionId, slot.id))!;
    expect(await assignResource(handle.db, guide, span, null)).toEqual({ ok: true });
    const day = await resourceDay(handle.db, guide, "2030-05-07", "en");
    expect(day).toHaveLength(1);
    expect(day[0]).toMatchObject({ optionId: pick.optionId, availabilityId: slot.id, slot: null });
    expect(day[0]!.product.length).toBeGreaterThan(0);
    expect(await resourceDay(handle.db, guide, "2030-05-08", "en")).toEqual([]);
    const named = await describeDeparture(handle.db, span, "ar");
    expect(named.date).toBe("2030-05-07");
    expect(named.product.length).toBeGreaterThan(0);
    // The sheet says where the departure starts, in the reader's language.
    const [product] = await handle.db.select({ content: schema.products.content }).from(schema.products).where(eq(schema.products.id, pick.productId));
    expect(day[0]!.meetingPoint).toBe(product!.content.meetingPoint.en);
    expect((await resourceDay(handle.db, guide, "2030-05-07", "ar"))[0]!.meetingPoint).toBe(product!.content.meetingPoint.ar || product!.content.meetingPoint.en);
  });

  test("the console assigns a departure nobody booked yet and takes a guide off it, each audited; taking off twice is 404", async () => {
    const guide = await addResource(handle.db, { kind: "guide", name: "Audit Guide", capacity: null });
    const { context } = await slotContextOf(handle.db, pick.productId, pick.optionId);
    const slot = slotsForDate(context, "2030-05-09")[0]!;
    const input = { resourceId: guide, optionId: pick.optionId, availabilityId: slot.id };
    const actor = { id: null, email: "ops@staff.example.com" };
    const now = new Date("2030-01-07T08:00:00Z");
    expect(await assignToDeparture(handle.db, input, actor, "en", now)).toEqual({ ok: true });
    expect((await resourceDay(handle.db, guide, "2030-05-09", "en")).map((departure) => departure.availabilityId)).toEqual([slot.id]);
    expect(await unassignFromDeparture(handle.db, input, actor, now)).toEqual({ ok: true });
    expect(await resourceDay(handle.db, guide, "2030-05-09", "en")).toEqual([]);
    expect(await unassignFromDeparture(handle.db, input, actor, now)).toMatchObject({ ok: false, status: 404, key: "admin.resources.errors.notAssigned" });
    const audited = await handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.subjectId, guide));
    expect(audited.map((entry) => entry.action).sort()).toEqual(["resources.assigned", "resources.unassigned"]);
  });
});
