// `npm run bench`: the performance budgets, measured on this machine. Not a test: it prints tables of
// percentiles and ratios for the notes. Sections:
//   1. catalogue queries at 3k / 20k / 100k experiences, and reserve/confirm (scripts/bench-catalogue.ts)
//   2. server-rendered pages under 50 concurrent clients vs a static file of the same size (autocannon)
// Run one section with `npm run bench -- pages` or `npm run bench -- catalogue`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

const section = process.argv[2];
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

/** Pages measured: path below the origin, and a label. */
const PAGES = [
  ["/", "home (en)"],
  ["/ar", "home (ar)"],
  ["/things-to-do-in-dubai?sort=price-asc&duration=1-4h&rating=4", "city listing, filtered"],
  ["/faq", "faq"],
];

function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function load(url, extraHeaders = {}) {
  const latencies = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: { "accept-encoding": "gzip", ...extraHeaders } });
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 0.5).toFixed(1),
    p95: percentile(latencies, 0.95).toFixed(1),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function waitForServer() {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start");
}

async function benchPages() {
  if (!existsSync("build/index.js")) {
    const built = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (built.status !== 0) process.exit(1);
  }
  const server = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: process.env.BENCH_DATA_DIR ?? ".cache/bench-data" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer();
    mkdirSync("public/generated/bench", { recursive: true });
    const rows = [];
    for (const [pagePath, label] of PAGES) {
      const response = await fetch(ORIGIN + pagePath);
      const html = await response.text();
      if (!response.ok) {
        rows.push(`| ${label} | ${response.status} | – | – | – | – | – |`);
        continue;
      }
      // A static file of the same size, served by the same process, is the yardstick.
      const staticName = `same-size-${Buffer.byteLength(html)}.html`;
      writeFileSync(path.join("public/generated/bench", staticName), html);
      await load(ORIGIN + pagePath); // warm caches and the JIT before measuring
      const page = await load(ORIGIN + pagePath);
      const file = await load(`${ORIGIN}/generated/bench/${staticName}`);
      // A personal cookie makes every request render: the cost of the page without the page cache.
      const rendered = await load(ORIGIN + pagePath, { cookie: "rihla_flash=bench" });
      rows.push(
        `| ${label} | ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB | ${page.rps.toFixed(0)} | ${page.p50} / ${page.p95} ms | ${file.rps.toFixed(0)} | ${((page.rps / file.rps) * 100).toFixed(0)} % | ${rendered.rps.toFixed(0)} | ${rendered.p50} / ${rendered.p95} ms | ${page.non2xx + page.errors + rendered.errors} |`,
      );
    }
    console.log(`\n### Server-rendered pages, ${CONNECTIONS} concurrent clients, ${DURATION_SECONDS} s each (production build)\n`);
    console.log("| page | size | cached req/s | cached p50 / p95 | static file req/s | cached / static | rendered req/s | rendered p50 / p95 | errors |");
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const row of rows) console.log(row);
  } finally {
    server.kill("SIGTERM");
  }
}

function benchCatalogue() {
  if (!existsSync("scripts/bench-catalogue.ts")) return;
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/bench-catalogue.ts"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function benchOrders() {
  // Placing an order and handling a payment webhook, on the seeded test database (scripts/bench-orders.ts).
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/bench-orders.ts"], { stdio: "inherit" });
  if (result.status !== 0) process.exitCode = 1;
}

if (!section || section === "catalogue") benchCatalogue();
if (!section || section === "pages") await benchPages();
if (!section || section === "orders") benchOrders();
