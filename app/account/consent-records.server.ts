/**
 * Consent records (PDPL): who agreed to what, which text they were shown, when and how, for the two
 * purposes that need consent — analytics cookies and marketing messages. Append-only: a withdrawal is
 * a new record, so the current state of a purpose is its newest record and the history stays as proof.
 *
 * Who a record is about: an account (`userId`), an address given at checkout or in an unsubscribe link
 * (`email`, lower-cased), or a browser's random visitor id (the cookie banner, before any sign-in).
 * Marketing is about a person (account or address); analytics is about a browser (its cookie).
 */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { consentRecords } from "#app/db/schema";
import { optOutOfMessages } from "#app/commerce/notifications/opt-out.server";

export const CONSENT_PURPOSES = ["analytics", "marketing"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_METHODS = ["cookie-banner", "sign-up", "checkout", "account", "unsubscribe-link"] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/**
 * The version of the text a person answers, per purpose (the banner's and the checkbox's wording in
 * app/locales). Change it whenever that wording changes in meaning, so each record says what was agreed.
 */
export const CONSENT_TEXT_VERSIONS: Record<ConsentPurpose, string> = {
  analytics: "2026-11-analytics-v1",
  marketing: "2026-11-marketing-v1",
};

export type ConsentSubject = { userId?: string | null; email?: string | null; visitorId?: string | null };

export type ConsentRecord = { purpose: ConsentPurpose; granted: boolean; textVersion: string; method: ConsentMethod; at: string };

function normalized(email: string | null | undefined): string | null {
  const trimmed = email?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}

/** Appends one answer (the text version is the purpose's current one). */
export async function recordConsent(db: Database, subject: ConsentSubject, answer: { purpose: ConsentPurpose; granted: boolean; method: ConsentMethod }, now: Date): Promise<void> {
  await db.insert(consentRecords).values({
    userId: subject.userId ?? null,
    email: normalized(subject.email),
    visitorId: subject.visitorId ?? null,
    purpose: answer.purpose,
    granted: answer.granted,
    textVersion: CONSENT_TEXT_VERSIONS[answer.purpose],
    method: answer.method,
    createdAt: now,
  });
}

function toRecord(row: typeof consentRecords.$inferSelect): ConsentRecord {
  return { purpose: row.purpose as ConsentPurpose, granted: row.granted, textVersion: row.textVersion, method: row.method as ConsentMethod, at: row.createdAt.toISOString() };
}

/** Records about a person: their account's, and their addresses' (a guest checkout, an unsubscribe link). */
function personFilter(userId: string | null, emails: string[]): SQL | undefined {
  const addresses = [...new Set(emails.map(normalized).filter((email): email is string => email !== null))];
  const parts = [userId ? eq(consentRecords.userId, userId) : undefined, addresses.length ? inArray(consentRecords.email, addresses) : undefined].filter((part): part is SQL => part !== undefined);
  return parts.length ? or(...parts) : undefined;
}

/** Every record about a person, oldest first (download my data). */
export async function consentHistory(db: Database, userId: string | null, emails: string[]): Promise<ConsentRecord[]> {
  const filter = personFilter(userId, emails);
  if (!filter) return [];
  const rows = await db.select().from(consentRecords).where(filter).orderBy(consentRecords.createdAt, consentRecords.id);
  return rows.map(toRecord);
}

async function newest(db: Database, purpose: ConsentPurpose, filter: SQL | undefined): Promise<ConsentRecord | null> {
  if (!filter) return null;
  const [row] = await db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.purpose, purpose), filter))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** The current marketing answer of a person (null: never asked, which means no). */
export function currentMarketingConsent(db: Database, userId: string | null, emails: string[]): Promise<ConsentRecord | null> {
  return newest(db, "marketing", personFilter(userId, emails));
}

/** Whether marketing messages may go to an address now (its newest answer, or its account's, is a grant). */
export async function mayMarketTo(db: Database, email: string): Promise<boolean> {
  const address = normalized(email);
  if (!address) return false;
  const account = sql`${consentRecords.userId} IN (SELECT id FROM users WHERE email = ${address})`;
  const record = await newest(db, "marketing", or(eq(consentRecords.email, address), account));
  return record?.granted === true;
}

/** The newest analytics answer recorded for a browser (the cookie holds the answer itself). */
export function currentAnalyticsConsent(db: Database, visitorId: string | null): Promise<ConsentRecord | null> {
  return newest(db, "analytics", visitorId ? eq(consentRecords.visitorId, visitorId) : undefined);
}

/** Deletes every record about an account's addresses (account deletion; the account's own go with it by cascade). */
export async function deleteConsentRecords(db: Database, userId: string | null, emails: string[]): Promise<void> {
  const filter = personFilter(userId, emails);
  if (filter) await db.delete(consentRecords).where(filter);
}

/**
 * Retention: the records naming these addresses, made without an account (a guest's tick at checkout,
 * an unsubscribe link), once no order or account holds the address any more: its owner's contact details
 * are gone, so the consent naming them goes too.
 */
export async function forgetGuestConsents(db: Database, emails: string[]): Promise<number> {
  const addresses = [...new Set(emails.map(normalized).filter((email): email is string => email !== null))];
  if (addresses.length === 0) return 0;
  const removed = await db
    .delete(consentRecords)
    .where(
      and(
        inArray(consentRecords.email, addresses),
        sql`${consentRecords.userId} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM orders WHERE lower(orders.email) = ${consentRecords.email})`,
        sql`NOT EXISTS (SELECT 1 FROM users WHERE lower(users.email) = ${consentRecords.email})`,
      ),
    )
    .returning({ id: consentRecords.id });
  return removed.length;
}

/**
 * The unsubscribe link's click: the address opts out of optional messages, and the click is recorded as
 * a marketing withdrawal (each click is one; PDPL: withdrawing is recorded like giving).
 */
export async function unsubscribeAddress(db: Database, email: string, now: Date): Promise<void> {
  await optOutOfMessages(db, email, now);
  await recordConsent(db, { email: email.trim().toLowerCase() }, { purpose: "marketing", granted: false, method: "unsubscribe-link" }, now);
}

/** One purpose as the account page shows it: given, withdrawn or never given, and the record that says so. */
export type ConsentShown = { state: "given" | "withdrawn" | "notGiven"; record: Pick<ConsentRecord, "at" | "textVersion" | "method"> | null };

/**
 * The account page's two consents: analytics as this browser's cookie says (`browserChoice`), with its
 * newest record when that record agrees (an answer from before records has none); marketing as the
 * person's newest record. "Reject" on the banner never gave analytics; a recorded refusal withdrew it.
 */
export async function accountConsents(db: Database, who: { userId: string; email: string; visitorId: string | null; browserChoice: "granted" | "denied" | null }): Promise<{ analytics: ConsentShown; marketing: ConsentShown }> {
  const [analytics, marketing] = await Promise.all([currentAnalyticsConsent(db, who.visitorId), currentMarketingConsent(db, who.userId, [who.email])]);
  const shown = (record: ConsentRecord | null) => (record ? { at: record.at, textVersion: record.textVersion, method: record.method } : null);
  const choice = who.browserChoice;
  const analyticsRecord = analytics && choice && analytics.granted === (choice === "granted") ? shown(analytics) : null;
  return {
    analytics: { state: choice === "granted" ? "given" : analyticsRecord ? "withdrawn" : "notGiven", record: analyticsRecord },
    marketing: { state: marketing ? (marketing.granted ? "given" : "withdrawn") : "notGiven", record: shown(marketing) },
  };
}
