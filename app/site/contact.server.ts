/**
 * The contact form's domain: the honeypot, a per-address rate limit counted from stored messages
 * (so every app instance sees the same count), storage in `contact_messages`, and an email to the
 * support address of the CMS site settings.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { getSiteSettings, type ContentService } from "#app/content/content.server";
import type { Database } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import type { Mailer } from "#app/lib/mailer.server";
import { contactMessages } from "#app/db/schema";
import { getFixedT } from "#app/i18n/i18n.server";
import { getLocale, type LocaleCode } from "#app/lib/locales";
import type { ContactForm } from "./contact";
import { HONEYPOT_FIELD, isHoneypotFilled } from "#app/lib/honeypot";

/** At most this many messages per sender address per window. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

export type ContactOutcome =
  | { status: "sent"; id: number; emailed: boolean }
  /** A bot filled the honeypot: nothing stored or sent, but it is told "sent" so it learns nothing. */
  | { status: "ignored" }
  | { status: "rate-limited"; retryAfterSeconds: number };

/** A keyed hash of the address: enough to count messages per sender without storing anyone's IP. */
export function addressKey(address: string, secret: string): string {
  return createHash("sha256").update(`${secret}\u0000${address}`).digest("hex").slice(0, 32);
}

/**
 * Seconds until another message is allowed, given when this sender's recent messages were stored
 * (any order); 0 when one may be sent now. Pure: the clock is a parameter.
 */
export function rateLimitRetryAfter(sentAt: Date[], now: Date, { limit, windowMs }: { limit: number; windowMs: number } = CONTACT_RATE_LIMIT): number {
  const windowStart = now.getTime() - windowMs;
  const recent = sentAt.map((date) => date.getTime()).filter((time) => time > windowStart).sort((a, b) => a - b);
  if (recent.length < limit) return 0;
  // The oldest message that keeps the count at the limit has to leave the window first.
  const freedAt = recent[recent.length - limit]! + windowMs;
  return Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
}

export type SubmitContactInput = {
  form: ContactForm;
  locale: LocaleCode;
  /** The page the form was sent from (for the team's context). */
  pageUrl: string;
  address: string;
  now?: Date;
};

/** What a contact message uses: the database, the mailer, the CMS (support address) and the hashing secret. */
export type ContactDeps = { db: Database; mailer: Mailer; content: ContentService; env: Env };

/** Stores the message and emails it to the team, unless it is a bot's or the sender is over the limit. */
export async function submitContactMessage(deps: ContactDeps, { form, locale, pageUrl, address, now = new Date() }: SubmitContactInput): Promise<ContactOutcome> {
  if (isHoneypotFilled(form[HONEYPOT_FIELD])) return { status: "ignored" };
  const database = deps.db;
  const ipKey = addressKey(address, deps.env.SESSION_SECRET);
  const since = new Date(now.getTime() - CONTACT_RATE_LIMIT.windowMs);
  const recent = await database
    .select({ createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(and(eq(contactMessages.ipKey, ipKey), gt(contactMessages.createdAt, since)))
    .orderBy(asc(contactMessages.createdAt));
  const retryAfterSeconds = rateLimitRetryAfter(
    recent.map((row) => row.createdAt),
    now,
  );
  if (retryAfterSeconds > 0) return { status: "rate-limited", retryAfterSeconds };

  const [stored] = await database
    .insert(contactMessages)
    .values({ locale, name: form.name, email: form.email, subject: form.subject, message: form.message, pageUrl, ipKey, createdAt: now })
    .returning({ id: contactMessages.id });
  const id = stored!.id;

  // The message is safe in the database; a mail failure is logged and retried by the team's tools,
  // never shown to the visitor as a lost message.
  let emailed = false;
  try {
    const settings = await getSiteSettings(deps.content, locale);
    await deps.mailer.send(contactEmail({ id, form, locale, pageUrl, to: settings.support.email }));
    await database.update(contactMessages).set({ emailedAt: sql`now()` }).where(eq(contactMessages.id, id));
    emailed = true;
  } catch (error) {
    console.error(`[contact] message ${id} stored but not emailed`, error);
  }
  return { status: "sent", id, emailed };
}

/** The email the team receives: in English (the team's working language), replying goes to the sender. */
export function contactEmail({ id, form, locale, pageUrl, to }: { id: number; form: ContactForm; locale: LocaleCode; pageUrl: string; to: string }) {
  const t = getFixedT("en");
  const subject = `${t("contact.emailSubject", { subject: form.subject })} (#${id})`;
  const lines = [
    `${t("contact.emailIntro")} #${id}`,
    "",
    `${t("contact.emailFrom")}: ${form.name} <${form.email}>`,
    `${t("contact.emailLanguage")}: ${getLocale(locale).name}`,
    `${t("contact.emailPage")}: ${pageUrl}`,
    `${t("contact.subject")}: ${form.subject}`,
    "",
    form.message,
  ];
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const html = `<p>${escape(lines[0]!)}</p><ul>${lines
    .slice(2, 6)
    .map((line) => `<li>${escape(line)}</li>`)
    .join("")}</ul><p style="white-space:pre-wrap">${escape(form.message)}</p>`;
  return { to, subject, text: lines.join("\n"), html, replyTo: form.email };
}
