import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "#app/db/schema";
import { createTestContext, TEST_NOW, type TestContext } from "#app/testing/context.server";
import { csvCell, loadOrderDossier, loadQueues, ordersCsv, parseOrderFilter, searchOrders } from "./back-office.server";
import { recordOrderEvent, recordOrderMessage } from "./order-events.server";

let ctx: TestContext;

type Seed = { id: string; reference: string; status: string; method?: string; email: string; first: string; last: string; phone: string; purchasedAt: Date; date: string; product?: string; itemStatus?: string };

async function seedOrder(seed: Seed) {
  await ctx.db.insert(orders).values({
    id: seed.id,
    reference: seed.reference,
    purchaseId: `p-${seed.id}`,
    idempotencyKey: `k-${seed.id}`,
    accessToken: `t-${seed.id}`,
    status: seed.status,
    paymentMethod: seed.method ?? "card",
    locale: "en",
    currency: "SAR",
    originalAmount: 50_000,
    totalAmount: 50_000,
    firstName: seed.first,
    lastName: seed.last,
    email: seed.email,
    countryCode: "+966",
    phone: seed.phone,
    purchasedAt: seed.purchasedAt,
    updatedAt: seed.purchasedAt,
  });
  await ctx.db.insert(orderItems).values({
    id: `i-${seed.id}`,
    orderId: seed.id,
    position: 0,
    bookingUuid: `b-${seed.id}`,
    productId: seed.product ?? "desert-safari",
    optionId: "DEFAULT",
    availabilityId: `${seed.date}T16:00:00+03:00`,
    localDate: seed.date,
    units: [{ unitId: "adult", quantity: 2 }],
    extraIds: [],
    instantConfirmation: seed.itemStatus !== "PENDING",
    currency: "SAR",
    amount: 50_000,
    status: seed.itemStatus ?? "CONFIRMED",
  });
}

const hoursAgo = (hours: number) => new Date(TEST_NOW.getTime() - hours * 3_600_000);

beforeAll(async () => {
  ctx = await createTestContext();
  await seedOrder({ id: "bo1", reference: "RH-AAA111", status: "CONFIRMED", email: "layla@example.com", first: "Layla", last: "Haddad", phone: "501234567", purchasedAt: hoursAgo(50), date: "2030-01-08" });
  await seedOrder({ id: "bo2", reference: "RH-BBB222", status: "ON_HOLD", email: "omar@example.com", first: "Omar", last: "Saleh", phone: "509999999", purchasedAt: hoursAgo(5), date: "2030-01-20", itemStatus: "PENDING" });
  await seedOrder({ id: "bo3", reference: "RH-CCC333", status: "PAY_LATER", method: "pay_later", email: "=cmd@example.com", first: "=HYPERLINK(1)", last: "Test", phone: "507777777", purchasedAt: hoursAgo(3), date: "2030-01-09", itemStatus: "HELD" });
  await seedOrder({ id: "bo4", reference: "RH-DDD444", status: "PAYMENT_FAILED", email: "fail@example.com", first: "Fail", last: "Card", phone: "506666666", purchasedAt: hoursAgo(2), date: "2030-02-01", itemStatus: "FAILED" });
});
afterAll(async () => {
  await ctx.stop();
});

describe("order search", () => {
  it("finds by reference, email, name or phone digits", async () => {
    const refs = async (q: string) => (await searchOrders(ctx.db, { q })).rows.map((row) => row.reference);
    expect(await refs("bbb222")).toEqual(["RH-BBB222"]);
    expect(await refs("LAYLA@")).toEqual(["RH-AAA111"]);
    expect(await refs("omar sal")).toEqual(["RH-BBB222"]);
    expect(await refs("966 50 999")).toEqual(["RH-BBB222"]);
    // LIKE wildcards in the query are text, not patterns.
    expect(await refs("%")).toEqual([]);
  });

  it("filters by status, method, product and dates, newest purchase first", async () => {
    expect((await searchOrders(ctx.db, { method: "pay_later" })).rows.map((row) => row.reference)).toEqual(["RH-CCC333"]);
    expect((await searchOrders(ctx.db, { status: "ON_HOLD" })).rows.map((row) => row.reference)).toEqual(["RH-BBB222"]);
    const byTravel = await searchOrders(ctx.db, { travelFrom: "2030-01-09", travelTo: "2030-01-31" });
    expect(byTravel.rows.map((row) => row.reference)).toEqual(["RH-CCC333", "RH-BBB222"]);
    expect(byTravel.total).toBe(2);
    expect(byTravel.rows.map((row) => [row.items, row.firstTravelDate])).toEqual([[1, "2030-01-09"], [1, "2030-01-20"]]);
    expect((await searchOrders(ctx.db, { productId: "nothing-like-it" })).total).toBe(0);
  });

  it("drops malformed filter values instead of failing", () => {
    const filter = parseOrderFilter(new URLSearchParams("status=HACKED&method=x&travelFrom=2030-02-30&page=-4&q=" + "x".repeat(500)));
    expect(filter).toEqual({ q: undefined, status: undefined, method: undefined, productId: undefined, travelFrom: undefined, travelTo: undefined, purchasedFrom: undefined, purchasedTo: undefined, page: 1 });
  });
});

describe("CSV export", () => {
  it("quotes every cell and defuses spreadsheet formulas", async () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    const csv = ordersCsv((await searchOrders(ctx.db, { q: "CCC333" })).rows);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
    expect(csv).toContain(`"'=cmd@example.com"`);
  });
});

describe("queues and dossier", () => {
  it("lists what needs a human, with departures for today and tomorrow", async () => {
    const queues = await loadQueues(ctx.db, TEST_NOW, "en");
    expect(queues.decisions.map((item) => item.reference)).toContain("RH-BBB222");
    expect(queues.payLater.map((order) => order.reference)).toContain("RH-CCC333");
    expect(queues.payLater.find((order) => order.reference === "RH-CCC333")?.travelDate).toBe("2030-01-09");
    expect(queues.paymentFailures.map((order) => order.reference)).toContain("RH-DDD444");
    const today = queues.departures.find((departure) => departure.localDate === "2030-01-08" && departure.productId === "desert-safari");
    expect(today).toMatchObject({ bookings: 1, travellers: 2 });
  });

  it("gathers an order's items, events and messages by reference", async () => {
    await recordOrderEvent(ctx.db, "bo2", "order.placed", { now: hoursAgo(5) });
    await recordOrderMessage(ctx.db, { orderId: "bo2", channel: "email", kind: "ON_HOLD", recipient: "omar@example.com", subject: "On hold", locale: "en", status: "SENT" }, hoursAgo(5));
    const dossier = await loadOrderDossier(ctx.db, "rh-bbb222", "en");
    expect(dossier?.order.reference).toBe("RH-BBB222");
    expect(dossier?.items.map((item) => item.status)).toEqual(["PENDING"]);
    expect(dossier?.events.map((event) => event.kind)).toEqual(["order.placed"]);
    expect(dossier?.messages.map((message) => message.kind)).toEqual(["ON_HOLD"]);
    expect(await loadOrderDossier(ctx.db, "RH-NOPE", "en")).toBeNull();
  });
});
