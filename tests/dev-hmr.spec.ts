/**
 * `npm run dev` (scripts/dev.js: Vite's dev server inside server.js): an edited component changes in
 * the open page without a reload (hot module reload through Vite's websocket on the server's own port,
 * under the page's CSP). The dev server runs from the sources on its own small catalogue and data
 * folder; the component's file is put back as it was, whatever happens.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

const DEV_PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const DEV_URL = `http://127.0.0.1:${DEV_PORT}`;
const COMPONENT = path.resolve("app/components/skip-link.tsx");

async function waitForHealth(server: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the dev server exited with ${server.exitCode}`);
    const healthy = await fetch(`${DEV_URL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the dev server did not start");
}

test("npm run dev: an edited component changes in the open page without a reload", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "hot module reload is JavaScript's");
  // A cold dev server compiles each module on its first request: slow on two busy cores, once.
  test.setTimeout(360_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rihla-dev-"));
  const original = readFileSync(COMPONENT, "utf8");
  const server = spawn(process.execPath, [path.resolve("scripts/dev.js")], {
    env: { ...process.env, NODE_ENV: "development", PORT: String(DEV_PORT), SITE_URL: DEV_URL, DATA_DIR: dataDir, CATALOGUE_SCALE: "40" },
    stdio: "ignore",
  });
  try {
    await waitForHealth(server, Date.now() + 180_000);
    await page.goto(`${DEV_URL}/faq`);
    const hydrated = () => page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 90_000 });
    // On a cold first start Vite finds the browser's packages page by page and pre-bundles them again; the
    // first page can be left unhydrated by modules it asked for before that (as a developer sees, a reload
    // mends it). Hot reload, what this test is about, starts from a hydrated page.
    await hydrated().catch(async () => {
      await page.reload();
      await hydrated();
    });
    // Vite may still be optimizing a dependency it met on the way (it then reloads the page once).
    await page.waitForLoadState("networkidle");
    await expect(page.locator("a.skip-link")).toBeAttached();
    // A mark on this document: a full reload would make a new one without it.
    await page.evaluate(() => ((window as unknown as { keptAcrossEdit: boolean }).keptAcrossEdit = true));

    const edited = original.replace('<a className="skip-link"', '<a className="skip-link" data-edited="yes"');
    expect(edited, "the component this test edits has changed: edit another line").not.toBe(original);
    writeFileSync(COMPONENT, edited);
    await expect(page.locator('a.skip-link[data-edited="yes"]')).toBeAttached({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { keptAcrossEdit?: boolean }).keptAcrossEdit)).toBe(true);
  } finally {
    writeFileSync(COMPONENT, original);
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
