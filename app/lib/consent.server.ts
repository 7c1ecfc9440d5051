/**
 * The visitor's answer to the cookie banner: analytics (the tag manager) granted or denied, kept for a
 * year in a plain first-party cookie. No answer means nothing is loaded and the banner shows (when a
 * tag manager is configured at all). The answer changes what a page renders (banner or not), so the
 * page cache keeps one copy per answer (app/lib/page-cache.server.ts).
 */
import { z } from "zod";

export const CONSENT_COOKIE = "rihla_consent";
export const CONSENT_CHOICES = ["granted", "denied"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** A year, in seconds. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

const CONSENT_PATTERN = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(granted|denied)(?:;|$)`);

/** The stored answer in a Cookie header, or null (none, or a value we never set). */
export function readConsent(cookieHeader: string | null | undefined): ConsentChoice | null {
  const match = CONSENT_PATTERN.exec(cookieHeader ?? "");
  return match ? (match[1] as ConsentChoice) : null;
}

/** The Set-Cookie that stores an answer for a year, or (null) forgets it so the banner asks again. */
export function consentSetCookie(choice: ConsentChoice | null, { secure }: { secure: boolean }): string {
  const value = choice ?? "";
  const maxAge = choice ? CONSENT_MAX_AGE : 0;
  return `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

/**
 * A random id for the browser, set when it first answers the banner, so each answer is recorded
 * (consent_records) against the same browser. It changes nothing on a page: the page cache keys on
 * the answer only (app/lib/page-cache.server.ts), never on this cookie.
 */
export const VISITOR_COOKIE = "rihla_visitor";

const VISITOR_PATTERN = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([0-9a-f-]{36})(?:;|$)`);

/** The browser's visitor id in a Cookie header, or null. */
export function readVisitorId(cookieHeader: string | null | undefined): string | null {
  return VISITOR_PATTERN.exec(cookieHeader ?? "")?.[1] ?? null;
}

/** The Set-Cookie that keeps a visitor id for a year. */
export function visitorSetCookie(visitorId: string, { secure }: { secure: boolean }): string {
  return `${VISITOR_COOKIE}=${visitorId}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

/**
 * The banner's form: "reset" (the footer's "Cookie settings") forgets the answer, so the banner asks
 * again (recorded as a withdrawal). `from=account`: the same answer given on the account page.
 */
export const ConsentFormSchema = z.object({
  consent: z.enum([...CONSENT_CHOICES, "reset"]),
  redirectTo: z.string().max(2048).optional(),
  from: z.enum(["banner", "account"]).optional(),
});
