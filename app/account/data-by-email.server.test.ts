/**
 * The PDPL rights by email on a real database (a guest's signed link and the console's queue use
 * them): the export holds every order placed with the address and nothing of anyone else's; the
 * erasure cancels bookings still to come under their policy, then leaves the person's name, email
 * and phone in no column of any table (orders stay, for the tax invoices); a booking that cannot be
 * cancelled refuses it, naming the booking. The signed link expires and refuses tampering.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { contactMessages, customOfferRequests, dataRequests, messageOptOuts, orders, users } from "#app/db/schema";
import { anonymiseDataRequest, exportDataRequest, fileDataRequest } from "#app/account/data-requests.server";
import { listAudit } from "#app/staff/audit.server";
import { capturedCardOrder, createCardTestContext, pickProduct, type CardTestContext, type TestProduct } from "#app/testing/commerce-fixtures.server";
import type { TestContext } from "#app/testing/context.server";
import { columnsHolding } from "#app/testing/personal-data-scan.server";
import { collectDataForEmail, eraseEmail } from "./data-by-email.server";
import { createDataLinkToken, readDataLinkToken, requestDataLink } from "./data-link.server";

let card: CardTestContext;
let ctx: TestContext;
let product: TestProduct;
let day = 60;

beforeAll(async () => {
  card = await createCardTestContext();
  ctx = card.ctx;
  product = await pickProduct(ctx, { instant: true, refundable: true });
});
afterAll(async () => {
  await ctx?.stop();
});

/** A guest (no account) with unusual name, email and phone: two paid orders placed with the address, an offer request, a contact message and an opt-out. */
async function guest() {
  const tag = randomUUID().slice(0, 8);
  const person = { firstName: "Hessa", lastName: `Gx${tag}`, email: `Gq-${tag}@Example.com`, phone: `58${tag.replace(/\D/g, "").padEnd(7, "3").slice(0, 7)}` };
  const placed = [];
  const placedWithEmails: string[] = [];
  for (let index = 0; index < 2; index++) {
    const order = await capturedCardOrder(card, product, { daysAhead: day++, adults: 1 });
    const [placedWith] = await ctx.db.select({ email: orders.email }).from(orders).where(eq(orders.id, order.orderId));
    placedWithEmails.push(placedWith!.email);
    await ctx.db.update(orders).set({ email: person.email, lastName: person.lastName, phone: person.phone }).where(eq(orders.id, order.orderId));
    placed.push(order);
  }
  await ctx.db.insert(customOfferRequests).values({ reference: `CO-${tag}`, productId: product.productId, locale: "en", dateFrom: "2030-01-01", groupSize: 2, currency: "SAR", message: `Call ${person.lastName}`, name: `${person.firstName} ${person.lastName}`, email: person.email, phone: person.phone });
  await ctx.db.insert(contactMessages).values({ locale: "en", name: person.lastName, email: person.email, subject: "Hello", message: `From ${person.phone}`, ipKey: "k" });
  await ctx.db.insert(messageOptOuts).values({ email: person.email.toLowerCase() });
  return { person, placed, placedWithEmails };
}

const actor = { id: null, email: "admin@rihla.test" };

describe("export by email", () => {
  test("holds every order placed with the address (any case), and nothing of another guest's", async () => {
    const mine = await guest();
    const theirs = await guest();
    const data = await collectDataForEmail(ctx.db, ` ${mine.person.email.toUpperCase()} `, ctx.clock.now());
    expect(data.account).toBeNull();
    expect(data.orders.map((order) => order.reference).sort()).toEqual(mine.placed.map((order) => order.reference).sort());
    expect(data.orders[0]!.bookings).toHaveLength(1);
    expect(data.customOfferRequests).toHaveLength(1);
    expect(data.contactMessages).toHaveLength(1);
    expect(data.consents.optionalMessages.refused).toBe(true);
    const text = JSON.stringify(data);
    for (const order of theirs.placed) expect(text).not.toContain(order.reference);
    expect(text).not.toContain(theirs.person.lastName);
  });
});

describe("erasure by email", () => {
  test("cancels the bookings still to come, then no table holds the name, email or phone; the orders stay", async () => {
    const { person, placed, placedWithEmails } = await guest();
    expect(await columnsHolding(ctx.db, person.email)).toEqual(expect.arrayContaining(["orders.email", "custom_offer_requests.email", "contact_messages.email"]));
    const outcome = await eraseEmail(ctx, person.email);
    expect(outcome).toEqual({ status: "erased", cancelled: 2 });
    for (const needle of [person.email, person.lastName, person.phone, ...placedWithEmails]) expect({ needle, columns: await columnsHolding(ctx.db, needle) }).toEqual({ needle, columns: [] });
    for (const order of placed) {
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
      expect(row).toMatchObject({ reference: order.reference, status: "CANCELLED", firstName: "", phone: "" });
    }
  });

  test("a booking past its cancellation window refuses the erasure, naming it; nothing is erased", async () => {
    const { person, placed } = await guest();
    const before = ctx.clock.now();
    ctx.setNow(new Date(`${placed[0]!.item.localDate}T01:00:00Z`));
    try {
      const outcome = await eraseEmail(ctx, person.email);
      expect(outcome.status).toBe("blocked");
      expect(outcome.status === "blocked" && outcome.blockers.map((blocker) => [blocker.reference, blocker.reason])).toContainEqual([placed[0]!.reference, "NOT_CANCELLABLE"]);
    } finally {
      ctx.setNow(before);
    }
    expect(await columnsHolding(ctx.db, person.email)).toContain("orders.email");
  });
});

describe("an address with an account", () => {
  test("the export holds the account's download and the guest orders; the erasure deletes the account too", async () => {
    const { person, placed } = await guest();
    const userId = randomUUID();
    await ctx.db.insert(users).values({ id: userId, email: person.email.toLowerCase(), name: `Hessa ${person.lastName}`, passwordHash: "x", locale: "en" });
    const accountOrder = await capturedCardOrder(card, product, { daysAhead: day++, adults: 1 });
    await ctx.db.update(orders).set({ userId }).where(eq(orders.id, accountOrder.orderId));
    const data = await collectDataForEmail(ctx.db, person.email, ctx.clock.now());
    expect(data.account?.orders.map((order) => order.reference)).toEqual([accountOrder.reference]);
    expect(data.orders.map((order) => order.reference).sort()).toEqual(placed.map((order) => order.reference).sort());
    expect(await eraseEmail(ctx, person.email)).toEqual({ status: "erased", cancelled: 3 });
    expect(await ctx.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    for (const needle of [person.email, person.lastName, person.phone]) expect({ needle, columns: await columnsHolding(ctx.db, needle) }).toEqual({ needle, columns: [] });
  });
});

describe("the console's data-request queue", () => {
  test("files, exports and anonymises a request, audited, and forgets the address", async () => {
    const { person, placed } = await guest();
    const request = await fileDataRequest(ctx.db, actor, { email: person.email, kind: "ANONYMISE", note: "by phone" }, ctx.clock.now());
    const exported = await exportDataRequest(ctx.db, actor, request.id, ctx.clock.now());
    expect(exported.status === "ok" && exported.data.orders.map((order) => order.reference).sort()).toEqual(placed.map((order) => order.reference).sort());
    expect(await anonymiseDataRequest(ctx, actor, request.id)).toEqual({ status: "anonymised", cancelled: 2 });
    const [row] = await ctx.db.select().from(dataRequests).where(eq(dataRequests.id, request.id));
    expect(row).toMatchObject({ status: "DONE", completedByEmail: actor.email, note: "" });
    for (const needle of [person.email, person.lastName, person.phone]) expect({ needle, columns: await columnsHolding(ctx.db, needle) }).toEqual({ needle, columns: [] });
    const actions = (await listAudit(ctx.db, { subjectType: "data_request", subjectId: String(request.id) })).map((entry) => entry.action);
    expect(actions.sort()).toEqual(["dataRequest.anonymised", "dataRequest.exported", "dataRequest.filed"]);
    expect(await anonymiseDataRequest(ctx, actor, request.id)).toEqual({ status: "gone" });
  });

  test("a booking that cannot be cancelled refuses the request with its reasons", async () => {
    const { person, placed } = await guest();
    const request = await fileDataRequest(ctx.db, actor, { email: person.email, kind: "ANONYMISE" }, ctx.clock.now());
    const before = ctx.clock.now();
    ctx.setNow(new Date(`${placed[0]!.item.localDate}T01:00:00Z`));
    try {
      const outcome = await anonymiseDataRequest(ctx, actor, request.id);
      expect(outcome.status === "refused" && outcome.blockers.map((blocker) => blocker.reference)).toContain(placed[0]!.reference);
    } finally {
      ctx.setNow(before);
    }
    const [row] = await ctx.db.select().from(dataRequests).where(eq(dataRequests.id, request.id));
    expect(row).toMatchObject({ status: "REFUSED", email: person.email.toLowerCase() });
  });
});

describe("the guest's signed link", () => {
  const secret = "s".repeat(40);
  const now = new Date("2030-01-08T06:00:00Z");

  test("opens its address until it expires", () => {
    const token = createDataLinkToken("Guest@Example.com", new Date(now.getTime() + 60_000), secret);
    expect(readDataLinkToken(token, secret, now)).toMatchObject({ status: "ok", email: "guest@example.com" });
    expect(readDataLinkToken(token, secret, new Date(now.getTime() + 60_000))).toEqual({ status: "expired" });
  });

  test("refuses tampering: another address, a later expiry, another installation's secret", () => {
    const token = createDataLinkToken("guest@example.com", new Date(now.getTime() + 60_000), secret);
    const [, expiry, signature] = token.split(".");
    const otherAddress = `${Buffer.from("victim@example.com").toString("base64url")}.${expiry}.${signature}`;
    expect(readDataLinkToken(otherAddress, secret, now)).toEqual({ status: "invalid" });
    const [address] = token.split(".");
    expect(readDataLinkToken(`${address}.${(now.getTime() + 10 * 86_400_000).toString(36)}.${signature}`, secret, now)).toEqual({ status: "invalid" });
    expect(readDataLinkToken(token, "t".repeat(40), now)).toEqual({ status: "invalid" });
    expect(readDataLinkToken("garbage", secret, now)).toEqual({ status: "invalid" });
  });

  test("is mailed only for an address we hold data for; the answer is the same", async () => {
    const { person } = await guest();
    const sentBefore = ctx.mail.length;
    const unknown = await requestDataLink(ctx, { email: `nobody-${randomUUID()}@example.com`, locale: "en", address: "10.0.0.1" });
    expect(unknown.status).toBe("done");
    if (unknown.status === "done") await unknown.delivery;
    expect(ctx.mail.length).toBe(sentBefore);
    const known = await requestDataLink(ctx, { email: person.email, locale: "ar", address: "10.0.0.1" });
    expect(known.status).toBe("done");
    if (known.status === "done") await known.delivery;
    const mail = ctx.mail.at(-1)!;
    expect(mail.to).toBe(person.email.toLowerCase());
    const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    expect(readDataLinkToken(token, ctx.env.SESSION_SECRET, ctx.clock.now())).toMatchObject({ status: "ok", email: person.email.toLowerCase() });
    expect(mail.text).toContain("/ar/privacy/my-data?token=");
  });
});
