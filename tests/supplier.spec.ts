import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "./fixtures";

/**
 * The same build configured as a supplier storefront: a second server process with
 * STOREFRONT_TYPE=supplier, so the rules that depend on the storefront type are seen end to end.
 */
let server: ChildProcess | undefined;
let origin = "";

// Both tests share one server per worker; its first start seeds a database of its own.
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, workerInfo) => {
  test.setTimeout(240_000);
  const port = 3200 + workerInfo.workerIndex;
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), SITE_URL: origin, STOREFRONT_TYPE: "supplier", DATA_DIR: `.cache/e2e-supplier-${workerInfo.workerIndex}` },
    stdio: "ignore",
  });
  for (let attempt = 0; attempt < 900; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the supplier storefront did not start");
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

test("a city/product path goes to the experience page on a supplier storefront", async ({ page }) => {
  await page.goto(`${origin}/ru/dubai/desert-safari`);
  await expect(page).toHaveURL(`${origin}/ru/experiences/desert-safari`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
});

test("the supplier storefront lists 'experiences' in its navigation and routes", async ({ page, request }) => {
  const response = await request.get(`${origin}/things-to-do`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/experiences");
  await page.goto(`${origin}/`);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Experiences" })).toHaveAttribute("href", "/experiences");
});
