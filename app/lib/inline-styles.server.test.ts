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

  function publicDir(files: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "rihla-styles-"));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  }

  it("reads a built stylesheet once and keeps its text", () => {
    const dir = publicDir({ "build/_assets/app-ABC.css": "body{margin:0}" });
    const read = createStylesheetReader({ publicDir: dir, enabled: true });
    expect(read("/build/_assets/app-ABC.css")).toBe("body{margin:0}");
    // Fingerprinted files never change: the second read is the remembered text.
    writeFileSync(path.join(dir, "build/_assets/app-ABC.css"), "changed");
    expect(read("/build/_assets/app-ABC.css")).toBe("body{margin:0}");
  });

  it("keeps the text from closing the <style> element early", () => {
    const dir = publicDir({ "build/_assets/x-1.css": '.a::after{content:"</style><script>"}' });
    const read = createStylesheetReader({ publicDir: dir, enabled: true });
    expect(read("/build/_assets/x-1.css")).not.toMatch(/<\/style/i);
  });

  it("declines what is not a built stylesheet, a missing file, and everything outside production", () => {
    const dir = publicDir({ "secret.css": "x", "build/_assets/app-ABC.css": "body{}" });
    const read = createStylesheetReader({ publicDir: dir, enabled: true });
    expect(read("/secret.css")).toBeNull();
    expect(read("/build/../secret.css")).toBeNull();
    expect(read("/build/_assets/missing.css")).toBeNull();
    expect(read("https://example.com/build/a.css")).toBeNull();
    expect(createStylesheetReader({ publicDir: dir, enabled: false })("/build/_assets/app-ABC.css")).toBeNull();
  });
});
