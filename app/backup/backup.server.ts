/**
 * Taking a backup, the one way both the schedule and `npm run backup` do it: snapshot the database
 * while the store runs (PGlite's dumpDataDir, or pg_dump for a PostgreSQL server), check the snapshot
 * by opening it as a scratch database, encrypt it, put it in its target, prune old ones when asked,
 * and record the run (backup_runs) for the console and the schedule. A failure is recorded too, with
 * its reason, and never leaves an unverified file behind.
 */
import { desc, eq } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import type { Database, DatabaseHandle } from "#app/db/db.server";
import { backupRuns } from "#app/db/schema";
import { encryptBackup } from "./crypto.server";
import { dumpPostgres, verifyPgDump } from "./pg-dump.server";
import { snapshotPglite, verifySnapshot } from "./pglite-snapshot.server";
import { backupFileName, backupsToRemove, isBackupDue, type BackupSchedule } from "./schedule";
import type { BackupTarget } from "./targets.server";

/** What is backed up: the embedded database's client, or a PostgreSQL server's URL. */
export type BackupSource = { kind: "pglite"; client: PGlite } | { kind: "pg"; url: string };

export function backupSourceOf(handle: DatabaseHandle, databaseUrl: string | undefined): BackupSource {
  if (handle.kind === "pglite") return { kind: "pglite", client: (handle as DatabaseHandle & { client: PGlite }).client };
  if (!databaseUrl) throw new Error("a PostgreSQL handle without DATABASE_URL cannot be dumped");
  return { kind: "pg", url: databaseUrl };
}

export type BackupOutcome =
  | { ok: true; location: string; bytes: number; counts: Record<string, number>; takenAt: Date; removed: string[] }
  | { ok: false; error: string; takenAt: Date };

export type BackupRequest = { key: string; target: BackupTarget; trigger: "schedule" | "command"; keep?: number };

/** Takes one backup and records it; never throws for a failed backup (the outcome says why). */
export async function takeBackup(db: Database, source: BackupSource, request: BackupRequest, now: () => Date): Promise<BackupOutcome> {
  const takenAt = now();
  let outcome: BackupOutcome;
  try {
    const snapshot = source.kind === "pglite" ? await snapshotPglite(source.client) : await dumpPostgres(source.url);
    const counts = source.kind === "pglite" ? await verifySnapshot(snapshot) : (await verifyPgDump(snapshot, source.url)).counts;
    const sealed = encryptBackup(snapshot, request.key);
    const location = await request.target.put(backupFileName(takenAt), sealed);
    const removed = request.keep ? backupsToRemove(await request.target.list(), request.keep) : [];
    for (const name of removed) await request.target.remove(name);
    outcome = { ok: true, location, bytes: sealed.length, counts, takenAt, removed };
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? error.message : String(error), takenAt };
  }
  await db.insert(backupRuns).values({
    startedAt: takenAt,
    finishedAt: now(),
    trigger: request.trigger,
    status: outcome.ok ? "succeeded" : "failed",
    location: outcome.ok ? outcome.location : null,
    bytes: outcome.ok ? outcome.bytes : null,
    counts: outcome.ok ? outcome.counts : null,
    error: outcome.ok ? null : outcome.error.slice(0, 2000),
  });
  return outcome;
}

/** The schedule's pass: a backup when the last successful one is BACKUP_EVERY old (or there is none). */
export async function runScheduledBackup(db: Database, source: BackupSource, schedule: BackupSchedule, target: BackupTarget, now: () => Date): Promise<BackupOutcome | null> {
  const [last] = await db.select({ at: backupRuns.startedAt }).from(backupRuns).where(eq(backupRuns.status, "succeeded")).orderBy(desc(backupRuns.startedAt)).limit(1);
  if (!isBackupDue(last?.at ?? null, now(), schedule.everyMs)) return null;
  const outcome = await takeBackup(db, source, { key: schedule.key, target, trigger: "schedule", keep: schedule.keep }, now);
  if (outcome.ok) console.info(`[backup] ${outcome.location} (${outcome.bytes} bytes; ${formatCounts(outcome.counts)})`);
  else console.error(`[backup] FAILED: ${outcome.error}`);
  return outcome;
}

export function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, count]) => `${table} ${count}`)
    .join(", ");
}

/** What the console shows: the last run, the last success, and whether backups are late or failing. */
export type BackupStatus = {
  scheduled: boolean;
  everyMs: number | null;
  last: { at: string; status: string; location: string | null; error: string | null } | null;
  lastSuccessAt: string | null;
  /** The last run failed, or the last success is older than twice the interval: someone must look. */
  alarm: boolean;
};

export async function backupStatus(db: Database, now: Date, schedule: Pick<BackupSchedule, "everyMs"> | null): Promise<BackupStatus> {
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(1);
  const [success] = await db.select({ at: backupRuns.startedAt }).from(backupRuns).where(eq(backupRuns.status, "succeeded")).orderBy(desc(backupRuns.startedAt)).limit(1);
  const lastSuccessAt = success?.at ?? null;
  const late = schedule !== null && (lastSuccessAt === null || now.getTime() - lastSuccessAt.getTime() > 2 * schedule.everyMs);
  return {
    scheduled: schedule !== null,
    everyMs: schedule?.everyMs ?? null,
    last: last ? { at: last.startedAt.toISOString(), status: last.status, location: last.location, error: last.error } : null,
    lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
    alarm: last?.status === "failed" || late,
  };
}
