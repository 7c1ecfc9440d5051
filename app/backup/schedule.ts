/**
 * When the server takes its next backup (BACKUP_EVERY) and which old ones it removes (BACKUP_KEEP).
 * Plain values in and out; the server's periodic job and the CLI share them.
 */

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Anything more often than this would back up faster than a backup takes on a real store. */
const MIN_EVERY_MS = 15 * 60_000;

/** "24h", "30m", "7d" → milliseconds; unset or empty → null (scheduled backups off); anything else is an error. */
export function parseBackupEvery(value: string | undefined): number | null {
  const text = value?.trim() ?? "";
  if (!text) return null;
  const match = /^(\d+)\s*([mhd])$/i.exec(text);
  if (!match) throw new Error(`BACKUP_EVERY must look like 30m, 24h or 7d (got "${text}")`);
  const ms = Number(match[1]) * UNIT_MS[match[2]!.toLowerCase() as keyof typeof UNIT_MS];
  if (ms < MIN_EVERY_MS) throw new Error("BACKUP_EVERY must be at least 15m");
  return ms;
}

/** Whether a backup is due: none yet, or the last successful one is at least `everyMs` old. */
export function isBackupDue(lastSuccessAt: Date | null, now: Date, everyMs: number): boolean {
  return lastSuccessAt === null || now.getTime() - lastSuccessAt.getTime() >= everyMs;
}

const BACKUP_NAME = /^rihla-(\d{8}T\d{6}Z)\.backup$/;

/** The file name of a backup taken at `at`: sorts by time, says what it is. */
export function backupFileName(at: Date): string {
  return `rihla-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}.backup`;
}

/**
 * The backups to delete so that the newest `keep` remain. Only files this code named are considered,
 * so an operator's own files in BACKUP_TO are never touched.
 */
export function backupsToRemove(fileNames: readonly string[], keep: number): string[] {
  const ours = fileNames.filter((name) => BACKUP_NAME.test(name)).sort();
  return ours.slice(0, Math.max(0, ours.length - keep));
}

export type BackupSchedule = { everyMs: number; keep: number; to: string; key: string };

/**
 * The server's schedule from BACKUP_EVERY, BACKUP_TO, BACKUP_KEEP and BACKUP_KEY: null when
 * BACKUP_EVERY is unset; an error listing every problem when it is set but cannot run (the server
 * refuses to start rather than silently taking no backups).
 */
export function backupScheduleFrom(env: { BACKUP_EVERY?: string; BACKUP_TO?: string; BACKUP_KEEP: number; BACKUP_KEY?: string }, minKeyLength: number): BackupSchedule | null {
  if (!env.BACKUP_EVERY) return null;
  const problems: string[] = [];
  let everyMs = 0;
  try {
    everyMs = parseBackupEvery(env.BACKUP_EVERY) ?? 0;
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (!env.BACKUP_TO) problems.push("BACKUP_EVERY needs BACKUP_TO (a folder or s3://bucket/prefix)");
  if (!env.BACKUP_KEY || env.BACKUP_KEY.length < minKeyLength) problems.push(`BACKUP_EVERY needs BACKUP_KEY (${minKeyLength}+ characters): backups are encrypted with it`);
  if (problems.length > 0) throw new Error(`Invalid backup settings:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
  return { everyMs, keep: env.BACKUP_KEEP, to: env.BACKUP_TO!, key: env.BACKUP_KEY! };
}
