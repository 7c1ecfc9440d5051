/**
 * A guest's way to their data without an account (PDPL): they type the address their orders were
 * placed with, and get an email with a link signed for that address that expires after a day. The
 * link opens their data (download as JSON, or erase it). The page answers the same whether or not
 * anything is held for the address, so it tells nobody who is a customer; mail goes only when
 * something is held. Token: the address (base64url), the expiry (ms, base 36) and an HMAC-SHA256 of
 * both with the installation's session secret.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { hitRateLimit } from "#app/auth/rate-limit.server";
import type { Database } from "#app/db/db.server";
import { getFixedT } from "#app/i18n/i18n.server";
import type { Env } from "#app/lib/env.server";
import type { LocaleCode } from "#app/lib/locales";
import type { Mailer } from "#app/lib/mailer.server";
import { localized, privacyDataPath } from "#app/lib/paths";
import { holdsDataFor, normalizeEmail } from "./data-by-email.server";

/** How long a link opens the data. */
export const DATA_LINK_TTL_MS = 24 * 60 * 60_000;

function signatureOf(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(`data-link:${payload}`).digest("base64url");
}

/** A token for `email` that opens its data until `expiresAt`. */
export function createDataLinkToken(email: string, expiresAt: Date, secret: string): string {
  const payload = `${Buffer.from(normalizeEmail(email)).toString("base64url")}.${expiresAt.getTime().toString(36)}`;
  return `${payload}.${signatureOf(payload, secret)}`;
}

export type DataLinkCheck = { status: "ok"; email: string; expiresAt: Date } | { status: "expired" } | { status: "invalid" };

/** The address a token opens, when this installation signed it and it has not expired. */
export function readDataLinkToken(token: string, secret: string, now: Date): DataLinkCheck {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 1000) return { status: "invalid" };
  const [address, expiry, signature] = parts as [string, string, string];
  const expected = Buffer.from(signatureOf(`${address}.${expiry}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { status: "invalid" };
  const expiresAt = new Date(parseInt(expiry, 36));
  if (!(expiresAt.getTime() > now.getTime())) return { status: "expired" };
  return { status: "ok", email: Buffer.from(address, "base64url").toString("utf8"), expiresAt };
}

export type DataLinkDeps = { db: Database; mailer: Mailer; env: Pick<Env, "SESSION_SECRET" | "SITE_URL">; clock: { now(): Date } };

/** `delivery` settles once the mail was handed over; the route does not wait, so a known address answers as fast as an unknown one. */
export type DataLinkOutcome = { status: "done"; delivery: Promise<void> } | { status: "rate-limited"; retryAfterSeconds: number };

/** Mails the signed link when anything is held for the address; the caller answers the same either way. */
export async function requestDataLink(deps: DataLinkDeps, input: { email: string; locale: LocaleCode; address: string }): Promise<DataLinkOutcome> {
  const secret = deps.env.SESSION_SECRET;
  const byClient = await hitRateLimit("dataLinkAddress", input.address, { db: deps.db, secret });
  if (!byClient.allowed) return { status: "rate-limited", retryAfterSeconds: byClient.retryAfterSeconds };
  const email = normalizeEmail(input.email);
  // An address asked about too often silently gets no more mail for a while (nobody can flood someone's inbox).
  const byEmail = await hitRateLimit("dataLinkEmail", email, { db: deps.db, secret });
  if (!byEmail.allowed || !(await holdsDataFor(deps.db, email))) return { status: "done", delivery: Promise.resolve() };
  const now = deps.clock.now();
  const token = createDataLinkToken(email, new Date(now.getTime() + DATA_LINK_TTL_MS), secret);
  const link = `${deps.env.SITE_URL.replace(/\/$/, "")}${localized(input.locale, privacyDataPath({ token }))}`;
  const t = getFixedT(input.locale);
  const delivery = deps.mailer
    .send({ to: email, subject: t("account.email.dataLinkSubject"), text: [t("account.email.dataLinkText"), "", link, "", t("account.email.dataLinkIgnore")].join("\n") })
    .then(() => undefined)
    .catch((error: unknown) => console.error("[privacy] data link not sent", error));
  return { status: "done", delivery };
}
