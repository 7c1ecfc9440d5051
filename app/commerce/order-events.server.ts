/**
 * An order's timeline (`order_events`) and the messages sent about it (`order_messages`). Commerce
 * writes an event at each step it takes (placed, paid, confirmed, rejected, refunded, …) so support
 * and the console can answer "what happened to this order?" without reading logs.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { orderEvents, orderMessages } from "#app/db/schema";

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
