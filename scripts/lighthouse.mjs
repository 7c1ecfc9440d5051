// `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on a production build, with Debian's
// Chromium, as a visitor on a phone would see the pages. Not a test: it prints each page's median of
// three runs (performance, accessibility, best practices, SEO, LCP and CLS) for the notes.
//
//   npm run lighthouse                      home, city listing and detail in en and ar, default layout
//   npm run lighthouse -- --booking         also the booking path: cart, checkout, sign-in, Your Booking
//   npm run lighthouse -- --runs 1          one run per page (quicker, noisier)
//   LIGHTHOUSE_ORIGIN=http://host:port      measure a server that is already running instead of starting one
//
// It starts `node server.js` (NODE_ENV=production, a fresh DATA_DIR) unless LIGHTHOUSE_ORIGIN is set, and
// builds first when there is no build.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf("--runs") + 1]) || 3;
const BOOKING = args.includes("--booking");
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
const ORIGIN = process.env.LIGHTHOUSE_ORIGIN ?? `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const CITY = "/things-to-do-in-dubai";
const DETAIL = "/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment";
const PAGES = [
  ["home", "/"],
  ["listing", CITY],
  ["detail", DETAIL],
  ...(BOOKING
    ? [
        ["cart", "/cart"],
        ["checkout", "/checkout"],
        ["sign-in", "/auth/login"],
        ["your booking", "/invoices"],
      ]
    : []),
];
const LOCALES = [
  ["en", ""],
  ["ar", "/ar"],
];

async function waitForServer() {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${ORIGIN} did not start`);
}

function startServer() {
  if (!existsSync("build/index.js")) {
    const built = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (built.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rihla-lighthouse-"));
  return spawn(process.execPath, ["server.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), SITE_URL: ORIGIN, DATA_DIR: dataDir },
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

async function measure(chrome, url) {
  const runs = [];
  // A trace Chromium failed to record (NO_NAVSTART, now and then) is run again, up to two extra times.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] }, undefined);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) {
      console.error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      continue;
    }
    if (process.env.LIGHTHOUSE_VERBOSE) {
      for (const audit of Object.values(audits)) {
        if (audit.score === 0 && categories.accessibility.auditRefs.some((ref) => ref.id === audit.id)) console.error(url, audit.id, JSON.stringify(audit.details?.items?.slice(0, 3) ?? []).slice(0, 800));
      }
    }
    runs.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories["best-practices"].score * 100),
      seo: Math.round(categories.seo.score * 100),
      lcp: audits["largest-contentful-paint"].numericValue ?? NaN,
      cls: audits["cumulative-layout-shift"].numericValue ?? NaN,
      failedA11y: Object.values(audits)
        .filter((audit) => audit.score === 0 && result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id))
        .map((audit) => audit.id),
    });
  }
  return {
    performance: median(runs.map((run) => run.performance)),
    accessibility: median(runs.map((run) => run.accessibility)),
    bestPractices: median(runs.map((run) => run.bestPractices)),
    seo: median(runs.map((run) => run.seo)),
    lcp: median(runs.map((run) => run.lcp)),
    cls: median(runs.map((run) => run.cls)),
    failedA11y: [...new Set(runs.flatMap((run) => run.failedA11y))],
  };
}

const server = process.env.LIGHTHOUSE_ORIGIN ? null : startServer();
try {
  await waitForServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
  try {
    console.log(`Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : "one run"}, mobile, ${ORIGIN}`);
    console.log("| page | locale | performance | accessibility | best practices | SEO | LCP (s) | CLS | failed accessibility audits |");
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const [name, pagePath] of PAGES) {
      for (const [locale, prefix] of LOCALES) {
        const url = `${ORIGIN}${prefix}${pagePath === "/" && prefix ? "" : pagePath}`;
        const score = await measure(chrome, url);
        console.log(`| ${name} | ${locale} | ${score.performance} | ${score.accessibility} | ${score.bestPractices} | ${score.seo} | ${(score.lcp / 1000).toFixed(2)} | ${score.cls.toFixed(3)} | ${score.failedA11y.join(", ") || "none"} |`);
      }
    }
  } finally {
    await chrome.kill();
  }
} finally {
  server?.kill();
}
