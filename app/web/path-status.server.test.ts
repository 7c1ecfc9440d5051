import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { loader } from "#app/routes/api.path-status";
import { fetchPathStatus, parseSitePath, studioCorsHeaders } from "./path-status.server";

/** A stand-in storefront on loopback: /exists is a page, /moved redirects, everything else is 404. */
let server: Server;
let origin: string;
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    if (req.url === "/exists" || req.url === "/ar/faq?x=1") return void res.writeHead(200, { "Content-Type": "text/html" }).end("<p>page</p>");
    if (req.url === "/moved") return void res.writeHead(301, { Location: `${origin}/exists` }).end();
    if (req.url === "/away") return void res.writeHead(302, { Location: "https://example.com/else" }).end();
    res.writeHead(404, { "Content-Type": "text/html" }).end("<p>not found</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("parseSitePath", () => {
  it("accepts site page paths (query kept, fragment dropped)", () => {
    expect(parseSitePath("/blog")).toBe("/blog");
    expect(parseSitePath("/ar/faq?x=1#top")).toBe("/ar/faq?x=1");
  });

  it("refuses absolute URLs, other hosts and anything a browser could read as one", () => {
    for (const raw of ["https://evil.example/x", "http://127.0.0.1:22/", "//evil.example/x", "/\\evil.example", "evil.example", "", " /blog", "/blog\n"]) {
      expect(parseSitePath(raw), raw).toBeNull();
    }
    expect(parseSitePath(`/${"a".repeat(3000)}`)).toBeNull();
  });

  it("refuses the API, the operator channel and other machinery, however spelled", () => {
    for (const raw of ["/api/path-status?path=/x", "/ar/api/suggest", "/_ops/command", "/%5Fops/command", "/blog/../_ops/command", "/blog/%2e%2e/_ops/command", "/octo/products", "/_ipx/w_10/x.jpg", "/build/x.js"]) {
      expect(parseSitePath(raw), raw).toBeNull();
    }
  });
});

describe("fetchPathStatus", () => {
  it("answers the status without following redirects, with this site's Location made relative", async () => {
    const options = { localOrigin: origin, publicOrigin: "https://rihla.example" };
    expect(await fetchPathStatus("/exists", options)).toEqual({ status: 200, location: null });
    expect(await fetchPathStatus("/missing", options)).toEqual({ status: 404, location: null });
    expect(await fetchPathStatus("/moved", options)).toEqual({ status: 301, location: "/exists" });
    expect(await fetchPathStatus("/away", options)).toEqual({ status: 302, location: "https://example.com/else" });
  });
});

describe("studioCorsHeaders", () => {
  it("allows the configured studio origin only", () => {
    expect(studioCorsHeaders("https://studio.example", "https://studio.example/")).toEqual({ "Access-Control-Allow-Origin": "https://studio.example" });
    expect(studioCorsHeaders("https://evil.example", "https://studio.example")).toEqual({});
    expect(studioCorsHeaders("https://studio.example", undefined)).toEqual({});
  });
});

describe("GET /api/path-status", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PORT: origin.split(":").pop()!, STUDIO_ORIGIN: "https://studio.example" } });
  });
  afterAll(() => ctx.stop());

  const get = async (query: string, headers: Record<string, string> = {}) => {
    const response = await loader({ request: new Request(`http://localhost/api/path-status?${query}`, { headers }), params: {}, context: ctx as unknown as AppLoadContext });
    return { response, body: (await response.json()) as Record<string, unknown> };
  };

  it("answers 404 for a missing page and 200 for an existing one, never cached", async () => {
    const missing = await get(`path=${encodeURIComponent("/missing")}`);
    expect(missing.body).toEqual({ status: 404, location: null });
    expect(missing.response.headers.get("Cache-Control")).toBe("no-store");
    expect((await get("path=/exists")).body).toEqual({ status: 200, location: null });
    expect((await get("path=/moved")).body).toEqual({ status: 301, location: "/exists" });
  });

  it("refuses absolute URLs and other hosts with 400, asking nothing", async () => {
    const before = asked.length;
    for (const path of ["https://evil.example/", "//evil.example/x", "http://169.254.169.254/latest"]) {
      const { response, body } = await get(`path=${encodeURIComponent(path)}`);
      expect(response.status, path).toBe(400);
      expect(body).toEqual({ error: "not-a-site-path" });
    }
    expect((await get("")).response.status).toBe(400);
    expect(asked.length).toBe(before);
  });

  it("lets the configured studio read the answer, and no other origin", async () => {
    expect((await get("path=/exists", { Origin: "https://studio.example" })).response.headers.get("Access-Control-Allow-Origin")).toBe("https://studio.example");
    expect((await get("path=/exists", { Origin: "https://evil.example" })).response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("stops an address past its limit", async () => {
    let status = 200;
    for (let index = 0; index < 130 && status !== 429; index++) {
      status = (await get("path=/exists", { "X-Forwarded-For": "203.0.113.9" })).response.status;
    }
    expect(status).toBe(429);
  });
});
