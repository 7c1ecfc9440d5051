/**
 * The database going away under a running app, end to end through Remix's request handler with the
 * real entry.server (handleError, handleDataRequest, the document render) and the real error boundary:
 * pages, their data requests and actions answer 503 with Retry-After and the translated "try again"
 * screen (never a 500, never a stack), /octo/v1 answers OCTO's error shape with 503, /readyz says 503,
 * and once the server is back the next request answers 200 with the same pool (no restart).
 *
 * On a PostgreSQL server (TEST_DATABASE_URL) the app talks to it through a TCP proxy the test can
 * take down and bring back (a server restart as the app sees it: every connection cut, new ones
 * refused), and a query in flight is cut with pg_terminate_backend (what an admin shutdown does).
 */
import net from "node:net";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { Outlet, Scripts, useLoaderData } from "@remix-run/react";
import { sql } from "drizzle-orm";
import pg from "pg";
import { decode } from "turbo-stream";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import * as entry from "#app/entry.server";
import ar from "#app/locales/ar/common.json";
import en from "#app/locales/en/common.json";
import { handleOctoRequest, type OctoContext } from "#app/octo/router.server";
import { loader as readyz } from "#app/routes/readyz";
import { migrateDatabase, openNodePg, rowsOf, type Database } from "./db.server";

const RETRY_AFTER = "30";

function Root() {
  return (
    <html lang="en">
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function Page() {
  return <p>answered {useLoaderData<{ n: number }>().n}</p>;
}

/** A one-page app over `db`: its loader reads the database, its action writes nothing but asks it too. */
function appOver(db: Database) {
  const ask = async (request: Request) => {
    const seconds = Number(new URL(request.url).searchParams.get("sleep") ?? 0);
    const rows = rowsOf<{ n: number }>(await db.execute(sql`SELECT 1 AS n FROM pg_sleep(${seconds})`));
    return { n: rows[0]!.n };
  };
  const manifestRoute = (id: string, path: string, parentId?: string) => ({ id, parentId, path, module: `/${id}.js`, hasLoader: true, hasAction: id !== "root", hasErrorBoundary: true, hasClientLoader: false, hasClientAction: false, imports: [] });
  const pageModule = { default: Page, ErrorBoundary: GeneralErrorBoundary, loader: ({ request }: { request: Request }) => ask(request), action: ({ request }: { request: Request }) => ask(request) };
  const build = {
    mode: "production",
    entry: { module: entry },
    routes: {
      // Like the real root loader: it reads the database only for a signed-in visitor (here: a cookie).
      root: { id: "root", path: "", module: { default: Root, ErrorBoundary: GeneralErrorBoundary, loader: ({ request }: { request: Request }) => (request.headers.get("Cookie") ? ask(request) : null) } },
      "routes/page": { id: "routes/page", parentId: "root", path: "page", module: pageModule },
      // The same page under a locale prefix, as app/routes.ts defines every page once per locale.
      "ar/page": { id: "ar/page", parentId: "root", path: "ar/page", module: pageModule },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: { root: manifestRoute("root", ""), "routes/page": manifestRoute("routes/page", "page", "root"), "ar/page": manifestRoute("ar/page", "ar/page", "root") }, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: false, v3_singleFetch: true, v3_routeConfig: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  // One load context per request, as server.js makes them.
  const page = (path: string, init?: RequestInit) => handler(new Request(`http://localhost${path}`, init), { env: { SENTRY_DSN: "" } } as unknown as AppLoadContext);
  const octo = () => handleOctoRequest(new Request("http://localhost/octo/v1/products", { headers: { Authorization: "Bearer not-a-key" } }), { db, rateLimitPerMinute: 60 } as unknown as OctoContext);
  const ready = () => readyz({ request: new Request("http://localhost/readyz"), params: {}, context: { lifecycle: { ready: true, draining: false }, db } as unknown as AppLoadContext }) as Promise<Response>;
  return { page, octo, ready };
}

type App = ReturnType<typeof appOver>;

/** What the browser decodes from a single-fetch body, as Remix's client does (errors as route error responses). */
async function decodeTurboStream(body: ReadableStream<Uint8Array>): Promise<unknown> {
  const decoded = await decode(body, {
    plugins: [(type: string, ...rest: unknown[]) => (type === "ErrorResponse" ? { value: { data: rest[0], status: rest[1], statusText: rest[2] } } : type === "SanitizedError" ? { value: { name: rest[0], message: rest[1] } } : undefined)],
  });
  return decoded.value;
}

/** The hydration state a document streams to the browser (single fetch: the chunks `<Scripts>` enqueues). */
function hydrationState(html: string): Promise<unknown> {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((match) => JSON.parse(match[1]!) as string);
  return decodeTurboStream(new Blob(chunks).stream());
}

/** Everything a client sees while the database is gone: 503 + Retry-After, the friendly page, OCTO's shape. */
async function expectUnavailable(app: App) {
  const document = await app.page("/page");
  expect(document.status).toBe(503);
  expect(document.headers.get("Retry-After")).toBe(RETRY_AFTER);
  expect(document.headers.get("Cache-Control")).toBe("no-store");
  const html = await document.text();
  expect(html).toContain(en.errors.unavailableHeading.replace("'", "&#x27;"));
  expect(html).not.toMatch(/ECONNREFUSED|Connection terminated|at .*\.ts:\d+|Unexpected Server Error/);
  // The hydration state says the same (a 503 route error response), so the browser keeps that screen.
  const state = (await hydrationState(html)) as { errors: Record<string, { status: number; statusText: string; __type: string }> };
  expect(state.errors["routes/page"]).toMatchObject({ status: 503, statusText: "Service Unavailable", __type: "RouteErrorResponse" });

  // The root's own loader failing (a signed-in visitor's session read): the same 503 screen, in Arabic here.
  const signedIn = await app.page("/ar/page", { headers: { Cookie: "session=1" } });
  expect(signedIn.status).toBe(503);
  expect(signedIn.headers.get("Retry-After")).toBe(RETRY_AFTER);
  expect(await signedIn.text()).toContain(ar.errors.unavailableHeading);

  // A client navigation's data (single fetch): the page's route error is a 503 route error response too.
  const data = await app.page("/page.data?_routes=routes%2Fpage");
  expect(data.status).toBe(503);
  expect(data.headers.get("Retry-After")).toBe(RETRY_AFTER);
  expect(data.headers.get("Cache-Control")).toBe("no-store");
  const results = (await decodeTurboStream(data.body!)) as Record<string, { error?: unknown }>;
  expect(results["routes/page"]?.error).toMatchObject({ status: 503, statusText: "Service Unavailable" });
  expect(JSON.stringify(results)).not.toMatch(/ECONNREFUSED|Unexpected Server Error/);

  const action = await app.page("/page", { method: "POST", body: new URLSearchParams({ intent: "x" }) });
  expect(action.status).toBe(503);
  expect(action.headers.get("Retry-After")).toBe(RETRY_AFTER);

  const octo = await app.octo();
  expect(octo.status).toBe(503);
  expect(octo.headers.get("Retry-After")).toBe(RETRY_AFTER);
  expect(await octo.json()).toMatchObject({ error: "INTERNAL_SERVER_ERROR", errorMessage: expect.stringContaining("retry after 30 seconds") });

  const ready = await app.ready();
  expect(ready.status).toBe(503);
  expect(ready.headers.get("Retry-After")).toBe(RETRY_AFTER);
}

async function expectServing(app: App) {
  const document = await app.page("/page");
  expect(document.status).toBe(200);
  expect((await app.page("/ar/page", { headers: { Cookie: "session=1" } })).status).toBe(200);
  expect(await document.text()).toContain("answered <!-- -->1");
  // An unknown key: OCTO's own refusal, from the database again.
  expect((await app.octo()).status).toBe(403);
  expect((await app.ready()).status).toBe(200);
}

/** The driver's own noise about cut connections (the pool's error listener logs them). */
function quietErrors() {
  return vi.spyOn(console, "error").mockImplementation(() => {});
}

test("a server that refuses connections: pages, data, actions, OCTO and /readyz answer 503 with Retry-After", async () => {
  const handle = openNodePg("postgres://nobody:nothing@127.0.0.1:1/none");
  const quiet = quietErrors();
  try {
    await expectUnavailable(appOver(handle.db));
  } finally {
    quiet.mockRestore();
    await handle.close();
  }
});

/** A TCP proxy in front of the server: `down()` cuts every connection and refuses new ones; `up()` listens again on the same port. */
function proxyTo(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let listeningPort = 0;
  return {
    get port() {
      return listeningPort;
    },
    up() {
      return new Promise<void>((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(port, host);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on("error", () => undefined);
            socket.on("close", () => {
              sockets.delete(socket);
              client.destroy();
              upstream.destroy();
            });
          }
          client.pipe(upstream).pipe(client);
        });
        server.once("error", reject);
        server.listen(listeningPort, "127.0.0.1", () => {
          listeningPort = (server!.address() as net.AddressInfo).port;
          resolve();
        });
      });
    },
    down() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a PostgreSQL server going away and coming back", () => {
  const base = new URL(process.env.TEST_DATABASE_URL || "postgres://unused");
  const name = `rihla_outage_${process.pid}`;
  const applicationName = `rihla-outage-test-${process.pid}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  test("a restart (every connection cut, then refused) answers 503, and the next request once it is back 200, without reopening the pool", async () => {
    const proxy = proxyTo(base.hostname, Number(base.port || 5432));
    await proxy.up();
    const url = new URL(base);
    url.pathname = `/${name}`;
    url.host = `127.0.0.1:${proxy.port}`;
    url.searchParams.set("application_name", applicationName);
    const handle = openNodePg(url.toString(), { max: 3 });
    const quiet = quietErrors();
    try {
      await migrateDatabase(handle);
      const app = appOver(handle.db);
      await expectServing(app);

      await proxy.down();
      await expectUnavailable(app);

      await proxy.up();
      await expectServing(app);
    } finally {
      quiet.mockRestore();
      await proxy.down();
      await handle.close();
    }
  });

  test("a query cut by an admin shutdown of its backend (57P01) answers 503; the next request 200", async () => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    url.searchParams.set("application_name", applicationName);
    const handle = openNodePg(url.toString(), { max: 3 });
    const quiet = quietErrors();
    try {
      await migrateDatabase(handle);
      const app = appOver(handle.db);
      expect((await app.page("/page")).status).toBe(200);
      const slow = app.page("/page?sleep=5");
      await expect
        .poll(async () => (await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%pg_sleep%' AND state = 'active'", [applicationName])).rows[0].n, { timeout: 5_000 })
        .toBe(1);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2", [name, applicationName]);
      const cut = await slow;
      expect(cut.status).toBe(503);
      expect(cut.headers.get("Retry-After")).toBe(RETRY_AFTER);
      expect((await app.page("/page")).status).toBe(200);
    } finally {
      quiet.mockRestore();
      await handle.close();
    }
  });
});
