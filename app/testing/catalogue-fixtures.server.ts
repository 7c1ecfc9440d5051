/**
 * A new experience for the catalogue-management tests: a Riyadh product in the seed's first category,
 * with the fields the console's form sends, not yet on sale. `overrides` change what a test is about.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { ProductInput } from "#app/catalogue/manage/schemas";
import type { Database } from "#app/db/db.server";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import * as schema from "#app/db/schema";

/** A Riyadh destination and the seed's first category. */
export async function riyadhPlacement(db: Database) {
  const [destination] = await db.select().from(schema.destinations).where(eq(schema.destinations.timeZone, RIYADH_TIME_ZONE)).limit(1);
  const [category] = await db.select().from(schema.categories).limit(1);
  return { destination: destination!, category: category! };
}

export async function newProductInput(db: Database, overrides: Partial<ProductInput> = {}): Promise<ProductInput> {
  const { destination, category } = await riyadhPlacement(db);
  return {
    destinationId: destination.id,
    categoryIds: [category.id],
    themeIds: [],
    labels: [],
    title: { en: `Falcon Dunes Evening ${randomUUID().slice(0, 6)}`, ar: "أمسية كثبان الصقر" },
    shortDescription: { en: "Falcons, dunes and dinner under the stars." },
    currency: "SAR",
    pricingPer: "UNIT",
    availabilityType: "START_TIME",
    confirmation: "INSTANT",
    payLaterAllowed: true,
    payLaterDeadlineHours: 48,
    noFixedPrice: false,
    durationMinutes: 240,
    meetingPoint: { en: "Kingdom Centre, Riyadh" },
    latitude: 24.71,
    longitude: 46.67,
    pickupPoints: [{ name: { en: "Hotel lobby", ar: "بهو الفندق" }, latitude: 24.7, longitude: 46.6, time: "15:00" }],
    nonRefundable: false,
    cancellation: [{ hoursBefore: 24, refundPercent: 100 }],
    capacityPerItem: 10,
    published: false,
    ...overrides,
  };
}
