/**
 * Operator commands while the store runs (on PGlite, whose one-process lock used to mean stopping the
 * store): `npm run octo:key` reaches the running e2e server over its local operator channel to create a
 * reseller key that works at once, list it, and revoke it (refused from then on).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "./fixtures";

const run = promisify(execFile);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";

/** `npm run octo:key -- …` (through tsx directly, as npm would) against the suite's data folder. */
async function octoKey(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run("node_modules/.bin/tsx", ["scripts/octo-key.ts", ...args], { env: { ...process.env, DATA_DIR, NODE_ENV: "production" } });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

test("npm run octo:key creates, lists and revokes a reseller key while the server runs", async ({ request }) => {
  test.setTimeout(90_000);
  const reseller = `CLI Reseller ${Date.now()}`;
  const created = await octoKey("--reseller", reseller, "--expires", "2099-12-31", "--rate-limit", "600");
  expect(created.code, created.stderr).toBe(0);
  // Through the server: no fallback to opening the (locked) database folder.
  expect(created.stderr).not.toContain("using the database directly");
  const keyId = /Key id:\s+(\S+)/.exec(created.stdout)?.[1];
  const key = created.stdout.trim().split("\n").pop()!;
  expect(keyId).toBeTruthy();

  const supplier = await request.get("/octo/v1/supplier", { headers: { Authorization: `Bearer ${key}` } });
  expect(supplier.status()).toBe(200);

  const listed = await octoKey("--list");
  expect(listed.code).toBe(0);
  expect(listed.stdout).toContain(`${keyId}`);
  expect(listed.stdout).toContain(reseller);

  const revoked = await octoKey("--revoke", keyId!);
  expect(revoked.code, revoked.stderr).toBe(0);
  expect((await request.get("/octo/v1/supplier", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(403);

  const refused = await octoKey("--expires", "2030-02-30", "--reseller", "X");
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain("is not a date");
});
