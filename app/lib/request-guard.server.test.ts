import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { request as httpRequest } from "node:http";
import { createReadableStreamFromReadable } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bodyClassOf, createRequestGuard, FORM_BODY_LIMIT } from "./request-guard.server";

let server: Server;
let origin = "";

beforeAll(async () => {
  const app = express();
  app.use(createRequestGuard());
  // What the Remix adapter does with the request: streams `req` into a fetch Request.
  app.all("*", async (req, res) => {
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    if (bodyClassOf(req.path) === "own") return void res.json({ text: await request.text() });
    const form = await request.formData();
    res.json({ fields: Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)])) });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, init: RequestInit = {}) => fetch(origin + path, { method: "POST", ...init });

describe("request guard", () => {
  test("a form body reaches the action intact", async () => {
    const response = await post("/cart", { body: new URLSearchParams({ intent: "add", qty: "2" }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fields: { intent: "add", qty: "2" } });
    const form = new FormData();
    form.set("name", "Layla");
    const multipart = await post("/contact-us", { body: form });
    expect(await multipart.json()).toEqual({ fields: { name: "Layla" } });
    const empty = await post("/auth/logout", { headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await empty.json()).toEqual({ fields: {} });
    // A POST without body or type (a script's sign-out) is an empty form, not an error.
    expect(await (await post("/auth/logout")).json()).toEqual({ fields: {} });
  });

  test("a form posted from another origin, or with a withheld origin, answers 403 (Remix would throw: 500)", async () => {
    const send = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(origin + "/auth/reset-password");
        const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end("password=short");
      });
    expect(await send({ Origin: "https://evil.example" })).toBe(403);
    expect(await send({ Origin: "null" })).toBe(403);
    expect(await send({ Origin: origin })).toBe(200);
    // No Origin at all (old clients, curl): the action decides, as before.
    expect(await send({})).toBe(200);
  });

  test("JSON or another type to a form action answers 415", async () => {
    expect((await post("/cart", { body: JSON.stringify({ intent: "add" }), headers: { "Content-Type": "application/json" } })).status).toBe(415);
    expect((await post("/checkout", { body: "hello", headers: { "Content-Type": "text/plain" } })).status).toBe(415);
    expect((await post("/checkout", { body: new Uint8Array([1, 2, 3]) })).status).toBe(415);
  });

  test("a malformed or missing body answers 400", async () => {
    const bad = await post("/contact-us", { body: "--nope\r\nrubbish", headers: { "Content-Type": "multipart/form-data; boundary=abc" } });
    expect(bad.status).toBe(400);
    expect((await post("/contact-us", { body: "x=1", headers: { "Content-Type": "multipart/form-data" } })).status).toBe(400);
    expect((await fetch(origin + "/cart", { method: "PUT" })).status).toBe(400);
    expect((await fetch(origin + "/cart", { method: "DELETE" })).status).toBe(400);
    expect((await fetch(origin + "/cart", { method: "PATCH" })).status).toBe(400);
  });

  test("a form over 100 KB answers 413, also when it is streamed without a length", async () => {
    const big = "x=" + "a".repeat(FORM_BODY_LIMIT);
    expect((await post("/contact-us", { body: big, headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(413);
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(origin + "/contact-us", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } });
      request.on("response", (response) => resolve(response.statusCode ?? 0));
      request.on("error", reject);
      for (let sent = 0; sent < 2 * FORM_BODY_LIMIT; sent += 8192) request.write("a".repeat(8192));
      request.end();
    });
    expect(status).toBe(413);
  });

  test("JSON endpoints keep their own types, up to 1 MB", async () => {
    const ok = await post("/octo/v1/bookings", { body: JSON.stringify({ a: 1 }), headers: { "Content-Type": "application/json" } });
    expect(await ok.json()).toEqual({ text: '{"a":1}' });
    const big = await post("/api/payments/webhook/stripe", { body: "x".repeat(1024 * 1024 + 1), headers: { "Content-Type": "application/json" } });
    expect(big.status).toBe(413);
  });

  test("a person gets a translated page, a script JSON", async () => {
    const html = await post("/ar/cart", { body: "{}", headers: { "Content-Type": "application/json", Accept: "text/html" } });
    expect(html.status).toBe(415);
    const text = await html.text();
    expect(text).toContain('lang="ar" dir="rtl"');
    expect(text).toContain("هذا العنوان لا يقبل البيانات بهذه الصيغة.");
    const json = await post("/cart", { body: "{}", headers: { "Content-Type": "application/json", Accept: "application/json" } });
    expect(await json.json()).toEqual({ error: "This address does not accept data in that format." });
  });
});
