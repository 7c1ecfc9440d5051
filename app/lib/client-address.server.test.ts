import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { clientAddress, trustedClientAddress, trustProxyHops } from "./client-address.server";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** server.js's set-up, and the address the rate limiters compute from the request Remix would see. */
async function serve(trustProxy: number) {
  const app = express();
  app.set("trust proxy", trustProxyHops({ TRUST_PROXY: trustProxy }));
  app.use(trustedClientAddress);
  app.get("*", (req, res) => {
    const request = new Request("http://localhost/", { headers: req.headers as Record<string, string> });
    res.json({ address: clientAddress(request) });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("client address behind TRUST_PROXY", () => {
  test("with TRUST_PROXY unset (0), a forged X-Forwarded-For does not change the address the rate limiter sees", async () => {
    const origin = await serve(0);
    const plain = await (await fetch(origin)).json();
    const forged = await (await fetch(origin, { headers: { "X-Forwarded-For": "203.0.113.7", "X-Real-IP": "198.51.100.1" } })).json();
    expect(plain.address).toMatch(/127\.0\.0\.1$/);
    expect(forged).toEqual(plain);
  });

  test("with one trusted hop, the proxy's view of the client counts, not what the client prepended", async () => {
    const origin = await serve(1);
    const seen = await (await fetch(origin, { headers: { "X-Forwarded-For": "198.51.100.66, 203.0.113.7" } })).json();
    expect(seen).toEqual({ address: "203.0.113.7" });
  });
});

describe("forwarded host and scheme", () => {
  async function serveHeaders(trustProxy: number) {
    const app = express();
    app.set("trust proxy", trustProxyHops({ TRUST_PROXY: trustProxy }));
    app.use(trustedClientAddress);
    app.get("*", (req, res) => res.json({ host: req.headers["x-forwarded-host"] ?? null, proto: req.headers["x-forwarded-proto"] ?? null, forwarded: req.headers.forwarded ?? null, hostname: req.hostname, protocol: req.protocol }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const forged = { "X-Forwarded-Host": "evil.example:666", "X-Forwarded-Proto": "https", Forwarded: "host=evil.example;proto=https" };

  test("with TRUST_PROXY 0 nothing after the server sees a host or scheme the client made up", async () => {
    const origin = await serveHeaders(0);
    expect(await (await fetch(origin, { headers: forged })).json()).toEqual({ host: null, proto: null, forwarded: null, hostname: "127.0.0.1", protocol: "http" });
  });

  test("behind a trusted proxy they are the proxy's to set", async () => {
    const origin = await serveHeaders(1);
    expect(await (await fetch(origin, { headers: forged })).json()).toMatchObject({ host: "evil.example:666", proto: "https", hostname: "evil.example", protocol: "https" });
  });
});
