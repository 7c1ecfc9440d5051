/**
 * Fuzzing the production build over HTTP: ≥ 3,000 generated requests (fast-check, fixed seed, so a
 * failure replays) across every route of remix.config.js's route table and the resource routes, with
 * random segments and query strings, GET/POST/PUT/PATCH/DELETE, every content type we know and some
 * we don't, malformed and huge bodies, and forged cookies. No answer may be a 5xx. It prints a
 * histogram of status codes (the go-live note quotes it). Runs once (the "js" project), requests only.
 */
import fc from "fast-check";
import { LOCALE_PREFIXES, PAGE_ROUTES, RESOURCE_ROUTES } from "../remix.config.js";
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

const method = fc.constantFrom<string>("GET", "GET", "GET", "POST", "POST", "PUT", "PATCH", "DELETE");

const INTENTS = ["add", "remove", "update", "apply-promo", "remove-promo", "checkout", "pay-later", "cancel", "review", "sign-in", "logout", "retry"];
const formFields = fc.dictionary(
  fc.constantFrom("intent", "email", "password", "name", "token", "quantity", "itemId", "optionId", "date", "time", "units", "code", "redirectTo", "currency", "locale", "layout", "card", "rating", "comment", "firstName", "lastName", "phone", "message", "company", "ADULT", "CHILD"),
  fc.oneof(fc.constantFrom(...INTENTS, "", "0", "-5", "1e9", "a@b.c", "SAR", "ar", "//evil.example", "4242424242424242"), fc.string({ maxLength: 60 })),
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

const requestArbitrary = fc.record({ method, path, query, body, cookie, accept, acceptLanguage: fc.constantFrom<string>("", "ar", "ru-RU,ru;q=0.9", "zh", "xx;q=oops", "*") });
type Generated = typeof requestArbitrary extends fc.Arbitrary<infer T> ? T : never;

type Outcome = { status: number | "reset" | "timeout" | "error"; request: Generated; detail?: string };

async function send(request: Generated): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (request.cookie) headers.Cookie = request.cookie;
  if (request.accept) headers.Accept = request.accept;
  if (request.acceptLanguage) headers["Accept-Language"] = request.acceptLanguage;
  // Its own client address per request (the e2e server trusts one proxy hop), so the fuzzer's auth and
  // contact posts never use up the rate-limit bucket the other suites share.
  headers["X-Forwarded-For"] = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
  const hasBody = request.method !== "GET" && request.body.body !== undefined;
  if (hasBody && request.body.contentType) headers["Content-Type"] = request.body.contentType;
  try {
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
    requests.push({ method: "GET", path: "/" + fillPattern(String(route), ["dubai", "x", "y"]), query: "", body: { label: "none" }, cookie: "", accept: "text/html", acceptLanguage: "" });
    requests.push({ method: "POST", path: "/" + fillPattern(String(route), ["dubai", "x", "y"]), query: "", body: { contentType: "application/json", body: "{}", label: "json" }, cookie: "", accept: "text/html", acceptLanguage: "" });
  }

  // Webhooks of a gateway this run does not configure (Stripe without keys used to throw → 500).
  for (const gateway of ["stripe", "sandbox", "paypal"]) {
    requests.push({ method: "POST", path: `/api/payments/webhook/${gateway}`, query: "", body: { contentType: "application/json", body: '{"id":"evt_1","type":"checkout.session.completed"}', label: "json" }, cookie: "", accept: "*/*", acceptLanguage: "" });
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
    `${outcome.status} ${outcome.request.method} ${outcome.request.path}${outcome.request.query} [${outcome.request.body.label} ${outcome.request.body.contentType ?? ""}] cookie=${outcome.request.cookie.slice(0, 60)} ${outcome.detail ?? ""}`;
  expect(outcomes.length).toBeGreaterThanOrEqual(3000);
  if (process.env.FUZZ_REPORT) for (const failure of failures) console.log(`[fuzz] failure: ${describe(failure)}`);
  expect(failures.map(describe).slice(0, 40)).toEqual([]);
});
