import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { addToCart, createCart, reviewCart } from "#app/commerce/cart.server";
import * as schema from "#app/db/schema";
import { listAudit, type Actor } from "#app/staff/audit.server";
import { createApiKey } from "#app/octo/auth.server";
import { action as octoAction } from "#app/routes/octo";
import { newProductInput, riyadhPlacement } from "#app/testing/catalogue-fixtures.server";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { OWN_SUPPLIER_ID, isCatalogueRuleError, refreshSeasonalPriceFrom } from "./catalogue-write.server";
import { changePricesByPercent, addSeason, scaleAmount } from "./prices.server";
import { addOption, addUnit, createProduct, duplicateProduct, removeOption, removeUnit, setPublished, updateProduct, updateUnit } from "./products.server";
import { CATALOGUE_ERRORS, OptionSchema, ProductSchema, SeasonSchema, UnitSchema, parseCatalogueForm, type ProductInput } from "./schemas";

let ctx: TestContext;
const actor: Actor = { id: null, email: "catalogue@staff.example.com" };
const now = () => ctx.clock.now();

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.stop();
});

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) for (const item of [value].flat()) data.append(name, item);
  return data;
}


/** A new own product with one option (adult 200, child 100, infant 0 SAR), a daily 16:00 schedule, published. */
async function sellableProduct(overrides: Partial<ProductInput> = {}) {
  const { id } = await createProduct(ctx, actor, await newProductInput(ctx.db, overrides), now());
  const optionId = await addOption(ctx, actor, id, { title: { en: "Shared camp" }, durationMinutes: 240, cutoffMinutes: 0, minUnits: 1 }, now());
  const adult = await addUnit(ctx, actor, optionId, { type: "ADULT", title: {}, minAge: 13, maxAge: 99, accompaniedBy: [], price: "200" }, now());
  const child = await addUnit(ctx, actor, optionId, { type: "CHILD", title: {}, minAge: 3, maxAge: 12, accompaniedBy: ["ADULT"], price: "100" }, now());
  const infant = await addUnit(ctx, actor, optionId, { type: "INFANT", title: {}, minAge: 0, maxAge: 2, maxQuantity: 2, accompaniedBy: ["ADULT"], price: "0" }, now());
  await ctx.db.insert(schema.availabilitySchedules).values({ optionId, validFrom: "2030-01-01", validTo: null, weekdays: 127, startTimes: ["16:00"], openingHours: [], capacity: 20 });
  await setPublished(ctx, actor, id, true, now());
  return { id, optionId, adult, child, infant };
}

async function slotOn(productId: string, optionId: string, localDate: string) {
  const [slot] = await ctx.bookingApi.checkAvailability({ productId, optionId, localDateStart: localDate, localDateEnd: localDate });
  if (!slot) throw new Error(`no slot on ${localDate}`);
  return slot;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isCatalogueRuleError(error)) return error.key;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the forms' schemas", () => {
  test("English is required, other languages may stay empty, blank repeated rows are dropped", () => {
    const base = {
      destinationId: "dst-x",
      categoryIds: "cat-x",
      "title.en": "Dune walk",
      "title.ar": "",
      "shortDescription.en": "Short",
      currency: "SAR",
      pricingPer: "UNIT",
      confirmation: "INSTANT",
      durationMinutes: "90",
      "meetingPoint.en": "Gate 1",
      latitude: "24.5",
      longitude: "46.5",
      "pickupPoints[0].name.en": "",
      "pickupPoints[0].name.ar": "",
      "cancellation[0].hoursBefore": "48",
      "cancellation[0].refundPercent": "100",
      "cancellation[1].hoursBefore": "",
      capacityPerItem: "8",
    };
    const ok = parseCatalogueForm(form(base), ProductSchema);
    expect(ok.status).toBe("success");
    if (ok.status !== "success") return;
    expect(ok.value.categoryIds).toEqual(["cat-x"]);
    expect(ok.value.pickupPoints).toEqual([]);
    expect(ok.value.cancellation).toEqual([{ hoursBefore: 48, refundPercent: 100 }]);
    expect(ok.value.title).toEqual({ en: "Dune walk" });

    const bad = parseCatalogueForm(form({ ...base, "title.en": "", latitude: "123" }), ProductSchema);
    expect(bad.status).toBe("error");
    const errors = bad.reply().error ?? {};
    expect(errors["title.en"]).toEqual([CATALOGUE_ERRORS.required]);
    expect(errors.latitude).toEqual([CATALOGUE_ERRORS.latitude]);
    // A half-filled pickup row names what it lacks.
    const pickup = parseCatalogueForm(form({ ...base, "pickupPoints[0].name.en": "Hotel" }), ProductSchema).reply().error ?? {};
    expect(pickup["pickupPoints[0].latitude"]).toEqual([CATALOGUE_ERRORS.latitude]);
    // Named in Arabic only: English is still needed (the other languages fall back to it).
    const arabicOnly = parseCatalogueForm(form({ ...base, "pickupPoints[0].name.ar": "فندق الفيصلية", "pickupPoints[0].latitude": "24.69", "pickupPoints[0].longitude": "46.68" }), ProductSchema).reply().error ?? {};
    expect(arabicOnly["pickupPoints[0].name.en"]).toEqual([CATALOGUE_ERRORS.required]);
    // Four names are kept as typed.
    const named = parseCatalogueForm(
      form({ ...base, "pickupPoints[0].name.en": "Al Faisaliah Hotel", "pickupPoints[0].name.ar": "فندق الفيصلية", "pickupPoints[0].latitude": "24.69", "pickupPoints[0].longitude": "46.68", "pickupPoints[0].time": "15:30" }),
      ProductSchema,
    );
    expect(named.status === "success" ? named.value.pickupPoints : null).toEqual([{ name: { en: "Al Faisaliah Hotel", ar: "فندق الفيصلية" }, latitude: 24.69, longitude: 46.68, time: "15:30" }]);
  });

  test("prices, strike-through prices, age bands and season dates are checked", () => {
    expect(parseCatalogueForm(form({ "title.en": "A", durationMinutes: "60", bookingPrice: "12.345" }), OptionSchema).status).toBe("success");
    expect(parseCatalogueForm(form({ "title.en": "A", durationMinutes: "60", bookingPrice: "abc" }), OptionSchema).reply().error?.bookingPrice).toEqual([CATALOGUE_ERRORS.amount]);
    const unit = parseCatalogueForm(form({ type: "CHILD", minAge: "12", maxAge: "3", price: "100", priceOriginal: "90" }), UnitSchema).reply().error ?? {};
    expect(unit.maxAge).toEqual([CATALOGUE_ERRORS.ageRange]);
    expect(unit.priceOriginal).toEqual([CATALOGUE_ERRORS.original]);
    expect(parseCatalogueForm(form({ validFrom: "2030-03-10", validTo: "2030-03-01" }), SeasonSchema).reply().error?.validTo).toEqual([CATALOGUE_ERRORS.dateRange]);
    expect(parseCatalogueForm(form({ validFrom: "2030-02-30", validTo: "2030-03-01" }), SeasonSchema).reply().error?.validFrom).toEqual([CATALOGUE_ERRORS.date]);
  });
});

describe("products, options and units", () => {
  test("a new own product: own supplier, English fallback, audited, on sale and found in its city's listing", async () => {
    const { id } = await sellableProduct();
    const [row] = await ctx.db.select().from(schema.products).where(eq(schema.products.id, id));
    expect(row!.supplierId).toBe(OWN_SUPPLIER_ID);
    expect(id).toMatch(/^own-[a-z0-9]{8}$/);
    expect(row!.title.ru).toBe(row!.title.en);
    expect(row!.title.ar).toBe("أمسية كثبان الصقر");
    expect(row!.priceFrom).toBe(20000);
    expect(row!.payLaterAllowed).toBe(true);
    expect(row!.cancellationPolicy).toEqual({ nonRefundable: false, rules: [{ days: 1, hours: 0, minutes: 0, penaltyPercent: 0 }] });
    const actions = (await listAudit(ctx.db, { subjectType: "product", subjectId: id })).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["catalogue.product.created", "catalogue.option.added", "catalogue.unit.added", "catalogue.product.published"]));
    const { destination } = await riyadhPlacement(ctx.db);
    await expect
      .poll(async () => (await ctx.catalogue.search({ locale: "ru", currency: "SAR", city: destination.slug, text: row!.title.en.split(" ").slice(-1)[0] })).items.map((item) => item.id), { timeout: 10_000 })
      .toContain(id);
  });

  test("publishing needs an option; duplicating copies options, units and prices, unpublished, with a new slug", async () => {
    const { id: bare } = await createProduct(ctx, actor, await newProductInput(ctx.db), now());
    expect(await refusal(setPublished(ctx, actor, bare, true, now()))).toBe(CATALOGUE_ERRORS.noOptions);
    const source = await sellableProduct();
    const copy = await duplicateProduct(ctx, actor, source.id, now());
    const [original] = await ctx.db.select().from(schema.products).where(eq(schema.products.id, source.id));
    const [row] = await ctx.db.select().from(schema.products).where(eq(schema.products.id, copy.id));
    expect(row!.published).toBe(false);
    expect(row!.slug).not.toBe(original!.slug);
    expect(row!.slug.startsWith(original!.slug)).toBe(true);
    const options = await ctx.db.select().from(schema.productOptions).where(eq(schema.productOptions.productId, copy.id));
    expect(options).toHaveLength(1);
    const units = await ctx.db.select().from(schema.units).where(eq(schema.units.optionId, options[0]!.id));
    expect(units.map((unit) => [unit.type, unit.price]).sort()).toEqual([["ADULT", 20000], ["CHILD", 10000], ["INFANT", 0]]);
    const adult = units.find((unit) => unit.type === "ADULT")!;
    expect(units.find((unit) => unit.type === "CHILD")!.accompaniedBy).toEqual([adult.id]);
    expect(row!.priceFrom).toBe(20000);
  });

  test("a product's currency cannot change once it has bookings", async () => {
    const product = await sellableProduct();
    const input = await newProductInput(ctx.db);
    await updateProduct(ctx, actor, product.id, { ...input, currency: "USD", published: true }, now());
    await updateProduct(ctx, actor, product.id, { ...input, currency: "SAR", published: true }, now());
    const slot = await slotOn(product.id, product.optionId, "2030-01-20");
    await ctx.bookingApi.reserve({ uuid: randomUUID(), productId: product.id, optionId: product.optionId, availabilityId: slot.id, unitItems: [{ unitId: product.adult }] });
    expect(await refusal(updateProduct(ctx, actor, product.id, { ...input, currency: "USD", published: true }, now()))).toBe(CATALOGUE_ERRORS.currencyLocked);
    const [row] = await ctx.db.select({ currency: schema.products.currency }).from(schema.products).where(eq(schema.products.id, product.id));
    expect(row!.currency).toBe("SAR");
  });

  test("an option or unit with bookings or in a cart is never removed", async () => {
    const product = await sellableProduct();
    const slot = await slotOn(product.id, product.optionId, "2030-01-21");
    await ctx.bookingApi.reserve({ uuid: randomUUID(), productId: product.id, optionId: product.optionId, availabilityId: slot.id, unitItems: [{ unitId: product.adult }, { unitId: product.child }] });
    expect(await refusal(removeUnit(ctx, actor, product.child, now()))).toBe(CATALOGUE_ERRORS.unitInUse);
    expect(await refusal(removeOption(ctx, actor, product.optionId, now()))).toBe(CATALOGUE_ERRORS.optionInUse);
    // The infant is neither booked nor carted: it goes, and an audit entry says so.
    await removeUnit(ctx, actor, product.infant, now());
    expect(await ctx.db.select().from(schema.units).where(eq(schema.units.id, product.infant))).toEqual([]);
    expect((await listAudit(ctx.db, { subjectId: product.id }))[0]!.action).toBe("catalogue.unit.removed");

    const other = await sellableProduct();
    const cart = await createCart(ctx.db, "SAR");
    const otherSlot = await slotOn(other.id, other.optionId, "2030-01-22");
    const added = await addToCart(ctx, cart, { productId: other.id, optionId: other.optionId, availabilityId: otherSlot.id, units: [{ unitId: other.adult, quantity: 1 }, { unitId: other.child, quantity: 1 }], extraIds: [] });
    expect(added.ok).toBe(true);
    expect(await refusal(removeUnit(ctx, actor, other.child, now()))).toBe(CATALOGUE_ERRORS.unitInUse);
    expect(await refusal(removeOption(ctx, actor, other.optionId, now()))).toBe(CATALOGUE_ERRORS.optionInUse);
  });
});

describe("seasons and price changes", () => {
  test("overlapping seasons of one option are refused; adjacent ones are fine", async () => {
    const product = await sellableProduct();
    await addSeason(ctx, actor, product.optionId, { validFrom: "2030-02-01", validTo: "2030-02-28", units: [{ unitId: product.adult, price: "300" }] }, now());
    expect(await refusal(addSeason(ctx, actor, product.optionId, { validFrom: "2030-02-28", validTo: "2030-03-10", units: [{ unitId: product.adult, price: "250" }] }, now()))).toBe(
      CATALOGUE_ERRORS.seasonOverlap,
    );
    expect(await refusal(addSeason(ctx, actor, product.optionId, { validFrom: "2030-01-15", validTo: "2030-03-15", units: [{ unitId: product.adult, price: "250" }] }, now()))).toBe(
      CATALOGUE_ERRORS.seasonOverlap,
    );
    await addSeason(ctx, actor, product.optionId, { validFrom: "2030-03-01", validTo: "2030-03-10", units: [{ unitId: product.adult, price: "250" }] }, now());
    expect(await ctx.db.select().from(schema.priceSeasons).where(eq(schema.priceSeasons.optionId, product.optionId))).toHaveLength(2);
  });

  test("a slot in a season is priced at the season's price: availability (OCTO), calendar and hold; outside it the base price", async () => {
    const product = await sellableProduct();
    await addSeason(ctx, actor, product.optionId, { validFrom: "2030-02-01", validTo: "2030-02-10", units: [{ unitId: product.adult, price: "350", original: "400" }] }, now());
    const inSeason = await ctx.bookingApi.checkAvailability({ productId: product.id, optionId: product.optionId, localDateStart: "2030-02-05", localDateEnd: "2030-02-05", units: [{ id: product.adult, quantity: 2 }] });
    expect(inSeason[0]!.unitPricing!.find((price) => price.unitId === product.adult)).toMatchObject({ retail: 35000, original: 40000 });
    expect(inSeason[0]!.pricing).toMatchObject({ retail: 70000, original: 80000 });
    // The child has no season price: its base price applies.
    expect(inSeason[0]!.unitPricing!.find((price) => price.unitId === product.child)).toMatchObject({ retail: 10000 });
    const outside = await slotOn(product.id, product.optionId, "2030-02-11");
    expect(outside.unitPricing!.find((price) => price.unitId === product.adult)).toMatchObject({ retail: 20000 });
    const calendar = await ctx.bookingApi.availabilityCalendar({ productId: product.id, optionId: product.optionId, localDateStart: "2030-02-10", localDateEnd: "2030-02-11" });
    expect(calendar.map((day) => day.unitPricingFrom?.find((price) => price.unitId === product.adult)?.retail)).toEqual([35000, 20000]);

    const held = await ctx.bookingApi.reserve({ uuid: randomUUID(), productId: product.id, optionId: product.optionId, availabilityId: inSeason[0]!.id, unitItems: [{ unitId: product.adult }, { unitId: product.child }] });
    expect(held.pricing?.retail).toBe(45000);
    const confirmed = await ctx.bookingApi.confirm(held.uuid, { contact: { fullName: "Sara" } } as never);
    expect(confirmed.pricing?.retail).toBe(45000);

    // A later price change never reprices the booking.
    await updateUnit(ctx, actor, product.adult, { type: "ADULT", title: {}, minAge: 13, maxAge: 99, accompaniedBy: [], price: "999" }, now());
    expect((await ctx.bookingApi.getBooking(held.uuid))?.pricing?.retail).toBe(45000);
  });

  test("the OCTO API's availability answers with the season price", async () => {
    const product = await sellableProduct();
    await addSeason(ctx, actor, product.optionId, { validFrom: "2030-04-01", validTo: "2030-04-30", units: [{ unitId: product.adult, price: "275" }] }, now());
    const { key } = await createApiKey(ctx.db, "Season test");
    const request = new Request("http://localhost/octo/v1/availability", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}`, "Octo-Capabilities": "octo/pricing" },
      body: JSON.stringify({ productId: product.id, optionId: product.optionId, localDateStart: "2030-03-31", localDateEnd: "2030-04-01" }),
    });
    const response = await octoAction({ request, params: { "*": "availability" }, context: ctx });
    expect(response.status).toBe(200);
    const days = (await response.json()) as Array<{ unitPricing: Array<{ unitId: string; retail: number }> }>;
    expect(days.map((day) => day.unitPricing.find((price) => price.unitId === product.adult)!.retail)).toEqual([20000, 27500]);
  });

  test("the listing's from price is the lowest price in effect today", async () => {
    const product = await sellableProduct();
    // TEST_NOW is 2030-01-08: a season covering it lowers the from price.
    await addSeason(ctx, actor, product.optionId, { validFrom: "2030-01-01", validTo: "2030-01-31", units: [{ unitId: product.adult, price: "150", original: "200" }] }, now());
    const [row] = await ctx.db.select().from(schema.products).where(eq(schema.products.id, product.id));
    expect([row!.priceFrom, row!.priceFromOriginal]).toEqual([15000, 20000]);
  });

  test("a season that starts on a later day lowers the from price on that day, announced once, with no catalogue write", async () => {
    const product = await sellableProduct();
    await addSeason(ctx, actor, product.optionId, { validFrom: "2030-01-20", validTo: "2030-01-24", units: [{ unitId: product.adult, price: "120" }] }, now());
    const priceFrom = async () => (await ctx.db.select().from(schema.products).where(eq(schema.products.id, product.id)))[0]!.priceFrom;
    const version = async () => (await ctx.db.select().from(schema.catalogueMeta))[0]!.version;
    expect(await priceFrom()).toBe(20000);
    // The day before: nothing to change.
    expect(await refreshSeasonalPriceFrom(ctx, new Date("2030-01-19T12:00:00Z"))).not.toContain(product.id);
    // Midnight in Riyadh (21:00 UTC the evening before) begins the season.
    const before = await version();
    expect(await refreshSeasonalPriceFrom(ctx, new Date("2030-01-19T21:05:00Z"))).toContain(product.id);
    expect(await priceFrom()).toBe(12000);
    expect(await version()).toBe(before + 1);
    // A second pass (another tick, another instance) changes and announces nothing.
    expect(await refreshSeasonalPriceFrom(ctx, new Date("2030-01-19T21:15:00Z"))).toEqual([]);
    expect(await version()).toBe(before + 1);
    // The day after the season ends, the base price is back.
    expect(await refreshSeasonalPriceFrom(ctx, new Date("2030-01-25T09:00:00Z"))).toContain(product.id);
    expect(await priceFrom()).toBe(20000);
  });

  test("a price change shows the cart's price-changed notice for a carted item", async () => {
    const product = await sellableProduct();
    const cart = await createCart(ctx.db, "SAR");
    const slot = await slotOn(product.id, product.optionId, "2030-01-25");
    const added = await addToCart(ctx, cart, { productId: product.id, optionId: product.optionId, availabilityId: slot.id, units: [{ unitId: product.adult, quantity: 2 }], extraIds: [] });
    expect(added.ok).toBe(true);
    expect((await reviewCart(ctx, cart.id, "en")).notice).toBeNull();
    await changePricesByPercent(ctx, actor, { productId: product.id }, 10, now());
    const review = await reviewCart(ctx, cart.id, "en");
    expect(review.lines[0]!.status).toBe("priceChanged");
    expect(review.notice).toBe("pricesChanged");
  });

  test("bulk: every own product of a destination by a percentage, rounded to minor units, in one audited change", async () => {
    expect(scaleAmount(19999, 10)).toBe(21999);
    expect(scaleAmount(10001, -12.5)).toBe(8751);
    const a = await sellableProduct();
    const b = await createProduct(ctx, actor, await newProductInput(ctx.db, { pricingPer: "BOOKING" }), now());
    const bOption = await addOption(ctx, actor, b.id, { title: { en: "Private car" }, durationMinutes: 240, cutoffMinutes: 0, minUnits: 1, bookingPrice: "1000", bookingMaxPax: 4 }, now());
    await addSeason(ctx, actor, a.optionId, { validFrom: "2030-06-01", validTo: "2030-06-30", units: [{ unitId: a.adult, price: "300", original: "333.33" }] }, now());
    const { destination } = await riyadhPlacement(ctx.db);
    const demo = await ctx.db.select({ id: schema.products.id, price: schema.units.price }).from(schema.products)
      .innerJoin(schema.productOptions, eq(schema.productOptions.productId, schema.products.id))
      .innerJoin(schema.units, eq(schema.units.optionId, schema.productOptions.id))
      .where(and(eq(schema.products.destinationId, destination.id), eq(schema.units.type, "ADULT"))).limit(1);

    const { productIds } = await changePricesByPercent(ctx, actor, { destinationId: destination.id }, 10, now(), "Summer");
    expect(productIds).toEqual(expect.arrayContaining([a.id, b.id]));
    const [adult] = await ctx.db.select().from(schema.units).where(eq(schema.units.id, a.adult));
    expect(adult!.price).toBe(22000);
    const [season] = await ctx.db.select().from(schema.priceSeasons).where(eq(schema.priceSeasons.optionId, a.optionId));
    expect(season!.unitPrices[a.adult]).toEqual({ price: 33000, original: 36666 });
    const [option] = await ctx.db.select().from(schema.productOptions).where(eq(schema.productOptions.id, bOption));
    expect(option!.bookingPrice).toBe(110000);
    // Demo products of other suppliers in the same city keep their prices.
    if (demo[0]) {
      const [unchanged] = await ctx.db.select({ price: schema.units.price }).from(schema.products)
        .innerJoin(schema.productOptions, eq(schema.productOptions.productId, schema.products.id))
        .innerJoin(schema.units, eq(schema.units.optionId, schema.productOptions.id))
        .where(and(eq(schema.products.id, demo[0].id), eq(schema.units.type, "ADULT"))).limit(1);
      expect(unchanged!.price).toBe(demo[0].price);
    }
    const [entry] = await listAudit(ctx.db, { subjectType: "destination", subjectId: destination.id });
    expect(entry).toMatchObject({ action: "catalogue.prices.bulk", reason: "Summer", actorEmail: actor.email });
    expect(entry!.after).toMatchObject({ percent: 10 });
  });

  test("the engine's cached prices follow a change at once", async () => {
    const product = await sellableProduct();
    const engine = ctx.bookingApi as EmbeddedBookingEngine;
    expect((await slotOn(product.id, product.optionId, "2030-01-30")).unitPricing!.find((price) => price.unitId === product.adult)!.retail).toBe(20000);
    await updateUnit(ctx, actor, product.adult, { type: "ADULT", title: {}, minAge: 13, maxAge: 99, accompaniedBy: [], price: "210" }, now());
    expect((await slotOn(product.id, product.optionId, "2030-01-30")).unitPricing!.find((price) => price.unitId === product.adult)!.retail).toBe(21000);
    expect(engine).toBeDefined();
  });
});
