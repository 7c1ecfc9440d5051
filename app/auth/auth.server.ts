/**
 * Accounts: sign up, sign in, forgot and reset password, email verification. Routes call these and
 * turn the outcome into a reply or a redirect; nothing here knows about forms or HTTP.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { users } from "#app/db/schema";
import { getFixedT } from "#app/i18n/i18n.server";
import { isLocaleCode, type LocaleCode } from "#app/lib/locales";
import type { Env } from "#app/lib/env.server";
import type { Mailer } from "#app/lib/mailer.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";
import { clearRateLimit, countRateLimitHit, hitRateLimit } from "./rate-limit.server";
import { destroyAllSessions } from "./session.server";
import { consumeEmailVerificationToken, consumePasswordResetToken, createEmailVerificationToken, createPasswordResetToken } from "./tokens.server";
import { forgotPasswordPath, localized, loginPath, resetPasswordPath } from "#app/lib/paths";

export type UserRow = typeof users.$inferSelect;

/** What accounts use: the database, the mailer, the site's origin and the secret rate-limit keys are hashed with. */
export type AuthDeps = { db: Database; mailer: Mailer; env: Pick<Env, "SITE_URL" | "SESSION_SECRET"> };

export async function findUserByEmail(email: string, db: Database): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

function siteUrl(env: Pick<Env, "SITE_URL">, path: string): string {
  return `${env.SITE_URL.replace(/\/$/, "")}${path}`;
}

/** `user` is null when the address was taken; the route must answer the same either way. */
export type SignUpOutcome = { status: "registered"; user: UserRow | null } | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Creates an unverified account and emails the verification link. A taken address gets the same
 * answer (so sign-up never tells whether an address has an account) and its owner an email saying
 * they already have one. Nobody is signed in here: the new account logs in like any other.
 */
export async function signUp(input: { name: string; email: string; password: string; locale: LocaleCode; address: string }, deps: AuthDeps): Promise<SignUpOutcome> {
  const database = deps.db;
  const limit = await hitRateLimit("signUpAddress", input.address, { db: database, secret: deps.env.SESSION_SECRET });
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  // Hashed either way, so a taken address answers in the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const [user] = await database
    .insert(users)
    .values({ id: randomUUID(), email: input.email.toLowerCase(), name: input.name, passwordHash, locale: input.locale })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (user) {
    await sendVerificationEmail(user, input.locale, deps).catch((error: unknown) => console.error("[auth] verification email not sent", error));
  } else {
    await sendAccountExistsEmail(input.email.toLowerCase(), input.locale, deps).catch((error: unknown) => console.error("[auth] account-exists email not sent", error));
  }
  return { status: "registered", user: user ?? null };
}

/** Tells an address that already has an account how to log in or reset (at most a few times an hour). */
async function sendAccountExistsEmail(email: string, locale: LocaleCode, deps: AuthDeps): Promise<void> {
  const allowed = await hitRateLimit("signUpAccount", email, { db: deps.db, secret: deps.env.SESSION_SECRET });
  if (!allowed.allowed) return;
  const user = await findUserByEmail(email, deps.db);
  if (!user) return;
  const t = getFixedT(locale);
  await deps.mailer.send({
    to: user.email,
    subject: t("account.email.existsSubject"),
    text: [t("account.email.greeting", { name: user.name }), "", t("account.email.existsText"), siteUrl(deps.env, localized(locale, loginPath())), "", t("account.email.existsReset"), siteUrl(deps.env, localized(locale, forgotPasswordPath()))].join("\n"),
  });
}

/** Emails a fresh verification link for the user's address. */
export async function sendVerificationEmail(user: Pick<UserRow, "id" | "email" | "name">, locale: LocaleCode, deps: AuthDeps): Promise<void> {
  const token = await createEmailVerificationToken(user.id, user.email, { db: deps.db });
  const t = getFixedT(locale);
  const link = siteUrl(deps.env, localized(locale, loginPath({ verify: token })));
  await deps.mailer.send({
    to: user.email,
    subject: t("account.email.verifySubject"),
    text: [t("account.email.greeting", { name: user.name }), "", t("account.email.verifyText"), "", link].join("\n"),
  });
}

export type LoginOutcome = { status: "ok"; user: UserRow } | { status: "invalid" } | { status: "rate-limited"; retryAfterSeconds: number };

/** Past the account's ceiling, each attempt waits this much longer (capped): guessing becomes slow, the owner still gets in. */
export const LOGIN_SLOWDOWN_STEP_MS = 250;
export const LOGIN_SLOWDOWN_MAX_MS = 5_000;

/** How long an attempt on an account past its ceiling waits, from the attempt's number in the window. */
export function loginSlowdownMs(count: number, ceiling: number): number {
  return count <= ceiling ? 0 : Math.min(LOGIN_SLOWDOWN_MAX_MS, (count - ceiling) * LOGIN_SLOWDOWN_STEP_MS);
}

/**
 * Checks an email and password. Attempts are counted per address and per address on this account
 * (those refuse, so one source cannot guess), and per account (that only slows down and tells the
 * owner, so nobody can lock an owner out by guessing wrong on purpose). A success clears this
 * address's count on the account.
 */
export async function authenticate(input: { email: string; password: string; address: string }, deps: AuthDeps & { sleep?: (ms: number) => Promise<void> }): Promise<LoginOutcome> {
  const database = deps.db;
  const secret = deps.env.SESSION_SECRET;
  const email = input.email.toLowerCase();
  const pair = `${email}\u0000${input.address}`;
  const byAddress = await hitRateLimit("loginAddress", input.address, { db: database, secret });
  const byPair = await hitRateLimit("loginAccountAddress", pair, { db: database, secret });
  for (const limit of [byAddress, byPair]) if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const byAccount = await countRateLimitHit("loginAccount", email, { db: database, secret });
  const user = await findUserByEmail(email, database);
  if (user && byAccount.count === byAccount.limit + 1) {
    await sendUnusualAttemptsEmail(user, deps).catch((error: unknown) => console.error("[auth] attempts email not sent", error));
  }
  const delay = loginSlowdownMs(byAccount.count, byAccount.limit);
  if (delay > 0) await (deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))))(delay);
  if (!user) {
    await burnPasswordCheck(input.password);
    return { status: "invalid" };
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) return { status: "invalid" };
  await clearRateLimit("loginAccountAddress", pair, database, secret);
  return { status: "ok", user };
}

async function sendUnusualAttemptsEmail(user: UserRow, deps: AuthDeps): Promise<void> {
  const locale = (isLocaleCode(user.locale) ? user.locale : "en") as LocaleCode;
  const t = getFixedT(locale);
  await deps.mailer.send({
    to: user.email,
    subject: t("account.email.attemptsSubject"),
    text: [t("account.email.greeting", { name: user.name }), "", t("account.email.attemptsText"), siteUrl(deps.env, localized(locale, forgotPasswordPath()))].join("\n"),
  });
}

/**
 * `delivery` settles once the link was handed to the mailer (at once for an address with no account).
 * The route does not wait for it, so a known address answers as fast as an unknown one whatever the
 * mail server's latency; a failed send is logged, and the visitor can ask again.
 */
export type ForgotOutcome = { status: "done"; delivery: Promise<void> } | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Sends a reset link when the address has an account. The caller answers the same either way; only
 * the per-address limit is visible (it says nothing about any account). An account asked about too
 * often silently gets no more mail for a while.
 */
export async function requestPasswordReset(input: { email: string; locale: LocaleCode; address: string }, deps: AuthDeps): Promise<ForgotOutcome> {
  const database = deps.db;
  const byAddress = await hitRateLimit("resetAddress", input.address, { db: database, secret: deps.env.SESSION_SECRET });
  if (!byAddress.allowed) return { status: "rate-limited", retryAfterSeconds: byAddress.retryAfterSeconds };
  const email = input.email.toLowerCase();
  const byAccount = await hitRateLimit("resetAccount", email, { db: database, secret: deps.env.SESSION_SECRET });
  if (!byAccount.allowed) return { status: "done", delivery: Promise.resolve() };
  const user = await findUserByEmail(email, database);
  if (!user) return { status: "done", delivery: Promise.resolve() };
  const delivery = sendResetLink(user, input.locale, deps).catch((error: unknown) => console.error("[auth] reset email not sent", error));
  return { status: "done", delivery };
}

async function sendResetLink(user: UserRow, locale: LocaleCode, deps: AuthDeps): Promise<void> {
  const token = await createPasswordResetToken(user.id, { db: deps.db });
  const t = getFixedT(locale);
  const link = siteUrl(deps.env, localized(locale, resetPasswordPath({ token })));
  await deps.mailer.send({
    to: user.email,
    subject: t("account.email.resetSubject"),
    text: [t("account.email.greeting", { name: user.name }), "", t("account.email.resetText"), "", link, "", t("account.email.resetIgnore")].join("\n"),
  });
}

export type ResetOutcome = { status: "ok"; user: UserRow } | { status: "invalid-token" } | { status: "rate-limited"; retryAfterSeconds: number };

/** Spends the token, sets the new password and signs every browser out (the caller starts a new session). */
export async function resetPassword(input: { token: string; password: string; address: string }, deps: AuthDeps): Promise<ResetOutcome> {
  const database = deps.db;
  const byAddress = await hitRateLimit("resetAddress", input.address, { db: database, secret: deps.env.SESSION_SECRET });
  if (!byAddress.allowed) return { status: "rate-limited", retryAfterSeconds: byAddress.retryAfterSeconds };
  const userId = await consumePasswordResetToken(input.token, { db: database });
  if (!userId) return { status: "invalid-token" };
  const passwordHash = await hashPassword(input.password);
  const [user] = await database.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
  if (!user) return { status: "invalid-token" };
  await destroyAllSessions(userId, database);
  // The owner of the mailbox proved it: the slow-down from earlier guessing ends too.
  await clearRateLimit("loginAccount", user.email, database, deps.env.SESSION_SECRET);
  return { status: "ok", user };
}

/**
 * Marks the address verified (when it is still the account's). The route then attaches the guest
 * orders placed with it (attachGuestOrdersOf in app/account/orders.server.ts).
 */
export async function verifyEmail(token: string, deps: AuthDeps): Promise<{ userId: string } | null> {
  const database = deps.db;
  const spent = await consumeEmailVerificationToken(token, { db: database });
  if (!spent) return null;
  const [user] = await database
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, spent.userId), eq(users.email, spent.email)))
    .returning();
  if (!user) return null;
  return { userId: user.id };
}
