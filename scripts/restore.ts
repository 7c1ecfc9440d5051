/**
 * Restores a backup into an empty DATA_DIR, which then starts as the same store.
 *
 *   DATA_DIR=/srv/rihla-restored BACKUP_KEY=… npm run restore -- /var/backups/rihla/rihla-20261128T030000Z.backup
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { BackupIntegrityError, BackupKeyError, backupKeyFrom } from "#app/backup/crypto.server";
import { RestoreTargetNotEmptyError, restoreIntoFolder } from "#app/backup/pglite-snapshot.server";
import { lockFolder } from "#app/db/folder-lock.server";

const file = process.argv[2];
try {
  const key = backupKeyFrom(process.env);
  if (!file) throw new BackupKeyError("Usage: DATA_DIR=<empty folder> npm run restore -- <backup file>");
  if (process.env.DATABASE_URL) throw new BackupKeyError("DATABASE_URL is set: restore a PostgreSQL backup with `pg_restore` (docs/operations.md).");
  const folder = path.join(path.resolve(process.env.DATA_DIR || "data"), "pglite");
  await mkdir(path.dirname(folder), { recursive: true });
  const unlock = lockFolder(folder);
  try {
    const counts = await restoreIntoFolder(path.resolve(file), key, folder);
    console.info(`Restored into ${folder}: ${Object.entries(counts).map(([table, count]) => `${table} ${count}`).join(", ")}`);
  } finally {
    unlock();
  }
} catch (error) {
  const known = error instanceof BackupKeyError || error instanceof BackupIntegrityError || error instanceof RestoreTargetNotEmptyError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
