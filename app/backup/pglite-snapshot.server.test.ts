import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openPglite } from "#app/db/db.server";
import { BackupIntegrityError, encryptBackup } from "./crypto.server";
import { RestoreTargetNotEmptyError, restoreIntoFolder, snapshotPglite, verifySnapshot } from "./pglite-snapshot.server";
import { backupFileName } from "./schedule";
import { folderTarget } from "./targets.server";

const writeBackup = (folder: string, snapshot: Uint8Array, key: string, takenAt: Date) => folderTarget(folder).put(backupFileName(takenAt), encryptBackup(snapshot, key));

const KEY = "a-test-backup-key-of-32-characters!";
const folders: string[] = [];
async function tempFolder() {
  const folder = await mkdtemp(path.join(os.tmpdir(), "rihla-backup-"));
  folders.push(folder);
  return folder;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe("embedded database backup", () => {
  it("snapshots while writes go on; the restored folder has every row written before the snapshot", async () => {
    const live = await openPglite();
    await live.client.exec("CREATE TABLE orders (id serial PRIMARY KEY, code text NOT NULL)");
    for (let i = 0; i < 20; i++) await live.client.query("INSERT INTO orders (code) VALUES ($1)", [`before-${i}`]);
    // Orders keep being placed while the backup is taken.
    const placing = (async () => {
      for (let i = 0; i < 20; i++) await live.client.query("INSERT INTO orders (code) VALUES ($1)", [`during-${i}`]);
    })();
    const snapshot = await snapshotPglite(live.client);
    await placing;
    await live.close();

    const backups = await tempFolder();
    const file = await writeBackup(backups, snapshot, KEY, new Date("2026-11-28T03:00:00Z"));
    expect(path.basename(file)).toBe("rihla-20261128T030000Z.backup");

    const target = path.join(await tempFolder(), "pglite");
    const counts = await restoreIntoFolder(file, KEY, target);
    expect(counts.orders).toBeGreaterThanOrEqual(20);

    const restored = await openPglite({ dataDir: target });
    const codes = (await restored.client.query<{ code: string }>("SELECT code FROM orders")).rows.map((row) => row.code);
    await restored.close();
    for (let i = 0; i < 20; i++) expect(codes).toContain(`before-${i}`);
    expect(codes.length).toBe(counts.orders);
  });

  it("refuses a non-empty target and a wrong key", async () => {
    const live = await openPglite();
    await live.client.exec("CREATE TABLE orders (id serial PRIMARY KEY)");
    const snapshot = await snapshotPglite(live.client);
    await live.close();
    expect((await verifySnapshot(snapshot)).orders).toBe(0);
    const file = await writeBackup(await tempFolder(), snapshot, KEY, new Date());

    const occupied = await tempFolder();
    await writeFile(path.join(occupied, "PG_VERSION"), "17");
    await expect(restoreIntoFolder(file, KEY, occupied)).rejects.toThrow(RestoreTargetNotEmptyError);
    await expect(restoreIntoFolder(file, "another-key-that-is-32-characters-long", path.join(await tempFolder(), "pglite"))).rejects.toThrow(BackupIntegrityError);
    expect((await readFile(file)).subarray(0, 8).toString()).toBe("RIHLABK1");
  });
});
