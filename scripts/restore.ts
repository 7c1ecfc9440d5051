/**
 * Restores a backup into an empty store, which then starts as the same store.
 *
 *   DATA_DIR=/srv/rihla-restored BACKUP_KEY=… npm run restore -- /var/backups/rihla/rihla-20261128T030000Z.backup
 *   DATABASE_URL=postgres://…/empty BACKUP_KEY=… npm run restore -- s3://bucket/prefix/rihla-20261128T030000Z.backup
 *
 * An embedded-database backup goes into DATA_DIR/pglite (which must be empty); a PostgreSQL one into
 * the (empty) database DATABASE_URL names. Nothing existing is ever overwritten.
 */
import { readFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { BackupIntegrityError, BackupKeyError, backupKeyFrom, decryptBackup } from "#app/backup/crypto.server";
import { formatCounts } from "#app/backup/backup.server";
import { isPgDump, PgToolError, restorePgDump, RestoreDatabaseNotEmptyError } from "#app/backup/pg-dump.server";
import { RestoreTargetNotEmptyError, restoreSnapshotIntoFolder } from "#app/backup/pglite-snapshot.server";
import { s3Target } from "#app/backup/targets.server";
import { lockFolder } from "#app/db/folder-lock.server";

const file = process.argv[2];
try {
  const key = backupKeyFrom(process.env);
  if (!file) throw new BackupKeyError("Usage: DATA_DIR=<empty folder> (or DATABASE_URL=<empty database>) npm run restore -- <backup file or s3:// address>");
  let sealed: Uint8Array;
  if (file.startsWith("s3://")) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    sealed = await s3Target(file.slice(0, file.lastIndexOf("/")), { endpoint: process.env.BACKUP_S3_ENDPOINT || undefined, region: process.env.BACKUP_S3_REGION || undefined }).get(name);
  } else {
    sealed = await readFile(path.resolve(file));
  }
  const snapshot = decryptBackup(sealed, key);
  if (process.env.DATABASE_URL) {
    if (!isPgDump(snapshot)) throw new BackupKeyError("This backup is of an embedded database: unset DATABASE_URL and restore it into an empty DATA_DIR.");
    const counts = await restorePgDump(snapshot, process.env.DATABASE_URL);
    console.info(`Restored into the database in DATABASE_URL: ${formatCounts(counts)}`);
  } else {
    if (isPgDump(snapshot)) throw new BackupKeyError("This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.");
    const folder = path.join(path.resolve(process.env.DATA_DIR || "data"), "pglite");
    await mkdir(path.dirname(folder), { recursive: true });
    const unlock = lockFolder(folder);
    try {
      const counts = await restoreSnapshotIntoFolder(snapshot, folder);
      console.info(`Restored into ${folder}: ${formatCounts(counts)}`);
    } finally {
      unlock();
    }
  }
} catch (error) {
  const known = error instanceof BackupKeyError || error instanceof BackupIntegrityError || error instanceof RestoreTargetNotEmptyError || error instanceof RestoreDatabaseNotEmptyError || error instanceof PgToolError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
