/**
 * An order's timeline (`order_events`) and the messages sent about it (`order_messages`). Commerce
 * writes an event at each step it takes (placed, paid, confirmed, rejected, refunded, …) so support
 * and the console can answer "what happened to this order?" without reading logs.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { orderEvents, orderMessages } from "#app/db/schema";
import type { Mailer } from "#app/lib/mailer.server";

export type OrderEventActor = "system" | "customer" | (string & {});

export type OrderEvent = { id: number; orderId: string; kind: string; actor: string; detail: Record<string, unknown>; createdAt: Date };

export async function recordOrderEvent(db: Database, orderId: string, kind: string, options: { actor?: OrderEventActor; detail?: Record<string, unknown>; now?: Date } = {}): Promise<void> {
  await db.insert(orderEvents).values({ orderId, kind, actor: options.actor ?? "system", detail: options.detail ?? {}, createdAt: options.now ?? new Date() });
}

export async function listOrderEvents(db: Database, orderId: string): Promise<OrderEvent[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export type OrderMessageInput = {
  orderId: string;
  channel: "email" | "whatsapp";
  kind: string;
  recipient: string;
  subject?: string | null;
  locale: string;
  status: "SENT" | "FAILED";
  error?: string | null;
};

export type OrderMessage = OrderMessageInput & { id: number; createdAt: Date };

export async function recordOrderMessage(db: Database, message: OrderMessageInput, now: Date = new Date()): Promise<void> {
  await recordOrderMessages(db, [message], now);
}

/** Several messages in one insert, in the given order (a notice's email and WhatsApp message). */
export async function recordOrderMessages(db: Database, messages: OrderMessageInput[], now: Date = new Date()): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(orderMessages).values(messages.map((message) => ({ ...message, subject: message.subject ?? null, error: message.error ?? null, createdAt: now })));
}

export async function listOrderMessages(db: Database, orderId: string): Promise<OrderMessage[]> {
  const rows = await db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId)).orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  return rows.map((row) => ({ ...row, channel: row.channel === "whatsapp" ? "whatsapp" : "email", status: row.status === "FAILED" ? "FAILED" : "SENT" }));
}

type MessagedOrder = { id: string; email: string; countryCode: string; phone: string; locale: string; reference: string };

/**
 * Sends one message about an order (`send` does the sending) and records it in order_messages, SENT or
 * FAILED with the error. A failed message never fails the change it tells of: the console lists it and
 * Resend sends it again.
 */
export async function sendRecordedMessage(db: Database, order: MessagedOrder, message: { channel: "email" | "whatsapp"; kind: string; subject: string | null }, send: () => Promise<unknown>): Promise<void> {
  const recipient = message.channel === "email" ? order.email : `${order.countryCode}${order.phone}`;
  const record = { orderId: order.id, ...message, recipient, locale: order.locale };
  try {
    await send();
    await recordOrderMessage(db, { ...record, status: "SENT" });
  } catch (error) {
    console.error(`[messages] ${message.channel} ${message.kind} for ${order.reference} failed`, error);
    await recordOrderMessage(db, { ...record, status: "FAILED", error: error instanceof Error ? error.message.slice(0, 500) : "failed" });
  }
}

/** Sends one email about an order through `mailer`, recorded as above. */
export function sendOrderEmail(deps: { db: Database; mailer: Mailer }, order: MessagedOrder, kind: string, subject: string, text: string): Promise<void> {
  return sendRecordedMessage(deps.db, order, { channel: "email", kind, subject }, () => deps.mailer.send({ to: order.email, subject, text }));
}
