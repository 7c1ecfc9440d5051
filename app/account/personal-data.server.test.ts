/**
 * The PDPL rights of an account on a real database: download-my-data holds every order of the account
 * and nothing of anyone else's; delete-my-account cancels a booking still to come under its policy,
 * then leaves the customer's name, email and phone in no column of any table (the orders stay, for
 * the tax invoices, without them); a booking that cannot be cancelled stops the deletion with a reason.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { consentRecords, customOfferRequests, messageOptOuts, orders, users } from "#app/db/schema";
import { capturedCardOrder, createCardTestContext, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import type { TestContext } from "#app/testing/context.server";
import { columnsHolding as scan } from "#app/testing/personal-data-scan.server";
import { collectPersonalData, eraseAccount } from "./personal-data.server";
import { personalDataPdf } from "./personal-data-pdf.server";
import { CONSENT_TEXT_VERSIONS, recordConsent } from "./consent-records.server";

let card: CardTestContext;
let ctx: TestContext;
let product: TestProduct;
let day = 40;

beforeAll(async () => {
  card = await createCardTestContext();
  ctx = card.ctx;
  product = await pickProduct(ctx, { instant: true, refundable: true });
});
afterAll(async () => {
  await ctx?.stop();
});

/** A customer with unusual name, email and phone, two paid orders of their own, an offer request and an opt-out. */
async function customer() {
  const tag = randomUUID().slice(0, 8);
  const person = { name: `Zubaida Qx${tag}`, firstName: `Zubaida`, lastName: `Qx${tag}`, email: `zq-${tag}@example.com`, phone: `59${tag.replace(/\D/g, "").padEnd(7, "7").slice(0, 7)}` };
  const userId = randomUUID();
  await ctx.db.insert(users).values({ id: userId, email: person.email, name: person.name, passwordHash: "x", locale: "ar", emailVerifiedAt: new Date() });
  const placed = [];
  const placedWithEmails: string[] = [];
  for (let index = 0; index < 2; index++) {
    const order = await capturedCardOrder(card, product, { daysAhead: day++, adults: 1 });
    // The address the order was placed with (its messages and the engine's booking carry it) is theirs too.
    const [placedWith] = await ctx.db.select({ email: orders.email }).from(orders).where(eq(orders.id, order.orderId));
    placedWithEmails.push(placedWith!.email);
    await ctx.db.update(orders).set({ userId, email: person.email, lastName: person.lastName, phone: person.phone }).where(eq(orders.id, order.orderId));
    placed.push(order);
  }
  await ctx.db.insert(customOfferRequests).values({ reference: `CO-${tag}`, userId, productId: product.productId, locale: "ar", dateFrom: "2030-01-01", groupSize: 2, currency: "SAR", message: `Call ${person.name}`, name: person.name, email: person.email, phone: person.phone });
  await ctx.db.insert(messageOptOuts).values({ email: person.email });
  // Consents: the tick at checkout (for the address typed there), then withdrawn from the account.
  await recordConsent(ctx.db, { email: placedWithEmails[0]! }, { purpose: "marketing", granted: true, method: "checkout" }, new Date("2030-01-02T09:00:00Z"));
  await recordConsent(ctx.db, { userId, email: person.email }, { purpose: "marketing", granted: false, method: "account" }, new Date("2030-01-03T09:00:00Z"));
  await recordConsent(ctx.db, { userId, visitorId: randomUUID() }, { purpose: "analytics", granted: true, method: "cookie-banner" }, new Date("2030-01-04T09:00:00Z"));
  return { userId, person, placed, placedWithEmails };
}

/** Every text or jsonb column of every table holding `needle` (the shared scan). */
function columnsHolding(needle: string): Promise<string[]> {
  return scan(ctx.db, needle);
}

describe("download my data", () => {
  test("holds every order of the account, and nothing of another customer's", async () => {
    const mine = await customer();
    const theirs = await customer();
    const data = (await collectPersonalData(ctx.db, mine.userId, ctx.clock.now()))!;
    expect(data.profile).toMatchObject({ name: mine.person.name, email: mine.person.email });
    expect(data.orders.map((order) => order.reference).sort()).toEqual(mine.placed.map((order) => order.reference).sort());
    expect(data.orders[0]!.bookings).toHaveLength(1);
    expect(data.customOfferRequests).toHaveLength(1);
    expect(data.consents.optionalMessages.refused).toBe(true);
    // Every consent answer, oldest first, with its text version and how it was given.
    expect(data.consents.records.map((record) => [record.purpose, record.granted, record.textVersion, record.method])).toEqual([
      ["marketing", true, CONSENT_TEXT_VERSIONS.marketing, "checkout"],
      ["marketing", false, CONSENT_TEXT_VERSIONS.marketing, "account"],
      ["analytics", true, CONSENT_TEXT_VERSIONS.analytics, "cookie-banner"],
    ]);
    const text = JSON.stringify(data);
    for (const order of theirs.placed) expect(text).not.toContain(order.reference);
    expect(text).not.toContain(theirs.person.email);
  });
});

describe("download my data as a PDF", () => {
  test("reads the same document: the person's orders by reference, and their consents, in their language", async () => {
    const mine = await customer();
    const data = (await collectPersonalData(ctx.db, mine.userId, ctx.clock.now()))!;
    for (const locale of ["ar", "en"] as const) {
      const file = path.join(ctx.env.DATA_DIR, `${randomUUID()}.pdf`);
      await writeFile(file, await personalDataPdf(data, locale));
      const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
      for (const order of mine.placed) expect(text).toContain(order.reference);
      expect(text).toContain(mine.person.email);
      expect(text).toContain(CONSENT_TEXT_VERSIONS.marketing);
      if (locale === "en") expect(text).toMatch(/Offers and travel ideas by email: withdrawn/);
    }
  });
});

describe("delete my account", () => {
  test("cancels the bookings still to come under their policy, then no table holds the name, email or phone", async () => {
    const { userId, person, placed, placedWithEmails } = await customer();
    // Before: the addresses are in the account, its orders, their messages, the engine's bookings, …
    expect(await columnsHolding(person.email)).toEqual(expect.arrayContaining(["users.email", "orders.email", "custom_offer_requests.email", "message_opt_outs.email", "consent_records.email"]));
    expect(await columnsHolding(placedWithEmails[0]!)).toEqual(expect.arrayContaining(["order_messages.recipient", "bookings.contact", "consent_records.email"]));
    const outcome = await eraseAccount(ctx, userId);
    expect(outcome).toEqual({ status: "erased", cancelled: 2 });
    for (const needle of [person.email, person.lastName, person.phone, ...placedWithEmails]) expect({ needle, columns: await columnsHolding(needle) }).toEqual({ needle, columns: [] });
    // The orders (the tax invoices' records) stay, with their amounts.
    for (const order of placed) {
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
      expect(row).toMatchObject({ reference: order.reference, status: "CANCELLED", firstName: "", phone: "", userId: null });
    }
    expect(await ctx.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await ctx.db.select().from(consentRecords).where(eq(consentRecords.userId, userId))).toEqual([]);
  });

  test("a booking past its cancellation window stops the deletion, naming it; nothing is erased", async () => {
    const { userId, person, placed } = await customer();
    const before = ctx.clock.now();
    // The first booking is tomorrow and its policy no longer refunds: it cannot be cancelled.
    ctx.setNow(new Date(`${placed[0]!.item.localDate}T01:00:00Z`));
    try {
      const outcome = await eraseAccount(ctx, userId);
      expect(outcome.status).toBe("blocked");
      expect(outcome.status === "blocked" && outcome.blockers.map((blocker) => [blocker.reference, blocker.reason])).toContainEqual([placed[0]!.reference, "NOT_CANCELLABLE"]);
    } finally {
      ctx.setNow(before);
    }
    expect((await ctx.db.select().from(users).where(eq(users.id, userId)))[0]?.email).toBe(person.email);
  });
});
