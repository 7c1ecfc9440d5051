/**
 * The booking path can never again lose its styling unnoticed: screenshots of the cart (with an
 * item), checkout, the booked result, Your Booking (invoices) and the sign-in page at 390 and 1280 px
 * in English and Arabic, compared with committed baselines (tests/visual.spec.ts-snapshots, made by
 * Debian's Chromium headless, as CI runs it: `npx playwright test tests/visual.spec.ts
 * --update-snapshots` after an intended change). Text that changes from run to run (dates,
 * references, the visitor's email) is masked. Each page also passes axe with no serious or critical
 * violation. Screenshots run with JavaScript only (without it the pages look the same).
 *
 * And every page type, in both projects, fits a 320 px wide screen: nothing overflows sideways, and
 * Arabic pages write every number with Latin digits (docs/decisions/029).
 *
 * `DOCS_SCREENSHOTS=1 npx playwright test tests/visual.spec.ts --project js` also writes the design
 * screenshots in docs/screenshots (real text, no masks), with a few more pages (listing, detail,
 * cookie banner, empty cart, checkout errors, sign-up, blog post).
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { FULL_CHROMIUM_LAUNCH } from "../playwright.config";
import { expect, test } from "./fixtures";
import { addToCart } from "./shop";
import { at, texts } from "./texts";
import { mailTo } from "./outbox";

// The references were drawn by the full browser (playwright.config.ts: FULL_CHROMIUM_LAUNCH).
test.use({ launchOptions: FULL_CHROMIUM_LAUNCH });

const LANGS = {
  en: { account: texts("en", "account"), booking: texts("en", "booking"), detail: texts("en", "detail"), prefix: "" },
  ar: { account: texts("ar", "account"), booking: texts("ar", "booking"), detail: texts("ar", "detail"), prefix: "/ar" },
};
type Lang = keyof typeof LANGS;
const a = (lang: Lang, key: string) => at(LANGS[lang].account, `account.${key}`);
const b = (lang: Lang, key: string) => at(LANGS[lang].booking, `booking.${key}`);

/** A seeded experience with one flat price (230 SAR) and an evening slot every day. */
const SAFARI = "camel-trek-at-sunset-near-jeddah-with-hotel-pickup";
const PASSWORD = "desert-rose-2030";
const WIDTHS = [390, 1280] as const;
const DOCS = process.env.DOCS_SCREENSHOTS === "1";

/** docs/screenshots/<name>-<width>-<lang>.png at each width, when DOCS_SCREENSHOTS=1. */
async function docsShots(page: Page, name: string, lang: Lang, { fullPage = true } = {}) {
  if (!DOCS) return;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `docs/screenshots/${name}-${width}-${lang}.png`, fullPage, animations: "disabled", caret: "hide" });
  }
}

/** Its own client address per test, so the per-address limits (sign-in, pay later) never couple tests. */
async function useOwnAddress(page: Page) {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.${Math.floor(Math.random() * 250)}.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` });
}

/** The first open evening of the safari from `startDay` days ahead, one adult; lands on the cart. */
async function addSafariToCart(page: Page, lang: Lang, startDay = 30) {
  await addToCart(page, lang, SAFARI, startDay, { days: 14 });
}

/** A new, verified account, signed in. */
async function signUp(page: Page, lang: Lang, email: string) {
  const { prefix } = LANGS[lang];
  await page.goto(`${prefix}/auth/sign-up`);
  await page.getByLabel(a(lang, "fields.name")).fill("Noura Al-Qahtani");
  await page.getByLabel(a(lang, "fields.email")).fill(email);
  await page.getByLabel(a(lang, "fields.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(a(lang, "fields.confirmPassword")).fill(PASSWORD);
  await page.getByRole("button", { name: a(lang, "signUp.submit") }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/auth/login$`));
  await page.getByLabel(a(lang, "fields.email")).fill(email);
  await page.getByLabel(a(lang, "fields.password")).fill(PASSWORD);
  await page.getByRole("button", { name: a(lang, "login.submit") }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/invoices$`));
  const link = /https?:\/\/\S+verify=\S+/.exec((await mailTo(email, /verify=/)).text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole("button", { name: a(lang, "verify.submit") }).click();
  await expect(page.getByText(a(lang, "toasts.verified")).first()).toBeVisible();
}

/** No serious or critical axe violation on the page as it is. */
async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect.soft(serious.map((violation) => `${name}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * The page at each width against its baseline `<name>-<width>.png`, then axe. `dynamic` is the text
 * that differs from run to run (dates, references, the visitor's email): it is replaced by a fixed
 * stand-in of typical length, so it wraps the same way every run, and masked in the screenshot.
 * Toasts are gone first (they come and go on their own clock).
 */
async function compare(page: Page, pageName: string, lang: Lang, dynamic: (page: Page) => Locator[] = () => []) {
  const name = `${pageName}-${lang}`;
  await expect(page.locator(".toast")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, name);
  await docsShots(page, pageName, lang);
  for (const locator of dynamic(page)) {
    await locator.evaluateAll((nodes) =>
      nodes.forEach((node) => {
        if (!(node instanceof HTMLInputElement)) node.textContent = "00 Xxx 0000 · 00:00";
        node.setAttribute("data-visual-dynamic", "");
      }),
    );
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => document.fonts.ready);
    await expect.soft(page).toHaveScreenshot(`${name}-${width}.png`, { fullPage: true, animations: "disabled", caret: "hide", mask: [page.locator("[data-visual-dynamic]")], maxDiffPixelRatio: 0.01 });
    if (width !== WIDTHS[WIDTHS.length - 1]) await expectAccessible(page, `${name} at ${width}px`);
  }
}

test.describe("the booking path looks as designed", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "screenshots once: without JavaScript the pages render the same");
  // Two widths of five pages, a sign-up and a sandbox payment.
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ["en", "ar"] as const) {
    test(`${lang}: cart, checkout, booked, Your Booking and sign-in at 390 and 1280 px`, async ({ page }) => {
      await useOwnAddress(page);
      const { prefix } = LANGS[lang];
      const email = `visual-${lang}-${randomUUID().slice(0, 8)}@example.com`;
      await signUp(page, lang, email);

      await addSafariToCart(page, lang);
      await page.goto(`${prefix}/cart`);
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
      await compare(page, "cart", lang, (p) => [p.locator(".cart-line__facts > div:first-child dd")]);

      await page.goto(`${prefix}/checkout`);
      await page.getByLabel(b(lang, "checkout.firstName")).fill("Noura");
      await page.getByLabel(b(lang, "checkout.lastName")).fill("Al-Qahtani");
      await page.getByLabel(b(lang, "checkout.phone")).fill("501234567");
      await page.getByLabel(b(lang, "checkout.email")).fill(email);
      // The email is an input's value (its width is the field's): masked as it is.
      await compare(page, "checkout", lang, (p) => [p.getByLabel(b(lang, "checkout.email")), p.locator(".checkout-lines li > span:first-of-type")]);

      await page.getByRole("button", { name: b(lang, "checkout.confirmPay") }).click();
      await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
      await page.getByLabel(/Card number|رقم البطاقة/).fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: /Pay|ادفع/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });
      // Where the details went; reference, purchase id and purchase time; the booked day.
      await compare(page, "result", lang, (p) => [p.getByText(email), p.locator(".order-facts > div:nth-child(-n+3) dd"), p.locator(".order-item > span:first-of-type")]);

      await page.goto(`${prefix}/invoices`);
      await expect(page.getByTestId("invoice")).toHaveCount(1);
      await compare(page, "invoices", lang, (p) => [
        p.getByTestId("order-id"),
        p.locator(".invoice-card__facts dd:nth-of-type(-n+2)"),
        p.locator(".invoice-card > p").filter({ hasText: email }),
        p.locator(".invoice-card__items li > p:first-of-type"),
      ]);

      await page.context().clearCookies({ name: "rihla_session" });
      await page.goto(`${prefix}/auth/login`);
      await compare(page, "sign-in", lang);
    });
  }
});

test.describe("design screenshots for docs/screenshots", () => {
  test.skip(({ javaScriptEnabled }) => !DOCS || !javaScriptEnabled, "only with DOCS_SCREENSHOTS=1");
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ["en", "ar"] as const) {
    test(`${lang}: discovery pages, the cookie banner and the other states of the booking path`, async ({ page }) => {
      await useOwnAddress(page);
      const { prefix } = LANGS[lang];
      await page.goto(`${prefix}/things-to-do-in-dubai?rating=4`);
      await docsShots(page, "listing", lang);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator(".listing__filters-toggle").click();
      await page.screenshot({ path: `docs/screenshots/listing-filters-open-390-${lang}.png`, animations: "disabled" });
      await page.goto(`${prefix}/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment?reviews=3`);
      await docsShots(page, "detail", lang);
      await page.goto(`${prefix}/blog/best-time-to-visit-alula`);
      await docsShots(page, "blog-post", lang);
      await page.goto(`${prefix}/cart`);
      await docsShots(page, "cart-empty", lang);
      await page.goto(`${prefix}/auth/sign-up`);
      await docsShots(page, "sign-up", lang);
      await page.goto(`${prefix}/invoices`);
      await docsShots(page, "invoices-logged-out", lang);
      await addSafariToCart(page, lang);
      await page.goto(`${prefix}/checkout`);
      await page.getByLabel(b(lang, "checkout.email")).fill("noura@");
      await page.getByRole("button", { name: b(lang, "checkout.confirmPay") }).click();
      await expect(page.locator(".form-errors li").first()).toBeVisible();
      await docsShots(page, "checkout-errors", lang);
      // A first visit: the banner, fixed at the bottom of the window.
      await page.context().clearCookies({ name: "rihla_consent" });
      await page.goto(`${prefix}/`);
      await expect(page.getByTestId("consent-banner")).toBeVisible();
      await docsShots(page, "consent-banner", lang, { fullPage: false });
    });
  }
});

/** One sample of every page type (below the locale prefix). */
const PAGE_TYPES: Array<[string, string]> = [
  ["home", "/"],
  ["city listing", "/things-to-do-in-dubai"],
  ["category listing", "/desert-safari"],
  ["search", "/search/dubai"],
  ["detail", `/experiences/${SAFARI}`],
  ["custom offer", "/experiences/calligraphy-class-in-alula/custom-offer"],
  ["cart", "/cart"],
  ["checkout", "/checkout"],
  ["sign-in", "/auth/login"],
  ["sign-up", "/auth/sign-up"],
  ["Your Booking (signed out)", "/invoices"],
  ["blog", "/blog"],
  ["blog post", "/blog/best-time-to-visit-alula"],
  ["static page", "/privacy-policy"],
  ["FAQ", "/faq"],
  ["contact", "/contact-us"],
  ["not found", "/no-such-page-here"],
];

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: no page type overflows a 320 px screen${lang === "ar" ? ", and numbers are Latin digits" : ""}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 640 });
    // The cart and checkout with an item in them.
    await addSafariToCart(page, lang, 40);
    const problems: string[] = [];
    for (const [name, target] of PAGE_TYPES) {
      await page.goto(`${LANGS[lang].prefix}${target === "/" && lang !== "en" ? "" : target}`);
      const { width, wide, arabicIndic } = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        // The widest element, to say what overflows.
        wide: [...document.querySelectorAll<HTMLElement>("body *")]
          .filter((element) => element.getBoundingClientRect().right > 321 || element.getBoundingClientRect().left < -1)
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`),
        arabicIndic: (document.body.innerText.match(/[\u0660-\u0669\u06F0-\u06F9]+/g) ?? []).slice(0, 3),
      }));
      if (width > 320) problems.push(`${name} (${target}): ${width} px wide; ${wide.join(", ")}`);
      if (arabicIndic.length) problems.push(`${name} (${target}): Arabic-Indic digits ${arabicIndic.join(" ")}`);
    }
    expect(problems).toEqual([]);
  });
}
