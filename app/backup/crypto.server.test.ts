import { describe, expect, it } from "vitest";
import { BackupIntegrityError, BackupKeyError, backupKeyFrom, decryptBackup, encryptBackup } from "./crypto.server";

const KEY = "k".repeat(24) + "-backup-key-0001";
const OTHER_KEY = "o".repeat(24) + "-backup-key-0002";
const plain = Buffer.from("orders, invoices and payments ".repeat(100));

describe("backup encryption", () => {
  it("round-trips with the same key and does not contain the plain text", () => {
    const sealed = encryptBackup(plain, KEY);
    expect(sealed.includes(Buffer.from("invoices"))).toBe(false);
    expect(decryptBackup(sealed, KEY).equals(plain)).toBe(true);
  });

  it("refuses a wrong key", () => {
    expect(() => decryptBackup(encryptBackup(plain, KEY), OTHER_KEY)).toThrow(BackupIntegrityError);
  });

  it("detects a changed byte anywhere in the file", () => {
    const sealed = encryptBackup(plain, KEY);
    for (const at of [10, 30, 100, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[at] = (tampered[at] ?? 0) ^ 1;
      expect(() => decryptBackup(tampered, KEY)).toThrow(BackupIntegrityError);
    }
  });

  it("refuses a truncated or foreign file", () => {
    const sealed = encryptBackup(plain, KEY);
    expect(() => decryptBackup(sealed.subarray(0, 20), KEY)).toThrow(BackupIntegrityError);
    expect(() => decryptBackup(Buffer.from("PGDMP not ours"), KEY)).toThrow(BackupIntegrityError);
  });

  it("two backups of the same data differ (fresh salt and IV)", () => {
    expect(encryptBackup(plain, KEY).equals(encryptBackup(plain, KEY))).toBe(false);
  });

  it("has no default key: refuses an unset or short BACKUP_KEY clearly", () => {
    expect(() => backupKeyFrom({})).toThrow(/BACKUP_KEY is not set/);
    expect(() => backupKeyFrom({ BACKUP_KEY: "short" })).toThrow(BackupKeyError);
    expect(backupKeyFrom({ BACKUP_KEY: KEY })).toBe(KEY);
  });
});
