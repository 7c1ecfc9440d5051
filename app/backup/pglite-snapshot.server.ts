/**
 * Snapshots of the embedded database: PGlite's own `dumpDataDir()` (a tarball of the data folder taken
 * between queries, so it is consistent), encrypted with ./crypto.server; checked by opening the dump as a
 * scratch database in memory and counting rows of the key tables; restored only into an empty folder.
 *
 * Not yet wired: the running server's operator command and the scheduled job (see docs/operations.md).
 * Storage seam: `writeBackup` writes to a local folder; an S3 target would be another implementation of it.
 */
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openPglite } from "#app/db/db.server";
import { decryptBackup, encryptBackup } from "./crypto.server";
import { backupFileName } from "./schedule";

/** The tables whose row counts a verification reports (those that exist in the dump). */
export const KEY_TABLES = ["orders", "order_items", "invoices", "payments", "products", "bookings"] as const;

export async function snapshotPglite(client: PGlite): Promise<Uint8Array> {
  const dump = await client.dumpDataDir("gzip");
  return new Uint8Array(await dump.arrayBuffer());
}

/** Opens the snapshot as a scratch in-memory database and counts the key tables' rows; throws if it does not open. */
export async function verifySnapshot(snapshot: Uint8Array): Promise<Record<string, number>> {
  const scratch = await openPglite({ loadDataDir: new Blob([snapshot as BlobPart]) });
  try {
    const counts: Record<string, number> = {};
    for (const table of KEY_TABLES) {
      const exists = await scratch.client.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [`public.${table}`]);
      if (!exists.rows[0]?.found) continue;
      const result = await scratch.client.query<{ count: number }>(`SELECT count(*)::int AS count FROM "${table}"`);
      counts[table] = result.rows[0]?.count ?? 0;
    }
    return counts;
  } finally {
    await scratch.close();
  }
}

/** Encrypts and writes the snapshot into `folder`; returns the file written. */
export async function writeBackup(folder: string, snapshot: Uint8Array, key: string, takenAt: Date): Promise<string> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, backupFileName(takenAt));
  await writeFile(file, encryptBackup(snapshot, key), { mode: 0o600, flag: "wx" });
  return file;
}

export class RestoreTargetNotEmptyError extends Error {}

/** Restores a backup file into `pgliteFolder`, which must not exist or be empty. */
export async function restoreIntoFolder(file: string, key: string, pgliteFolder: string): Promise<Record<string, number>> {
  if (existsSync(pgliteFolder) && readdirSync(pgliteFolder).length > 0) throw new RestoreTargetNotEmptyError(`${pgliteFolder} is not empty: restore only into an empty DATA_DIR, so nothing is overwritten.`);
  const snapshot = decryptBackup(await readFile(file), key);
  const counts = await verifySnapshot(snapshot);
  const restored = await openPglite({ dataDir: pgliteFolder, loadDataDir: new Blob([snapshot as BlobPart]) });
  await restored.close();
  return counts;
}
