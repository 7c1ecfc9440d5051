// The HTTP server: Express in front of the Remix build. It serves static files, refuses malformed
// URLs with a 4xx before they reach the app, and shuts down cleanly on SIGTERM.
// First: memoizes @remix-run/router's matching before any import below loads it (server/route-matching.js).
import "./server/memoize-route-matching.js";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { missingAllocatorEnv } from "./server/allocator.js";
import { collectGarbage } from "./server/collect-garbage.js";
import { createRenderGate, renderConcurrency } from "./server/render-gate.js";

const MAX_URL_LENGTH = 4096;
/** A path whose last segment has an extension: the only kind public/ can answer (favicon.svg). */
const FILE_NAME = /\.[A-Za-z0-9]+$/;
/** A SIGTERM ends the process within this long, whatever is still running. */
const SHUTDOWN_DEADLINE_MS = 20_000;
/**
 * After SIGTERM the server keeps its listener and its kept-alive connections this long (saying 503 on
 * /readyz and Connection: close on every answer) before it closes them, so a load balancer notices the
 * drain and its pooled connections leave after an answer instead of being reset mid-request.
 */
const DRAIN_DELAY_MS = Math.min(Math.max(Number(process.env.DRAIN_DELAY_SECONDS ?? 5) || 0, 0), 8) * 1000;
const BUILD_PATH = path.resolve("build/server/index.js");

if (process.env.SENTRY_DSN) {
  const Sentry = await import("@sentry/remix");
  Sentry.init({ dsn: process.env.SENTRY_DSN, environment: process.env.SENTRY_ENVIRONMENT ?? "production", tracesSampleRate: 0 });
}

/** Remix's server build through Vite's dev server (`npm run dev`), compiled on demand and reloaded when a file changes. */
const DEV_BUILD_ID = "virtual:remix/server-build";

/** Translated texts for the one page the app itself never renders: a URL it cannot even parse. */
const badRequestPages = Object.fromEntries(
  ["en", "ru", "zh", "ar"].map((code) => {
    const common = JSON.parse(readFileSync(path.resolve(`app/locales/${code}/common.json`), "utf8"));
    const dir = code === "ar" ? "rtl" : "ltr";
    const body = `<!doctype html><html lang="${code}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${common.errors.badRequest}</title></head><body><main><h1>${common.errors.badRequest}</h1><p><a href="${code === "en" ? "/" : `/${code}`}">${common.errors.homePage}</a></p></main></body></html>`;
    return [code, body];
  }),
);

function rejectMalformedUrl(req, res, next) {
  const rawPath = req.url.split("?")[0] ?? "/";
  let problem = null;
  if (req.url.length > MAX_URL_LENGTH) problem = 414;
  else {
    try {
      decodeURIComponent(rawPath);
      if (/[\u0000-\u001f]/.test(decodeURIComponent(rawPath))) problem = 400;
    } catch {
      problem = 400;
    }
  }
  if (problem === null) return next();
  const code = /^\/(ru|zh|ar)(\/|$)/.exec(rawPath)?.[1] ?? "en";
  res.status(problem).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).send(badRequestPages[code]);
}

/**
 * `dev`: `npm run dev` (scripts/dev.js): Vite's dev server in this process serves the browser's modules
 * with hot module reload (its websocket on this server's own port) and compiles the server build on
 * demand; the page cache is off. Otherwise the production build in build/ (`npm run build`).
 */
export async function startServer({ port = Number(process.env.PORT ?? 3000), dev = false } = {}) {
  const app = express();
  const httpServer = http.createServer(app);
  const vite = dev ? await (await import("vite")).createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } }) : null;
  const loadBuild = vite ? () => vite.ssrLoadModule(DEV_BUILD_ID) : null;
  const build = loadBuild ? await loadBuild() : await import(pathToFileURL(BUILD_PATH).href);
  const entry = build.entry.module;

  const missingAllocator = missingAllocatorEnv(process.env);
  if (process.env.NODE_ENV === "production" && missingAllocator.length > 0) {
    console.warn(`[memory] ${missingAllocator.join(", ")} not set: image encoding will keep memory it no longer uses (npm start sets them; see server/allocator.js)`);
  }
  // The composition root: every service, built once (opens, migrates and seeds the database before the
  // first request), started, handed to every loader and action as `context`, stopped on SIGTERM.
  const context = await entry.createAppContext();
  await context.start();
  // Start-up (the catalogue index above all) leaves its garbage in the heap; an idle server would keep it.
  // Once now and once when the passes begun at start (seasonal prices, retention, …) have had their minute.
  await collectGarbage();
  setTimeout(() => void collectGarbage(), 60_000).unref();

  app.disable("x-powered-by");
  // Forwarding headers count only from the TRUST_PROXY hops in front of us (default: none).
  app.set("trust proxy", entry.trustProxyHops(context.env));
  app.use(entry.trustedClientAddress);
  // Before the page cache: a cached page replays the CSP it was rendered with (docs/decisions/025).
  app.use(entry.createSecurityHeaders(context.env));
  app.use(rejectMalformedUrl);
  // The console's cookies reach single fetch's `/admin.data` too (app/web/console-cookie-paths.server.ts).
  app.use(entry.consoleCookiePaths);
  app.use((_req, res, next) => {
    if (context.lifecycle.draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(compression());
  // Optimised images vary by Accept (AVIF/WebP/JPEG) and keep their own cache on disk
  // (DATA_DIR/ipx-cache): mounted before the page cache, which keys by URL alone.
  app.use("/_ipx", entry.createImageHandler({ cacheDir: path.join(context.env.DATA_DIR, "ipx-cache") }));
  // Whole public pages are kept in memory as a CDN would keep them, and dropped when the site changes.
  if (process.env.PAGE_CACHE !== "off" && !vite) {
    const pageCache = entry.createPageCache({
      cacheClassOf: entry.createCacheClassResolver(build.routes),
      revalidate: async (url, headers) => {
        await (await fetch(`http://127.0.0.1:${port}${url}`, { headers })).arrayBuffer();
      },
    });
    context.siteChanges.subscribe((reason, tags) => {
      if (tags) {
        console.log(`[page-cache] evicted ${pageCache.evict(tags)} page(s): ${reason}`);
        return;
      }
      console.log(`[page-cache] cleared: ${reason}`);
      pageCache.clear();
    });
    app.use(pageCache.middleware);
  }
  // Fingerprinted build assets (Vite's build/client/assets) never change; everything else in public/ may.
  if (vite) app.use(vite.middlewares);
  else app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  // Generated catalogue images are named by what they show; they change only with a new seed.
  app.use("/generated", express.static("public/generated", { maxAge: "7d", index: false }));
  // Only a file name (one with an extension) is looked for on disk: a page URL would cost every render a
  // stat of public/ for nothing (~2 % of an uncached render, issue 34).
  const publicFiles = express.static("public", { maxAge: "1h", index: false });
  app.use((req, res, next) => (FILE_NAME.test(req.path) ? publicFiles(req, res, next) : next()));
  // Operator commands from this machine's shell (npm run staff:add, …) while the store runs.
  const operatorChannel = entry.createOperatorChannel(context);
  // Loopback and token first: a stranger gets a bare 404 whatever the method or body (never a 400 or 413).
  app.all(entry.OPS_PATH, operatorChannel.authorize, express.json({ limit: "64kb" }), (req, res) => void operatorChannel.handle(req, res));
  // Bodies are bounded and type-checked before any action reads them (415/413/400, never 500).
  app.use(entry.createAppRequestGuard(context.env));
  // Renders one at a time (RENDER_CONCURRENCY), first come first served, so new connections are accepted
  // between renders instead of after all of them (server/render-gate.js).
  if (renderConcurrency() > 0) app.use(createRenderGate({ concurrency: renderConcurrency() }));
  // One context per process; each request adds only its CSP nonce, and a browser in preview mode gets the
  // drafts content service in place of the shared, cached one (app/content/preview-mode.server.ts).
  app.all("*", createRequestHandler({ build: loadBuild ?? build, mode: build.mode, getLoadContext: async (req, res) => ({ ...context, ...entry.securityLoadContext(res), ...(await entry.previewLoadContext(context, req.headers.cookie)) }) }));

  // A deep accept queue (the kernel caps it at somaxconn): an OCTO reseller's validator opens a
  // connection per product at once (thousands), more than Node's default of 511 pending connections.
  const server = httpServer.listen({ port, backlog: 4096 }, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    console.log(`Rihla storefront listening on http://localhost:${actualPort}`);
    operatorChannel.publish(actualPort);
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: draining`);
    // From now on /readyz says 503 and every response says Connection: close, so keep-alive clients
    // (a load balancer's pooled connections) leave after their current request instead of lingering.
    context.lifecycle.draining = true;
    // Whatever hangs (a stuck query, a client that never finishes), the process ends by the deadline.
    setTimeout(() => {
      console.error(`[shutdown] not finished after ${SHUTDOWN_DEADLINE_MS} ms: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // Closing at once would reset pooled connections whose next request is already on the wire (Node's
    // server.close() also drops idle keep-alive sockets) and refuse clients before the balancer has seen
    // /readyz fail: keep answering, with Connection: close, for the drain delay first. (Not on Ctrl-C.)
    if (signal === "SIGTERM" && DRAIN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, DRAIN_DELAY_MS));
    // Stop taking connections, let requests in flight finish, then close databases and listeners.
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections?.();
    const forced = setTimeout(() => server.closeAllConnections?.(), 10_000);
    await closed;
    clearTimeout(forced);
    operatorChannel.unpublish();
    await vite?.close();
    await context.stop();
    process.exit(0);
  }
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await startServer();
}
