import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { request as httpRequest } from "node:http";
import { createReadableStreamFromReadable } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bodyClassOf, createRequestGuard, FORM_BODY_LIMIT, isCrossOriginForm, withoutNul } from "#app/web/request-guard.server";

let server: Server;
let origin = "";
/** A form route that promises a larger body (as the catalogue CSV import does). */
const LARGE_FORM = { path: "/admin/products/import", limit: 300 * 1024, tooLarge: { key: "admin.catalogueImport.errors.tooLarge", values: { size: 300 } } };

beforeAll(async () => {
  const app = express();
  // The guard is built before the port is known: SITE_URL is read per request from `origin`.
  let guard: ReturnType<typeof createRequestGuard> | null = null;
  app.use((req, res, next) => {
    guard ??= createRequestGuard({ siteUrl: origin, trustProxy: 1, largeForms: [LARGE_FORM] });
    guard(req, res, next);
  });
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
    // The whole origin counts: scheme and port too, and a page opened from a file.
    expect(await send({ Origin: origin.replace("http:", "https:") })).toBe(403);
    expect(await send({ Origin: origin.replace(/:\d+$/, ":1") })).toBe(403);
    expect(await send({ Origin: "file://" })).toBe(403);
    // A forwarded host (this guard trusts one proxy) that is not the site's is refused, whatever Origin says.
    expect(await send({ Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" })).toBe(403);
    expect(await send({ Origin: origin, "X-Forwarded-Host": "evil.example" })).toBe(403);
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

  test("an upload still being sent when the 413 is answered ends with the answer, not a reset connection", async () => {
    // The refusal comes after the headers (the declared length is over the import's limit) while the client
    // still writes: its remaining writes must be read and dropped, so it reads the answer (as a browser would).
    const chunk = Buffer.alloc(64 * 1024, "a");
    const chunks = 128; // 8 MB, over LARGE_FORM's 300 KB and more than a socket buffers
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(origin + LARGE_FORM.path, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(chunk.length * chunks), Accept: "text/html" },
      });
      request.on("error", reject);
      // Done when the whole upload went out and the whole answer came back.
      let sent = false;
      let received: { status: number; body: string } | null = null;
      const settle = () => sent && received && resolve(received);
      request.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (part: string) => (body += part));
        response.on("end", () => {
          received = { status: response.statusCode ?? 0, body };
          settle();
        });
      });
      let written = 0;
      const writeNext = () => {
        if (written === chunks) return void request.end(() => ((sent = true), settle()));
        written += 1;
        // One chunk per turn of the event loop: the server answers long before the last one.
        request.write(chunk, () => setImmediate(writeNext));
      };
      writeNext();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("300");
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

  // The pentest (#27 item 8): TRACE reached the Remix adapter, whose Request cannot carry it (500).
  test("methods no action speaks answer 405 with Allow, before any body is read", async () => {
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const req = httpRequest(origin + path, { method }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
        });
        req.on("error", reject);
        req.end();
      });
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "COPY", "SEARCH", "PURGE"]) {
      for (const path of ["/", "/ar/faq", "/api/locale", "/octo/v1/products", "/api/payments/webhook/stripe"]) {
        expect(await send(method, path), `${method} ${path}`).toEqual({ status: 405, allow: "GET, HEAD, POST" });
      }
    }
    expect((await send("OPTIONS", "/cart")).status).toBe(405);
    // The OCTO API names the methods of each endpoint itself.
    expect((await send("OPTIONS", "/octo/v1/products")).status).toBe(200);
  });

  test("a form's NUL characters are removed before the action reads it; a file's bytes are not touched", async () => {
    const urlencoded = await post("/auth/sign-up", { body: "name=Lay%00la&message=a%00%00b&x%00y=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await urlencoded.json()).toEqual({ fields: { name: "Layla", message: "ab", xy: "1" } });
    const form = new FormData();
    form.set("name", "Lay\u0000la");
    form.set("comment", "fine");
    const multipart = await post("/contact-us", { body: form });
    expect(await multipart.json()).toEqual({ fields: { name: "Layla", comment: "fine" } });
  });

  test("a form route that promises more accepts up to its own limit, with its own message above it", async () => {
    const body = (size: number) => "x=" + "a".repeat(size);
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await post("/admin/products/import", { body: body(150 * 1024), headers: form })).status).toBe(200);
    expect((await post("/contact-us", { body: body(150 * 1024), headers: form })).status).toBe(413);
    // The same form submitted by the page's script (single fetch's data URL) has the same limit.
    expect((await post("/admin/products/import.data", { body: body(150 * 1024), headers: form })).status).toBe(200);
    expect((await post("/contact-us.data", { body: body(150 * 1024), headers: form })).status).toBe(413);
    const over = await post("/admin/products/import", { body: body(301 * 1024), headers: { ...form, Accept: "text/html", Cookie: "rihla_admin_lang=ar" } });
    expect(over.status).toBe(413);
    const page = await over.text();
    expect(page).toContain('lang="ar" dir="rtl"');
    expect(page).toContain("300");
    expect(page).toContain('href="/admin"');
  });
});

describe("isCrossOriginForm", () => {
  const site = { siteOrigin: "https://rihla.example", trustForwardedHost: false };
  const check = (headers: Record<string, string>, rule = site) => isCrossOriginForm(headers, rule);

  test("only SITE_URL's exact origin, on the host it was sent to", () => {
    expect(check({ origin: "https://rihla.example", host: "rihla.example" })).toBe(false);
    expect(check({ host: "rihla.example" })).toBe(false);
    for (const origin of ["http://rihla.example", "https://rihla.example:8443", "https://evil.example", "null", "file://", "file:///tmp/x.html", "not a url"]) {
      expect(check({ origin, host: "rihla.example" })).toBe(true);
    }
    // The Host it reached is not the Origin's host (Remix would throw: 500).
    expect(check({ origin: "https://rihla.example", host: "internal:3000" })).toBe(true);
  });

  test("X-Forwarded-Host counts only behind a trusted proxy", () => {
    // TRUST_PROXY 0: the client's own X-Forwarded-Host changes nothing.
    expect(check({ origin: "https://evil.example", host: "rihla.example", "x-forwarded-host": "evil.example" })).toBe(true);
    expect(check({ origin: "https://rihla.example", host: "rihla.example", "x-forwarded-host": "evil.example" })).toBe(false);
    const behindProxy = { ...site, trustForwardedHost: true };
    expect(check({ origin: "https://rihla.example", host: "internal:3000", "x-forwarded-host": "rihla.example" }, behindProxy)).toBe(false);
    expect(check({ origin: "https://evil.example", host: "internal:3000", "x-forwarded-host": "evil.example" }, behindProxy)).toBe(true);
  });
});

describe("withoutNul", () => {
  test("leaves a body without NUL alone", async () => {
    expect(await withoutNul("application/x-www-form-urlencoded", "application/x-www-form-urlencoded", Buffer.from("a=1&b=%01"))).toBeNull();
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0, 1, 2])], "data.bin"));
    form.set("name", "ok");
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const type = request.headers.get("Content-Type")!;
    expect(await withoutNul("multipart/form-data", type, Buffer.from(await request.arrayBuffer()))).toBeNull();
  });

  test("keeps a file's NUL bytes while cleaning the text fields beside it", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array([65, 0, 66])], "data.csv", { type: "text/csv" }));
    form.set("name", "a\u0000b");
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const cleaned = await withoutNul("multipart/form-data", request.headers.get("Content-Type")!, Buffer.from(await request.arrayBuffer()));
    const read = await new Request("http://localhost/", { method: "POST", headers: { "Content-Type": cleaned!.contentType }, body: new Uint8Array(cleaned!.body) }).formData();
    expect(read.get("name")).toBe("ab");
    const file = read.get("file") as File;
    expect(file.name).toBe("data.csv");
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([65, 0, 66]);
  });
});
