/**
 * The audit log: every staff action (and every automatic one the console shows beside them) with who,
 * when, what, the state before and after, and the reason. Written in the same transaction as the
 * change it describes, so a change without its entry (or the reverse) cannot exist. Never updated.
 */
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import { auditLog, orders } from "#app/db/schema";

/** Who acted: a staff member, or the system (the reconciler, a command-line tool). */
export type Actor = { id: string | null; email: string };

export const SYSTEM_ACTOR: Actor = { id: null, email: "system" };

export type AuditEntryInput = {
  action: string;
  subjectType: string;
  subjectId: string;
  orderId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
};

/** `orderReference`: the reference of the order the entry concerns, when it concerns one (the console links it). */
export type AuditEntry = AuditEntryInput & { id: number; actorId: string | null; actorEmail: string; createdAt: Date; orderReference: string | null };

export async function recordAudit(db: Database, actor: Actor, entry: AuditEntryInput, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    orderId: entry.orderId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    createdAt: now,
  });
}

/** Newest first; `beforeId` pages back. */
export async function listAudit(db: Database, filter: { orderId?: string; subjectType?: string; subjectId?: string; actorId?: string; beforeId?: number; limit?: number } = {}): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (filter.orderId) conditions.push(eq(auditLog.orderId, filter.orderId));
  if (filter.subjectType) conditions.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId) conditions.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.beforeId) conditions.push(lt(auditLog.id, filter.beforeId));
  const rows = await db
    .select({ entry: auditLog, orderReference: orders.reference })
    .from(auditLog)
    .leftJoin(orders, eq(orders.id, auditLog.orderId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(Math.min(filter.limit ?? 50, 500));
  return rows.map(({ entry, orderReference }) => ({ ...entry, orderReference }));
}
