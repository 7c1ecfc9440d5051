/**
 * Outgoing email. With SMTP_URL set, nodemailer sends through that server; otherwise every message is
 * written to `${DATA_DIR}/outbox` (see ./outbox.ts), so development and tests need no mail server and
 * can read what was "sent". One transport per process.
 */
import { randomUUID } from "node:crypto";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";
import { OUTBOX_INDEX, readOutboxDir, type OutboxEntry } from "./outbox";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Defaults to MAIL_FROM. */
  from?: string;
};

export type SentMail = { messageId: string; transport: "smtp" | "outbox"; outboxId?: string };

export type { OutboxEntry };

let smtp: Transporter | undefined;
// The stream transport only renders the message (RFC 822); we store it ourselves.
const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** The outbox folder of this process. */
export function outboxDir(): string {
  return path.join(getEnv().DATA_DIR, "outbox");
}

/** Sends one message (SMTP when configured, otherwise the local outbox). Throws when delivery fails. */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  const env = getEnv();
  const mail = { from: message.from ?? env.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html, replyTo: message.replyTo };
  if (env.SMTP_URL) {
    smtp ??= nodemailer.createTransport(env.SMTP_URL);
    const info = await smtp.sendMail(mail);
    return { messageId: String(info.messageId), transport: "smtp" };
  }

  const info = await renderer.sendMail(mail);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const date = new Date();
  const id = `${date.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  const file = `${id}.eml`;
  await writeFile(path.join(dir, file), info.message as Buffer);
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
  // One short append per message: concurrent senders never rewrite each other's lines.
  await appendFile(path.join(dir, OUTBOX_INDEX), `${JSON.stringify(entry)}\n`);
  return { messageId: entry.messageId, transport: "outbox", outboxId: id };
}

/** The messages in this process's outbox, newest first (tests and the development viewer). */
export function readOutbox(options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  return readOutboxDir(outboxDir(), options);
}

/** True when the outbox viewer may be served: development, or OUTBOX_VIEWER=1. */
export function isOutboxViewerEnabled(): boolean {
  const env = getEnv();
  return env.NODE_ENV !== "production" || env.OUTBOX_VIEWER;
}
