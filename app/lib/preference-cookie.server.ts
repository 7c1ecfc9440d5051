import { createCookie, type Cookie } from "@remix-run/node";

/**
 * A visitor's remembered choice (language, display currency): unsigned, since there is nothing to
 * forge, kept a year, site-wide, invisible to scripts, Secure whenever the public site is on HTTPS.
 */
export function createPreferenceCookie(name: string): Cookie {
  return createCookie(name, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: 365 * 24 * 60 * 60,
    secure: (process.env.SITE_URL ?? "").startsWith("https://"),
  });
}
