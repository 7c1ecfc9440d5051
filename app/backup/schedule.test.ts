import { describe, expect, it } from "vitest";
import { backupFileName, backupsToRemove, isBackupDue, parseBackupEvery, parseBackupKeep } from "./schedule";

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

  it("reads BACKUP_KEEP with a default of 7 and refuses 0", () => {
    expect(parseBackupKeep(undefined)).toBe(7);
    expect(parseBackupKeep("3")).toBe(3);
    expect(() => parseBackupKeep("0")).toThrow(/BACKUP_KEEP/);
    expect(() => parseBackupKeep("two")).toThrow(/BACKUP_KEEP/);
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
