// `node scripts/first-load-js.mjs`: the first-load JavaScript of the storefront's main pages, in gzip
// bytes. Budget (issue #19): ≤ 120 KB on home, a city listing and a product page. Not a test: it prints
// a table. It builds for production (skip with FIRST_LOAD_NO_BUILD=1), starts server.js on a throwaway
// data folder (or measures FIRST_LOAD_ORIGIN if given), fetches each page and sums the gzip size of every
// script the document loads: <link rel="modulepreload">, <script src>, the module imports inlined in
// <script type="module">, and every static `import … from "./…"` of those files, transitively.
// Dynamic import() targets are not counted: they load on interaction, not on first load. The one
// exception is shown apart: the page language's strings, which app/entry.client.tsx imports before it
// hydrates ("+ strings").
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const PORT = Number(process.env.FIRST_LOAD_PORT ?? 4426);
const ORIGIN = process.env.FIRST_LOAD_ORIGIN ?? `http://127.0.0.1:${PORT}`;
const BUDGET_KB = 120;

/** Pages measured: path below the origin, and a label. Product slugs come from the seed. */
const PAGES = [
  ["/", "home (en)"],
  ["/ar", "home (ar)"],
  ["/things-to-do-in-dubai", "city listing (en)"],
  ["/ar/things-to-do-in-dubai", "city listing (ar)"],
];

async function text(url) {
  const response = await fetch(url, { redirect: "follow" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/** The first product page linked from a listing, so the script needs no knowledge of the seed's slugs. */
async function firstProductPath(listingPath) {
  const html = await text(ORIGIN + listingPath);
  const match = html.match(/href="(\/(?:ar\/)?[a-z0-9-]+\/[a-z0-9-]+)"/g) ?? [];
  for (const attribute of match) {
    const href = attribute.slice(6, -1);
    if (/^\/(ar\/)?things-to-do-in-[a-z-]+\/[a-z0-9-]+$/.test(href)) return href;
  }
  return null;
}

function scriptsOf(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)) {
    const href = m[0].match(/href="([^"]+)"/);
    if (href) urls.add(href[1]);
  }
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].matchAll(/import\s*(?:[^"']*?from\s*)?["']([^"']+)["']/g)) urls.add(i[1]);
  }
  return [...urls].filter((u) => !u.startsWith("http") || u.startsWith(ORIGIN));
}

const fileCache = new Map();
async function fileSize(url) {
  if (!fileCache.has(url)) {
    const body = await text(new URL(url, ORIGIN).href);
    const imports = [...body.matchAll(/(?:^|[;\s}])import\s*(?:[\w${},\s*]+?\s*from\s*)?"((?:\.{1,2}|\/build)\/[^"]+)"/g)].map((m) => new URL(m[1], new URL(url, ORIGIN)).pathname);
    fileCache.set(url, { gzip: gzipSync(body, { level: 9 }).length, raw: Buffer.byteLength(body), imports });
  }
  return fileCache.get(url);
}

/** The translation chunk entry.client imports for the document's language, and its static imports. */
async function stringsOf(html, counted) {
  const lang = html.match(/<html[^>]*lang="([a-z]+)"/)?.[1];
  const entry = [...counted].find((url) => url.includes("/entry.client-"));
  if (!lang || !entry) return 0;
  const body = await text(new URL(entry, ORIGIN).href);
  const chunk = body.match(new RegExp(`${lang}:\\(\\)=>import\\("([^"]+)"\\)`))?.[1];
  if (!chunk) return 0;
  return (await walk([chunk], counted)).gzip;
}

async function measure(pagePath) {
  const html = await text(ORIGIN + pagePath);
  const result = await walk(scriptsOf(html), new Set());
  return { ...result, strings: await stringsOf(html, result.seen) };
}

async function walk(urls, seen) {
  const queue = urls.map((u) => new URL(u, ORIGIN).pathname);
  let gzip = 0;
  let raw = 0;
  const files = [];
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const file = await fileSize(url);
    gzip += file.gzip;
    raw += file.raw;
    files.push([url, file.gzip]);
    queue.push(...file.imports);
  }
  return { gzip, raw, files, seen };
}

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("server did not start");
}

let server = null;
if (!process.env.FIRST_LOAD_ORIGIN) {
  if (!process.env.FIRST_LOAD_NO_BUILD) {
    const built = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  server = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: mkdtempSync(path.join(tmpdir(), "first-load-")) },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
try {
  await waitForServer();
  const pages = [...PAGES];
  for (const listing of ["/things-to-do-in-dubai", "/ar/things-to-do-in-dubai"]) {
    const product = await firstProductPath(listing);
    if (product) pages.push([product, `product page (${listing.startsWith("/ar") ? "ar" : "en"})`]);
  }
  const verbose = process.argv.includes("--files");
  console.log(`first-load JavaScript (gzip -9), budget ${BUDGET_KB} KB`);
  for (const [pagePath, label] of pages) {
    const { gzip, raw, files, strings } = await measure(pagePath);
    const kb = gzip / 1024;
    console.log(`${label.padEnd(22)} ${kb.toFixed(1).padStart(7)} KB gzip ${(raw / 1024).toFixed(0).padStart(6)} KB raw  ${files.length} files  ${kb <= BUDGET_KB ? "ok  " : "OVER"}  + strings ${(strings / 1024).toFixed(1)} KB  ${pagePath}`);
    if (verbose) for (const [url, size] of files.sort((a, b) => b[1] - a[1])) console.log(`    ${(size / 1024).toFixed(1).padStart(6)} KB  ${url}`);
  }
} finally {
  server?.kill();
}
