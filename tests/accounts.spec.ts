/**
 * Accounts end to end, with JavaScript on and off (both projects run this file), in English and
 * Arabic: sign up → confirm the email from the outbox → book through the real cart, checkout and
 * sandbox payment with that email → the order is on the invoices page → ticket and tax invoice PDFs
 * (QR codes decoded) → cancel within policy and see the refund; forgot/reset password through the
 * outbox; every validation message; logged-out and empty states; another user gets 404s.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { bookWithCard, isoDate, qrOf, SAFARI } from "./customer";
import { expect, test } from "./fixtures";
import { at, texts } from "./texts";
import { linkIn, mailTo } from "./outbox";

const LANGS = {
  en: { account: texts("en", "account"), booking: texts("en", "booking"), detail: texts("en", "detail"), prefix: "" },
  ar: { account: texts("ar", "account"), booking: texts("ar", "booking"), detail: texts("ar", "detail"), prefix: "/ar" },
};
type Lang = keyof typeof LANGS;
const a = (lang: Lang, key: string) => at(LANGS[lang].account, `account.${key}`);
const bk = (lang: Lang, key: string) => at(LANGS[lang].booking, `booking.${key}`);

const PASSWORD = "desert-rose-2030";

/**
 * Each test signs in from its own client address (through the trusted proxy hop the suite's server
 * is told about), so the per-address sign-in limit never couples tests.
 */
test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.${Math.floor(Math.random() * 250)}.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` });
});

const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

async function signUp(page: Page, lang: Lang, email: string, name = "Noura Al-Qahtani") {
  await page.goto(`${LANGS[lang].prefix}/auth/sign-up`);
  await page.getByLabel(a(lang, "fields.name")).fill(name);
  await page.getByLabel(a(lang, "fields.email")).fill(email);
  await page.getByLabel(a(lang, "fields.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(a(lang, "fields.confirmPassword")).fill(PASSWORD);
  await page.getByRole("button", { name: a(lang, "signUp.submit") }).click();
  // Sign-up never signs in (a taken address must look the same): check your inbox, then log in.
  await expect(page).toHaveURL(new RegExp(`${LANGS[lang].prefix}/auth/login$`));
  await expect(page.getByText(a(lang, "toasts.signedUp")).first()).toBeVisible();
  await logIn(page, lang, email);
  await expect(page).toHaveURL(new RegExp(`${LANGS[lang].prefix}/invoices$`));
}

async function logIn(page: Page, lang: Lang, email: string, password = PASSWORD) {
  await page.goto(`${LANGS[lang].prefix}/auth/login`);
  await page.getByLabel(a(lang, "fields.email")).fill(email);
  await page.getByLabel(a(lang, "fields.password")).fill(password);
  await page.getByRole("button", { name: a(lang, "login.submit") }).click();
}

async function verifyEmail(page: Page, lang: Lang, email: string) {
  const mail = await mailTo(email, /verify=/);
  await page.goto(linkIn(mail.text, /https?:\/\/\S+verify=\S+/));
  await page.getByRole("button", { name: a(lang, "verify.submit") }).click();
  await expect(page.getByText(a(lang, "toasts.verified")).first()).toBeVisible();
}

test.describe("validation messages", () => {
  test("sign-up: all fields, required, format, length, match; values kept", async ({ page }) => {
    await page.goto("/auth/sign-up");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("All fields must be filled out.")).toBeVisible();
    await expect(page.getByText("Required Field").first()).toBeVisible();
    await page.getByLabel("Full name").fill("Omar");
    await page.getByLabel("Email").fill("omar@");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("This format is not correct.")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Omar");
    await page.getByLabel("Email").fill("omar@example.com");
    await page.getByLabel("Password", { exact: true }).fill("long-enough-1");
    await page.getByLabel("Confirm password").fill("long-enough-2");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("the password and confirm password fields must match.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("omar@example.com");
  });

  test("login: a wrong password gets the specification's message, the email is kept", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("wrong");
    await signUp(page, "en", email);
    await page.context().clearCookies();
    await logIn(page, "en", email, "not-the-password");
    await expect(page.getByText('Your password is incorrect. Please try again or click the "Forgot password?" link.')).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    // Without JavaScript the page comes back from the server, which never echoes a password.
    if (!javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("Arabic forms speak Arabic and read right to left", async ({ page }) => {
    await page.goto("/ar/auth/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: a("ar", "login.submit") }).click();
    await expect(page.getByText(a("ar", "errors.allFields"))).toBeVisible();
    await expect(page.getByText(a("ar", "errors.required")).first()).toBeVisible();
  });
});

test("invoices: logged-out and empty states", async ({ page }) => {
  await page.goto("/invoices");
  await expect(page.getByText("Please log in to see your invoices.")).toBeVisible();
  await signUp(page, "en", uniqueEmail("empty"));
  await expect(page.getByText("No invoices yet!")).toBeVisible();
  await page.goto("/ar/invoices");
  await expect(page.getByText(a("ar", "invoices.empty"))).toBeVisible();
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: sign up → verify → book → invoice → ticket and tax invoice → cancel with refund; others get 404`, async ({ page, browser, javaScriptEnabled, request }) => {
    test.setTimeout(150_000);
    const { prefix } = LANGS[lang];
    const email = uniqueEmail(`flow-${lang}`);
    await signUp(page, lang, email);
    await verifyEmail(page, lang, email);
    const booked = await bookWithCard(page, lang, email);

    await page.goto(`${prefix}/invoices`);
    const invoice = page.getByTestId("invoice").first();
    await expect(invoice.getByTestId("order-id")).toHaveText(/^RH-/);
    await expect(invoice.getByTestId("invoice-id")).toHaveText(/^P-/);
    await expect(invoice.getByTestId("booking-status")).toHaveText(a(lang, "invoices.statuses.CONFIRMED"));
    await expect(invoice.getByRole("link", { name: a(lang, "invoices.showOnMap") })).toBeVisible();
    expect(await invoice.getByTestId("order-id").textContent()).toBe(booked.reference);

    const ticketHref = (await invoice.getByRole("link", { name: a(lang, "invoices.downloadTicket") }).getAttribute("href"))!;
    const ticket = await page.request.get(ticketHref);
    expect(ticket.status()).toBe(200);
    expect(ticket.headers()["content-type"]).toBe("application/pdf");
    expect(ticket.headers()["cache-control"]).toBe("private, no-store");
    const ticketPdf = await ticket.body();
    expect((await PDFDocument.load(ticketPdf)).getPageCount()).toBe(1);
    // The QR opens the booking voucher's check-in page in the console (staff scan it at the meeting point).
    expect(qrOf(ticketPdf)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/admin\/check-in\/[0-9A-HJKMNP-TV-Z]{32}$/);

    const invoiceHref = (await invoice.getByRole("link", { name: a(lang, "invoices.downloadInvoice") }).getAttribute("href"))!;
    const taxInvoice = await page.request.get(invoiceHref);
    expect(taxInvoice.status()).toBe(200);
    const payload = qrOf(await taxInvoice.body());
    const fields = new Map<number, string>();
    const bytes = Buffer.from(payload!, "base64");
    for (let offset = 0; offset < bytes.length; offset += 2 + bytes[offset + 1]!) fields.set(bytes[offset]!, bytes.subarray(offset + 2, offset + 2 + bytes[offset + 1]!).toString("utf8"));
    expect([...fields.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(fields.get(2)).toMatch(/^3\d{13}3$/);
    expect(fields.get(4)).toMatch(/^\d+\.\d{2}$/);

    // A second user sees none of it.
    const other = await browser.newContext({ javaScriptEnabled });
    const otherPage = await other.newPage();
    await signUp(otherPage, lang, uniqueEmail("other"));
    expect((await otherPage.request.get(ticketHref)).status()).toBe(404);
    expect((await otherPage.request.get(invoiceHref)).status()).toBe(404);
    await otherPage.goto(`${prefix}/invoices`);
    await expect(otherPage.getByText(a(lang, "invoices.empty"))).toBeVisible();
    await other.close();
    // Logged out: 404 too.
    expect((await request.get(ticketHref)).status()).toBe(404);

    // Cancel within the policy: a confirmation step shows the refund first.
    await invoice.getByRole("link", { name: a(lang, "invoices.cancel") }).click();
    const step = page.getByTestId("cancel-step");
    await expect(step.getByRole("heading", { name: a(lang, "cancel.heading") })).toBeVisible();
    const refund = (await step.getByTestId("refund-amount").textContent())!;
    await step.getByRole("button", { name: a(lang, "cancel.confirm") }).click();
    await expect(page.getByText(a(lang, "toasts.cancelled")).first()).toBeVisible();
    const after = page.getByTestId("invoice").first();
    await expect(after.getByTestId("booking-status")).toHaveText(a(lang, "invoices.statuses.CANCELLED"));
    await expect(after.getByTestId("refunded")).toContainText(refund.trim());
    // The cancelled booking has no ticket any more.
    expect((await page.request.get(ticketHref)).status()).toBe(404);
  });
}

test("forgot and reset password through the outbox email; the link works once", async ({ page }) => {
  const email = uniqueEmail("reset");
  await signUp(page, "en", email);
  await page.context().clearCookies();
  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: a("en", "forgot.submit") }).click();
  await expect(page.getByText(a("en", "toasts.resetSent")).first()).toBeVisible();
  // An unknown address gets the very same answer.
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: a("en", "forgot.submit") }).click();
  await expect(page.getByText(a("en", "toasts.resetSent")).first()).toBeVisible();

  const mail = await mailTo(email, /reset-password\?token=/);
  const link = linkIn(mail.text, /https?:\/\/\S+reset-password\?token=\S+/);
  await page.goto(link);
  await page.getByLabel("New password").fill("short");
  await page.getByLabel("Confirm password").fill("short");
  await page.getByRole("button", { name: a("en", "reset.submit") }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New password").fill("brand-new-password");
  await page.getByLabel("Confirm password").fill("brand-new-password");
  await page.getByRole("button", { name: a("en", "reset.submit") }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByText(a("en", "toasts.passwordReset")).first()).toBeVisible();

  await page.goto(link);
  await expect(page.getByText(a("en", "reset.invalidLink"))).toBeVisible();

  await page.context().clearCookies();
  await logIn(page, "en", email, PASSWORD);
  await expect(page.getByText('Your password is incorrect. Please try again or click the "Forgot password?" link.')).toBeVisible();
  await logIn(page, "en", email, "brand-new-password");
  await expect(page).toHaveURL(/\/invoices$/);
});

test("log out is a POST that ends the session", async ({ page }) => {
  await signUp(page, "en", uniqueEmail("logout"));
  const response = await page.request.post("/auth/logout", { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  await page.goto("/invoices");
  await expect(page.getByText("Please log in to see your invoices.")).toBeVisible();
});

test("login attempts on one account from one address are rate limited with a clear message", async ({ page }) => {
  const email = uniqueEmail("limit");
  await signUp(page, "en", email);
  await page.context().clearCookies();
  for (let attempt = 0; attempt < 5; attempt++) {
    await logIn(page, "en", email, `wrong-${attempt}-password`);
    await expect(page.getByText('Your password is incorrect. Please try again or click the "Forgot password?" link.')).toBeVisible();
  }
  // Even the right password is refused from this address until the window passes (the owner elsewhere is not locked out).
  await logIn(page, "en", email, PASSWORD);
  await expect(page.getByText(a("en", "errors.rateLimited"))).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

/** What a gate or toast text says before its {{date}} (the date is formatted by the page). */
const before = (text: string) => text.split("{{")[0]!.trim();

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: reviews only from a confirmed account after its trip, and a review evicts only that experience's cached pages`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(150_000);
    const { prefix } = LANGS[lang];
    const email = uniqueEmail(`review-${lang}`);
    const gate = page.getByTestId("review-gate");
    const detail = `${prefix}/experiences/${SAFARI}`;
    const review = (title: string) => page.request.post("/account/reviews", { form: { productSlug: SAFARI, rating: "1", title, body: "Never went.", redirectTo: detail, lang }, maxRedirects: 0 });

    // Issue #27: a brand-new account, email unconfirmed, nothing booked, published a one-star review at once.
    await signUp(page, lang, email);
    await page.goto(detail);
    await expect(gate).toHaveAttribute("data-status", "confirm-email");
    await expect(gate).toContainText(a(lang, "reviews.gate.confirmEmail"));
    await expect(gate.getByRole("button", { name: a(lang, "verify.resend") })).toBeVisible();
    const spam = `One star ${randomUUID().slice(0, 6)}`;
    const refused = await review(spam);
    expect(refused.status()).toBe(303);
    expect(refused.headers()["location"]).toBe(`${detail}#reviews`);
    await page.goto(detail);
    await expect(page.getByText(a(lang, "reviews.refused.confirmEmail")).first()).toBeVisible();

    // Confirmed, but nothing booked: still refused, and the page says why.
    await verifyEmail(page, lang, email);
    await page.goto(detail);
    await expect(gate).toHaveAttribute("data-status", "no-booking");
    await expect(gate).toContainText(a(lang, "reviews.gate.noBooking"));
    expect((await review(spam)).status()).toBe(303);
    await page.goto(detail);
    await expect(page.getByText(a(lang, "reviews.refused.noBooking")).first()).toBeVisible();
    await expect(page.getByText(spam)).toHaveCount(0);

    // Booked: after the trip, not before.
    const booked = await bookWithCard(page, lang, email);
    await page.goto(detail);
    await expect(gate).toHaveAttribute("data-status", "after-trip");
    await expect(gate).toContainText(before(a(lang, "reviews.gate.afterTrip")));
    expect((await review(spam)).status()).toBe(303);
    const tripOver = await page.request.post("/api/test/commerce", { data: { action: "trip-taken", reference: booked.reference } });
    expect(tripOver.ok(), await tripOver.text()).toBeTruthy();
    await page.goto(detail);
    await expect(gate).toHaveCount(0);
    await expect(page.locator(".review-form__trip")).toContainText(before(a(lang, "reviews.gate.open")));
    const canonical = new URL(page.url()).pathname;

    // Anonymous visitors have /faq and the experience's page from the page cache.
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      // An entry cached by an earlier test may have aged: it is served STALE once while it is rendered again.
      for (const path of [`${prefix}/faq`, canonical]) {
        await expect.poll(async () => (await visitor.get(path)).headers()["x-cache"], { message: path, timeout: 15_000 }).toBe("HIT");
      }

      const title = `${lang === "ar" ? "رحلة رائعة" : "A trip worth it"} ${randomUUID().slice(0, 6)}`;
      await page.getByLabel(a(lang, "reviews.title"), { exact: true }).fill(title);
      await page.getByLabel(a(lang, "reviews.body"), { exact: true }).fill(lang === "ar" ? "كان المرشدون رائعين." : "The guides were wonderful.");
      await page.getByRole("button", { name: a(lang, "reviews.submit") }).click();
      await expect(page.getByText(a(lang, "toasts.reviewSaved")).first()).toBeVisible();
      await expect(page.getByText(title)).toBeVisible();
      await expect(gate).toHaveAttribute("data-status", "reviewed");
      expect(await page.getByText(spam).count()).toBe(0);

      // The experience's page is rendered again (a MISS) with the review; /faq is still served from the cache.
      let fresh: { cache: string | undefined; html: string } = { cache: undefined, html: "" };
      await expect
        .poll(async () => {
          const response = await visitor.get(canonical);
          fresh = { cache: response.headers()["x-cache"], html: await response.text() };
          return fresh.html.includes(title);
        }, { timeout: 15_000 })
        .toBe(true);
      expect(fresh.cache).toBe("MISS");
      // Not evicted: served from the cache (STALE only if its time ran out meanwhile), never rendered again.
      expect(["HIT", "STALE"]).toContain((await visitor.get(`${prefix}/faq`)).headers()["x-cache"]);
    } finally {
      await visitor.dispose();
    }
  });
}

test("custom offer: validation, then the request is listed on the invoices page", async ({ page }) => {
  await signUp(page, "en", uniqueEmail("offer"));
  await page.goto("/experiences/calligraphy-class-in-alula/custom-offer");
  await expect(page.getByRole("heading", { level: 1, name: a("en", "offers.requestHeading") })).toBeVisible();
  await page.getByRole("button", { name: a("en", "offers.submit") }).click();
  await expect(page.getByText("Required Field").first()).toBeVisible();
  await page.getByLabel(a("en", "offers.dateFrom")).fill(isoDate(30));
  await page.getByLabel(a("en", "offers.groupSize")).fill("12");
  await page.getByLabel(a("en", "offers.message")).fill("A private class for our team, please.");
  await page.getByRole("button", { name: a("en", "offers.submit") }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByText(a("en", "toasts.offerSent")).first()).toBeVisible();
  await expect(page.getByTestId("offer")).toContainText("CO-");
  await page.goto("/experiences/no-such-experience/custom-offer");
  await expect(page.getByRole("heading", { name: "Oops! The page you're looking for doesn't exist." })).toBeVisible();
});
