/**
 * Sessions: a row in `sessions` per signed-in browser, found by a random id that only the browser
 * holds (its signed cookie is app/web/session-cookie.server.ts); only the id's SHA-256 is stored.
 * Signing in always makes a new id and deletes the one the browser had (no session fixation);
 * signing out and resetting a password delete rows.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { sessions, users } from "#app/db/schema";

/** Sessions last 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean; locale: string };

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/**
 * Starts a session for `userId` and returns its new random id (only its hash is stored). The session
 * the browser came with (`replacing`), if any, is deleted: ids are never reused across a sign-in.
 */
export async function openSession(db: Database, userId: string, options: { replacing?: string | null; now?: Date } = {}): Promise<string> {
  const now = options.now ?? new Date();
  if (options.replacing) await closeSession(db, options.replacing);
  const sessionId = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ idHash: hashSessionId(sessionId), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS), createdAt: now });
  // Expired rows of this user go while we are here (no separate reaper needed).
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return sessionId;
}

/** Ends one session (its row deleted). */
export async function closeSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
}

/** Deletes every session of a user (after a password reset). */
export async function destroyAllSessions(userId: string, db: Database): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The user a session id belongs to, when the session is live. */
export async function userForSessionId(sessionId: string, options: { now?: Date; db: Database }): Promise<SessionUser | null> {
  const db = options.db;
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt, locale: users.locale })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashSessionId(sessionId)), gt(sessions.expiresAt, options.now ?? new Date())));
  return row ? { id: row.id, email: row.email, name: row.name, emailVerified: row.verifiedAt !== null, locale: row.locale } : null;
}
