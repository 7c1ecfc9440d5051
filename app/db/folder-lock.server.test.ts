import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseInUseError, lockFolder } from "./folder-lock.server";

describe("embedded database folder lock", () => {
  it("refuses a folder another live process holds, and says who", () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), "lock-")), "pglite");
    // The parent of this test runner is alive for the whole test.
    writeFileSync(`${folder}.pid`, String(process.ppid));
    expect(() => lockFolder(folder)).toThrow(DatabaseInUseError);
    expect(() => lockFolder(folder)).toThrow(String(process.ppid));
  });

  it("takes over a lock left by a process that is gone, and gives it back", () => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), "lock-")), "pglite");
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    writeFileSync(`${folder}.pid`, gone);
    const release = lockFolder(folder);
    expect(readFileSync(`${folder}.pid`, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(`${folder}.pid`)).toBe(false);
  });
});
