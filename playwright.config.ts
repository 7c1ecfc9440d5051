import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { ALLOCATOR_ENV } from "./server/allocator.js";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * The suites run a tag manager (TAG_MANAGER_ID below), so every page would ask about cookies first.
 * Every browser starts as a visitor who already answered "no"; the tests about the banner and the tag
 * manager clear or change this cookie (tests/fixtures.ts: `consentCookie`).
 */
const ANSWERED_CONSENT = { name: "rihla_consent", value: "denied", domain: "127.0.0.1", path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" as const };

/**
 * Debian's Chromium: Playwright cannot download its own browser on these machines. Its headless shell
 * (package chromium-headless-shell, the "old headless" Playwright itself runs by default) when installed:
 * the full browser spends two to four times the CPU on every new context and page load, which on two
 * cores tripled the suite's time. CHROMIUM_PATH chooses another binary.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

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

/**
 * The full browser, for the suites that compare screenshots (tests/visual.spec.ts): their references
 * were drawn by it, and the headless shell antialiases text differently.
 */
export const FULL_CHROMIUM_LAUNCH = { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "tests",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  // In CI (.ci/run) a failed test runs once more and is reported as flaky, never hidden: a click that
  // lands while the page hydrates can still be lost on two busy cores (tests/accounts.spec.ts, reset password).
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results",
  use: {
    baseURL: BASE_URL,
    headless: true,
    locale: "en-US",
    trace: "retain-on-failure",
    storageState: { cookies: [ANSWERED_CONSENT], origins: [] },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
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
      // The server as `npm start` runs it (glibc's malloc settings are read at its start).
      ...ALLOCATOR_ENV,
      PORT: String(PORT),
      NODE_ENV: "production",
      SITE_URL: BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".cache/e2e-data",
      // tests/booking.spec.ts moves holds, prices and supplier decisions through /api/test/commerce.
      COMMERCE_TEST_HOOKS: "1",
      // tests/layouts.spec.ts previews each layout with /api/preview-layout's signed cookie.
      LAYOUT_PREVIEW: "1",
      // Every browser of the suite is one client address on a data folder kept between runs.
      PAY_LATER_MAX_PER_ADDRESS: "100000",
      // The suites stand in for a load balancer: each test sends its own X-Forwarded-For.
      TRUST_PROXY: "1",
      // A tag manager container (the seed ships none): the consent banner and GTM tests route its host to a stand-in.
      TAG_MANAGER_ID: "GTM-RIHLA01",
    },
  },
});
