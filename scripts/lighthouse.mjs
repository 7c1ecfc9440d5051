// `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on a production build, with Debian's
// Chromium, as a visitor on a phone would see the pages. Not a test: it prints each page's median of
// three runs for the notes: one table of page × locale × layout → performance, LCP, CLS, TBT (and the
// other categories).
//
//   npm run lighthouse                      home, city listing and detail in en and ar, in the default
//                                           layout and two others (transparent, template-two)
//   npm run lighthouse -- --layouts default,deira,one      which layouts (app/layouts/layouts.ts)
//   npm run lighthouse -- --pages home,detail --locales ar  a part of the table
//   npm run lighthouse -- --booking         also the booking path: cart, checkout, sign-in, Your Booking
//   npm run lighthouse -- --runs 1          one run per page (quicker, noisier)
//   npm run lighthouse -- --why             after each row, the performance audits that cost score
//   LIGHTHOUSE_ORIGIN=http://host:port      measure a server that is already running instead of starting one
//
// It starts `node server.js` (NODE_ENV=production, a fresh DATA_DIR) unless LIGHTHOUSE_ORIGIN is set, and
// builds first (scripts/build.js) when there is no build, it is older than the sources, or it is the e2e
// build. Each layout is measured as visitors get it: the server restarts with LAYOUT_TYPE=<layout> on
// the same data (cached pages, as in production). Against a running server
// (LIGHTHOUSE_ORIGIN) a layout other than the configured one is previewed with the signed preview
// cookie instead (the server needs LAYOUT_PREVIEW=1; previewed pages skip the page cache).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIsStale } from "./build-state.js";

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf("--runs") + 1]) || 3;
const BOOKING = args.includes("--booking");
const WHY = args.includes("--why");
/** The value of `--name a,b,c` as a list, or the fallback. */
const listArg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1].split(",").filter(Boolean) : fallback);
const LAYOUTS = listArg("--layouts", ["default", "transparent", "template-two"]);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
const ORIGIN = process.env.LIGHTHOUSE_ORIGIN ?? `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const CITY = "/things-to-do-in-dubai";
const DETAIL = "/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment";
const ALL_PAGES = [
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
const PAGE_NAMES = listArg("--pages", null);
const PAGES = PAGE_NAMES ? ALL_PAGES.filter(([name]) => PAGE_NAMES.includes(name)) : ALL_PAGES;
const LOCALE_CODES = listArg("--locales", ["en", "ar"]);
const LOCALES = LOCALE_CODES.map((code) => [code, code === "en" ? "" : `/${code}`]);

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

let dataDir = null;
function startServer(layout) {
  // The build every other measurement uses (scripts/build.js, with the seed's worker), rebuilt by the same
  // rule: none, older than the sources, or the e2e build with its test routes, which is never measured.
  if (buildIsStale()) {
    const built = spawnSync(process.execPath, [path.resolve("scripts/build.js")], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production", RIHLA_TEST_ROUTES: "" } });
    if (built.status !== 0) process.exit(1);
  }
  // One database for every layout: seeded by the first start, reused by the next ones.
  dataDir ??= mkdtempSync(path.join(os.tmpdir(), "rihla-lighthouse-"));
  return spawn(process.execPath, ["server.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), SITE_URL: ORIGIN, DATA_DIR: dataDir, LAYOUT_TYPE: layout },
  });
}

async function stopServer(server) {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** The preview cookie for a layout on a running server (docs/decisions/004), or null for its own layout. */
async function previewCookie(layout) {
  if (!process.env.LIGHTHOUSE_ORIGIN || layout === "configured") return null;
  const response = await fetch(`${ORIGIN}/api/preview-layout`, { method: "POST", body: new URLSearchParams({ layout }), redirect: "manual" });
  const cookie = response.headers.get("set-cookie");
  if (response.status !== 303 || !cookie) throw new Error(`${ORIGIN} did not preview the layout ${layout} (${response.status}): start it with LAYOUT_PREVIEW=1`);
  return cookie.split(";")[0];
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

/** The performance audits that cost this run score, worst first (for `--why`). */
function costs(lhr) {
  return lhr.categories.performance.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "notApplicable")
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`)
    .concat(
      // What moved, when anything did.
      (lhr.audits["layout-shifts"]?.details?.items ?? []).map((item) => `shift ${item.score?.toFixed(3)}: ${item.node?.selector ?? "?"}${item.subItems?.items?.length ? ` (${item.subItems.items.map((sub) => sub.cause ?? sub.extra?.value ?? "").join(", ")})` : ""}`),
    );
}

async function measure(chrome, url, cookie) {
  const runs = [];
  // A trace Chromium failed to record (NO_NAVSTART, now and then) is run again, up to two extra times.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
    const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) };
    const result = await lighthouse(url, flags, undefined);
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
      tbt: audits["total-blocking-time"].numericValue ?? NaN,
      costs: costs(result.lhr),
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
    tbt: median(runs.map((run) => run.tbt)),
    costs: [...new Set(runs.flatMap((run) => run.costs))],
    failedA11y: [...new Set(runs.flatMap((run) => run.failedA11y))],
  };
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});
try {
  console.log(`Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : "one run"}, mobile, ${ORIGIN}`);
  console.log("| page | locale | layout | performance | LCP (s) | CLS | TBT (ms) | accessibility | best practices | SEO | failed accessibility audits |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const layout of LAYOUTS) {
    const server = process.env.LIGHTHOUSE_ORIGIN ? null : startServer(layout);
    try {
      await waitForServer();
      const cookie = await previewCookie(layout);
      for (const [name, pagePath] of PAGES) {
        for (const [locale, prefix] of LOCALES) {
          const url = `${ORIGIN}${prefix}${pagePath === "/" && prefix ? "" : pagePath}`;
          // Once before measuring, so the page cache holds the page as it would for any visitor after the first.
          await (await fetch(url, cookie ? { headers: { Cookie: cookie } } : undefined)).arrayBuffer();
          const score = await measure(chrome, url, cookie);
          console.log(`| ${name} | ${locale} | ${layout} | ${score.performance} | ${(score.lcp / 1000).toFixed(2)} | ${score.cls.toFixed(3)} | ${Math.round(score.tbt)} | ${score.accessibility} | ${score.bestPractices} | ${score.seo} | ${score.failedA11y.join(", ") || "none"} |`);
          if (WHY && score.costs.length) console.log(`|   | costs: ${score.costs.join("; ")} | | | | | | | | | |`);
        }
      }
    } finally {
      await stopServer(server);
    }
  }
} finally {
  await chrome.kill();
}
