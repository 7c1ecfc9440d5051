import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import type { CacheClass } from "./cache-policy";
import { createPageCache, parseSharedCacheControl, preferredCoding } from "./page-cache.server";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: Handler, clock: { now: number }, cacheClassOf?: (url: string) => CacheClass | null) {
  let origin = "";
  const cache = createPageCache({
    now: () => clock.now,
    cacheClassOf,
    revalidate: async (url, headers) => {
      await (await fetch(origin + url, { headers })).text();
    },
  });
  server = createServer((req, res) => cache.middleware(req, res, () => handler(req, res)));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, origin };
}

function counter(cacheControl: string, extra: Record<string, string> = {}) {
  const state = { renders: 0 };
  const handler: Handler = (req, res) => {
    state.renders += 1;
    res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": cacheControl, ...extra });
    res.write("<p>render ");
    // fetch() sends `Accept-Language: *` unless told otherwise.
    const language = req.headers["accept-language"];
    res.end(`${state.renders} ${language && language !== "*" ? language : ""}</p>`);
  };
  return { state, handler };
}

describe("page cache", () => {
  test("keeps only routes whose handle says public, whatever a response claims", async () => {
    const clock = { now: 0 };
    const { state, handler } = counter("public, s-maxage=60, stale-while-revalidate=600");
    const { origin } = await serve(handler, clock, (url) => (url.startsWith("/experiences/x/custom-offer") ? "private" : url === "/unknown" ? null : "public"));
    await fetch(`${origin}/experiences/x/custom-offer`);
    const again = await fetch(`${origin}/experiences/x/custom-offer`);
    expect(again.headers.get("x-cache")).toBeNull();
    await fetch(`${origin}/unknown`);
    await fetch(`${origin}/unknown`);
    expect(state.renders).toBe(4);
    await fetch(`${origin}/faq`);
    expect((await fetch(`${origin}/faq`)).headers.get("x-cache")).toBe("HIT");
    expect(state.renders).toBe(5);
  });

  test("serves a public page again without rendering it, within s-maxage", async () => {
    const clock = { now: 0 };
    const { state, handler } = counter("public, s-maxage=60, stale-while-revalidate=600");
    const { origin } = await serve(handler, clock);
    const first = await fetch(`${origin}/faq`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await fetch(`${origin}/faq`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe("<p>render 1 </p>");
    expect(second.headers.get("cache-control")).toBe("public, s-maxage=60, stale-while-revalidate=600");
    expect(state.renders).toBe(1);
  });

  test("serves stale while one background request refreshes, then the fresh copy", async () => {
    const clock = { now: 0 };
    const { state, handler } = counter("public, s-maxage=60, stale-while-revalidate=600");
    const { origin } = await serve(handler, clock);
    await fetch(`${origin}/faq`);
    clock.now = 61_000;
    const stale = await fetch(`${origin}/faq`);
    expect(stale.headers.get("x-cache")).toBe("STALE");
    expect(await stale.text()).toBe("<p>render 1 </p>");
    await expect.poll(() => state.renders).toBe(2);
    await expect.poll(async () => (await fetch(`${origin}/faq`)).text()).toBe("<p>render 2 </p>");
  });

  test("renders again once past stale-while-revalidate", async () => {
    const clock = { now: 0 };
    const { state, handler } = counter("public, s-maxage=1, stale-while-revalidate=1");
    const { origin } = await serve(handler, clock);
    await fetch(`${origin}/x`);
    clock.now = 5_000;
    expect((await fetch(`${origin}/x`)).headers.get("x-cache")).toBe("MISS");
    expect(state.renders).toBe(2);
  });

  test("never stores private pages, pages that set cookies, or answers personal requests", async () => {
    const clock = { now: 0 };
    const priv = counter("private, no-store");
    const { origin } = await serve(priv.handler, clock);
    await fetch(`${origin}/cart`);
    await fetch(`${origin}/cart`);
    expect(priv.state.renders).toBe(2);
  });

  test("a request with a session or cart cookie is always rendered", async () => {
    const clock = { now: 0 };
    const { state, handler } = counter("public, s-maxage=60");
    const { origin } = await serve(handler, clock);
    await fetch(`${origin}/faq`);
    await fetch(`${origin}/faq`, { headers: { Cookie: "rihla_cart=abc" } });
    expect(state.renders).toBe(2);
  });

  test("keeps one copy per value of the headers the page varies on", async () => {
    const clock = { now: 0 };
    const { state, handler } = counter("public, s-maxage=60", { Vary: "Accept-Language" });
    const { origin } = await serve(handler, clock);
    await fetch(`${origin}/`, { headers: { "Accept-Language": "ar" } });
    const english = await fetch(`${origin}/`, { headers: { "Accept-Language": "en" } });
    expect(await english.text()).toBe("<p>render 2 en</p>");
    const arabic = await fetch(`${origin}/`, { headers: { "Accept-Language": "ar" } });
    expect(await arabic.text()).toBe("<p>render 1 ar</p>");
    expect(state.renders).toBe(2);
  });

  test("keeps one copy per cookie-banner answer, and refreshes each with its own answer", async () => {
    const clock = { now: 0 };
    const state = { renders: 0 };
    const handler: Handler = (req, res) => {
      state.renders += 1;
      res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "public, s-maxage=60, stale-while-revalidate=600" });
      res.end(`<p>render ${state.renders} ${/rihla_consent=(\w+)/.exec(req.headers.cookie ?? "")?.[1] ?? "banner"}</p>`);
    };
    const { origin } = await serve(handler, clock);
    const page = async (cookie?: string) => (await fetch(`${origin}/faq`, cookie ? { headers: { Cookie: cookie } } : {})).text();
    expect(await page()).toBe("<p>render 1 banner</p>");
    expect(await page("rihla_consent=granted; _ga=GA1.1.123")).toBe("<p>render 2 granted</p>");
    expect(await page("rihla_consent=denied")).toBe("<p>render 3 denied</p>");
    // Other cookies (analytics ids) do not make more copies; an unknown answer is no answer.
    expect(await page("_ga=GA1.1.456; rihla_consent=granted")).toBe("<p>render 2 granted</p>");
    // Nor does the visitor id the answer is recorded under (consent_records): one copy per answer, not per browser.
    expect(await page("rihla_visitor=0b8f5a52-7c1e-4f7e-9d55-2f6f0e0c1a11; rihla_consent=granted")).toBe("<p>render 2 granted</p>");
    expect(await page("rihla_consent=denied; rihla_visitor=5d2c9a41-3b7e-4a8f-8e21-9c0d1e2f3a4b")).toBe("<p>render 3 denied</p>");
    expect(await page("rihla_consent=maybe")).toBe("<p>render 1 banner</p>");
    expect(state.renders).toBe(3);
    clock.now = 61_000;
    expect(await page("rihla_consent=granted")).toBe("<p>render 2 granted</p>");
    await expect.poll(() => page("rihla_consent=granted")).toBe("<p>render 4 granted</p>");
    expect(await page()).toBe("<p>render 1 banner</p>");
  });

  test("clear() drops every page (content or catalogue changed)", async () => {
    const clock = { now: 0 };
    const { state, handler } = counter("public, s-maxage=60");
    const { origin, cache } = await serve(handler, clock);
    await fetch(`${origin}/faq`);
    cache.clear();
    expect(await (await fetch(`${origin}/faq`)).text()).toBe("<p>render 2 </p>");
    expect(state.renders).toBe(2);
  });

  test("evict(tags) drops only the pages whose Surrogate-Key names one of them, in every variant", async () => {
    const clock = { now: 0 };
    const renders = new Map<string, number>();
    const { origin, cache } = await serve((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      renders.set(path, (renders.get(path) ?? 0) + 1);
      const tags = path.startsWith("/experiences/camel") || path.startsWith("/ar/experiences/camel") ? { "Surrogate-Key": "product:prd-1" } : path === "/experiences/dunes" ? { "Surrogate-Key": "product:prd-2 other" } : {};
      res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "public, s-maxage=300", ...tags });
      res.end(`<p>${path} ${renders.get(path)}</p>`);
    }, clock);
    const urls = ["/faq", "/experiences/camel", "/experiences/camel?date=2030-01-10", "/ar/experiences/camel", "/experiences/dunes"];
    for (const url of urls) await fetch(origin + url);
    for (const url of urls) expect((await fetch(origin + url)).headers.get("x-cache")).toBe("HIT");
    expect(cache.evict(["product:prd-1"])).toBe(3);
    const after = await Promise.all(urls.map(async (url) => [url, (await fetch(origin + url)).headers.get("x-cache")]));
    expect(Object.fromEntries(after)).toEqual({ "/faq": "HIT", "/experiences/camel": "MISS", "/experiences/camel?date=2030-01-10": "MISS", "/ar/experiences/camel": "MISS", "/experiences/dunes": "HIT" });
    expect(cache.evict(["other"])).toBe(1);
    expect((await fetch(`${origin}/experiences/dunes`)).headers.get("x-cache")).toBe("MISS");
  });
});

describe("compressed hits", () => {
  const BIG_PAGE = `<main>${"<p>Desert safari with dinner, Riyadh</p>".repeat(200)}</main>`;

  async function bigPageServer() {
    const state = { renders: 0 };
    const { origin } = await serve((_req, res) => {
      state.renders += 1;
      res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "public, s-maxage=60", Vary: "Cookie" });
      res.end(BIG_PAGE);
    }, { now: 0 });
    return { state, origin };
  }

  test.each(["br", "gzip"] as const)("a hit that accepts %s gets the same page, compressed, saying so", async (coding) => {
    const { state, origin } = await bigPageServer();
    await fetch(`${origin}/faq`, { headers: { "accept-encoding": "identity" } });
    for (let attempt = 0; attempt < 2; attempt++) {
      const hit = await fetch(`${origin}/faq`, { headers: { "accept-encoding": coding === "br" ? "gzip, deflate, br" : "gzip" } });
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(hit.headers.get("content-encoding")).toBe(coding);
      expect(Number(hit.headers.get("content-length"))).toBeLessThan(BIG_PAGE.length / 4);
      expect(hit.headers.get("vary")).toMatch(/Cookie/);
      expect(hit.headers.get("vary")).toMatch(/Accept-Encoding/);
      expect(await hit.text()).toBe(BIG_PAGE);
    }
    expect(state.renders).toBe(1);
  });

  test("a hit that accepts no encoding gets the page as it is", async () => {
    const { origin } = await bigPageServer();
    await fetch(`${origin}/faq`);
    const hit = await fetch(`${origin}/faq`, { headers: { "accept-encoding": "identity" } });
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("content-encoding")).toBeNull();
    expect(await hit.text()).toBe(BIG_PAGE);
  });

  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip;q=1.0, br;q=0", "gzip"],
    ["GZIP", "gzip"],
    ["deflate", null],
    ["br;q=0.0, gzip;q=0", null],
    [undefined, null],
  ])("Accept-Encoding %s → %s", (header, expected) => {
    expect(preferredCoding(header)).toBe(expected);
  });
});

describe("shared Cache-Control", () => {
  test.each([
    ["public, max-age=0, s-maxage=300, stale-while-revalidate=86400", { maxAgeMs: 300_000, staleMs: 86_400_000 }],
    ["public, s-maxage=60", { maxAgeMs: 60_000, staleMs: 0 }],
    ["private, no-store", null],
    ["public, max-age=60", null],
    ["public, no-store, s-maxage=60", null],
    [undefined, null],
  ])("%s", (header, expected) => {
    expect(parseSharedCacheControl(header)).toEqual(expected);
  });
});
