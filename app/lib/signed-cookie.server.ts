import { createCookie, type Cookie } from "@remix-run/node";
import type { Env } from "#app/lib/env.server";

/**
 * The one shape of every cookie the store signs: site-wide, invisible to scripts, sent on top-level
 * navigations (so forms work without JavaScript), Secure on an https site, signed with SESSION_SECRET.
 */
export function createSignedCookie(name: string, env: Pick<Env, "SITE_URL" | "SESSION_SECRET">, maxAgeSeconds: number, options: { path?: string } = {}): Cookie {
  return createCookie(name, {
    path: options.path ?? "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.SITE_URL.startsWith("https://"),
    secrets: [env.SESSION_SECRET],
    maxAge: maxAgeSeconds,
  });
}
