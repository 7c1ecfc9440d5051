/**
 * Backups while the store runs (issue #31): `npm run backup` reaches the running e2e server over its
 * operator channel, which snapshots its embedded database, verifies it in a scratch database and writes
 * it encrypted; the console's Today page then shows that last good backup, in English and Arabic,
 * JavaScript on and off. A command given another database than the server's is refused.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";
import { adminText, signInAsNewStaff } from "./staff";

const run = promisify(execFile);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";
const BACKUP_KEY = "an-e2e-backup-key-of-more-than-32-characters";

async function backup(to: string, env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run("node_modules/.bin/tsx", ["scripts/backup.ts", "--to", to], { env: { ...process.env, DATA_DIR, NODE_ENV: "production", BACKUP_KEY, ...env } });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

test("npm run backup while the store runs writes a verified backup, and Today shows it", async ({ page }) => {
  test.setTimeout(180_000);
  const folder = mkdtempSync(path.join(os.tmpdir(), "rihla-e2e-backup-"));
  const taken = await backup(folder);
  expect(taken.code, taken.stderr).toBe(0);
  // Through the server: no fallback to opening the (locked) database folder.
  expect(taken.stderr).not.toContain("using the database directly");
  const [file] = readdirSync(folder);
  expect(file).toMatch(/^rihla-\d{8}T\d{6}Z\.backup$/);
  expect(taken.stdout).toContain(path.join(folder, file!));
  expect(taken.stdout).toMatch(/verified by restoring it into a scratch database: orders \d+, .*products \d+/);

  // Another database than the server's: refused, nothing written.
  const elsewhere = await backup(folder, { DATABASE_URL: "postgres://rihla@127.0.0.1:1/another" });
  expect(elsewhere.code).toBe(1);
  expect(elsewhere.stderr).toContain("uses pglite:");
  expect(readdirSync(folder)).toEqual([file]);

  for (const lang of ["en", "ar"] as const) {
    await signInAsNewStaff(page, "admin", lang, `backup-${lang}`);
    await page.goto("/admin");
    const status = page.getByTestId("backup-status");
    await expect(status).toContainText(adminText(lang, "backups.lastGood"));
    // No schedule on the suite's server: a note, not an alarm; the backup just taken is the last good one.
    await expect(status).toContainText(adminText(lang, "backups.off"));
    await expect(status).not.toHaveAttribute("role", "alert");
    if (test.info().project.use.javaScriptEnabled) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `docs/screenshots/admin-today-backups-${lang}-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.context().clearCookies();
  }
});
