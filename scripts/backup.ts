/**
 * Writes an encrypted, verified backup and prints the file (or s3:// object) it wrote.
 *
 *   BACKUP_KEY=… npm run backup -- --to /var/backups/rihla        (or --to s3://bucket/prefix)
 *
 * While a store runs, the running server takes it (through the operator channel, app/ops): the store
 * keeps answering, and a command given another database than the server's is refused. With no server
 * running, it opens the database itself. The embedded database is snapshotted with PGlite's
 * dumpDataDir, a PostgreSQL server (DATABASE_URL) with pg_dump; either is checked by restoring it
 * into a scratch database before it is written. `--keep N` removes all but the newest N there.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupKeyError, backupKeyFrom } from "#app/backup/crypto.server";
import { runOperatorCommand } from "./ops-client";

const { values } = parseArgs({ options: { to: { type: "string" }, keep: { type: "string" } } });
try {
  const key = backupKeyFrom(process.env);
  if (!values.to) throw new BackupKeyError("Usage: npm run backup -- --to <folder or s3://bucket/prefix> [--keep N]");
  // The server resolves nothing relative to its own folder: the command line's folder is meant.
  const to = values.to.startsWith("s3://") ? values.to : path.resolve(values.to);
  const result = await runOperatorCommand("backup", { to, key, keep: values.keep });
  (result.ok ? console.info : console.error)(result.output);
  if (!result.ok) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof BackupKeyError ? error.message : error);
  process.exitCode = 1;
}
