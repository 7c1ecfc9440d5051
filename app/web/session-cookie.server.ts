/**
 * The session cookie `rihla_session`: signed, httpOnly, carrying the random session id. This is the
 * HTTP side of app/auth/session.server.ts: routes read the signed-in user and start or end a
 * session here; auth itself takes and returns plain ids.
 */
import type { Cookie } from "@remix-run/node";
import { closeSession, openSession, SESSION_TTL_MS, userForSessionId, type SessionUser } from "#app/auth/session.server";
import type { Database } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import { createSignedCookie } from "#app/lib/signed-cookie.server";

export const SESSION_COOKIE_NAME = "rihla_session";

/** The signed session cookie (made once, by the app context: it needs SESSION_SECRET). */
export function createSessionCookie(env: Pick<Env, "SITE_URL" | "SESSION_SECRET">): Cookie {
  return createSignedCookie(SESSION_COOKIE_NAME, env, SESSION_TTL_MS / 1000);
}

/** What reading and writing sessions over HTTP needs: the database and the session cookie. */
export type SessionDeps = { db: Database; cookies: { session: Cookie } };

/** The session id in the request's signed cookie; a tampered or missing cookie reads as none. */
export async function readSessionId(cookie: Cookie, request: Request): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/**
 * Starts a session for `userId` and returns the Set-Cookie to send. The session the request came
 * with (if any) is deleted: ids are never reused across a sign-in.
 */
export async function createUserSession(deps: SessionDeps, userId: string, request: Request | null, options: { now?: Date } = {}): Promise<{ setCookie: string; sessionId: string }> {
  const replacing = request ? await readSessionId(deps.cookies.session, request) : null;
  const sessionId = await openSession(deps.db, userId, { replacing, now: options.now });
  return { setCookie: await deps.cookies.session.serialize(sessionId), sessionId };
}

/** Ends the request's session (row deleted) and returns the Set-Cookie that clears the cookie. */
export async function destroyUserSession(deps: SessionDeps, request: Request): Promise<string> {
  const id = await readSessionId(deps.cookies.session, request);
  if (id) await closeSession(deps.db, id);
  return deps.cookies.session.serialize("", { maxAge: 0, expires: new Date(0) });
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
