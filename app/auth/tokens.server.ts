/**
 * Single-use tokens sent by email (password reset, email verification). The link carries 32 random
 * bytes; the database keeps only their SHA-256, so a read of the table cannot be replayed. A token is
 * spent by one conditional update (`used_at IS NULL`), so two concurrent uses cannot both succeed.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { emailVerifications, passwordResetTokens } from "#app/db/schema";

/** Reset links work for an hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Verification links work for three days. */
export const VERIFY_TOKEN_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** Makes a reset token for a user; the plain token goes into the email and nowhere else. */
export async function createPasswordResetToken(userId: string, options: { now?: Date; db: Database }): Promise<string> {
  const db = options.db;
  const now = options.now ?? new Date();
  const { token, tokenHash } = newToken();
  await db.insert(passwordResetTokens).values({ tokenHash, userId, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), createdAt: now });
  return token;
}

/** The user a reset token would reset, without spending it (the reset page's GET). */
export async function peekPasswordResetToken(token: string, options: { now?: Date; db: Database }): Promise<string | null> {
  const db = options.db;
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, options.now ?? new Date())));
  return row?.userId ?? null;
}

/** Spends a reset token: its user id once, null when unknown, expired or already used. Other open tokens of the user die with it. */
export async function consumePasswordResetToken(token: string, options: { now?: Date; db: Database }): Promise<string | null> {
  const db = options.db;
  const now = options.now ?? new Date();
  const tokenHash = hashToken(token);
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  if (!row) return null;
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt), ne(passwordResetTokens.tokenHash, tokenHash)));
  return row.userId;
}

/** Makes a verification token for the address a user signed up with. */
export async function createEmailVerificationToken(userId: string, email: string, options: { now?: Date; db: Database }): Promise<string> {
  const db = options.db;
  const now = options.now ?? new Date();
  const { token, tokenHash } = newToken();
  await db.insert(emailVerifications).values({ tokenHash, userId, email, expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS), createdAt: now });
  return token;
}

/** Spends a verification token: the user and the address it verifies, once. */
export async function consumeEmailVerificationToken(token: string, options: { now?: Date; db: Database }): Promise<{ userId: string; email: string } | null> {
  const db = options.db;
  const now = options.now ?? new Date();
  const [row] = await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.tokenHash, hashToken(token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
    .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
  return row ?? null;
}
