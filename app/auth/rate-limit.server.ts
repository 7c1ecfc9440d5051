/**
 * Fixed-window counters in the database (`rate_limits`), so every app instance sees the same count.
 * One upsert counts a hit and reads the result atomically: concurrent attempts cannot slip past.
 */
import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { rowsOf, type Database } from "#app/db/db.server";
import { rateLimits } from "#app/db/schema";

export type RateLimitRule = { limit: number; windowMs: number };

/** Sign-in and reset attempts: per account and per client address. */
export const RATE_LIMITS = {
  // Sign-in: an address is stopped after 20 tries, an address on one account after 5. The account as
  // a whole is never locked (anyone could lock anyone out): past its generous ceiling every attempt
  // is slowed down and the owner is told once.
  loginAddress: { limit: 20, windowMs: 15 * 60_000 },
  loginAccountAddress: { limit: 5, windowMs: 15 * 60_000 },
  loginAccount: { limit: 50, windowMs: 60 * 60_000 },
  // A taken address asked for at sign-up: its "you already have an account" mail, at most this often.
  signUpAccount: { limit: 3, windowMs: 60 * 60_000 },
  resetAccount: { limit: 3, windowMs: 60 * 60_000 },
  resetAddress: { limit: 10, windowMs: 60 * 60_000 },
  // Generous: a family or an office behind one address may open several accounts.
  signUpAddress: { limit: 30, windowMs: 60 * 60_000 },
  reviewAccount: { limit: 10, windowMs: 60 * 60_000 },
  offerAddress: { limit: 5, windowMs: 60 * 60_000 },
  // Reserve now, pay later takes seats with no money: a few a day from one address.
  payLaterAddress: { limit: 5, windowMs: 24 * 60 * 60_000 },
  // A guest's signed link to their data (PDPL): per client address, and per address asked about (silently).
  dataLinkAddress: { limit: 5, windowMs: 60 * 60_000 },
  dataLinkEmail: { limit: 3, windowMs: 60 * 60_000 },
  // The staff console: tighter than customers' (fewer people, more at stake). Codes are counted per
  // member, so guessing six digits is out of reach (5 tries in 15 minutes).
  staffLoginAddress: { limit: 20, windowMs: 15 * 60_000 },
  staffLoginAccountAddress: { limit: 5, windowMs: 15 * 60_000 },
  staffCode: { limit: 5, windowMs: 15 * 60_000 },
  // The studio's redirect checks and "Try a path" tool: each asks the storefront for one page.
  pathStatusAddress: { limit: 120, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** A keyed hash of the subject (an email or address): counters without storing anyone's IP or email. */
export function rateLimitKey(name: RateLimitName, subject: string, secret: string): string {
  return `${name}:${createHash("sha256").update(`${secret}\u0000${subject}`).digest("hex").slice(0, 32)}`;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimitCount = { count: number; limit: number; retryAfterSeconds: number };

/** Counts one hit against `name` for `subject` and returns the window's count (for rules that slow down instead of refusing). */
export async function countRateLimitHit(name: RateLimitName, subject: string, options: { now?: Date; db: Database; secret: string }): Promise<RateLimitCount> {
  const rule: RateLimitRule = RATE_LIMITS[name];
  const now = options.now ?? new Date();
  const key = rateLimitKey(name, subject, options.secret);
  const resetAt = new Date(now.getTime() + rule.windowMs);
  const rows = rowsOf<{ count: number; reset_at: string | Date }>(
    await options.db.execute(sql`
      INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${resetAt.toISOString()}::timestamptz)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= ${now.toISOString()}::timestamptz THEN 1 ELSE rate_limits.count + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= ${now.toISOString()}::timestamptz THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
      RETURNING count, reset_at`),
  );
  const row = rows[0]!;
  return { count: row.count, limit: rule.limit, retryAfterSeconds: Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000)) };
}

/** Counts one hit against `name` for `subject`; refused once the window holds more than the limit. */
export async function hitRateLimit(name: RateLimitName, subject: string, options: { now?: Date; db: Database; secret: string }): Promise<RateLimitResult> {
  const { count, limit, retryAfterSeconds } = await countRateLimitHit(name, subject, options);
  return count <= limit ? { allowed: true } : { allowed: false, retryAfterSeconds };
}

/** Forgets a counter (a successful sign-in clears the account's failures). */
export async function clearRateLimit(name: RateLimitName, subject: string, db: Database, secret: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, rateLimitKey(name, subject, secret)));
}

/** Deletes counters whose window has passed (housekeeping; safe at any time). */
export async function pruneRateLimits(now: Date, db: Database): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
