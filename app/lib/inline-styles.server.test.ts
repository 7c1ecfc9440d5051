import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createStylesheetReader } from "#app/lib/inline-styles.server";

describe("createStylesheetReader", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function clientDir(files: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "rihla-styles-"));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  }

  it("reads a built stylesheet once and keeps its text", () => {
    const dir = clientDir({ "assets/app-ABC.css": "body{margin:0}" });
    const read = createStylesheetReader({ clientDir: dir, enabled: true });
    expect(read("/assets/app-ABC.css")).toBe("body{margin:0}");
    // Fingerprinted files never change: the second read is the remembered text.
    writeFileSync(path.join(dir, "assets/app-ABC.css"), "changed");
    expect(read("/assets/app-ABC.css")).toBe("body{margin:0}");
  });

  it("keeps the text from closing the <style> element early", () => {
    const dir = clientDir({ "assets/x-1.css": '.a::after{content:"</style><script>"}' });
    const read = createStylesheetReader({ clientDir: dir, enabled: true });
    expect(read("/assets/x-1.css")).not.toMatch(/<\/style/i);
  });

  it("declines what is not a built stylesheet, a missing file, and everything outside production", () => {
    const dir = clientDir({ "secret.css": "x", "assets/app-ABC.css": "body{}" });
    const read = createStylesheetReader({ clientDir: dir, enabled: true });
    expect(read("/secret.css")).toBeNull();
    expect(read("/assets/../secret.css")).toBeNull();
    expect(read("/assets/missing.css")).toBeNull();
    expect(read("https://example.com/assets/a.css")).toBeNull();
    expect(createStylesheetReader({ clientDir: dir, enabled: false })("/assets/app-ABC.css")).toBeNull();
  });
});
