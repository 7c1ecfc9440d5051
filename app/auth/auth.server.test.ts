import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { orders, passwordResetTokens, sessions, users } from "#app/db/schema";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { authenticate, requestPasswordReset, resetPassword, signUp, verifyEmail } from "./auth.server";
import { hashPassword, verifyPassword } from "./password.server";
import { hitRateLimit, RATE_LIMITS } from "./rate-limit.server";
import { hashSessionId, userForSessionId } from "./session.server";
import { attachGuestOrders, attachGuestOrdersOf } from "#app/account/orders.server";
import { requireUser } from "#app/web/sign-in.server";
import { consumePasswordResetToken, createPasswordResetToken, hashToken, RESET_TOKEN_TTL_MS } from "./tokens.server";
import { createUserSession, getUser, readSessionId } from "#app/web/session-cookie.server";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(() => ctx?.stop());

const requestWith = (cookie?: string, url = "http://localhost/ar/invoices?x=1") => new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
let counter = 0;
const uniqueEmail = () => `user${++counter}-${randomUUID().slice(0, 6)}@example.com`;
const uniqueAddress = () => `10.0.0.${++counter}`;

describe("passwords", () => {
  test("argon2id hashes verify, salts differ, wrong passwords and junk hashes fail", async () => {
    const first = await hashPassword("correct horse");
    const second = await hashPassword("correct horse");
    expect(first.startsWith("$argon2id$")).toBe(true);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, "correct horse")).toBe(true);
    expect(await verifyPassword(first, "wrong horse")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});

describe("sessions", () => {
  test("sign-in rotates the session: a new id, the old row deleted, only hashes stored", async () => {
    const outcome = await signUp({ name: "Omar", email: uniqueEmail(), password: "password123", locale: "en", address: uniqueAddress() }, ctx);
    if (outcome.status !== "registered" || !outcome.user) throw new Error(outcome.status);
    const first = await createUserSession(ctx, outcome.user.id, null);
    const firstCookie = cookiePair(first.setCookie);
    expect(first.setCookie).toMatch(/rihla_session=.*HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Lax/i);
    expect((await getUser(ctx, requestWith(firstCookie)))?.id).toBe(outcome.user.id);

    const second = await createUserSession(ctx, outcome.user.id, requestWith(firstCookie));
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await userForSessionId(first.sessionId, { db: ctx.db })).toBeNull();
    expect((await userForSessionId(second.sessionId, { db: ctx.db }))?.id).toBe(outcome.user.id);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, outcome.user.id));
    expect(rows.map((row) => row.idHash)).toEqual([hashSessionId(second.sessionId)]);
  });

  test("a tampered cookie is no session; requireUser redirects to the locale's login with redirectTo", async () => {
    expect(await readSessionId(ctx.cookies.session, requestWith("rihla_session=forged"))).toBeNull();
    expect(await getUser(ctx, requestWith("rihla_session=forged"))).toBeNull();
    const thrown = await requireUser(ctx, requestWith()).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(`/ar/auth/login?redirectTo=${encodeURIComponent("/ar/invoices?x=1")}`);
  });

  test("expired sessions are not honoured", async () => {
    const outcome = await signUp({ name: "Lina", email: uniqueEmail(), password: "password123", locale: "en", address: uniqueAddress() }, ctx);
    if (outcome.status !== "registered" || !outcome.user) throw new Error(outcome.status);
    const past = new Date(Date.now() - 31 * 24 * 3600_000);
    const { sessionId } = await createUserSession(ctx, outcome.user.id, null, { now: past });
    expect(await userForSessionId(sessionId, { db: ctx.db })).toBeNull();
  });
});

describe("sign up and log in", () => {
  test("a taken email answers exactly like a new one, and its owner is told by email; login checks the password", async () => {
    const email = uniqueEmail();
    const address = uniqueAddress();
    const first = await signUp({ name: "A", email, password: "password123", locale: "en", address }, ctx);
    const second = await signUp({ name: "B", email: email.toUpperCase(), password: "other-password", locale: "ar", address }, ctx);
    expect(first.status).toBe("registered");
    expect(second.status).toBe("registered");
    // The owner gets "you already have an account" (in the language asked in), never a second account.
    const toOwner = ctx.mail.filter((message) => message.to === email);
    expect(toOwner.map((message) => message.subject)).toEqual(["Confirm your email for Rihla", "لديك حساب في رحلة بالفعل"]);
    expect(toOwner[1]!.text).toMatch(/\/ar\/auth\/forgot-password/);
    expect((await authenticate({ email, password: "password123", address }, ctx)).status).toBe("ok");
    expect((await authenticate({ email, password: "other-password", address }, ctx)).status).toBe("invalid");
    expect((await authenticate({ email: uniqueEmail(), password: "nope-nope", address }, ctx)).status).toBe("invalid");
  });

  test("wrong passwords from many addresses never lock the owner out: past the ceiling they slow down and the owner is told once", async () => {
    const email = uniqueEmail();
    await signUp({ name: "A", email, password: "password123", locale: "en", address: uniqueAddress() }, ctx);
    const waits: number[] = [];
    const slow = { ...ctx, sleep: async (ms: number) => void waits.push(ms) };
    for (let attempt = 0; attempt < RATE_LIMITS.loginAccount.limit + 3; attempt++) {
      expect((await authenticate({ email, password: "wrong-guess", address: uniqueAddress() }, slow)).status).toBe("invalid");
    }
    expect(waits).toEqual([250, 500, 750]);
    // The owner, from their own address, still gets in (after the wait).
    expect((await authenticate({ email, password: "password123", address: uniqueAddress() }, slow)).status).toBe("ok");
    expect(waits.at(-1)).toBe(1000);
    expect(ctx.mail.filter((message) => message.to === email && message.subject === "Unusual sign-in attempts on your Rihla account")).toHaveLength(1);
  });

  test("one address guessing one account is stopped after 5 tries; the owner elsewhere is not", async () => {
    const email = uniqueEmail();
    await signUp({ name: "A", email, password: "password123", locale: "en", address: uniqueAddress() }, ctx);
    const attacker = uniqueAddress();
    for (let attempt = 0; attempt < RATE_LIMITS.loginAccountAddress.limit; attempt++) {
      expect((await authenticate({ email, password: "wrong-guess", address: attacker }, ctx)).status).toBe("invalid");
    }
    expect((await authenticate({ email, password: "password123", address: attacker }, ctx)).status).toBe("rate-limited");
    expect((await authenticate({ email, password: "password123", address: uniqueAddress() }, ctx)).status).toBe("ok");
  });

  test("login is rate limited per address, across accounts", async () => {
    const address = uniqueAddress();
    for (let attempt = 0; attempt < RATE_LIMITS.loginAddress.limit; attempt++) await authenticate({ email: uniqueEmail(), password: "x", address }, ctx);
    expect((await authenticate({ email: uniqueEmail(), password: "x", address }, ctx)).status).toBe("rate-limited");
  });

  test("the counter window resets", async () => {
    const now = new Date("2031-01-01T00:00:00Z");
    const subject = uniqueAddress();
    for (let i = 0; i < RATE_LIMITS.resetAddress.limit; i++) expect((await hitRateLimit("resetAddress", subject, { now, db: ctx.db, secret: ctx.env.SESSION_SECRET })).allowed).toBe(true);
    const refused = await hitRateLimit("resetAddress", subject, { now, db: ctx.db, secret: ctx.env.SESSION_SECRET });
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 3600 });
    expect((await hitRateLimit("resetAddress", subject, { now: new Date(now.getTime() + 3600_000 + 1), db: ctx.db, secret: ctx.env.SESSION_SECRET })).allowed).toBe(true);
  });
});

describe("password reset", () => {
  test("tokens are stored hashed, single use, and expire after an hour", async () => {
    const outcome = await signUp({ name: "T", email: uniqueEmail(), password: "password123", locale: "en", address: uniqueAddress() }, ctx);
    if (outcome.status !== "registered" || !outcome.user) throw new Error(outcome.status);
    const token = await createPasswordResetToken(outcome.user.id, { db: ctx.db });
    const rows = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, outcome.user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(token)]);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(await consumePasswordResetToken(token, { db: ctx.db })).toBe(outcome.user.id);
    expect(await consumePasswordResetToken(token, { db: ctx.db })).toBeNull();

    const old = await createPasswordResetToken(outcome.user.id, { db: ctx.db, now: new Date(Date.now() - RESET_TOKEN_TTL_MS - 1000) });
    expect(await consumePasswordResetToken(old, { db: ctx.db })).toBeNull();
  });

  test("forgot sends one email only for real accounts; reset changes the password and ends every session", async () => {
    const email = uniqueEmail();
    const created = await signUp({ name: "R", email, password: "password123", locale: "ar", address: uniqueAddress() }, ctx);
    if (created.status !== "registered" || !created.user) throw new Error(created.status);
    const { sessionId } = await createUserSession(ctx, created.user.id, null);
    const unknown = await requestPasswordReset({ email: uniqueEmail(), locale: "en", address: uniqueAddress() }, ctx);
    const known = await requestPasswordReset({ email, locale: "ar", address: uniqueAddress() }, ctx);
    expect([unknown.status, known.status]).toEqual(["done", "done"]);
    // The answer did not wait for the mail; the mail still goes.
    if (known.status === "done") await known.delivery;
    const mails = ctx.mail.filter((entry) => entry.to === email).filter((mail) => mail.text.includes("reset-password"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("إعادة تعيين كلمة مرور رحلة");
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mails[0]!.text)![1]!);
    const address = uniqueAddress();
    expect((await resetPassword({ token, password: "new-password-1", address }, ctx)).status).toBe("ok");
    expect((await resetPassword({ token, password: "again-password", address }, ctx)).status).toBe("invalid-token");
    expect(await userForSessionId(sessionId, { db: ctx.db })).toBeNull();
    expect((await authenticate({ email, password: "new-password-1", address }, ctx)).status).toBe("ok");
    expect((await authenticate({ email, password: "password123", address }, ctx)).status).toBe("invalid");
  });
});

describe("email verification and guest orders", () => {
  test("guest orders attach only once the address is verified", async () => {
    const email = uniqueEmail();
    const created = await signUp({ name: "G", email, password: "password123", locale: "en", address: uniqueAddress() }, ctx);
    if (created.status !== "registered" || !created.user) throw new Error(created.status);
    const orderId = randomUUID();
    await ctx.db.insert(orders).values({
      id: orderId, reference: `RH-${orderId.slice(0, 8)}`, purchaseId: `P-${orderId.slice(0, 8)}`, idempotencyKey: orderId, accessToken: randomUUID() + randomUUID(),
      status: "CONFIRMED", paymentMethod: "card", locale: "en", currency: "SAR", originalAmount: 1000, totalAmount: 1000,
      firstName: "G", lastName: "H", email: email.toUpperCase(), countryCode: "+966", phone: "500000000",
    });
    expect(await attachGuestOrders(created.user, ctx.db)).toBe(0);
    const [mail] = ctx.mail.filter((entry) => entry.to === email).filter((entry) => entry.text.includes("verify="));
    const token = decodeURIComponent(/verify=([^\s]+)/.exec(mail!.text)![1]!);
    expect(await verifyEmail(token, ctx)).toEqual({ userId: created.user.id });
    // The login route attaches the guest orders after a successful verification.
    expect(await attachGuestOrdersOf(created.user.id, ctx.db)).toBe(1);
    expect(await verifyEmail(token, ctx)).toBeNull();
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.userId).toBe(created.user.id);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, created.user.id));
    expect(user!.emailVerifiedAt).not.toBeNull();
  });
});
