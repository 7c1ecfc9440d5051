import { eq } from "drizzle-orm";
import * as schema from "#app/db/schema";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import type { DepartureSpan } from "./departure-resources";
import { addResource, assignResource, resourcesOn } from "./departure-resources.server";
import { pickStandardProduct } from "./test-picks.server";

let handle: TestDatabase;
let optionA: string;
let optionB: string;

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 4 });
  optionA = (await pickStandardProduct(handle.db, 0)).optionId;
  optionB = (await pickStandardProduct(handle.db, 1)).optionId;
});

afterAll(async () => {
  await handle?.close();
});

function departure(optionId: string, start: string, minutes: number): DepartureSpan {
  const utcStart = new Date(start);
  return { optionId, availabilityId: start, utcStart, utcEnd: new Date(utcStart.getTime() + minutes * 60_000) };
}

describe("assigning guides and resources to departures", () => {
  test("a guide on two overlapping departures is refused, naming the first", async () => {
    const guide = await addResource(handle.db, { kind: "guide", name: "Noura", capacity: null });
    const desert = departure(optionA, "2030-04-01T09:00:00+03:00", 180);
    expect(await assignResource(handle.db, guide, desert, null)).toEqual({ ok: true });
    const result = await assignResource(handle.db, guide, departure(optionB, "2030-04-01T11:00:00+03:00", 60), null);
    expect(result).toMatchObject({ ok: false, reason: "clash", clash: { optionId: optionA, availabilityId: desert.availabilityId } });
    expect(await assignResource(handle.db, guide, departure(optionB, "2030-04-01T12:00:00+03:00", 60), null)).toEqual({ ok: true });
    expect(await assignResource(handle.db, guide, desert, null)).toEqual({ ok: true });
  });

  test("two staff assigning one boat at once: exactly one departure gets it", async () => {
    const boat = await addResource(handle.db, { kind: "boat", name: "Jazan 2", capacity: 12 });
    const results = await Promise.all([
      assignResource(handle.db, boat, departure(optionA, "2030-04-02T09:00:00+03:00", 120), "a@example.com"),
      assignResource(handle.db, boat, departure(optionB, "2030-04-02T10:00:00+03:00", 120), "b@example.com"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const rows = await handle.db.select().from(schema.departureAssignments).where(eq(schema.departureAssignments.resourceId, boat));
    expect(rows).toHaveLength(1);
  });

  test("a guide carries no seats; a vehicle keeps its capacity", async () => {
    const guide = await addResource(handle.db, { kind: "guide", name: "Faisal", capacity: 9 });
    const van = await addResource(handle.db, { kind: "vehicle", name: "Van 7", capacity: 9 });
    const trip = departure(optionA, "2030-04-03T09:00:00+03:00", 60);
    await assignResource(handle.db, guide, trip, null);
    await assignResource(handle.db, van, trip, null);
    expect(await resourcesOn(handle.db, optionA, trip.availabilityId)).toEqual([
      { id: guide, kind: "guide", name: "Faisal", capacity: null },
      { id: van, kind: "vehicle", name: "Van 7", capacity: 9 },
    ]);
  });

  test("an unknown resource is not found", async () => {
    expect(await assignResource(handle.db, "nope", departure(optionA, "2030-04-04T09:00:00+03:00", 60), null)).toEqual({ ok: false, reason: "notFound" });
  });
});
