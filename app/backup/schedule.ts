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

/** BACKUP_KEEP: how many backups to keep; default 7, at least 1. */
export function parseBackupKeep(value: string | undefined): number {
  const text = value?.trim() ?? "";
  if (!text) return 7;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`BACKUP_KEEP must be a whole number of 1 or more (got "${text}")`);
  return Number(text);
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
