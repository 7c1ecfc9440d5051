/**
 * Snapshots of the embedded database: PGlite's own `dumpDataDir()` (a tarball of the data folder taken
 * between queries, so it is consistent), encrypted with ./crypto.server; checked by opening the dump as a
 * scratch database in memory, on a worker thread (a running store's requests go on meanwhile), and
 * counting rows of the key tables; restored only into an empty folder.
 */
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { openPglite } from "#app/db/db.server";
import { decryptBackup } from "./crypto.server";

/** The tables whose row counts a verification reports (those that exist in the dump). */
export const KEY_TABLES = ["orders", "order_items", "invoices", "payments", "products", "bookings"] as const;

export async function snapshotPglite(client: PGlite): Promise<Uint8Array> {
  const dump = await client.dumpDataDir("gzip");
  return new Uint8Array(await dump.arrayBuffer());
}

/**
 * The verification, as a worker thread's source: plain JavaScript (no build step, no TypeScript
 * loader), importing PGlite by the URL this module resolves.
 */
const VERIFY_WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
import(workerData.pglite).then(async ({ PGlite }) => {
  const scratch = await PGlite.create({ loadDataDir: new Blob([workerData.snapshot]) });
  try {
    const counts = {};
    for (const table of workerData.tables) {
      const exists = await scratch.query("SELECT to_regclass($1) IS NOT NULL AS found", ["public." + table]);
      if (!exists.rows[0].found) continue;
      const result = await scratch.query('SELECT count(*)::int AS count FROM "' + table + '"');
      counts[table] = result.rows[0].count;
    }
    parentPort.postMessage(counts);
  } finally {
    await scratch.close();
  }
});
`;

/** Opens the snapshot as a scratch in-memory database (on a worker thread) and counts the key tables' rows; throws if it does not open. */
export async function verifySnapshot(snapshot: Uint8Array): Promise<Record<string, number>> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const worker = new Worker(VERIFY_WORKER, { eval: true, workerData: { pglite, snapshot, tables: KEY_TABLES } });
  return new Promise((resolve, reject) => {
    let counts: Record<string, number> | undefined;
    worker.once("message", (message: Record<string, number>) => {
      counts = message;
    });
    worker.once("error", (error) => reject(new Error(`the snapshot does not open as a database: ${error.message}`)));
    worker.once("exit", (code) => {
      if (counts) resolve(counts);
      else reject(new Error(`the snapshot's verification ended without an answer (exit ${code})`));
    });
  });
}

export class RestoreTargetNotEmptyError extends Error {}

/** Restores a backup file into `pgliteFolder`, which must not exist or be empty. */
export async function restoreIntoFolder(file: string, key: string, pgliteFolder: string): Promise<Record<string, number>> {
  return restoreSnapshotIntoFolder(decryptBackup(await readFile(file), key), pgliteFolder);
}

/** Restores a decrypted snapshot into `pgliteFolder`, which must not exist or be empty. */
export async function restoreSnapshotIntoFolder(snapshot: Uint8Array, pgliteFolder: string): Promise<Record<string, number>> {
  if (existsSync(pgliteFolder) && readdirSync(pgliteFolder).length > 0) throw new RestoreTargetNotEmptyError(`${pgliteFolder} is not empty: restore only into an empty DATA_DIR, so nothing is overwritten.`);
  const counts = await verifySnapshot(snapshot);
  const restored = await openPglite({ dataDir: pgliteFolder, loadDataDir: new Blob([snapshot as BlobPart]) });
  await restored.close();
  return counts;
}
