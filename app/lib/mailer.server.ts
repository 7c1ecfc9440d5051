/**
 * Outgoing email. With SMTP_URL set, nodemailer sends through that server; otherwise every message is
 * written to `${DATA_DIR}/outbox` (see ./outbox.ts), so development and tests need no mail server and
 * can read what was "sent". One transport per process.
 */
import { randomUUID } from "node:crypto";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "./env.server";
import { OUTBOX_INDEX, readOutboxDir, withOutboxIndex, type OutboxEntry } from "./outbox";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Defaults to MAIL_FROM. */
  from?: string;
  /** Extra headers (List-Unsubscribe on optional messages). */
  headers?: Record<string, string>;
  /**
   * Sent because the person consented to marketing (app/account/consent-records.server.ts `mayMarketTo`):
   * refused unless it carries a List-Unsubscribe header whose link is also in the text (PDPL: withdrawing
   * is as easy as giving).
   */
  marketing?: boolean;
};

export type SentMail = { messageId: string; transport: "smtp" | "outbox"; outboxId?: string };

export type { OutboxEntry };

/** Sends one message (SMTP when configured, otherwise the local outbox). Throws when delivery fails. */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

type MailEnv = Pick<Env, "DATA_DIR" | "MAIL_FROM" | "SMTP_URL">;

/** The process's mailer: one SMTP transport when SMTP_URL is set, else the outbox under DATA_DIR. */
export function createMailer(env: MailEnv): Mailer {
  let smtp: Transporter | undefined;
  return {
    send(message) {
      const refused = marketingRefusal(message);
      if (refused) return Promise.reject(new Error(refused));
      if (env.SMTP_URL) smtp ??= nodemailer.createTransport(env.SMTP_URL);
      return sendMail(env, smtp, message);
    },
  };
}

/** Why a marketing message may not go (no List-Unsubscribe header, or its link missing from the text), or null. */
export function marketingRefusal(message: MailMessage): string | null {
  if (!message.marketing) return null;
  const link = /^<([^>]+)>/.exec(message.headers?.["List-Unsubscribe"] ?? "")?.[1];
  if (!link) return "A marketing email needs a List-Unsubscribe header";
  if (!message.text.includes(link)) return "A marketing email needs its unsubscribe link in the text";
  return null;
}

// The stream transport only renders the message (RFC 822); we store it ourselves.
const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** The outbox folder of this process. */
export function outboxDir(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "outbox");
}

async function sendMail(env: MailEnv, smtp: Transporter | undefined, message: MailMessage): Promise<SentMail> {
  const mail = { from: message.from ?? env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html, replyTo: message.replyTo, headers: message.headers };
  if (smtp) {
    const info = await smtp.sendMail(mail);
    return { messageId: String(info.messageId), transport: "smtp" };
  }

  const info = await renderer.sendMail(mail);
  const dir = outboxDir(env);
  const date = new Date();
  const id = `${date.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  const file = `${id}.eml`;
  // The folder is made when a write finds it missing (the first message, or one removed meanwhile),
  // not checked before every message.
  await writeFile(path.join(dir, file), info.message as Buffer).catch(async (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, file), info.message as Buffer);
  });
  const entry: OutboxEntry = {
    id,
    messageId: String(info.messageId),
    date: date.toISOString(),
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    file,
  };
  // One short append per message: concurrent senders never rewrite each other's lines (nor does the
  // retention pass's rewrite of the index lose one: both wait their turn).
  await withOutboxIndex(dir, () => appendFile(path.join(dir, OUTBOX_INDEX), `${JSON.stringify(entry)}\n`));
  return { messageId: entry.messageId, transport: "outbox", outboxId: id };
}

/** The messages in this process's outbox, newest first (tests and the development viewer). */
export function readOutbox(env: Pick<Env, "DATA_DIR">, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  return readOutboxDir(outboxDir(env), options);
}

/** True when the outbox viewer may be served: development, or OUTBOX_VIEWER=1. */
export function isOutboxViewerEnabled(env: Pick<Env, "NODE_ENV" | "OUTBOX_VIEWER">): boolean {
  return env.NODE_ENV !== "production" || env.OUTBOX_VIEWER;
}
