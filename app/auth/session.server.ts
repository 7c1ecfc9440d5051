/**
 * Cookie sessions: a row in `sessions` plus a signed, httpOnly cookie `rihla_session` that carries a
 * random id. Only the id's SHA-256 is stored. Signing in always makes a new id and deletes the one
 * the browser had (no session fixation); signing out and resetting a password delete rows.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Cookie } from "@remix-run/node";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { sessions, users } from "#app/db/schema";

/** Sessions last 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean; locale: string };

/** What sessions read and write through: the database and the session cookie. */
export type SessionDeps = { db: Database; cookies: { session: Cookie } };

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The session id in the request's signed cookie; a tampered or missing cookie reads as none. */
export async function readSessionId(cookie: Cookie, request: Request): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/**
 * Starts a session for `userId`: a new random id, its hash stored, and the Set-Cookie to send. The
 * session the request came with (if any) is deleted: ids are never reused across a sign-in.
 */
export async function createUserSession(deps: SessionDeps, userId: string, request: Request | null, options: { now?: Date } = {}): Promise<{ setCookie: string; sessionId: string }> {
  const db = deps.db;
  const now = options.now ?? new Date();
  const previous = request ? await readSessionId(deps.cookies.session, request) : null;
  if (previous) await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(previous)));
  const sessionId = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ idHash: hashSessionId(sessionId), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS), createdAt: now });
  // Expired rows of this user go while we are here (no separate reaper needed).
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  return { setCookie: await deps.cookies.session.serialize(sessionId), sessionId };
}

/** Ends the request's session (row deleted) and returns the Set-Cookie that clears the cookie. */
export async function destroyUserSession(deps: SessionDeps, request: Request): Promise<string> {
  const id = await readSessionId(deps.cookies.session, request);
  if (id) await deps.db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
  return deps.cookies.session.serialize("", { maxAge: 0, expires: new Date(0) });
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

// One lookup per request, however many loaders ask.
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null. */
export function getUser(deps: SessionDeps, request: Request): Promise<SessionUser | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = readSessionId(deps.cookies.session, request).then((id) => (id ? userForSessionId(id, { db: deps.db }) : null));
    perRequest.set(request, found);
  }
  return found;
}
