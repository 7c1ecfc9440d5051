/**
 * The retention pass removes exactly what is past its period: a guest's contact details a year after
 * their last booking day (a recent guest's and an account's orders keep theirs), accounts never
 * confirmed after 30 days (not a fresh one, nor one holding an order), expired sessions and used or
 * expired tokens (not live ones), old contact-form messages (not recent ones), and old messages of
 * the local mail outbox (not recent ones).
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { consentRecords, contactMessages, emailVerifications, orderItems, orders, passwordResetTokens, sessions, users } from "#app/db/schema";
import { addDays } from "#app/lib/dates";
import { OUTBOX_INDEX, readOutboxDir } from "#app/lib/outbox";
import { createTestContext, TEST_NOW, type TestContext } from "#app/testing/context.server";
import { recordConsent } from "./consent-records.server";
import { runRetention } from "./retention.server";

let ctx: TestContext;
const DAY = 86_400_000;
const periods = { guestContactDays: 365, unverifiedAccountDays: 30, contactMessageDays: 365, outboxDays: 30 };
const ago = (days: number) => new Date(TEST_NOW.getTime() - days * DAY);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.stop();
});

/** A guest's (or an account's) order placed `placedDaysAgo`, with one booking `travelDaysAgo`. */
async function order(tag: string, placedDaysAgo: number, travelDaysAgo: number, userId: string | null = null): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(orders).values({ id, reference: `RH-RT${tag}`, purchaseId: `p-${id}`, idempotencyKey: `k-${id}`, accessToken: `t-${id}`, status: "CONFIRMED", paymentMethod: "card", locale: "en", currency: "SAR", originalAmount: 10_000, totalAmount: 10_000, firstName: "Rana", lastName: `Kept${tag}`, email: `rt-${tag}@example.com`, countryCode: "+966", phone: "501112233", userId, purchasedAt: ago(placedDaysAgo) });
  const localDate = addDays(TEST_NOW.toISOString().slice(0, 10), -travelDaysAgo);
  await ctx.db.insert(orderItems).values({ id: randomUUID(), orderId: id, position: 0, bookingUuid: randomUUID(), productId: "p", optionId: "DEFAULT", availabilityId: `${localDate}T09:00:00+03:00`, localDate, units: [], extraIds: [], instantConfirmation: true, currency: "SAR", amount: 10_000, status: "CONFIRMED" });
  return id;
}

async function user(tag: string, createdDaysAgo: number, verified: boolean): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(users).values({ id, email: `u-${tag}-${id.slice(0, 6)}@example.com`, name: `User ${tag}`, passwordHash: "x", createdAt: ago(createdDaysAgo), emailVerifiedAt: verified ? ago(createdDaysAgo) : null });
  return id;
}

test("removes exactly what is past its period", async () => {
  const oldGuest = await order("old", 500, 400);
  const recentTrip = await order("recent", 500, 100);
  const keeper = await user("keeper", 500, true);
  const accountOrder = await order("account", 500, 400, keeper);

  const staleUnverified = await user("stale", 40, false);
  const freshUnverified = await user("fresh", 5, false);
  const unverifiedWithOrder = await user("ordered", 40, false);
  await order("unverified", 10, -10, unverifiedWithOrder);

  await ctx.db.insert(sessions).values([
    { idHash: `expired-${randomUUID()}`, userId: keeper, expiresAt: ago(1) },
    { idHash: `live-${randomUUID()}`, userId: keeper, expiresAt: new Date(TEST_NOW.getTime() + DAY) },
  ]);
  await ctx.db.insert(passwordResetTokens).values([
    { tokenHash: `used-${randomUUID()}`, userId: keeper, expiresAt: new Date(TEST_NOW.getTime() + DAY), usedAt: ago(0) },
    { tokenHash: `live-${randomUUID()}`, userId: keeper, expiresAt: new Date(TEST_NOW.getTime() + DAY) },
  ]);
  await ctx.db.insert(emailVerifications).values({ tokenHash: `expired-${randomUUID()}`, userId: keeper, email: "k@example.com", expiresAt: ago(2) });
  await ctx.db.insert(contactMessages).values([
    { locale: "en", name: "Old", email: "old@example.com", subject: "s", message: "m", ipKey: "k", createdAt: ago(400) },
    { locale: "en", name: "New", email: "new@example.com", subject: "s", message: "m", ipKey: "k", createdAt: ago(10) },
  ]);

  // The old guest ticked "offers by email" at checkout; the recent one too.
  await recordConsent(ctx.db, { email: "rt-old@example.com" }, { purpose: "marketing", granted: true, method: "checkout" }, ago(500));
  await recordConsent(ctx.db, { email: "rt-recent@example.com" }, { purpose: "marketing", granted: true, method: "checkout" }, ago(500));

  const report = await runRetention(ctx.db, TEST_NOW, periods);
  expect(report).toMatchObject({ guestOrders: 1, unverifiedAccounts: 1 });
  const consented = (await ctx.db.select({ email: consentRecords.email }).from(consentRecords)).map((record) => record.email);
  expect(consented).not.toContain("rt-old@example.com");
  expect(consented).toContain("rt-recent@example.com");
  expect(report.sessions).toBeGreaterThanOrEqual(1);
  expect(report.tokens).toBeGreaterThanOrEqual(2);

  const row = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  expect(await row(oldGuest)).toMatchObject({ firstName: "", lastName: "", phone: "", email: `erased-${oldGuest}@invalid`, totalAmount: 10_000, status: "CONFIRMED" });
  expect(await row(recentTrip)).toMatchObject({ lastName: "Keptrecent" });
  expect(await row(accountOrder)).toMatchObject({ lastName: "Keptaccount" });

  const userIds = (await ctx.db.select({ id: users.id }).from(users)).map((found) => found.id);
  expect(userIds).not.toContain(staleUnverified);
  expect(userIds).toEqual(expect.arrayContaining([freshUnverified, unverifiedWithOrder, keeper]));

  const liveSessions = (await ctx.db.select().from(sessions).where(eq(sessions.userId, keeper))).map((session) => session.idHash);
  expect(liveSessions).toHaveLength(1);
  expect(liveSessions[0]).toMatch(/^live-/);
  const tokens = (await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, keeper))).map((token) => token.tokenHash);
  expect(tokens).toHaveLength(1);
  expect(tokens[0]).toMatch(/^live-/);
  expect((await ctx.db.select().from(contactMessages)).map((message) => message.name)).toEqual(expect.not.arrayContaining(["Old"]));
  expect((await ctx.db.select().from(contactMessages)).map((message) => message.name)).toContain("New");

  // A second pass finds nothing more to do.
  expect(await runRetention(ctx.db, TEST_NOW, periods)).toEqual({ sessions: 0, tokens: 0, unverifiedAccounts: 0, guestOrders: 0, contactMessages: 0, outboxMessages: 0 });
});

test("the pass also clears the local mail outbox of messages past RETENTION_OUTBOX_DAYS, index and files", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "retention-outbox-"));
  try {
    const write = async (id: string, date: Date) => {
      await writeFile(path.join(dir, `${id}.eml`), id);
      return `${JSON.stringify({ id, messageId: id, date: date.toISOString(), from: "f", to: "t", replyTo: null, subject: id, text: id, html: null, file: `${id}.eml` })}\n`;
    };
    await writeFile(path.join(dir, OUTBOX_INDEX), (await write("old", ago(31))) + (await write("recent", ago(29))));
    const report = await runRetention(ctx.db, TEST_NOW, periods, { outboxDir: dir });
    expect(report.outboxMessages).toBe(1);
    expect((await readOutboxDir(dir)).map((entry) => entry.id)).toEqual(["recent"]);
    expect((await readdir(dir)).sort()).toEqual([OUTBOX_INDEX, "recent.eml"]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
