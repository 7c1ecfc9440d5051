/**
 * The console's queue of PDPL requests (issue #31): a staff member files one for an email (EXPORT or
 * ANONYMISE, with an optional note); an admin downloads everything held for the address, or erases
 * it with the same erasure as an account's deletion (app/account/data-by-email.server.ts). A booking
 * still to come that cannot be cancelled refuses the erasure and the request keeps the reasons; it may
 * be tried again later. Once anonymised, the request forgets the address and its note too. Every step
 * is audited in the same transaction as the change.
 */
import { desc, eq } from "drizzle-orm";
import { collectDataForEmail, eraseEmail } from "./data-by-email.server";
import type { ErasureBlocker } from "./personal-data.server";
import type { CancelDeps } from "#app/commerce/cancellation.server";
import type { Database } from "#app/db/db.server";
import { dataRequests } from "#app/db/schema";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import type { DATA_REQUEST_KINDS } from "#app/staff/schemas";

export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export type DataRequestStatus = "OPEN" | "DONE" | "REFUSED";
export type DataRequest = typeof dataRequests.$inferSelect;

const SUBJECT = "data_request";

export async function fileDataRequest(db: Database, actor: Actor, input: { email: string; kind: DataRequestKind; note?: string }, now: Date): Promise<DataRequest> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [row] = await t
      .insert(dataRequests)
      .values({ kind: input.kind, email: input.email.trim().toLowerCase(), note: input.note ?? "", filedBy: actor.id, filedByEmail: actor.email, createdAt: now })
      .returning();
    // The address stays out of the audit log: an erasure could not reach it there.
    await recordAudit(t, actor, { action: "dataRequest.filed", subjectType: SUBJECT, subjectId: String(row!.id), after: { kind: input.kind, status: "OPEN" } }, now);
    return row!;
  });
}

/** The queue, newest first. */
export async function listDataRequests(db: Database, limit = 200): Promise<DataRequest[]> {
  return db.select().from(dataRequests).orderBy(desc(dataRequests.createdAt), desc(dataRequests.id)).limit(limit);
}

export async function findDataRequest(db: Database, id: number): Promise<DataRequest | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select().from(dataRequests).where(eq(dataRequests.id, id));
  return row ?? null;
}

/** Whether the request's address was erased (nothing left to export or erase). */
export function isAnonymised(request: Pick<DataRequest, "email">): boolean {
  return request.email.startsWith(ERASED_PREFIX);
}

const ERASED_PREFIX = "erased-request-";

export type ExportOutcome = { status: "ok"; data: Awaited<ReturnType<typeof collectDataForEmail>> } | { status: "not-found" } | { status: "gone" };

/** Everything held for the request's address; an EXPORT request is done once downloaded. */
export async function exportDataRequest(db: Database, actor: Actor, id: number, now: Date): Promise<ExportOutcome> {
  const request = await findDataRequest(db, id);
  if (!request) return { status: "not-found" };
  if (isAnonymised(request)) return { status: "gone" };
  const data = await collectDataForEmail(db, request.email, now);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const completes = request.kind === "EXPORT" && request.status !== "DONE";
    if (completes) await t.update(dataRequests).set({ status: "DONE", completedBy: actor.id, completedByEmail: actor.email, completedAt: now }).where(eq(dataRequests.id, id));
    await recordAudit(t, actor, { action: "dataRequest.exported", subjectType: SUBJECT, subjectId: String(id), before: { status: request.status }, after: { status: completes ? "DONE" : request.status, orders: data.orders.length + (data.account?.orders.length ?? 0) } }, now);
  });
  return { status: "ok", data };
}

export type AnonymiseOutcome = { status: "anonymised"; cancelled: number } | { status: "refused"; blockers: ErasureBlocker[]; reason: "blocked" | "staff" } | { status: "not-found" } | { status: "gone" };

/** Erases everything held for the request's address, or refuses with the bookings that stop it. */
export async function anonymiseDataRequest(deps: CancelDeps, actor: Actor, id: number): Promise<AnonymiseOutcome> {
  const db = deps.db;
  const request = await findDataRequest(db, id);
  if (!request) return { status: "not-found" };
  if (isAnonymised(request)) return { status: "gone" };
  const outcome = await eraseEmail(deps, request.email);
  const now = deps.clock.now();
  if (outcome.status === "blocked" || outcome.status === "staff") {
    const blockers = outcome.status === "blocked" ? outcome.blockers : [];
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await t.update(dataRequests).set({ status: "REFUSED", completedBy: actor.id, completedByEmail: actor.email, completedAt: now, outcome: { reason: outcome.status, blockers } }).where(eq(dataRequests.id, id));
      await recordAudit(t, actor, { action: "dataRequest.refused", subjectType: SUBJECT, subjectId: String(id), before: { status: request.status }, after: { status: "REFUSED", reason: outcome.status, bookings: blockers.map((blocker) => blocker.reference) } }, now);
    });
    return { status: "refused", blockers, reason: outcome.status };
  }
  const cancelled = outcome.status === "erased" ? outcome.cancelled : 0;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t
      .update(dataRequests)
      .set({ status: "DONE", email: `${ERASED_PREFIX}${id}@invalid`, note: "", completedBy: actor.id, completedByEmail: actor.email, completedAt: now, outcome: { cancelled } })
      .where(eq(dataRequests.id, id));
    await recordAudit(t, actor, { action: "dataRequest.anonymised", subjectType: SUBJECT, subjectId: String(id), before: { status: request.status }, after: { status: "DONE", cancelled } }, now);
  });
  return { status: "anonymised", cancelled };
}
