/**
 * Writes an encrypted, verified backup of the embedded database and prints the file.
 *
 *   BACKUP_KEY=… npm run backup -- --to /var/backups/rihla
 *
 * This first version opens DATA_DIR itself, so it runs while no server holds the folder (the folder lock
 * refuses otherwise). Still to come (docs/operations.md): through the operator channel from a running
 * server, and `pg_dump -Fc` when DATABASE_URL is set.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupKeyError, backupKeyFrom } from "#app/backup/crypto.server";
import { snapshotPglite, verifySnapshot, writeBackup } from "#app/backup/pglite-snapshot.server";
import { openPglite } from "#app/db/db.server";
import { DatabaseInUseError, lockFolder } from "#app/db/folder-lock.server";

const { values } = parseArgs({ options: { to: { type: "string" } } });
try {
  const key = backupKeyFrom(process.env);
  if (!values.to) throw new BackupKeyError("Usage: npm run backup -- --to <folder>");
  if (process.env.DATABASE_URL) throw new BackupKeyError("DATABASE_URL is set: this version backs up the embedded database only; use `pg_dump -Fc` (docs/operations.md).");
  const folder = path.join(path.resolve(process.env.DATA_DIR || "data"), "pglite");
  const unlock = lockFolder(folder);
  let snapshot: Uint8Array;
  const takenAt = new Date();
  try {
    const database = await openPglite({ dataDir: folder });
    snapshot = await snapshotPglite(database.client);
    await database.close();
  } finally {
    unlock();
  }
  const file = await writeBackup(path.resolve(values.to), snapshot, key, takenAt);
  const counts = await verifySnapshot(snapshot);
  console.info(file);
  console.info(`verified: ${Object.entries(counts).map(([table, count]) => `${table} ${count}`).join(", ")}`);
} catch (error) {
  if (error instanceof DatabaseInUseError) console.error(`${error.message}\nBacking up through a running server is not available yet: stop the store for the backup.`);
  else console.error(error instanceof BackupKeyError ? error.message : error);
  process.exitCode = 1;
}
