/**
 * Security headers on a production build: every page type renders and hydrates with JavaScript on
 * under the nonce-based Content-Security-Policy with zero `securitypolicyviolation` events and no CSP
 * console errors, including the tag manager (served by a stand-in that behaves like GTM: loads a
 * library, runs a nonce'd custom HTML tag, sends a pixel and a beacon), the sandbox payment page and its
 * redirects, and a page served from the page cache (it replays the CSP it was rendered with).
 */
import type { Page, Response } from "@playwright/test";
import { BASE_URL } from "../playwright.config";
import { consentCookie, expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "CSP violations matter where scripts run");

/** What GTM does once loaded: a library from its host, a custom HTML tag with its nonce, GA4 hits. */
const FAKE_GTM = `(function () {
  var nonce = document.currentScript && document.currentScript.nonce;
  var lib = document.createElement("script");
  lib.src = "https://www.googletagmanager.com/gtag/js?id=G-RIHLA";
  document.head.appendChild(lib);
  var tag = document.createElement("script");
  if (nonce) tag.nonce = nonce;
  tag.text = "window.__gtmCustomHtml = true;";
  document.head.appendChild(tag);
  new Image().src = "https://www.google-analytics.com/g/collect?v=2&en=page_view";
  fetch("https://region1.google-analytics.com/g/collect?v=2", { method: "POST", mode: "no-cors", keepalive: true }).catch(function () {});
  window.__gtmLoaded = true;
})();`;

type Watch = { violations: string[] };

async function watch(page: Page): Promise<Watch> {
  const state: Watch = { violations: [] };
  // The visitor accepted analytics, so the tag manager loads under the policy too.
  await page.context().addCookies([consentCookie(BASE_URL, "granted")]);
  await page.route(/^https:\/\/www\.googletagmanager\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: route.request().url().includes("gtm.js") ? FAKE_GTM : "window.__gtagLoaded = true;" }),
  );
  await page.route(/^https:\/\/[a-z0-9.-]*google-analytics\.com\//, (route) => route.fulfill({ status: 204, body: "" }));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const message = `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`;
      console.error(`[csp-violation] ${message}`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (text.includes("[csp-violation]") || /Content Security Policy/i.test(text)) state.violations.push(`${page.url()}: ${text}`);
  });
  return state;
}

async function expectHydrated(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter), null, { timeout: 15_000 });
}

function expectSecurityHeaders(response: Response | null) {
  expect(response).not.toBeNull();
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // SITE_URL is http:// in the test run: no HSTS.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

const PAGES: Array<[string, string, number]> = [
  ["home", "/", 200],
  ["home (ar)", "/ar", 200],
  ["category listing", "/desert-safari", 200],
  ["listing", "/things-to-do", 200],
  ["city listing", "/things-to-do-in-dubai", 200],
  ["detail", "/experiences/dubai-dinner-cruise-with-live-entertainment", 200],
  ["search", "/search/dubai", 200],
  ["search form", "/search", 200],
  ["blog", "/blog", 200],
  ["blog post", "/blog/best-time-to-visit-alula", 200],
  ["faq", "/faq", 200],
  ["cart", "/cart", 200],
  ["checkout", "/checkout", 200],
  ["login", "/auth/login", 200],
  ["sign-up", "/auth/sign-up", 200],
  ["forgot password", "/auth/forgot-password", 200],
  ["reset password", "/auth/reset-password?token=not-a-real-token", 200],
  ["invoices", "/invoices", 200],
  ["contact", "/contact-us", 200],
  ["404", "/no-such-page-here", 404],
];

for (const [name, path, status] of PAGES) {
  test(`${name}: headers present, hydrates, no CSP violation`, async ({ page }) => {
    const state = await watch(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    expectSecurityHeaders(response);
    await expectHydrated(page);
    // Give lazy work (the tag manager after load + idle, the build poll) time to run under the policy.
    await page.waitForLoadState("networkidle").catch(() => undefined);
    expect(state.violations).toEqual([]);
  });
}

test("the tag manager loads and its nonce'd custom HTML tag runs", async ({ page }) => {
  const state = await watch(page);
  await page.goto("/faq");
  await page.waitForFunction(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded === true, null, { timeout: 20_000 });
  await page.waitForFunction(() => (window as unknown as { __gtmCustomHtml?: boolean }).__gtmCustomHtml === true, null, { timeout: 10_000 });
  await page.waitForFunction(() => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded === true, null, { timeout: 10_000 });
  expect(state.violations).toEqual([]);
});

test("the reset-password page keeps its own Referrer-Policy", async ({ request }) => {
  const response = await request.get("/auth/reset-password?token=not-a-real-token");
  expect(response.headers()["referrer-policy"]).toBe("same-origin");
});

test("a page served from the page cache carries the CSP of its own nonce, and its scripts run", async ({ browser, request }) => {
  const path = "/terms-and-conditions";
  // Fill the cache (or find it filled), then load the page in a fresh browser with the same banner answer (watch).
  await request.get(path, { headers: { Cookie: "rihla_consent=granted" } });
  const context = await browser.newContext();
  const page = await context.newPage();
  const state = await watch(page);
  const response = await page.goto(path);
  expect(response?.headers()["x-cache"]).toMatch(/HIT|STALE/);
  const html = await response!.text();
  const bodyNonces = new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1]));
  const headerNonce = /'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"] ?? "")?.[1];
  expect([...bodyNonces]).toEqual([headerNonce]);
  await expectHydrated(page);
  await page.waitForLoadState("networkidle").catch(() => undefined);
  expect(state.violations).toEqual([]);
  await context.close();
});

test("the sandbox payment page and the redirects around it stay within the policy", async ({ page }) => {
  test.setTimeout(120_000);
  const state = await watch(page);
  const slug = "camel-trek-at-sunset-near-jeddah-with-hotel-pickup";
  let added = false;
  for (let day = 5; day < 25 && !added; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/experiences/${slug}?date=${date}`);
    const button = page.getByRole("button", { name: "Add to cart" });
    if (await button.count()) {
      await button.first().click();
      await expect(page).toHaveURL(/\/cart$/);
      added = true;
    }
  }
  expect(added).toBe(true);
  await page.goto("/checkout");
  await page.getByLabel("First name").fill("Noura");
  await page.getByLabel("Last name").fill("Al-Qahtani");
  await page.getByLabel("Email", { exact: true }).fill("noura@example.com");
  await page.getByLabel("Phone number", { exact: true }).fill("501234567");
  const [payment] = await Promise.all([page.waitForResponse(/\/pay\/sandbox\/sbx_/, { timeout: 30_000 }), page.getByRole("button", { name: "Confirm & Pay" }).click()]);
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/);
  expectSecurityHeaders(payment);
  expect(payment.headers()["referrer-policy"]).toBe("same-origin");
  await page.getByLabel(/Card number/).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /Pay/ }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=/, { timeout: 30_000 });
  await expectHydrated(page);
  expect(state.violations).toEqual([]);
});
