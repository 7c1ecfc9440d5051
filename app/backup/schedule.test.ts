import { describe, expect, it } from "vitest";
import { backupFileName, backupsToRemove, backupScheduleFrom, isBackupDue, parseBackupEvery } from "./schedule";

describe("backup schedule", () => {
  it("reads BACKUP_EVERY; unset turns scheduled backups off", () => {
    expect(parseBackupEvery(undefined)).toBeNull();
    expect(parseBackupEvery(" ")).toBeNull();
    expect(parseBackupEvery("24h")).toBe(86_400_000);
    expect(parseBackupEvery("30m")).toBe(1_800_000);
    expect(parseBackupEvery("7d")).toBe(7 * 86_400_000);
    expect(() => parseBackupEvery("daily")).toThrow(/BACKUP_EVERY/);
    expect(() => parseBackupEvery("1m")).toThrow(/at least 15m/);
  });

  it("a schedule needs a place and a 32-character key, or the server refuses to start", () => {
    const key = "k".repeat(32);
    expect(backupScheduleFrom({ BACKUP_KEEP: 7 }, 32)).toBeNull();
    expect(backupScheduleFrom({ BACKUP_EVERY: "24h", BACKUP_TO: "s3://rihla-backups/shop", BACKUP_KEEP: 3, BACKUP_KEY: key }, 32)).toEqual({ everyMs: 86_400_000, keep: 3, to: "s3://rihla-backups/shop", key });
    expect(() => backupScheduleFrom({ BACKUP_EVERY: "daily", BACKUP_KEEP: 7, BACKUP_KEY: "short" }, 32)).toThrow(/BACKUP_EVERY must look like[\s\S]*BACKUP_TO[\s\S]*BACKUP_KEY \(32\+/);
  });

  it("is due with no backup yet, or when the last one is at least the interval old", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const day = 86_400_000;
    expect(isBackupDue(null, now, day)).toBe(true);
    expect(isBackupDue(new Date("2026-11-27T12:00:00Z"), now, day)).toBe(true);
    expect(isBackupDue(new Date("2026-11-27T12:00:01Z"), now, day)).toBe(false);
  });

  it("keeps the newest BACKUP_KEEP backups and never touches other files", () => {
    const names = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"].map((day) => backupFileName(new Date(`${day}T03:00:00Z`)));
    expect(names[0]).toBe("rihla-20261120T030000Z.backup");
    const listing = ["notes.txt", "rihla-manual.backup", ...[...names].reverse()];
    expect(backupsToRemove(listing, 2)).toEqual([names[0], names[1]]);
    expect(backupsToRemove(listing, 10)).toEqual([]);
  });
});
