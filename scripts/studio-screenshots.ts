// Screenshots of the Sanity studio for cms/README.md, drawn offline: the built studio (`npm run studio:build`
// → cms/dist) is served on a local port and opened in Chromium; every request it makes to Sanity's API
// (*.sanity.io) is answered here from the seed dataset (cms/seed/production.ndjson), GROQ run by groq-js.
// A docs tool, not a test: `npm run studio:screenshots` (after `npm run studio:build`).
// STUDIO_SHOTS_PORT (default 3334) chooses the port; STUDIO_SHOTS_DEBUG=1 logs every API request and
// console error (=full: with whole query strings). With a path argument it draws that one page into
// docs/screenshots/studio-debug.png instead (`npx tsx scripts/studio-screenshots.ts /structure`).
import { createServer, type Server } from "node:http";
import { existsSync, mkdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { chromium, type Page, type Route } from "@playwright/test";
import { overlayDrafts, readSeedDocuments, runGroq, type QueryParams, type SeedDocument } from "../app/content/store.server";
import { FULL_CHROMIUM_LAUNCH } from "../playwright.config";

const ROOT = path.resolve(import.meta.dirname, "..");
const DIST = path.join(ROOT, "cms/dist");
const OUT = path.join(ROOT, "docs/screenshots");
const PORT = Number(process.env.STUDIO_SHOTS_PORT ?? 3334);
const DEBUG = Boolean(process.env.STUDIO_SHOTS_DEBUG);
const DEBUG_FULL = process.env.STUDIO_SHOTS_DEBUG === "full";
// The placeholder project the offline build is made for (sanity.config.ts).
const PROJECT_ID = process.env.SANITY_STUDIO_PROJECT_ID || "rihla000";
const DATASET = process.env.SANITY_STUDIO_DATASET || "production";
const ORIGIN = `http://localhost:${PORT}`;
const FONTSOURCE = path.join(ROOT, "node_modules/@fontsource");

/**
 * The studio draws its text in Inter from studio-static.sanity.io, out of reach here, and this machine
 * has no Chinese or Arabic system font. The storefront's own Noto fonts (@fontsource) stand in, under the
 * family name the studio asks for, so every language reads as it would on an editor's machine.
 */
async function fontFaces(): Promise<string> {
  const css: string[] = [];
  for (const family of ["noto-sans", "noto-sans-arabic", "noto-sans-sc"]) {
    for (const weight of [400, 500, 600, 700]) {
      const text = await readFile(path.join(FONTSOURCE, family, `${weight}.css`), "utf8");
      css.push(text.replace(/font-family: '[^']+'/g, "font-family: Inter").replace(/url\(\.\/files\//g, `url(${ORIGIN}/__fontsource/${family}/files/`));
    }
  }
  return css.join("\n");
}

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".ico": "image/x-icon",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/** cms/dist as a single-page app: a file when there is one, else index.html. */
function serveStudio(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", ORIGIN).pathname);
    if (pathname.startsWith("/__fontsource/")) {
      const font = path.join(FONTSOURCE, path.normalize(pathname.slice("/__fontsource/".length)));
      if (!font.startsWith(FONTSOURCE) || !existsSync(font)) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "font/woff2" });
      return void res.end(await readFile(font));
    }
    let file = path.join(DIST, path.normalize(pathname));
    if (!file.startsWith(DIST) || !(await stat(file).catch(() => null))?.isFile()) file = path.join(DIST, "index.html");
    res.writeHead(200, { "content-type": MIME[path.extname(file)] ?? "application/octet-stream" });
    res.end(await readFile(file));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(PORT, "127.0.0.1", () => resolve(server));
  });
}

// ---- The stand-in for Sanity's API ------------------------------------------------------------------

const USER = {
  id: "pRihlaEditor",
  name: "Rihla Editor",
  email: "editor@rihla.example",
  profileImage: null,
  role: "administrator",
  roles: [{ name: "administrator", title: "Administrator", description: "Read and write access to all datasets" }],
  provider: "sanity",
};

const PROJECT = {
  id: PROJECT_ID,
  displayName: "Rihla",
  studioHost: null,
  isBlocked: false,
  isDisabled: false,
  isDisabledByUser: false,
  organizationId: null,
  metadata: { color: null, externalStudioHost: ORIGIN },
  maxRetentionDays: 30,
  activityFeedEnabled: false,
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  members: [{ id: USER.id, role: "administrator", roles: [{ name: "administrator", title: "Administrator" }], isCurrentUser: true, isRobot: false, createdAt: "2025-01-01T00:00:00Z" }],
  features: [],
  pendingInvites: 0,
};

/** The administrator's grants: everything on every document (the shape of /projects/<id>/datasets/<ds>/acl). */
const GRANTS = [{ filter: "_id in path('**')", permissions: ["history", "read", "update", "create"] }];

/**
 * The seed, plus what `sanity dataset import` of a studio-made dataset would also hold: the
 * document-internationalization metadata linking each blog post, page, FAQ entry, theme and testimonial
 * to its translations (the seed links them by id: `<type>-<lang>-<key>`).
 */
function withTranslationMetadata(documents: SeedDocument[]): SeedDocument[] {
  const groups = new Map<string, { type: string; refs: { lang: string; id: string }[] }>();
  for (const doc of documents) {
    const match = /^(blogPost|staticPage|faqEntry|theme|testimonial)-(en|ru|zh|ar)-(.+)$/.exec(doc._id);
    if (!match) continue;
    const [, type = "", lang = "", key = ""] = match;
    const group = groups.get(`${type}-${key}`) ?? { type, refs: [] as { lang: string; id: string }[] };
    group.refs.push({ lang, id: doc._id });
    groups.set(`${type}-${key}`, group);
  }
  const metadata: SeedDocument[] = [];
  for (const [key, { type, refs }] of groups) {
    if (refs.length < 2) continue;
    metadata.push({
      _id: `translation.metadata.${key}`,
      _type: "translation.metadata",
      _createdAt: "2025-09-15T09:00:00Z",
      _updatedAt: "2025-09-15T09:00:00Z",
      _rev: "seedmeta",
      schemaTypes: [type],
      translations: refs.map(({ lang, id }) => ({ _key: lang, _type: "internationalizedArrayReferenceValue", language: lang, value: { _type: "reference", _ref: id, _weak: true } })),
    } as SeedDocument);
  }
  return [...documents, ...metadata];
}

/**
 * In the page, before the studio. Sanity's client always sends its own header (x-sanity-app) with a
 * listen, so it reads listeners through event-source-polyfill, which streams them with fetch. A route
 * can only answer with a whole body, and a listener whose stream ends reconnects ("Trying to connect…",
 * lists that never finish loading). Here each listen to *.sanity.io gets `welcome` on a body that never
 * ends, as a dataset nobody edits would. (A string: tsx would compile a function with helpers the page lacks.)
 */
const QUIET_LISTENERS = `(() => {
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!/^https:\\/\\/[^/]*sanity\\.io\\/[^?]*\\/data\\/listen\\//.test(url)) return nativeFetch(input, init);
    const welcome = "event: welcome\\ndata: " + JSON.stringify({ listenerName: "offline-screenshots" }) + "\\n\\n";
    const body = new ReadableStream({ start(controller) { controller.enqueue(new TextEncoder().encode(welcome)); } });
    return Promise.resolve(new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }));
  };
})();`;

type Answer = { status?: number; json?: unknown; body?: string; contentType?: string };

const unanswered: string[] = [];

/** Query parameters as GROQ params: `$name=<json>`. */
function groqParams(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of search) if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
  return params;
}

/** What a perspective shows: everything (raw), published documents alone, or drafts laid over them (the storefront's own overlay). */
function perspectiveView(dataset: SeedDocument[], perspective: string | null): SeedDocument[] {
  if (!perspective || perspective === "raw") return dataset;
  const current = dataset.filter((doc) => !doc._id.startsWith("versions."));
  if (perspective === "published") return current.filter((doc) => !doc._id.startsWith("drafts."));
  // "drafts" (or a release stack): a draft stands in for its published document.
  return overlayDrafts(current);
}

async function runQuery(dataset: SeedDocument[], query: string, params: Record<string, unknown>, perspective: string | null): Promise<Answer> {
  try {
    const view = perspectiveView(dataset, perspective);
    return { json: { ms: 1, query, result: await runGroq(query, params as QueryParams, view) } };
  } catch (error) {
    if (DEBUG) console.log(`✖ query failed: ${(error as Error).message}\n${query}`);
    return { status: 400, json: { error: { description: (error as Error).message, query, type: "queryParseError" } } };
  }
}

type Mutation = { create?: SeedDocument; createOrReplace?: SeedDocument; createIfNotExists?: SeedDocument; delete?: { id?: string }; patch?: { id?: string } };

/**
 * Writes the pictures cause (Presentation stores its preview secret): kept in memory for this run only,
 * never written to the seed. Patches are acknowledged and not applied.
 */
function mutate(dataset: SeedDocument[], { mutations = [] }: { mutations?: Mutation[] }, search: URLSearchParams): Answer {
  const now = new Date().toISOString();
  const results: { id: string; operation: string }[] = [];
  const documents: SeedDocument[] = [];
  for (const mutation of mutations) {
    const written = mutation.create ?? mutation.createOrReplace ?? mutation.createIfNotExists;
    if (written) {
      const id = !written._id || written._id.endsWith(".") ? `${written._id ?? ""}${Math.random().toString(36).slice(2, 12)}` : written._id;
      const index = dataset.findIndex((doc) => doc._id === id);
      if (index >= 0 && mutation.createIfNotExists) continue;
      const doc = { ...written, _id: id, _createdAt: now, _updatedAt: now, _rev: Math.random().toString(36).slice(2, 12) };
      if (index >= 0) dataset[index] = doc;
      else dataset.push(doc);
      results.push({ id, operation: index >= 0 ? "update" : "create" });
      documents.push(doc);
    } else if (mutation.delete?.id) {
      const index = dataset.findIndex((doc) => doc._id === mutation.delete?.id);
      if (index >= 0) dataset.splice(index, 1);
      results.push({ id: mutation.delete.id, operation: "delete" });
    } else if (mutation.patch?.id) {
      results.push({ id: mutation.patch.id, operation: "update" });
    }
  }
  return { json: { transactionId: `offline-${Date.now()}`, results, ...(search.get("returnDocuments") === "true" ? { documents } : {}) } };
}

async function answer(dataset: SeedDocument[], url: URL, method: string, body: string | null): Promise<Answer | null> {
  // /v2025-02-19/data/query/production → ["data", "query", "production"]
  const parts = url.pathname.replace(/^\/v\d+(-\d+-\d+)?|^\/vX/, "").split("/").filter(Boolean);
  const pathname = `/${parts.join("/")}`;
  if (pathname === "/users/me") return { json: USER };
  // Per-user settings (list layout, sort order, announcements seen): none stored.
  if (pathname.startsWith("/users/me/keyvalue/")) return { json: decodeURIComponent(parts[3] ?? "").split(",").map((key) => ({ key, value: null })) };
  if (pathname === `/projects/${PROJECT_ID}`) return { json: PROJECT };
  if (pathname === `/projects/${PROJECT_ID}/datasets`) return { json: [{ name: DATASET, aclMode: "private" }] };
  if (pathname.endsWith("/acl") || pathname.includes("/grants")) return { json: GRANTS };
  if (pathname === "/auth/providers") return { json: { providers: [], thirdPartyLogin: false, sso: {} } };
  if (pathname.startsWith("/projects/") && pathname.endsWith("/features")) return { json: [] };
  if (pathname === "/features" || pathname.startsWith("/features/")) return { json: [] };
  if (parts[0] === "data" && parts[1] === "query") {
    if (method === "POST" && body) {
      const { query, params } = JSON.parse(body) as { query: string; params?: Record<string, unknown> };
      return runQuery(dataset, query, params ?? {}, url.searchParams.get("perspective"));
    }
    return runQuery(dataset, url.searchParams.get("query") ?? "", groqParams(url.searchParams), url.searchParams.get("perspective"));
  }
  if (parts[0] === "data" && parts[1] === "doc") {
    const ids = decodeURIComponent(parts.slice(3).join("/")).split(",");
    const documents = ids.map((id) => dataset.find((doc) => doc._id === id)).filter(Boolean);
    return { json: { documents, omitted: ids.filter((id) => !dataset.some((doc) => doc._id === id)).map((id) => ({ id, reason: "existence" })) } };
  }
  if (parts[0] === "data" && (parts[1] === "listen" || parts[1] === "live")) {
    // The page answers listens itself (QUIET_LISTENERS); one that reaches here gets `welcome` and a very long retry.
    return { contentType: "text/event-stream", body: `retry: 3600000\nevent: welcome\ndata: ${JSON.stringify({ listenerName: "studio-screenshots" })}\n\n` };
  }
  if (parts[0] === "data" && parts[1] === "mutate" && method === "POST") return mutate(dataset, JSON.parse(body ?? "{}"), url.searchParams);
  if (pathname === "/check/cors") return { json: { result: true } };
  // History: no transactions (an NDJSON stream, empty) and no events per document.
  if (parts[0] === "data" && parts[1] === "history" && parts[3] === "events") {
    const ids = decodeURIComponent(parts.slice(5).join("/")).split(",");
    return { json: { events: Object.fromEntries(ids.map((id) => [id, []])) } };
  }
  if (parts[0] === "data" && parts[1] === "history") return { contentType: "application/x-ndjson", body: "" };
  return null;
}

async function answerSanity(dataset: SeedDocument[], route: Route): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const cors = { "access-control-allow-origin": ORIGIN, "access-control-allow-credentials": "true", "access-control-allow-headers": "*", "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS" };
  if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
  const result = await answer(dataset, url, request.method(), request.postData());
  if (DEBUG) console.log(`${result ? "  " : "✖ "}${request.method()} ${url.host}${url.pathname}${url.search.slice(0, DEBUG_FULL ? 100000 : 160)}`);
  if (!result) {
    unanswered.push(`${request.method()} ${url.host}${url.pathname}`);
    return route.fulfill({ status: 404, headers: cors, contentType: "application/json", body: JSON.stringify({ error: "Not found", statusCode: 404, message: "Not answered offline" }) });
  }
  return route.fulfill({
    status: result.status ?? 200,
    headers: cors,
    contentType: result.contentType ?? "application/json",
    body: result.body ?? JSON.stringify(result.json),
  });
}

// ---- The pictures --------------------------------------------------------------------------------

async function settle(page: Page, ms = 1500): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(ms);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUT, name) });
  console.log(`✓ docs/screenshots/${name}`);
}

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, "index.html"))) throw new Error("No built studio in cms/dist: run `npm run studio:build` first");
  mkdirSync(OUT, { recursive: true });
  const dataset = withTranslationMetadata(await readSeedDocuments(path.join(ROOT, "cms/seed")));
  const server = await serveStudio();
  const browser = await chromium.launch(FULL_CHROMIUM_LAUNCH);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US", timezoneId: "UTC" });
    // Signed in through a session cookie (the studio's default login): it asks /users/me, with
    // credentials, who the visitor is, and the answer below is an administrator. No token is needed (one
    // in localStorage, `__studio_auth_token_<projectId>` as {token, time}, is read the same way).
    await context.addInitScript(QUIET_LISTENERS);
    // The presence socket: accepted, never answered (no other editors online).
    await context.routeWebSocket(/sanity\.io\//, () => {});
    const faces = await fontFaces();
    await context.addInitScript((css) => {
      document.addEventListener("DOMContentLoaded", () => {
        const style = document.createElement("style");
        style.textContent = css;
        document.head.append(style);
      });
    }, faces);
    await context.route(/^https:\/\/([a-z0-9-]+\.)*sanity\.io\//, (route) => answerSanity(dataset, route));
    // (Routes added later are tried first.) Sanity's own Inter files: refused at once, the faces above take over.
    await context.route(/^https:\/\/studio-static\.sanity\.io\//, (route) => route.abort());
    // Anything else outside this machine (fonts, telemetry, the module CDN) is refused at once.
    await context.route((url) => !url.host.endsWith(".sanity.io") && !url.host.startsWith("localhost") && !url.host.startsWith("127.0.0.1"), (route) => {
      if (DEBUG) console.log(`✖ (outside) ${route.request().url().slice(0, 160)}`);
      return route.abort();
    });
    const page = await context.newPage();
    page.on("console", (message) => DEBUG && message.type() === "error" && console.log(`  console: ${message.text().slice(0, 300)}`));

    const target = process.argv[2];
    if (target) {
      // Debugging: one URL, one picture (`npx tsx scripts/studio-screenshots.ts /structure`).
      await page.goto(`${ORIGIN}${target}`);
      await settle(page, Number(process.env.STUDIO_SHOTS_WAIT ?? 4000));
      await shot(page, "studio-debug.png");
      return;
    }
    await takeAll(page, dataset);
  } finally {
    await browser.close();
    server.close();
    if (unanswered.length > 0) console.log(`Requests answered 404 (not needed for the pictures):\n  ${[...new Set(unanswered)].join("\n  ")}`);
  }
}

async function openBlogPost(page: Page, language: string, title: string): Promise<void> {
  const id = `blogPost-${language}-best-time-to-visit-alula`;
  await page.goto(`${ORIGIN}/structure/language-${language};blogPost-${language};${id}`);
  // The list beside the document, and the document itself.
  await page.locator(`a[href$="${id}"]`).filter({ hasText: title }).first().waitFor({ timeout: 90_000 });
  await page.getByRole("heading", { name: title }).first().waitFor({ timeout: 60_000 });
  // Presentation's "Used on" list (cms/presentation.ts) resolves from the same queries.
  await page.getByText("Resolving locations").waitFor({ state: "hidden", timeout: 30_000 }).catch(() => {});
  await calm(page);
}

/** No pointer over a field, nothing focused: no hover tooltips in the picture. */
async function calm(page: Page, ms = 3000): Promise<void> {
  await page.mouse.move(640, 790);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await settle(page, ms);
}

async function takeAll(page: Page, dataset: SeedDocument[]): Promise<void> {
  await openBlogPost(page, "en", "The best time to visit AlUla");
  await shot(page, "studio-desk-en.png");

  await page.getByRole("button", { name: "Translations" }).click();
  const popover = page.locator("[data-ui=Popover]").filter({ hasText: "العربية" });
  await popover.waitFor({ timeout: 30_000 });
  await settle(page, 1500);
  await shot(page, "studio-translations-en.png");
  await page.keyboard.press("Escape");

  await openBlogPost(page, "ar", String(dataset.find((doc) => doc._id === "blogPost-ar-best-time-to-visit-alula")?.title ?? ""));
  await shot(page, "studio-blog-post-ar.png");

  await page.goto(`${ORIGIN}/try-a-path`);
  const input = page.getByRole("textbox", { name: "Path" });
  await input.waitFor({ timeout: 60_000 });
  await input.fill("/promo/summer");
  await page.keyboard.press("Enter");
  await page.getByText("Ends at").or(page.getByRole("alert")).first().waitFor({ timeout: 30_000 }).catch(() => {});
  await calm(page, 1000);
  await shot(page, "studio-try-a-path.png");

  // The post beside its page; with no storefront running here the frame says it cannot connect.
  await page.goto(`${ORIGIN}/presentation/blogPost/blogPost-en-best-time-to-visit-alula?preview=${encodeURIComponent("/blog/best-time-to-visit-alula")}`);
  await page.getByRole("heading", { name: "The best time to visit AlUla" }).first().waitFor({ timeout: 60_000 });
  await calm(page, 5000);
  await shot(page, "studio-presentation-en.png");
}

await main();
