import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import type { Env } from "./env.server";
import { createPageCache } from "./page-cache.server";
import { contentSecurityPolicy, createSecurityHeaders, nonceOf, sentryIngestOrigin } from "./security-headers.server";

const LOCAL = { SITE_URL: "http://localhost:3000", SENTRY_DSN: undefined, PAYMENT_GATEWAY: "sandbox" } as const;

describe("content security policy", () => {
  test("allows scripts by nonce and what they load, nothing inline without it", () => {
    const csp = contentSecurityPolicy(LOCAL, "abc123");
    expect(csp).toContain("script-src 'nonce-abc123' 'strict-dynamic' 'self' https://www.googletagmanager.com");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.sanity.io");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  test("form-action allows Stripe Checkout only when Stripe is the gateway", () => {
    expect(contentSecurityPolicy(LOCAL, "n")).toContain("form-action 'self' http://localhost:3000;");
    expect(contentSecurityPolicy({ ...LOCAL, PAYMENT_GATEWAY: "stripe" }, "n")).toContain("form-action 'self' http://localhost:3000 https://checkout.stripe.com");
  });

  test("form-action allows Tap's hosted pages only when Tap is the gateway", () => {
    expect(contentSecurityPolicy({ ...LOCAL, PAYMENT_GATEWAY: "tap" }, "n")).toContain("form-action 'self' http://localhost:3000 https://*.payments.tap.company;");
    expect(contentSecurityPolicy({ ...LOCAL, PAYMENT_GATEWAY: "stripe" }, "n")).not.toContain("tap.company");
  });

  test("connect-src names Sentry's ingest host, taken from the DSN", () => {
    expect(sentryIngestOrigin("https://public@o42.ingest.sentry.io/7")).toBe("https://o42.ingest.sentry.io");
    expect(sentryIngestOrigin("not a dsn")).toBeNull();
    expect(sentryIngestOrigin(undefined)).toBeNull();
    expect(contentSecurityPolicy({ ...LOCAL, SENTRY_DSN: "https://public@o42.ingest.sentry.io/7" }, "n")).toMatch(/connect-src [^;]*https:\/\/o42\.ingest\.sentry\.io/);
    expect(contentSecurityPolicy(LOCAL, "n")).not.toContain("sentry");
  });

  test("upgrades insecure requests only on an HTTPS site", () => {
    expect(contentSecurityPolicy({ ...LOCAL, SITE_URL: "https://rihla.example" }, "n")).toContain("upgrade-insecure-requests");
  });
});

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(env: Partial<Env>, handler: express.RequestHandler, options: { cache?: boolean } = {}) {
  const app = express();
  app.use(createSecurityHeaders({ ...LOCAL, ...env } as Env));
  let origin = "";
  const cache = createPageCache({ revalidate: async (url, headers) => void (await (await fetch(origin + url, { headers })).text()) });
  if (options.cache) app.use(cache.middleware);
  app.get("*", handler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, cache };
}

/** A page like Remix renders it: its inline scripts carry the response's nonce. */
const page: express.RequestHandler = (_req, res) => {
  res.set({ "Content-Type": "text/html", "Cache-Control": "public, max-age=0, s-maxage=300" });
  res.send(`<!doctype html><script nonce="${nonceOf(res)}">window.ENV={}</script>`);
};

const nonceInHeader = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
const nonceInBody = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

describe("security headers middleware", () => {
  test("sets a fresh nonce per request, and the other headers", async () => {
    const { origin } = await serve({}, page);
    const first = await fetch(origin + "/");
    const second = await fetch(origin + "/");
    const [a, b] = [nonceInHeader(first), nonceInHeader(second)];
    expect(a).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(a).not.toBe(b);
    expect(nonceInBody(await first.text())).toBe(a);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  test("only the studio may frame a preview: the preview-mode routes and a previewing browser's pages", async () => {
    const frame = (response: Response) => [/frame-ancestors ([^;]+)/.exec(response.headers.get("content-security-policy") ?? "")?.[1], response.headers.get("x-frame-options")];
    const studio = await serve({ STUDIO_ORIGIN: "https://rihla.sanity.studio" }, page);
    const previewing = { headers: { Cookie: "rihla_consent=denied; rihla_preview_mode=signed" } };
    expect(frame(await fetch(studio.origin + "/api/preview-mode/enable?sanity-preview-secret=x"))).toEqual(["'self' https://rihla.sanity.studio", null]);
    expect(frame(await fetch(studio.origin + "/ar/blog", previewing))).toEqual(["'self' https://rihla.sanity.studio", null]);
    expect(frame(await fetch(studio.origin + "/ar/blog"))).toEqual(["'none'", "DENY"]);
    expect(frame(await fetch(studio.origin + "/", { headers: { Cookie: "not_rihla_preview_mode=1" } }))).toEqual(["'none'", "DENY"]);
    server!.close();
    // No studio configured: nobody frames anything, preview or not.
    const alone = await serve({}, page);
    expect(frame(await fetch(alone.origin + "/api/preview-mode/enable"))).toEqual(["'none'", "DENY"]);
    expect(frame(await fetch(alone.origin + "/", previewing))).toEqual(["'none'", "DENY"]);
  });

  test("HSTS only when SITE_URL is https", async () => {
    const { origin } = await serve({ SITE_URL: "https://rihla.example" }, page);
    expect((await fetch(origin + "/")).headers.get("strict-transport-security")).toContain("max-age=31536000");
  });

  test("a route's own Referrer-Policy replaces the default (Remix's adapter appends headers)", async () => {
    const { origin } = await serve({}, (_req, res) => {
      res.append("Referrer-Policy", "no-referrer");
      res.append("Vary", "Cookie");
      res.send("ok");
    });
    const response = await fetch(origin + "/");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  test("a cached page is served with the CSP it was rendered with, so its scripts still run", async () => {
    const { origin, cache } = await serve({}, page, { cache: true });
    const miss = await fetch(origin + "/page");
    const missBody = await miss.text();
    expect(miss.headers.get("x-cache")).toBe("MISS");
    expect(nonceInBody(missBody)).toBe(nonceInHeader(miss));

    const hit = await fetch(origin + "/page");
    const hitBody = await hit.text();
    expect(hit.headers.get("x-cache")).toBe("HIT");
    // The body is the cached one (same nonce) and so is its policy: they match.
    expect(nonceInBody(hitBody)).toBe(nonceInBody(missBody));
    expect(nonceInHeader(hit)).toBe(nonceInBody(hitBody));

    cache.clear();
    const fresh = await fetch(origin + "/page");
    const freshBody = await fresh.text();
    expect(nonceInBody(freshBody)).not.toBe(nonceInBody(missBody));
    expect(nonceInHeader(fresh)).toBe(nonceInBody(freshBody));
  });
});
