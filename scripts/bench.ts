/**
 * `npm run bench`: the performance budgets measured on this machine, printed as ONE markdown table
 * (section | figure | value | goal | pass). Not a test: timings are the machine's, never asserted.
 *
 *   npm run bench                              catalogue, pages, javascript, images, orders
 *   npm run bench -- pages                     one section (pages also runs javascript and images)
 *   npm run bench -- catalogue,orders --write  and write docs/benchmarks.md with the machine it ran on
 *   npm run bench -- scale                     100,000 experiences (scripts/bench-scale.ts; slow, never by default)
 *   npm run bench -- all --json                every section; the figures as contract lines instead of the table
 *
 * Sections: `catalogue` (scripts/bench-catalogue.ts), `orders` (scripts/bench-orders.ts) and `scale`
 * (scripts/bench-scale.ts) run as child processes that print each figure as a JSON line on stdout
 * (the contract in scripts/bench-report.ts); `pages`, `javascript` and `images` run here, against the
 * production build served by `server.js` in a child process on BENCH_PORT with a fresh DATA_DIR.
 *
 * Pages, cached (home en and ar, a filtered city listing, a detail page): each measured with autocannon
 * at 50 connections for BENCH_SECONDS (default 8) after a warm-up, against a static file of the same
 * bytes served by the same server (the anchor, measured before and after the page and averaged; a drift
 * over 25 % is noted), with `Accept-Encoding: gzip` on both.
 *
 * Pages, uncached (home, a city listing, a filtered listing and a detail page, in en and ar): measured as
 * a visitor the page cache cannot serve gets them, and as a measurement from outside does — against a
 * second server on the same data with PAGE_CACHE=off, anonymous, with no Accept-Encoding (what
 * autocannon sends by default), beside the same page's HTML as a static file in public/ served by that
 * server the same way (same bytes, no compression on either: compressing is a cost both would pay per
 * request, and it made the anchor 4–5 times slower, which hid most of the render's cost: issue 34).
 * Every answer counts, the first ones of each run included (new connections are part of the load);
 * p50/p95/p99 come from every response's latency; any socket error, timeout or non-2xx fails the figure.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { imageUrl } from "#app/lib/images";
import { chromium, type Browser } from "playwright-core";
import { type ProductionServer, withProductionServer } from "./production-build";
import { benchmarksDocument, describeMachine, type Figure, type FigureExtras, figure, formatTable, generatedImages, ipxUrls, parseFigureLines, type Unit } from "./bench-report";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    write: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    note: { type: "string" },
  },
});

const SECTIONS = ["catalogue", "pages", "javascript", "images", "orders", "scale"] as const;
type Section = (typeof SECTIONS)[number];
const DEFAULT_SECTIONS: Section[] = ["catalogue", "pages", "javascript", "images", "orders"];

function selectedSections(): Section[] {
  const names = positionals.flatMap((argument) => argument.split(",")).map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return DEFAULT_SECTIONS;
  const chosen = new Set<Section>();
  for (const name of names) {
    if (name === "all") SECTIONS.forEach((section) => chosen.add(section));
    else if (name === "pages") ["pages", "javascript", "images"].forEach((section) => chosen.add(section as Section));
    else if ((SECTIONS as readonly string[]).includes(name)) chosen.add(name as Section);
    else {
      console.error(`unknown section ${JSON.stringify(name)}; sections: ${SECTIONS.join(", ")}, all`);
      process.exit(2);
    }
  }
  return SECTIONS.filter((section) => chosen.has(section));
}

const sections = selectedSections();
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = Math.min(3, Math.max(1, Math.round(SECONDS / 3)));
const CONNECTIONS = 50;
/** A personal cookie (app/lib/http.ts PERSONAL_COOKIES): the page cache steps aside and the page renders (the image burst's visitor). */
const PERSONAL_COOKIE = "rihla_flash=bench";
/** The uncached pages' server: the same data, no page cache. */
const UNCACHED_PORT = PORT + 1;
const STATIC_DIR = "public/generated/bench";

const figures: Figure[] = [];
const log = (message: string) => process.stderr.write(`${message}\n`);

function add(section: string, name: string, value: number, unit: Unit, goal: string | null, extras: FigureExtras = {}) {
  const line = figure(section, name, value, unit, goal, extras);
  figures.push(line);
  return line;
}

// ---------------------------------------------------------------------------------------------------
// Sections run as child processes (the contract: figures as JSON lines on stdout)

function runSectionScript(section: Section, script: string, args: string[] = []): Promise<void> {
  return new Promise((resolve) => {
    log(`\n## ${section}: tsx ${script} ${args.join(" ")}`);
    const child = spawn(path.resolve("node_modules/.bin/tsx"), [script, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let pending = "";
    let count = 0;
    const take = (line: string) => {
      const { figures: found, other } = parseFigureLines(line);
      for (const line of found) {
        figures.push(line);
        count += 1;
        log(`  ${line.figure}: ${line.value} ${line.unit}${line.goal ? ` (goal ${line.goal}: ${line.pass ? "pass" : "FAIL"})` : ""}`);
      }
      for (const text of other) log(text);
    };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      lines.forEach(take);
    });
    child.on("close", (code, signal) => {
      take(pending);
      if (code !== 0 || count === 0) {
        add(section, `${script} did not finish`, Number.NaN, "ms", null, { note: `exit ${code ?? signal}, ${count} figures` });
        figures[figures.length - 1]!.pass = false;
      }
      resolve();
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The server (production build, fresh data directory)

async function withServer(dataDir: string, work: (server: ProductionServer) => Promise<void>, options: { port?: number; env?: Record<string, string> } = {}) {
  await withProductionServer({ port: options.port ?? PORT, dataDir, env: options.env }, work);
}

// ---------------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

type Load = { rps: number; p50: number; p95: number; p99: number; samples: number; errors: number };

/** 50 connections for `seconds`; requests per second, and p50/p95/p99 over every response's latency. Gzip unless `headers` says otherwise (`"accept-encoding": ""`: none). */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const latencies: number[] = [];
  const sent = Object.fromEntries(Object.entries({ "accept-encoding": "gzip", ...headers }).filter(([, value]) => value !== ""));
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: sent });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    samples: latencies.length,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function warmAndLoad(url: string, headers: Record<string, string> = {}) {
  await load(url, headers, WARM_UP_SECONDS); // JIT, caches, connection pools
  return load(url, headers, SECONDS);
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

type Probe = { status: number; html: string; xCache: string | null; cacheControl: string | null };

async function probe(pagePath: string, headers: Record<string, string> = {}, origin = ORIGIN): Promise<Probe> {
  const response = await fetch(origin + pagePath, { redirect: "manual", headers });
  return { status: response.status, html: await response.text(), xCache: response.headers.get("x-cache"), cacheControl: response.headers.get("cache-control") };
}

/** The first detail-page link of a listing's HTML (`/things-to-do-in-{city}/{slug}`). */
function firstDetailLink(listingHtml: string, cityPath: string): string | null {
  const match = new RegExp(`href="(${cityPath}/[^"/?#]+)"`).exec(listingHtml);
  return match?.[1] ?? null;
}

type Page = { label: string; path: string };

const LISTING_PATH = "/things-to-do-in-dubai";
const FILTERED_LISTING = `${LISTING_PATH}?sort=price-asc&duration=1-4h&rating=4`;

async function pagesToMeasure(): Promise<Page[]> {
  const pages: Page[] = [
    { label: "home (en)", path: "/" },
    { label: "home (ar)", path: "/ar" },
    { label: "city listing, filtered", path: FILTERED_LISTING },
  ];
  const detail = firstDetailLink((await probe(LISTING_PATH)).html, LISTING_PATH);
  if (detail) pages.push({ label: "detail", path: detail });
  else add("pages", "detail page", Number.NaN, "ms", null, { note: `no detail link found on ${LISTING_PATH}` });
  return pages;
}

/** A static file of `html`'s bytes in public/ (served by express.static, as a copy placed there by hand would be). */
function staticCopy(label: string, html: string): string {
  mkdirSync(STATIC_DIR, { recursive: true });
  const staticPath = `/generated/bench/${label.replace(/\W+/g, "-")}-${Buffer.byteLength(html)}.html`;
  writeFileSync(path.join("public", staticPath), html);
  return staticPath;
}

/** The anchor measured before and after a page, and their mean taken: the machine may drift meanwhile. */
function anchorOf(before: Load, after: Load): { anchor: Load; driftNote: string | undefined } {
  const anchor: Load = { ...before, rps: (before.rps + after.rps) / 2, samples: Math.min(before.samples, after.samples), errors: before.errors + after.errors };
  const drift = Math.abs(before.rps - after.rps) / Math.max(before.rps, after.rps);
  return { anchor, driftNote: drift > 0.25 ? `noisy: the static file gave ${round(before.rps, 0)} then ${round(after.rps, 0)} req/s` : undefined };
}

const notes = (...candidates: Array<string | undefined>) => candidates.filter(Boolean).join("; ") || undefined;
/** Too few answers to measure (the window ended before responses came back) is a failure too. */
const emptyNote = (measured: Load, what: string) => (measured.samples < 20 ? `only ${measured.samples} ${what} answers in ${SECONDS} s` : undefined);

/** Pages from the page cache (gzip, as a browser asks), beside a static file of the same bytes. */
async function benchPages(pages: Page[]) {
  for (const page of pages) {
    log(`\n## pages: ${page.label} ${page.path}`);
    // Twice: the second answer of a cacheable page comes from the page cache.
    await probe(page.path);
    const cached = await probe(page.path);
    if (cached.status !== 200) {
      add("pages", `${page.label}: status`, Number.NaN, "ms", null, { note: `${page.path} answered ${cached.status}` });
      figures[figures.length - 1]!.pass = false;
      continue;
    }
    for (let i = 0; i < 5; i++) await probe(page.path);
    const cachedNote = cached.xCache === "HIT" ? undefined : `not from the page cache (X-Cache ${cached.xCache ?? "absent"}, Cache-Control ${cached.cacheControl})`;
    const staticPath = staticCopy(page.label, cached.html);
    const sizeKB = round(Buffer.byteLength(cached.html) / 1024);

    log(`  static file (${sizeKB} KB)…`);
    const before = await warmAndLoad(ORIGIN + staticPath);
    log(`  cached…`);
    const fromCache = await warmAndLoad(ORIGIN + page.path);
    log(`  static file again…`);
    const after = await load(ORIGIN + staticPath, {}, SECONDS);
    const { anchor, driftNote } = anchorOf(before, after);
    log(`  static ${round(before.rps, 0)} then ${round(after.rps, 0)} req/s, cached ${round(fromCache.rps, 0)} req/s`);

    const cachedNoteAll = notes(cachedNote, emptyNote(fromCache, "cached"), emptyNote(anchor, "static-file"));
    add("pages", `${page.label}, cached: throughput vs static file`, round((fromCache.rps / anchor.rps) * 100), "%", "≥ 50 %", {
      reqPerSec: round(fromCache.rps, 1),
      anchorReqPerSec: round(anchor.rps, 1),
      sizeKB,
      errors: fromCache.errors + anchor.errors,
      note: notes(cachedNoteAll, driftNote),
    });
    add("pages", `${page.label}, cached: latency p95`, round(fromCache.p95), "ms", "≤ 50 ms", { p50: round(fromCache.p50), samples: fromCache.samples, errors: fromCache.errors, note: cachedNoteAll });
    // A figure whose premise failed (not cached) does not pass.
    figures.slice(-2).forEach((line) => {
      if (cachedNoteAll && line.pass !== null) line.pass = false;
    });
  }
}

/** The uncached pages: home, a city listing, a filtered listing and a detail page, in en and ar. */
async function uncachedPagesToMeasure(origin: string): Promise<Page[]> {
  const pages: Page[] = [];
  for (const [code, prefix] of [["en", ""], ["ar", "/ar"]] as const) {
    const listing = `${prefix}${LISTING_PATH}`;
    pages.push({ label: `home (${code})`, path: prefix || "/" }, { label: `city listing (${code})`, path: listing }, { label: `city listing, filtered (${code})`, path: `${prefix}${FILTERED_LISTING}` });
    const detail = firstDetailLink((await probe(listing, {}, origin)).html, listing);
    if (detail) pages.push({ label: `detail (${code})`, path: detail });
    else add("pages", `detail (${code})`, Number.NaN, "ms", null, { note: `no detail link found on ${listing}` });
  }
  return pages;
}

/**
 * Rendered pages as a PAGE_CACHE=off server gives them to an anonymous visitor asking for no
 * compression (what a measurement from outside sends), beside the page's HTML as a static file served
 * by the same server the same way: same bytes, same (no) compression.
 */
async function benchUncachedPages(origin: string) {
  const identity = { "accept-encoding": "" };
  for (const page of await uncachedPagesToMeasure(origin)) {
    log(`\n## pages, uncached (PAGE_CACHE=off, anonymous, no compression): ${page.label} ${page.path}`);
    const first = await probe(page.path, {}, origin);
    if (first.status !== 200) {
      add("pages", `${page.label}, uncached: status`, Number.NaN, "ms", null, { note: `${page.path} answered ${first.status}` });
      figures[figures.length - 1]!.pass = false;
      continue;
    }
    // A few answers one at a time first: the route's modules, its data and the JIT warm before any load.
    for (let i = 0; i < 5; i++) await probe(page.path, {}, origin);
    const staticPath = staticCopy(`uncached ${page.label}`, first.html);
    const sizeKB = round(Buffer.byteLength(first.html) / 1024);
    log(`  static file (${sizeKB} KB)…`);
    const before = await warmAndLoad(origin + staticPath, identity);
    log(`  rendered…`);
    const rendered = await warmAndLoad(origin + page.path, identity);
    log(`  static file again…`);
    const after = await load(origin + staticPath, identity, SECONDS);
    const { anchor, driftNote } = anchorOf(before, after);
    log(`  static ${round(before.rps, 0)} then ${round(after.rps, 0)} req/s, rendered ${round(rendered.rps, 0)} req/s (p50 ${round(rendered.p50)} ms, p99 ${round(rendered.p99)} ms)`);

    const note = notes(emptyNote(rendered, "rendered"), emptyNote(anchor, "static-file"));
    add("pages", `${page.label}, uncached: throughput vs static file`, round((rendered.rps / anchor.rps) * 100), "%", "≥ 15 %", {
      reqPerSec: round(rendered.rps, 1),
      anchorReqPerSec: round(anchor.rps, 1),
      sizeKB,
      errors: rendered.errors + anchor.errors,
      note: notes(note, driftNote),
    });
    add("pages", `${page.label}, uncached: latency p99`, round(rendered.p99), "ms", "≤ 1,000 ms", { p50: round(rendered.p50), samples: rendered.samples, errors: rendered.errors, note: notes(note, `p95 ${round(rendered.p95)} ms`) });
    figures.slice(-2).forEach((line) => {
      if (note && line.pass !== null) line.pass = false;
    });
  }
}

/**
 * The gzip bytes of every script a first load of the page fetches in Chromium, as a visitor's phone
 * would, without touching the page: the HTML's modulepreloads and scripts, what they import, and what
 * starts loading on its own (the page language's translations, anything loaded when idle), until the
 * network has been quiet for half a second. What loads only on interaction is left out.
 */
async function firstLoadJavaScript(browser: Browser, pagePath: string): Promise<{ gzipped: number; files: Array<[string, number]>; failed: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const sizes = new Map<string, Promise<number>>();
  let failed = 0;
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const url = new URL(response.url());
    if (!response.ok()) failed += 1;
    sizes.set(url.origin === ORIGIN ? url.pathname : url.href, response.body().then((body) => gzipSync(body).length, () => 0));
  });
  try {
    await page.goto(ORIGIN + pagePath, { waitUntil: "networkidle" });
    const files: Array<[string, number]> = await Promise.all([...sizes].map(async ([file, size]) => [file, await size] as [string, number]));
    return { gzipped: files.reduce((sum, [, size]) => sum + size, 0), files, failed };
  } finally {
    await context.close();
  }
}

async function benchJavaScript(pages: Page[]) {
  log("\n## javascript: first-load JS of the production build (Chromium, no interaction, until the network is idle)");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"] });
  try {
    for (const page of pages) await benchPageJavaScript(browser, page);
  } finally {
    await browser.close();
  }
  add("javascript", "JavaScript needed to book", 0, "KB", "0 KB", { note: "shown by tests, not measured here: the no-js project of tests/booking.spec.ts and tests/catalogue-launch.spec.ts" });
  figures[figures.length - 1]!.pass = null;
}

async function benchPageJavaScript(browser: Browser, page: Page) {
  const { status } = await probe(page.path);
  const { gzipped, files, failed } = await firstLoadJavaScript(browser, page.path);
  // The largest files, for whoever has to make the page lighter.
  const largest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 5);
  log(`${page.label}: ${largest.map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KB`).join(", ")}`);
  add("javascript", `first-load JS, ${page.label}`, round(gzipped / 1024), "KB", "≤ 100 KB", { errors: failed + (status === 200 ? 0 : 1), note: `${files.length} scripts, each gzipped` });
}

/** What Chromium sends for an image: AVIF first. */
const AVIF_ACCEPT = "image/avif,image/webp,image/*,*/*;q=0.8";

async function timeSequentially(urls: readonly string[]): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  for (const url of urls) {
    const started = performance.now();
    const response = await fetch(ORIGIN + url, { headers: { accept: AVIF_ACCEPT } });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!response.ok) errors += 1;
  }
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

const IMAGE_COUNT = 36;
const WARM_ROUNDS = 5;

async function benchImages() {
  log("\n## images: /_ipx card images, cold and warm");
  const htmls = await Promise.all(["/", LISTING_PATH].map(async (pagePath) => (await probe(pagePath)).html));
  let urls = [...new Set(htmls.flatMap(ipxUrls))].slice(0, IMAGE_COUNT);
  const sources = [...new Set(htmls.flatMap(generatedImages))].slice(0, IMAGE_COUNT);
  let note = `${urls.length} distinct /_ipx URLs from the home and listing HTML`;
  if (urls.length < 12) {
    // The pages do not use /_ipx yet: card-sized URLs for the pre-generated images they show.
    urls = sources.map((source) => imageUrl(source, { width: 400, height: 300, fit: "cover" }));
    note = `${urls.length} card URLs built with imageUrl() for the pages' /generated images (the pages have no /_ipx URLs)`;
  }
  if (urls.length === 0) {
    add("images", "/_ipx card image", Number.NaN, "ms", null, { note: "no images found on the home and listing pages" });
    return;
  }
  const cold = await timeSequentially(urls);
  const warm = await timeSequentially(Array.from({ length: WARM_ROUNDS }, () => urls).flat());
  const extras = (run: { latencies: number[]; errors: number }, text: string) => ({ p50: round(percentile(run.latencies, 0.5)), samples: run.latencies.length, errors: run.errors, note: text });
  add("images", "/_ipx card image, cold: latency p95", round(percentile(cold.latencies, 0.95)), "ms", null, extras(cold, `${note}; first request of each, one at a time`));
  add("images", "/_ipx card image, warm: latency p95", round(percentile(warm.latencies, 0.95)), "ms", null, extras(warm, `the same URLs ${WARM_ROUNDS} times more`));
  if (sources.length) {
    const anchor = await timeSequentially(Array.from({ length: WARM_ROUNDS }, () => sources).flat());
    add("images", "pre-generated /generated image: latency p95", round(percentile(anchor.latencies, 0.95)), "ms", null, extras(anchor, `${sources.length} static files the pages show, ${WARM_ROUNDS} times each: the anchor for "as fast"`));
  }
}

/** The probe of issue 27: one client asks for this many distinct large AVIF derivatives, this many at a time. */
const BURST_IMAGES = 36;
const BURST_PARALLEL = 12;
/** Large widths the pages' srcsets offer (the detail gallery's 800×500 box up to 2x), at the gallery's 8:5. */
const BURST_WIDTHS = [1600, 1536, 1280, 1024];
const RSS_GOAL_MB = 600;
const RSS_SETTLE_SECONDS = 30;

/** A process's resident memory in MB (Linux /proc); NaN where it cannot be read. */
function residentMB(pid: number): number {
  try {
    const kB = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kB ? round(Number(kB) / 1024, 0) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

type Run = { latencies: number[]; errors: number };

/** How often the visitor asks for the home page: a steady trickle of visitors, not a load test (whose garbage would swamp V8's heap and the RSS figures). */
const VISIT_EVERY_MS = 100;

/** A visitor loading the rendered home page (page cache bypassed) every VISIT_EVERY_MS (or as soon as the last answer is in), until `done()`. */
async function visitHome(done: () => boolean): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  while (!done()) {
    const started = performance.now();
    const pause = new Promise((resolve) => setTimeout(resolve, VISIT_EVERY_MS));
    try {
      const response = await fetch(`${ORIGIN}/`, { redirect: "manual", headers: { cookie: PERSONAL_COOKIE, "accept-encoding": "gzip" } });
      await response.arrayBuffer();
      if (response.status !== 200) errors += 1;
    } catch {
      errors += 1;
    }
    latencies.push(performance.now() - started);
    await pause;
  }
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

/**
 * Issue 27's probe, as figures: while one client asks for 36 distinct large AVIF derivatives 12 at a
 * time, a visitor loads the uncached home page every 100 ms; its p95 during the burst, the server's
 * peak RSS, and its RSS 30 s after the burst, each beside its goal. The burst's URLs are ones the
 * pages' srcsets offer (the gallery's large widths) over the sources the home and listing pages show,
 * so the image server cannot refuse them as foreign: what is measured is what an allowed burst costs.
 */
async function benchImageBurst(server: ProductionServer) {
  log(`\n## images: a burst of ${BURST_IMAGES} large /_ipx AVIFs, ${BURST_PARALLEL} at a time, beside the uncached home page`);
  const htmls = await Promise.all(["/", LISTING_PATH].map(async (pagePath) => (await probe(pagePath)).html));
  const sources = [...new Set(htmls.flatMap(ipxUrls).map((url) => url.replace(/^\/_ipx\/[^/]+/, "")))];
  const urls = BURST_WIDTHS.flatMap((width) => sources.map((source) => imageUrl(source, { width, height: Math.round(width / 1.6), quality: 70, fit: "cover" }))).slice(0, BURST_IMAGES);
  if (urls.length < BURST_IMAGES) log(`  only ${urls.length} distinct derivatives from ${sources.length} sources`);

  // The home page alone first (warm), then during the burst.
  for (let i = 0; i < 5; i++) await probe("/", { cookie: PERSONAL_COOKIE });
  const quietUntil = performance.now() + 5_000;
  const quiet = await visitHome(() => performance.now() > quietUntil);
  const rssBefore = residentMB(server.pid);

  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMB(server.pid))), 100);
  const statuses = new Map<number, number>();
  let finished = false;
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const response = await fetch(ORIGIN + url, { headers: { accept: AVIF_ACCEPT } }).catch(() => null);
      await response?.arrayBuffer().catch(() => undefined);
      const status = response?.status ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const burst = Promise.all(Array.from({ length: BURST_PARALLEL }, client)).finally(() => (finished = true));
  const [during] = await Promise.all([visitHome(() => finished), burst]);
  const burstSeconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, residentMB(server.pid));

  // Then nothing for 30 s: how soon, and how far, the memory comes back.
  const settledAt = performance.now();
  let underGoalAfter: number | null = null;
  while (performance.now() - settledAt < RSS_SETTLE_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    peak = Math.max(peak, residentMB(server.pid));
    if (underGoalAfter === null && residentMB(server.pid) < RSS_GOAL_MB) underGoalAfter = (performance.now() - settledAt) / 1000;
  }
  clearInterval(sampler);
  const rssAfter = residentMB(server.pid);

  const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count} × ${status || "failed"}`).join(", ");
  const burstNote = `${urls.length} distinct derivatives (${BURST_WIDTHS.join("/")} px wide, AVIF) over ${sources.length} sources, ${BURST_PARALLEL} at a time, answered in ${round(burstSeconds)} s: ${answers}`;
  add("images", "burst of large /_ipx AVIFs: home (uncached) latency p95 during it", round(percentile(during.latencies, 0.95)), "ms", "< 100 ms", {
    p50: round(percentile(during.latencies, 0.5)),
    samples: during.latencies.length,
    errors: during.errors,
    note: `a visitor every ${VISIT_EVERY_MS} ms; alone just before: p50 ${round(percentile(quiet.latencies, 0.5))} ms, p95 ${round(percentile(quiet.latencies, 0.95))} ms; ${burstNote}`,
  });
  add("images", "burst of large /_ipx AVIFs: server RSS at its peak", peak, "MB", null, { note: `${rssBefore} MB just before the burst` });
  add("images", `burst of large /_ipx AVIFs: server RSS ${RSS_SETTLE_SECONDS} s after it`, rssAfter, "MB", `< ${RSS_GOAL_MB} MB`, {
    note: underGoalAfter === null ? `not under ${RSS_GOAL_MB} MB within ${RSS_SETTLE_SECONDS} s` : `under ${RSS_GOAL_MB} MB after ${Math.round(underGoalAfter)} s`,
  });
}

// ---------------------------------------------------------------------------------------------------

function commitOf(): string {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim() || "unknown";
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).stdout.trim();
  return dirty ? `${head} (with uncommitted changes)` : head;
}

async function main() {
  const machine = describeMachine(commitOf());
  log(`bench: ${sections.join(", ")}; ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(" / ")}`);
  if (sections.includes("catalogue")) await runSectionScript("catalogue", "scripts/bench-catalogue.ts");
  const serverSections = sections.filter((section) => section === "pages" || section === "javascript" || section === "images");
  if (serverSections.length) {
    // BENCH_DATA_DIR: a data directory to keep (e.g. one seeded at a larger scale); else a fresh one,
    // seeded by the first server and reused by the second.
    const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "rihla-bench-"));
    try {
      await withServer(dataDir, async (server) => {
        const pages = await pagesToMeasure();
        if (sections.includes("pages")) await benchPages(pages);
        if (sections.includes("javascript")) await benchJavaScript(pages);
        if (sections.includes("images")) {
          await benchImages();
          await benchImageBurst(server);
        }
      });
      if (sections.includes("pages")) {
        await withServer(dataDir, () => benchUncachedPages(`http://127.0.0.1:${UNCACHED_PORT}`), { port: UNCACHED_PORT, env: { PAGE_CACHE: "off" } });
      }
    } finally {
      if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (sections.includes("orders")) await runSectionScript("orders", "scripts/bench-orders.ts");
  if (sections.includes("scale")) {
    if (existsSync("scripts/bench-scale.ts")) await runSectionScript("scale", "scripts/bench-scale.ts", ["--scale", "100000"]);
    else add("scale", "scripts/bench-scale.ts is missing", Number.NaN, "s", null, { note: "not measured" });
  }

  if (values.json) for (const line of figures) process.stdout.write(`${JSON.stringify(line)}\n`);
  else process.stdout.write(`\n${formatTable(figures)}\n`);
  if (values.write) {
    // Sections measured by hand below the table ("## Measured by hand…", e.g. the seed's memory) are kept.
    const previous = existsSync("docs/benchmarks.md") ? readFileSync("docs/benchmarks.md", "utf8") : "";
    const byHand = /\n## Measured by hand[\s\S]*$/.exec(previous)?.[0] ?? "";
    writeFileSync("docs/benchmarks.md", benchmarksDocument(figures, machine, { sections, seconds: SECONDS, connections: CONNECTIONS, note: values.note }) + byHand);
    log("\nwrote docs/benchmarks.md");
  }
  // A budget missed is a finding, not a crash; a section that could not run is.
  if (figures.some((line) => Number.isNaN(line.value))) process.exitCode = 1;
}

await main();
