/**
 * A restart in the middle of checkouts: holds taken by one process are confirmed, cancelled and
 * quoted by the next one, whose product cache is cold. On PGlite (one query at a time) a read
 * outside the open transaction used to wait on that transaction forever and freeze the store.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf } from "#app/db/db.server";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { EmbeddedBookingEngine } from "./engine.server";

let database: TestDatabase;
const clock = () => new Date("2030-01-08T06:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 10 });
});

afterAll(async () => {
  await database?.close();
});

/** Fails instead of hanging: a self-deadlock shows as a rejected promise within the limit. */
function within<T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms (deadlock?)`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

async function instantProducts(count: number) {
  return rowsOf<{ productId: string; optionId: string; adult: string }>(
    await database.db.execute(sql`
      SELECT p.id AS "productId", o.id AS "optionId",
        (SELECT u.id FROM units u WHERE u.option_id = o.id AND u.type = 'ADULT') AS adult
      FROM products p JOIN product_options o ON o.product_id = p.id AND o.is_default
      JOIN availability_schedules s ON s.option_id = o.id
      WHERE s.capacity >= 10 AND s.weekdays = 127 AND s.valid_to IS NULL AND p.expires_on IS NULL AND p.published
        AND o.cutoff_minutes = 0 AND p.availability_type = 'START_TIME' AND p.pricing_per = 'UNIT'
        AND NOT p.no_fixed_price AND p.instant_confirmation
      ORDER BY p.id LIMIT ${count}`),
  );
}

test("holds made before a restart are confirmed, cancelled and quoted by the next process", async () => {
  const picks = await instantProducts(3);
  expect(picks).toHaveLength(3);
  const before = new EmbeddedBookingEngine(database.db, { now: clock, holdMinutes: 30 });
  const uuids: string[] = [];
  for (const pick of picks) {
    const slot = await before.firstOpenSlot(pick.productId, pick.optionId, "2030-02-03");
    expect(slot).toBeDefined();
    const uuid = randomUUID();
    await before.reserve({ uuid, productId: pick.productId, optionId: pick.optionId, availabilityId: slot!.id, unitItems: [{ unitId: pick.adult }, { unitId: pick.adult }] });
    uuids.push(uuid);
  }

  // The process restarts: a new engine, nothing cached.
  const after = new EmbeddedBookingEngine(database.db, { now: clock, holdMinutes: 30 });
  const confirmed = await within(after.confirm(uuids[0]!, { contact: {} }), "confirm after restart");
  expect(confirmed.status).toBe("CONFIRMED");

  const again = new EmbeddedBookingEngine(database.db, { now: clock, holdMinutes: 30 });
  const cancelled = await within(again.cancel(uuids[1]!, { reason: "changed plans" }), "cancel after restart");
  expect(cancelled.status).toBe("CANCELLED");

  // Several cold-cache confirmations at once, as after a restart with customers returning from payment.
  const third = new EmbeddedBookingEngine(database.db, { now: clock, holdMinutes: 30 });
  const [one, two] = await within(Promise.all([third.confirm(uuids[2]!, { contact: {} }), third.getBooking(uuids[0]!)]), "concurrent reads and confirm");
  expect(one.status).toBe("CONFIRMED");
  expect(two?.status).toBe("CONFIRMED");

  // The database still answers other queries afterwards.
  const [row] = rowsOf<{ n: number }>(await within(database.db.execute(sql`SELECT count(*)::int AS n FROM bookings WHERE uuid IN ${uuids}`), "a plain query"));
  expect(row!.n).toBe(3);
});
