/**
 * Consent records on a real database, through the routes a visitor uses: the cookie banner records
 * each answer (a withdrawal too) against the browser's visitor id; sign-up records the marketing tick
 * only when ticked; the unsubscribe link records a marketing withdrawal, after which no marketing may go.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { consentRecords, users } from "#app/db/schema";
import { action as consentAction } from "#app/routes/api.consent";
import { action as signUpAction } from "#app/routes/auth.sign-up";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { accountConsents, CONSENT_TEXT_VERSIONS, currentAnalyticsConsent, currentMarketingConsent, mayMarketTo, recordConsent, unsubscribeAddress } from "./consent-records.server";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.stop();
});

function post(url: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request(url, { method: "POST", body: new URLSearchParams(fields), headers });
}

describe("the cookie banner", () => {
  test("records each answer with its text version under one visitor id, and 'Cookie settings' as a withdrawal", async () => {
    const first = await consentAction({ request: post("http://localhost:3000/api/consent", { consent: "granted", redirectTo: "/faq" }), params: {}, context: ctx });
    expect(first.status).toBe(303);
    const cookies = first.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("rihla_consent=granted;"))).toBe(true);
    const visitorId = /rihla_visitor=([0-9a-f-]{36})/.exec(cookies.join("\n"))?.[1];
    expect(visitorId).toBeDefined();
    expect(await currentAnalyticsConsent(ctx.db, visitorId!)).toMatchObject({ purpose: "analytics", granted: true, textVersion: CONSENT_TEXT_VERSIONS.analytics, method: "cookie-banner" });

    // The footer's "Cookie settings" forgets the answer: recorded as a withdrawal, same browser, no new id.
    const reset = await consentAction({ request: post("http://localhost:3000/api/consent", { consent: "reset", redirectTo: "/faq" }, `rihla_consent=granted; rihla_visitor=${visitorId}`), params: {}, context: ctx });
    expect(reset.headers.getSetCookie().some((cookie) => cookie.startsWith("rihla_visitor="))).toBe(false);
    expect(await currentAnalyticsConsent(ctx.db, visitorId!)).toMatchObject({ granted: false, method: "cookie-banner" });
    // The account page's button says where it was given.
    await consentAction({ request: post("http://localhost:3000/api/consent", { consent: "granted", from: "account", redirectTo: "/invoices" }, `rihla_visitor=${visitorId}`), params: {}, context: ctx });
    const rows = await ctx.db.select().from(consentRecords).where(eq(consentRecords.visitorId, visitorId!)).orderBy(consentRecords.id);
    expect(rows.map((row) => [row.granted, row.method])).toEqual([
      [true, "cookie-banner"],
      [false, "cookie-banner"],
      [true, "account"],
    ]);
  });
});

describe("marketing messages", () => {
  async function signUp(email: string, marketing: boolean) {
    const fields: Record<string, string> = { name: "Noor Test", email, password: "correct horse battery", confirmPassword: "correct horse battery" };
    if (marketing) fields.marketing = "on";
    const response = await signUpAction({ request: post("http://localhost:3000/auth/sign-up", fields), params: {}, context: ctx });
    expect(response.status).toBe(303);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    return user!;
  }

  test("sign-up records the tick (version and method), and nothing when the box is left unticked", async () => {
    const ticked = await signUp(`ticked-${randomUUID().slice(0, 8)}@example.com`, true);
    expect(await currentMarketingConsent(ctx.db, ticked.id, [ticked.email])).toMatchObject({ granted: true, textVersion: CONSENT_TEXT_VERSIONS.marketing, method: "sign-up" });
    expect(await mayMarketTo(ctx.db, ticked.email)).toBe(true);
    const unticked = await signUp(`unticked-${randomUUID().slice(0, 8)}@example.com`, false);
    expect(await currentMarketingConsent(ctx.db, unticked.id, [unticked.email])).toBeNull();
    expect(await mayMarketTo(ctx.db, unticked.email)).toBe(false);
  });

  test("the unsubscribe link records a withdrawal: the newest answer wins, and no marketing may go", async () => {
    const email = `Guest-${randomUUID().slice(0, 8)}@Example.com`;
    await recordConsent(ctx.db, { email }, { purpose: "marketing", granted: true, method: "checkout" }, new Date("2030-01-01T10:00:00Z"));
    expect(await mayMarketTo(ctx.db, email)).toBe(true);
    await unsubscribeAddress(ctx.db, email, new Date("2030-01-02T10:00:00Z"));
    expect(await currentMarketingConsent(ctx.db, null, [email.toLowerCase()])).toMatchObject({ granted: false, method: "unsubscribe-link", at: "2030-01-02T10:00:00.000Z" });
    expect(await mayMarketTo(ctx.db, email)).toBe(false);
    // Stored lower-cased: the address is one person whatever its case.
    const rows = await ctx.db.select({ email: consentRecords.email }).from(consentRecords).where(eq(consentRecords.email, email.toLowerCase()));
    expect(rows).toHaveLength(2);
  });
});

describe("the account page's consents", () => {
  test("analytics follows the browser's cookie, marketing the newest record; each with when, which text and how", async () => {
    const userId = randomUUID();
    const email = `page-${userId.slice(0, 8)}@example.com`;
    await ctx.db.insert(users).values({ id: userId, email, name: "Page Test", passwordHash: "x" });
    const visitorId = randomUUID();
    // Nothing recorded: a banner "Reject" from before records is not given, and marketing was never asked.
    expect(await accountConsents(ctx.db, { userId, email, visitorId, browserChoice: "denied" })).toEqual({ analytics: { state: "notGiven", record: null }, marketing: { state: "notGiven", record: null } });
    await recordConsent(ctx.db, { userId, visitorId }, { purpose: "analytics", granted: true, method: "cookie-banner" }, new Date("2030-01-05T10:00:00Z"));
    await recordConsent(ctx.db, { userId }, { purpose: "marketing", granted: true, method: "account" }, new Date("2030-01-05T10:00:00Z"));
    await recordConsent(ctx.db, { userId }, { purpose: "marketing", granted: false, method: "account" }, new Date("2030-01-06T10:00:00Z"));
    const shown = await accountConsents(ctx.db, { userId, email, visitorId, browserChoice: "granted" });
    expect(shown.analytics).toEqual({ state: "given", record: { at: "2030-01-05T10:00:00.000Z", textVersion: CONSENT_TEXT_VERSIONS.analytics, method: "cookie-banner" } });
    expect(shown.marketing).toEqual({ state: "withdrawn", record: { at: "2030-01-06T10:00:00.000Z", textVersion: CONSENT_TEXT_VERSIONS.marketing, method: "account" } });
    // Another browser of the same account has its own answer.
    expect((await accountConsents(ctx.db, { userId, email, visitorId: randomUUID(), browserChoice: null })).analytics).toEqual({ state: "notGiven", record: null });
  });
});
