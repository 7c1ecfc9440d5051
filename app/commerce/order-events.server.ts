/**
 * An order's story (`order_events`) and the messages sent about it (`order_messages`). Commerce writes
 * an event at each step it takes, in the transaction of the step where there is one: placed, each
 * payment event (authorised, captured, failed, voided, refunded), each status the order reaches,
 * each item decided, cancelled or failed, each refund, each pay-later step; the notifications record
 * each message. The console merges them with the staff actions of the audit log into one timeline
 * (loadOrderDossier in ./back-office.server.ts, shown by ./order-view.server.ts), so support can answer "what happened to this order?"
 * without reading logs.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { orderEvents, orderMessages } from "#app/db/schema";
import type { OrderState } from "./order-state";

export type OrderEventActor = "system" | "customer" | (string & {});

/** Every step commerce records (the console names each: admin.events.<kind>). */
export type OrderEventKind =
  | "order.placed"
  | `order.${Lowercase<OrderState>}`
  | "payment.authorized"
  | "payment.captured"
  | "payment.failed"
  | "payment.voided"
  | "payment.refunded"
  | "item.booked"
  | "item.pending"
  | "item.failed"
  | "item.confirmed"
  | "item.rejected"
  | "item.cancelled"
  | "item.cancelled_by_customer"
  | "item.cancel_refused"
  | "item.move_requested"
  | "item.moved"
  | "item.move_failed"
  | "refund.requested"
  | "refund.completed"
  | "refund.failed"
  | "refund.retried"
  | "pay_later.link_sent"
  | "pay_later.paid"
  | "pay_later.paid_offline"
  | "pay_later.part_paid"
  | "pay_later.expired"
  | "pay_later.cancelled"
  | "pay_later.late_refund"
  | "ticket.redeemed";

type EventOptions = { actor?: OrderEventActor; detail?: Record<string, unknown>; now?: Date };

export type OrderEvent = { id: number; orderId: string; kind: string; actor: string; detail: Record<string, unknown>; createdAt: Date };

export async function recordOrderEvent(db: Database, orderId: string, kind: OrderEventKind, options: EventOptions = {}): Promise<void> {
  await db.insert(orderEvents).values({ orderId, kind, actor: options.actor ?? "system", detail: options.detail ?? {}, createdAt: options.now ?? new Date() });
}

/**
 * A state change and its step on the order's story in one transaction: `change` makes a conditional
 * update and says whether it moved anything; the event is written only then (a repeated or late step
 * tells nothing new). True when moved.
 */
export async function changeWithEvent(db: Database, orderId: string, kind: OrderEventKind, change: (t: Database) => Promise<boolean>, options: EventOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const moved = await change(t);
    if (moved) await recordOrderEvent(t, orderId, kind, options);
    return moved;
  });
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

/** A staff action as the timeline needs it (the audit log's entry: app/staff/audit.server.ts). */
export type StaffAction = { action: string; actorEmail: string; createdAt: Date; reason?: string | null; after?: Record<string, unknown> | null };

/** One line of an order's timeline: a step of its story, a staff action, or a message sent (or not). */
export type TimelineEntry = {
  at: Date;
  source: "event" | "audit" | "message";
  /** What happened, as an admin.events key: the event's kind, the audit action, or message.<channel>.<sent|failed>. */
  kind: string;
  /** Who: a staff member's email, "customer", "system"; a message's recipient. */
  actor: string;
  /** The money the step moved, when it moved some. */
  money: { amount: number; currency: string } | null;
  /** Words a person gave or reads: a reason, a decline or supplier code, an error, a message's subject. */
  note: string | null;
};

const NOTE_FIELDS = ["reason", "code", "declineCode", "problem", "error", "method"] as const;

function moneyOf(detail: Record<string, unknown> | null | undefined): TimelineEntry["money"] {
  const amount = detail?.amount ?? detail?.refundAmount ?? detail?.total;
  const currency = detail?.currency;
  return typeof amount === "number" && typeof currency === "string" && amount > 0 ? { amount, currency } : null;
}

function noteOf(detail: Record<string, unknown>): string | null {
  for (const field of NOTE_FIELDS) {
    const value = detail[field];
    if (typeof value === "string" && value) return value;
  }
  return null;
}

/**
 * The order's one timeline: commerce's story, the staff actions of the audit log and the messages
 * sent, oldest first (at the same moment: the step, then what the staff did, then what was sent).
 */
export function orderTimeline(events: OrderEvent[], actions: StaffAction[], messages: OrderMessage[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...events.map((event) => ({ at: event.createdAt, source: "event" as const, kind: event.kind, actor: event.actor, money: moneyOf(event.detail), note: noteOf(event.detail) })),
    ...actions.map((entry) => ({ at: entry.createdAt, source: "audit" as const, kind: entry.action, actor: entry.actorEmail, money: moneyOf(entry.after), note: entry.reason ?? null })),
    ...messages.map((message) => ({
      at: message.createdAt,
      source: "message" as const,
      kind: `message.${message.channel}.${message.status === "FAILED" ? "failed" : "sent"}`,
      actor: message.recipient,
      money: null,
      note: message.status === "FAILED" && message.error ? `${message.subject ?? message.kind}: ${message.error}` : (message.subject ?? message.kind),
    })),
  ];
  const rank = { event: 0, audit: 1, message: 2 };
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || rank[a.source] - rank[b.source]);
}
