/**
 * Opting out of optional messages without an account: a review request's email carries a link signed
 * for its address (HMAC-SHA256 of the lower-cased address with the installation's session secret);
 * following it records the address in message_opt_outs. Opted-out addresses get no review requests
 * and no WhatsApp reminders; the reminder email, a service message about a booking, still goes. The
 * click is also a marketing withdrawal, which the account's consent records add (`unsubscribeAddress`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { messageOptOuts } from "#app/db/schema";
import type { LocaleCode } from "#app/lib/locales";
import { localized, withQuery } from "#app/lib/paths";

/** The unsubscribe page (app/routes.ts). */
export const UNSUBSCRIBE_PATH = "/unsubscribe";

function normalized(email: string): string {
  return email.trim().toLowerCase();
}

function signatureOf(email: string, secret: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${normalized(email)}`).digest("base64url");
}

/** The absolute link that opts `email` out, in the customer's language. */
export function unsubscribeUrl(siteUrl: string, secret: string, email: string, locale: LocaleCode): string {
  return `${siteUrl.replace(/\/$/, "")}${localized(locale, withQuery(UNSUBSCRIBE_PATH, { email: normalized(email), s: signatureOf(email, secret) }))}`;
}

/** Whether `signature` was made for `email` by this installation. */
export function isUnsubscribeSignature(email: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(signatureOf(email, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Records the opt-out (again is a no-op). */
export async function optOutOfMessages(db: Database, email: string, now: Date): Promise<void> {
  await db.insert(messageOptOuts).values({ email: normalized(email), createdAt: now }).onConflictDoNothing();
}

export async function hasOptedOut(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ email: messageOptOuts.email }).from(messageOptOuts).where(eq(messageOptOuts.email, normalized(email)));
  return row !== undefined;
}
