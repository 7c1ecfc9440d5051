/**
 * Fuzzing the production build over HTTP: ≥ 3,000 generated requests (fast-check, fixed seed, so a
 * failure replays) across every route of app/routes.ts's route table and the resource routes, with
 * random segments and query strings, GET/POST/PUT/PATCH/DELETE and the odd methods a scanner sends
 * (TRACE, PROPFIND, …), every content type we know and some we don't, malformed and huge bodies, NUL
 * bytes in form fields, forged cookies, Origins of other schemes and sites, and forged
 * X-Forwarded-Host. No answer may be a 5xx. It prints a histogram of status codes (the go-live note
 * quotes it). Below it, what the penetration test sent (#27 items 7 and 8), each with the answer it
 * must get. Runs once (the "js" project), requests only.
 */
import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { LOCALE_PREFIXES, PAGE_ROUTES, RESOURCE_ROUTES } from "../app/routes";
import { BASE_URL } from "../playwright.config";
import { expect, test } from "./fixtures";

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3200);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 45_000);

/** Values a parameter of the route table may take: real ones (so deep code runs) and hostile ones. */
const REAL_SEGMENTS = ["desert-safari", "things-to-do-in-dubai", "things-to-do-in-riyadh", "dubai-dinner-cruise-with-live-entertainment", "camel-trek-at-sunset-near-jeddah-with-hotel-pickup", "best-time-to-visit-alula", "dubai", "en", "ar", "sandbox", "stripe", "sbx_abc123", "1", "0"];
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...REAL_SEGMENTS) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,40}$/) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map((text) => encodeURIComponent(text)) },
  { weight: 1, arbitrary: fc.constantFrom("%2e%2e", "..", "%00", "%25", "%ZZ", "%E0%A4%A", "x".repeat(300), "<script>", "'%20OR%201=1--", "things-to-do-in-", "sbx_", "-1", "NaN", "undefined", "%F0%9F%90%AA") },
);

/** A path from the route table with its `:params` and `*` filled, under a locale prefix for pages. */
function fillPattern(pattern: string, values: string[]): string {
  let index = 0;
  return pattern
    .split("/")
    .map((part) => (part.startsWith(":") || part === "*" ? (values[index++] ?? "x") : part.replace(/:([a-z]+)\.xml$/i, () => `${values[index++] ?? "en"}.xml`)))
    .join("/");
}

const pagePath = fc
  .record({ route: fc.constantFrom(...PAGE_ROUTES.map(([path]) => path as string)), prefix: fc.constantFrom(...LOCALE_PREFIXES.map(([, prefix]) => prefix as string)), values: fc.array(segment, { minLength: 3, maxLength: 3 }) })
  .map(({ route, prefix, values }) => "/" + [prefix, fillPattern(route === "*" ? "*/*" : route, values)].filter(Boolean).join("/"));
const resourcePath = fc
  .record({ route: fc.constantFrom(...RESOURCE_ROUTES.map(([path]) => path as string)), values: fc.array(segment, { minLength: 3, maxLength: 3 }) })
  .map(({ route, values }) => "/" + fillPattern(route, values));
const randomPath = fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => "/" + parts.join("/"));
const path = fc.oneof({ weight: 5, arbitrary: pagePath }, { weight: 4, arbitrary: resourcePath }, { weight: 1, arbitrary: randomPath });

const QUERY_KEYS = ["date", "page", "sort", "price_min", "price_max", "rating", "duration", "language", "theme", "city", "category", "q", "token", "order", "redirectTo", "_data", "index", "currency", "layout", "lang", "t", "from", "to", "productId", "optionId", "units", "reference"];
const queryValue = fc.oneof(
  fc.constantFrom("", "1", "-1", "0", "999999999999", "2026-13-45", "2026-12-01", "tomorrow", "NaN", "true", "en/home", "routes/home", "root", "//evil.example", "https://evil.example/", "cheapest", "SAR", "USD", "%", "[]", "{}"),
  fc.string({ maxLength: 40 }),
);
const query = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { maxLength: 5 }).map((pairs) => (pairs.length ? "?" + new URLSearchParams(pairs).toString() : ""));

/** Methods no page or API of ours speaks: a scanner's WebDAV and diagnostics (fetch cannot send TRACE, so these go through node:http). */
const ODD_METHODS = ["TRACE", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "SEARCH", "PURGE", "REPORT", "OPTIONS"];
const method = fc.oneof({ weight: 8, arbitrary: fc.constantFrom<string>("GET", "GET", "GET", "POST", "POST", "PUT", "PATCH", "DELETE") }, { weight: 1, arbitrary: fc.constantFrom<string>(...ODD_METHODS) });

const INTENTS = ["add", "remove", "update", "apply-promo", "remove-promo", "checkout", "pay-later", "cancel", "review", "sign-in", "logout", "retry"];
const formFields = fc.dictionary(
  fc.constantFrom("intent", "email", "password", "name", "token", "quantity", "itemId", "optionId", "date", "time", "units", "code", "redirectTo", "currency", "locale", "layout", "card", "rating", "comment", "firstName", "lastName", "phone", "message", "company", "ADULT", "CHILD"),
  fc.oneof(fc.constantFrom(...INTENTS, "", "0", "-5", "1e9", "a@b.c", "SAR", "ar", "//evil.example", "/ru//evil.example", "/zh/%2e%2e//evil.example", "4242424242424242", "\u0000", "Lay\u0000la", "a@b.c\u0000"), fc.string({ maxLength: 60 })),
  { maxKeys: 8 },
);

type Body = { contentType?: string; body?: string | Uint8Array; label: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ label: "none" }),
  formFields.map<Body>((fields) => ({ contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString(), label: "form" })),
  formFields.map<Body>((fields) => {
    const boundary = "----fuzz" + Object.keys(fields).length;
    const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: parts.join("") + `--${boundary}--\r\n`, label: "multipart" };
  }),
  fc.string({ maxLength: 200 }).map<Body>((text) => ({ contentType: "multipart/form-data; boundary=wrong", body: `--other\r\n${text}`, label: "bad-multipart" })),
  fc.constant<Body>({ contentType: "multipart/form-data", body: "a=1", label: "multipart-no-boundary" }),
  fc.jsonValue().map<Body>((value) => ({ contentType: "application/json", body: JSON.stringify(value) ?? "null", label: "json" })),
  fc.string({ maxLength: 100 }).map<Body>((text) => ({ contentType: "application/json", body: `{"broken": ${text}`, label: "bad-json" })),
  fc.constantFrom("text/plain", "application/xml", "application/octet-stream", "image/png", "application/x-www-form-urlencoded; charset=utf-16", "garbage", "multipart/mixed; boundary=x").chain((contentType) =>
    fc.uint8Array({ maxLength: 300 }).map<Body>((bytes) => ({ contentType, body: bytes, label: "other-type" })),
  ),
  fc.constantFrom(200 * 1024, 1200 * 1024).map<Body>((size) => ({ contentType: size > 1024 * 1024 ? "application/json" : "application/x-www-form-urlencoded", body: "a=" + "x".repeat(size), label: "huge" })),
);

const COOKIE_NAMES = ["rihla_session", "rihla_cart", "rihla_flash", "rihla_currency", "rihla_locale", "rihla_layout_preview"];
const cookie = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...COOKIE_NAMES), fc.oneof(fc.string({ maxLength: 80 }), fc.base64String({ maxLength: 120 }).map((value) => `${value}.${value.slice(0, 20)}`), fc.constantFrom("", "eyJ9", "%E0%A4%A", "x".repeat(3000), "ar", "XYZ", "null"))), { minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([name, value]) => `${name}=${value.replace(/[;\r\n]/g, "")}`).join("; ")),
  },
);
const accept = fc.constantFrom<string>("text/html,application/xhtml+xml", "application/json", "*/*", "", "text/html");

const SITE = new URL(BASE_URL);
/** Origins a form may arrive with: the site's own, and what the pentest sent (another scheme or port, `null`, a file). */
const origin = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<string>("", BASE_URL) },
  { weight: 2, arbitrary: fc.constantFrom<string>(BASE_URL.replace("http:", "https:"), `http://${SITE.hostname}:1`, "null", "file://", "http://evil.example") },
);
/** The e2e server trusts one proxy (TRUST_PROXY=1): a forged X-Forwarded-Host is believed, and must still harm nothing. */
const forwardedHost = fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 2, arbitrary: fc.constantFrom<string>(SITE.host, "evil.example", "evil.example:666, other.example") });

const requestArbitrary = fc.record({ method, path, query, body, cookie, accept, acceptLanguage: fc.constantFrom<string>("", "ar", "ru-RU,ru;q=0.9", "zh", "xx;q=oops", "*"), origin, forwardedHost });
type Generated = typeof requestArbitrary extends fc.Arbitrary<infer T> ? T : never;

type Outcome = { status: number | "reset" | "timeout" | "error"; request: Generated; detail?: string };

/** A request by node:http, for the methods fetch refuses to send (TRACE, TRACK, CONNECT). */
function rawRequest(method: string, url: string, headers: Record<string, string> = {}, body?: string | Uint8Array): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers, timeout: TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })));
    request.on("error", reject);
    request.end(body);
  });
}

async function send(request: Generated): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (request.cookie) headers.Cookie = request.cookie;
  if (request.accept) headers.Accept = request.accept;
  if (request.acceptLanguage) headers["Accept-Language"] = request.acceptLanguage;
  if (request.origin) headers.Origin = request.origin;
  if (request.forwardedHost) headers["X-Forwarded-Host"] = request.forwardedHost;
  // Its own client address per request (the e2e server trusts one proxy hop), so the fuzzer's auth and
  // contact posts never use up the rate-limit bucket the other suites share.
  headers["X-Forwarded-For"] = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
  const hasBody = request.method !== "GET" && request.body.body !== undefined;
  if (hasBody && request.body.contentType) headers["Content-Type"] = request.body.contentType;
  try {
    if (ODD_METHODS.includes(request.method)) {
      const response = await rawRequest(request.method, BASE_URL + request.path + request.query, headers, hasBody ? (request.body.body as string | Uint8Array) : undefined);
      return { status: response.status, request, detail: response.status >= 500 ? response.text.slice(0, 300) : "" };
    }
    const response = await fetch(BASE_URL + request.path + request.query, {
      method: request.method,
      headers,
      body: hasBody ? (request.body.body as BodyInit) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = response.status >= 500 ? await response.text() : (await response.arrayBuffer(), "");
    return { status: response.status, request, detail: text.slice(0, 300) };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError") return { status: "timeout", request };
    // The server closes the connection after refusing a huge body (413 + Connection: close) while the
    // client may still be sending: that is the intended answer, not a crash.
    const cause = String((error as { cause?: unknown }).cause ?? error);
    if (request.body.label === "huge" && hasBody) return { status: "reset", request, detail: cause };
    return { status: "error", request, detail: cause };
  }
}

test("fuzz: no generated request gets a 5xx", async ({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "requests only: one project is enough");
  test.setTimeout(15 * 60_000);
  const requests = fc.sample(requestArbitrary, { seed: SEED, numRuns: RUNS });
  // Every route of the table is visited at least once, whatever the sample drew.
  for (const [route] of [...PAGE_ROUTES, ...RESOURCE_ROUTES]) {
    requests.push({ method: "GET", path: "/" + fillPattern(String(route), ["dubai", "x", "y"]), query: "", body: { label: "none" }, cookie: "", accept: "text/html", acceptLanguage: "", origin: "", forwardedHost: "" });
    requests.push({ method: "POST", path: "/" + fillPattern(String(route), ["dubai", "x", "y"]), query: "", body: { contentType: "application/json", body: "{}", label: "json" }, cookie: "", accept: "text/html", acceptLanguage: "", origin: "", forwardedHost: "" });
    // A NUL in every field a form might have, and a method no route speaks.
    const nulForm = new URLSearchParams({ name: "Lay\u0000la", email: "nul\u0000@example.com", message: "a\u0000b", firstName: "\u0000", lastName: "x\u0000", comment: "\u0000", subject: "\u0000", intent: "add" }).toString();
    requests.push({ method: "POST", path: "/" + fillPattern(String(route), ["dubai", "x", "y"]), query: "", body: { contentType: "application/x-www-form-urlencoded", body: nulForm, label: "form" }, cookie: "", accept: "text/html", acceptLanguage: "", origin: BASE_URL, forwardedHost: "" });
    requests.push({ method: "TRACE", path: "/" + fillPattern(String(route), ["dubai", "x", "y"]), query: "", body: { label: "none" }, cookie: "", accept: "*/*", acceptLanguage: "", origin: "", forwardedHost: "" });
  }

  // Webhooks of a gateway this run does not configure (Stripe without keys used to throw → 500).
  for (const gateway of ["stripe", "sandbox", "paypal"]) {
    requests.push({ method: "POST", path: `/api/payments/webhook/${gateway}`, query: "", body: { contentType: "application/json", body: '{"id":"evt_1","type":"checkout.session.completed"}', label: "json" }, cookie: "", accept: "*/*", acceptLanguage: "", origin: "", forwardedHost: "" });
  }

  const outcomes: Outcome[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        outcomes.push(await send(request));
      }
    }),
  );

  const histogram = new Map<string, number>();
  for (const outcome of outcomes) histogram.set(String(outcome.status), (histogram.get(String(outcome.status)) ?? 0) + 1);
  const sorted = [...histogram.entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(`[fuzz] ${outcomes.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}); status → count:`);
  for (const [status, count] of sorted) console.log(`[fuzz]   ${status} → ${count}`);
  test.info().annotations.push({ type: "fuzz-histogram", description: JSON.stringify(Object.fromEntries(sorted)) });

  const failures = outcomes.filter((outcome) => typeof outcome.status !== "number" ? outcome.status !== "reset" : outcome.status >= 500);
  const describe = (outcome: Outcome) =>
    `${outcome.status} ${outcome.request.method} ${outcome.request.path}${outcome.request.query} [${outcome.request.body.label} ${outcome.request.body.contentType ?? ""}] origin=${outcome.request.origin} xfh=${outcome.request.forwardedHost} cookie=${outcome.request.cookie.slice(0, 60)} ${outcome.detail ?? ""}`;
  expect(outcomes.length).toBeGreaterThanOrEqual(3000);
  if (process.env.FUZZ_REPORT) for (const failure of failures) console.log(`[fuzz] failure: ${describe(failure)}`);
  expect(failures.map(describe).slice(0, 40)).toEqual([]);
});

test.describe("what the penetration test sent (#27 items 7 and 8)", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "requests only: one project is enough");
  });
  /** A client address of its own per request, as the fuzzer does, so no rate limit of another suite is spent. */
  const client = () => ({ "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}` });
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(BASE_URL + path, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: BASE_URL, ...client(), ...headers }, redirect: "manual" });
  const staysOnSite = (location: string | null) => {
    expect(location, "a Location").toBeTruthy();
    expect(location!).toMatch(/^\/(?![/\\])/);
    expect(new URL(location!, BASE_URL).origin).toBe(SITE.origin);
  };

  test("7a: no redirectTo leads off the site, through the language switcher or anywhere else", async () => {
    const hostile = ["/ru//evil.example", "/ru/..//evil.example", "/zh/%2e%2e//evil.example", "/ar/%2E%2E/..//evil.example/x?y=1", "//evil.example", "/\\evil.example", "https://evil.example/"];
    for (const redirectTo of hostile) {
      for (const lng of ["en", "ru", "zh", "ar"]) {
        const response = await post("/api/locale", { lng, redirectTo });
        expect(response.status, `${lng} ${redirectTo}`).toBe(303);
        staysOnSite(response.headers.get("Location"));
      }
      for (const [path, fields] of [
        ["/api/currency", { currency: "USD", redirectTo }],
        ["/api/consent", { consent: "denied", redirectTo }],
        ["/admin/language", { locale: "ar", redirectTo: redirectTo.replace(/^\/(ru|zh|ar)/, "/admin") }],
      ] as const) {
        const response = await post(path, fields);
        expect(response.status, `${path} ${redirectTo}`).toBeLessThan(400);
        staysOnSite(response.headers.get("Location"));
      }
    }
    // The switcher still does its job: the same page, in the chosen language.
    expect((await post("/api/locale", { lng: "ru", redirectTo: "/ar/faq?x=1" })).headers.get("Location")).toBe("/ru/faq?x=1");
    expect((await post("/api/locale", { lng: "en", redirectTo: "/ru/faq" })).headers.get("Location")).toBe("/faq");
  });

  test("7b: a NUL byte in a form is dropped before any action reads it, never a 500", async () => {
    const email = `nul-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const signUp = await post("/ar/auth/sign-up", { name: "Lay\u0000la", email, password: "desert-rose-2030", confirmPassword: "desert-rose-2030" });
    // The account is made as with a clean name (the sign-up goes on to the login page).
    expect(signUp.status).toBe(303);
    const again = await post("/ar/auth/sign-up", { name: "Layla", email, password: "desert-rose-2030", confirmPassword: "desert-rose-2030" });
    expect(again.status).toBeLessThan(500);
    const contact = await post("/contact-us", { name: "Lay\u0000la", email: "layla@example.com", subject: "Hi\u0000", message: "Hello\u0000 there, about a tour." });
    expect(contact.status).toBe(303);
    const multipart = new FormData();
    for (const [name, value] of Object.entries({ name: "Lay\u0000la", email: "layla@example.com", subject: "Hi", message: "a\u0000b c d e" })) multipart.set(name, value);
    expect((await fetch(BASE_URL + "/ru/contact-us", { method: "POST", body: multipart, headers: { Origin: BASE_URL, ...client() }, redirect: "manual" })).status).toBe(303);
    for (const path of ["/checkout", "/ar/checkout", "/account/reviews", "/cart", "/auth/login", "/auth/forgot-password", "/custom-offer"]) {
      const response = await post(path, { intent: "checkout", firstName: "\u0000", lastName: "Hadd\u0000ad", email: "a\u0000@example.com", phone: "5\u00005", comment: "\u0000", rating: "5", name: "\u0000", password: "x\u0000" });
      expect(response.status, path).toBeLessThan(500);
    }
    for (const path of ["/search?q=%00", "/search/a%00b", "/things-to-do-in-dubai?sort=%00&date=%00", "/ar/faq?q=%00"]) {
      expect((await fetch(BASE_URL + path, { redirect: "manual" })).status, path).toBeLessThan(500);
    }
  });

  test("7c: only a form from the site's own origin is taken; a forwarded host (trusted here, TRUST_PROXY=1) buys nothing", async () => {
    const currency = (headers: Record<string, string>) => fetch(BASE_URL + "/api/currency", { method: "POST", body: new URLSearchParams({ currency: "USD", redirectTo: "/" }), headers: { ...client(), ...headers }, redirect: "manual" });
    expect((await currency({ Origin: BASE_URL })).status).toBe(303);
    expect((await currency({})).status).toBe(303);
    for (const origin of [BASE_URL.replace("http:", "https:"), `http://${SITE.hostname}:1`, "null", "file://", "http://evil.example"]) {
      const response = await currency({ Origin: origin, Accept: "text/html" });
      expect(response.status, origin).toBe(403);
      expect(await response.text()).toContain("This form was sent from another site, so it was not accepted.");
    }
    // The proxy may say which host it was asked for; the Origin must still be SITE_URL's.
    expect((await currency({ Origin: BASE_URL, "X-Forwarded-Host": SITE.host })).status).toBe(303);
    expect((await currency({ Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" })).status).toBe(403);
    expect((await currency({ Origin: BASE_URL, "X-Forwarded-Host": "evil.example" })).status).toBe(403);
    // Pages build their links from SITE_URL, whatever host was forwarded.
    const page = await fetch(BASE_URL + "/faq", { headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", ...client() } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/faq"/>`);
    expect(html).not.toContain("evil.example");
    // With TRUST_PROXY 0 the header is dropped before anything reads it: app/lib/client-address.server.test.ts
    // and request-guard.server.test.ts (isCrossOriginForm) show it, as this server trusts one proxy.
  });

  test("7d: from outside, /_ops/command is a bare 404 whatever the body or method", async () => {
    const ops = BASE_URL + "/_ops/command";
    const json = { "Content-Type": "application/json" };
    for (const [body, headers] of [
      ["{not json", json],
      [JSON.stringify({ pad: "x".repeat(100 * 1024) }), json],
      ['{"command":"octo:key","args":{"list":true}}', { ...json, Authorization: "Bearer forged" }],
      ["", {}],
    ] as const) {
      const response = await fetch(ops, { method: "POST", body, headers });
      expect([response.status, await response.text()]).toEqual([404, "Not Found"]);
    }
    for (const method of ["GET", "PUT", "TRACE", "PROPFIND"]) expect((await rawRequest(method, ops)).status, method).toBe(404);
  });

  test("8: methods no page or API speaks answer 405 with Allow, and TRACE echoes nothing", async () => {
    const paths = ["/", "/ar/faq", "/things-to-do-in-dubai", "/cart", "/api/locale", "/api/currency", "/octo/v1/products", "/api/payments/webhook/sandbox", "/api/cms/webhook", "/tickets/x.pdf", "/healthz", "/sitemap.xml", "/build/nope.js", "/favicon.ico"];
    for (const method of ["TRACE", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "SEARCH", "PURGE", "REPORT"]) {
      for (const path of paths) {
        const response = await rawRequest(method, BASE_URL + path, { Cookie: "rihla_session=secret-cookie-value", "X-Probe": "echo-me" });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
        expect(response.text).not.toContain("secret-cookie-value");
        expect(response.text).not.toContain("echo-me");
      }
    }
    // OPTIONS: a page has nothing to say to it; the OCTO API names each endpoint's methods.
    expect((await rawRequest("OPTIONS", BASE_URL + "/ar/faq")).status).toBe(405);
    const octo = await rawRequest("OPTIONS", BASE_URL + "/octo/v1/products");
    expect(octo.status).toBeLessThan(500);
  });
});
