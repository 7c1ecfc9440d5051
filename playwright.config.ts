import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

export default defineConfig({
  testDir: "tests",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results",
  use: {
    baseURL: BASE_URL,
    headless: true,
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  // Every flow runs twice: with JavaScript, and without it (the storefront must work either way).
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node server.js",
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      NODE_ENV: "production",
      SITE_URL: BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".cache/e2e-data",
      // tests/booking.spec.ts moves holds, prices and supplier decisions through /api/test/commerce.
      COMMERCE_TEST_HOOKS: "1",
      // tests/layouts.spec.ts previews each layout with /api/preview-layout's signed cookie.
      LAYOUT_PREVIEW: "1",
      // Tests act as a load balancer: each sends its own X-Forwarded-For so per-IP rate limits never couple them.
      TRUST_PROXY: "1",
    },
  },
});
