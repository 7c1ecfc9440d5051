import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { readOutboxDir } from "#app/lib/outbox";
import { consentCookie, expect, LOCALES, localized, test } from "./fixtures";

/** The seed dataset the server reads: the pages must show its texts. */
const SEED = readFileSync(path.resolve("cms/seed/production.ndjson"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { _type: string; language?: string; kind?: string; title?: string; intro?: string; question?: string });
const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? ".cache/e2e-data", "outbox");

const FAQ_GROUP_TITLES = {
  en: ["Booking", "Payment", "Cancellation and refunds", "Tickets", "Your account"],
  ru: ["Бронирование", "Оплата", "Отмена и возврат", "Билеты", "Ваш аккаунт"],
  zh: ["预订", "付款", "取消与退款", "门票", "您的账户"],
  ar: ["الحجز", "الدفع", "الإلغاء والاسترداد", "التذاكر", "حسابك"],
} as const;

const isNoJs = () => test.info().project.name === "no-js";

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => (JSON.parse(text) as { "@type": string })["@type"]);
}

/** Each test gets its own client address, so the contact rate limit never couples tests. */
async function useOwnAddress(page: Page) {
  const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}, 10.${Date.now() % 250}.${Math.floor(Math.random() * 250)}.1`;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": address });
}

for (const locale of LOCALES) {
  test.describe(`content pages in ${locale.code}`, () => {
    test("blog list → article with reading time, related posts and JSON-LD", async ({ page }) => {
      const response = await page.goto(localized(locale.prefix, "/blog"));
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("dir", locale.dir);
      const cards = page.locator(".blog-card");
      await expect(cards).toHaveCount(9);
      await expect(cards.first().locator("img")).toBeVisible();
      await expect(cards.first().locator("time")).toBeVisible();
      const firstTitle = (await cards.first().locator(".blog-card__title").textContent())!.trim();
      await cards.first().locator(".blog-card__title a").click();
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/blog/[a-z0-9-]+$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
      await expect(page.locator(".prose h2").first()).toBeVisible();
      // Publication date and reading time (Arabic pages print Arabic-Indic digits).
      await expect(page.locator("header .page-meta")).toContainText(/[\d\u0660-\u0669]/);
      await expect(page.locator(".related .blog-card").first()).toBeVisible();
      expect(await jsonLdTypes(page)).toEqual(["BlogPosting", "BreadcrumbList"]);
    });

    test("FAQ is grouped with translated group titles and FAQPage JSON-LD", async ({ page }) => {
      await page.goto(localized(locale.prefix, "/faq"));
      await expect(page.locator(".faq-group h2")).toHaveText([...FAQ_GROUP_TITLES[locale.code]]);
      await expect(page.locator(".faq-item")).toHaveCount(30);
      expect(await jsonLdTypes(page)).toEqual(["FAQPage"]);
    });

    test("about, privacy and terms show the CMS texts", async ({ page }) => {
      for (const [path, kind] of [["/about", "about"], ["/privacy-policy", "privacy-policy"], ["/terms-and-conditions", "terms-and-conditions"]] as const) {
        const doc = SEED.find((entry) => entry._type === "staticPage" && entry.language === locale.code && entry.kind === kind)!;
        const response = await page.goto(localized(locale.prefix, path));
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title!);
        await expect(page.locator(".page-intro")).toHaveText(doc.intro!);
        await expect(page.locator(".prose p").first()).toBeVisible();
        await expect(page).toHaveTitle(doc.title!);
      }
    });

    test("support channels: footer, floating menu and a prefilled WhatsApp link", async ({ page, baseURL }) => {
      await page.goto(localized(locale.prefix, "/faq"));
      const footer = page.getByRole("contentinfo");
      const whatsapp = footer.locator('a[data-support="whatsapp"]');
      const href = (await whatsapp.getAttribute("href"))!;
      expect(href).toMatch(/^https:\/\/wa\.me\/966555123456\?text=/);
      expect(decodeURIComponent(href.split("text=")[1]!)).toContain(`${baseURL}${localized(locale.prefix, "/faq")}`);
      await expect(footer.locator('a[data-support="phone"]')).toHaveAttribute("href", "tel:+966115204400");
      await expect(footer.locator('a[data-support="email"]')).toHaveAttribute("href", "mailto:support@rihla.example");
      await expect(footer.locator(".support-claims")).toContainText("3000");
      await expect(footer.locator(".support-claims")).toContainText("154");
      // <details> opens without JavaScript.
      const floating = page.locator("details.floating-support");
      await floating.locator("summary").click();
      await expect(floating.locator('a[data-support="chat"]')).toBeVisible();
      await expect(floating.locator('a[data-support="whatsapp"]')).toHaveAttribute("href", href);
    });
  });
}

test.describe("rich text", () => {
  test("an article opened directly keeps the server's text through hydration; the renderer loads only for the next article", async ({ page, javaScriptEnabled }) => {
    const renderer: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("portable-text-renderer")) renderer.push(request.url());
    });
    await page.goto("/ar/blog");
    const articles = await page.locator(".blog-card__title a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    await page.goto(articles[0]!);
    if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.waitForLoadState("networkidle");
    const body = page.locator(".prose .rich-text");
    await expect(body.locator("h2").first()).toBeVisible();
    const before = await body.innerHTML();
    expect(before.length).toBeGreaterThan(200);
    expect(renderer).toEqual([]);
    if (!javaScriptEnabled) return;
    // Hydrated without the renderer, and the text is untouched.
    await expect(page.locator(".related .blog-card").first()).toBeVisible();
    expect(await body.innerHTML()).toBe(before);
    await page.locator(".related .blog-card__title a").first().click();
    await expect(page).not.toHaveURL(new RegExp(`${articles[0]}$`));
    await expect(body.locator("h2").first()).toBeVisible();
    expect(await body.innerHTML()).not.toBe(before);
    expect(renderer.length).toBe(1);
    // Back on the first article, its text is there again (rendered by the renderer now).
    const beforeText = await page.evaluate((html) => {
      const element = document.createElement("div");
      element.innerHTML = html;
      return element.textContent;
    }, before);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${articles[0]}$`));
    await expect(body).toHaveText(beforeText!);
  });
});

test.describe("blog paging and 404s", () => {
  test("?page=N links work and pages past the end are the 404 screen", async ({ page }) => {
    await page.goto("/blog");
    const pagination = page.getByRole("navigation", { name: "Blog pages" });
    await pagination.getByRole("link", { name: "Page 2 of 2" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.locator(".pagination [aria-current=page]")).toHaveText("2");
    const secondPage = await page.locator(".blog-card").count();
    expect(secondPage).toBeGreaterThan(0);
    expect(secondPage).toBeLessThanOrEqual(9);
    await expect(page).toHaveTitle("Blog – page 2");
    await page.getByRole("link", { name: /Newer articles/ }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator(".blog-card")).toHaveCount(9);

    for (const [url, message] of [
      ["/blog?page=3", "Page Not Found: /blog"],
      ["/ar/blog?page=0", "/ar/blog"],
      ["/blog?page=abc", "Page Not Found: /blog"],
      ["/blog/no-such-article", "Page Not Found: /blog/no-such-article"],
    ] as const) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.locator(".error-screen__detail")).toContainText(message);
    }
  });
});

test.describe("FAQ search", () => {
  test("a GET form filters questions and answers on the server (and as you type with JavaScript)", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("searchbox", { name: "Search the questions" }).fill("REFUND");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/faq\?q=REFUND$/);
    await expect(page.getByText(/questions? match(es)? “REFUND”/)).toBeVisible();
    await expect(page.getByText("When will I receive my refund?")).toBeVisible();
    await expect(page.getByText("How do I book an experience?")).toHaveCount(0);
    expect(await page.locator(".faq-item").count()).toBeLessThan(30);

    // Diacritic-insensitive on the server, straight from a URL (no JavaScript needed).
    await page.goto("/faq?q=pick-up%20h%C3%B4tel");
    await expect(page.locator(".faq-item summary")).toHaveText(["Is hotel pick-up included?"]);

    await page.goto("/ar/faq?q=%D8%A7%D9%84%D8%AA%D8%B0%D8%A7%D9%83%D8%B1");
    await expect(page.locator(".faq-item").first()).toBeVisible();
    expect(await page.locator(".faq-item").count()).toBeLessThan(30);

    await page.goto("/faq?q=zzzz-nothing");
    await expect(page.getByText("No questions match “zzzz-nothing”.")).toBeVisible();
    await page.getByRole("link", { name: "Show all questions" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator(".faq-item")).toHaveCount(30);

    if (!isNoJs()) {
      await page.getByRole("searchbox", { name: "Search the questions" }).pressSequentially("invoice");
      await expect(page.getByText(/questions match “invoice”/)).toBeVisible();
      await expect(page.locator(".faq-item summary", { hasText: "Can I get an invoice for my booking?" })).toBeVisible();
      await expect(page.locator(".faq-item summary", { hasText: "How do I book an experience?" })).toHaveCount(0);
      expect(new URL(page.url()).search).toBe("");
    }
  });
});

test.describe("contact form", () => {
  test("errors are translated, fields keep what was typed", async ({ page }) => {
    await useOwnAddress(page);
    await page.goto("/contact-us");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Layla");
    // Valid for the browser's own check, not for ours (no top-level domain).
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("layla@localhost");
    await page.getByRole("textbox", { name: "Subject", exact: true }).fill("Desert safari");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Is pickup included?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("This format is not correct.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Layla");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("layla@localhost");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Is pickup included?");
  });

  test("the server answers 400 with 'Required Field' and never 5xx on bad input", async ({ page }) => {
    await useOwnAddress(page);
    const empty = await page.request.post("/ar/contact-us", { form: { name: "", email: "", subject: "", message: "" } });
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toContain("حقل مطلوب");
    const english = await page.request.post("/contact-us", { form: { name: "Ann", email: "nope", subject: "", message: "Hi" } });
    expect(english.status()).toBe(400);
    const html = await english.text();
    expect(html).toContain("Required Field");
    expect(html).toContain("This format is not correct.");
    expect(html).toContain('value="Ann"');
    const garbage = await page.request.post("/contact-us", { data: "%%%not-a-form", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(garbage.status()).toBeLessThan(500);
  });

  test("a sent message redirects with a success message and reaches the team's inbox", async ({ page }) => {
    await useOwnAddress(page);
    const subject = `Pickup question ${test.info().project.name} ${Date.now()}`;
    await page.goto("/ar/contact-us");
    await page.getByRole("textbox", { name: "الاسم", exact: true }).fill("ليلى");
    await page.getByRole("textbox", { name: "البريد الإلكتروني", exact: true }).fill("layla@example.com");
    await page.getByRole("textbox", { name: "الموضوع", exact: true }).fill(subject);
    await page.getByRole("textbox", { name: "الرسالة", exact: true }).fill("هل يشمل السعر النقل من الفندق؟");
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === "POST" && candidate.url().includes("/ar/contact-us")),
      page.getByRole("button", { name: "إرسال الرسالة" }).click(),
    ]);
    // 303 for the form without JavaScript; with it, single fetch's 202 carries the redirect in its body.
    expect([200, 202, 204, 303]).toContain(response.status());
    await expect(page).toHaveURL(/\/ar\/contact-us$/);
    // A toast with JavaScript, an inline banner without; both are status messages.
    await expect(page.getByRole("status").filter({ hasText: "شكراً لك! تم إرسال رسالتك" }).first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: "الموضوع", exact: true })).toHaveValue("");

    await expect.poll(async () => (await readOutboxDir(OUTBOX)).find((mail) => mail.subject.includes(subject)) ?? null, { timeout: 10_000 }).not.toBeNull();
    const mail = (await readOutboxDir(OUTBOX)).find((entry) => entry.subject.includes(subject))!;
    expect(mail.to).toBe("support@rihla.example");
    expect(mail.replyTo).toBe("layla@example.com");
    // The number is the stored row's id: the message is in the database.
    expect(mail.subject).toMatch(/\(#\d+\)$/);
    expect(mail.text).toContain("هل يشمل السعر النقل من الفندق؟");

    // The flash is shown once: a reload shows no message and the page is public again.
    await page.reload();
    await expect(page.getByText("شكراً لك! تم إرسال رسالتك")).toHaveCount(0);
  });

  test("the honeypot is answered like a success but nothing is sent", async ({ page }) => {
    await useOwnAddress(page);
    const subject = `Bot ${Date.now()} ${test.info().project.name}`;
    const response = await page.request.post("/contact-us", { form: { name: "Bot", email: "bot@example.com", subject, message: "Buy now", website: "http://spam.example" }, maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect((await readOutboxDir(OUTBOX)).some((mail) => mail.subject.includes(subject))).toBe(false);
  });

  test("more than five messages in ten minutes from one address: a translated 429, values kept", async ({ page }) => {
    await useOwnAddress(page);
    const form = { name: "Dmitri", email: "dmitri@example.com", subject: "Cruise", message: "Вопрос о круизе" };
    for (let index = 0; index < 5; index++) {
      expect((await page.request.post("/ru/contact-us", { form, maxRedirects: 0 })).status()).toBe(303);
    }
    const limited = await page.request.post("/ru/contact-us", { form, maxRedirects: 0 });
    expect(limited.status()).toBe(429);
    const html = await limited.text();
    expect(html).toContain("Вы отправили слишком много сообщений");
    expect(html).toContain('value="Dmitri"');
  });
});

test.describe("cookie consent and the tag manager", () => {
  const CONSENT = Object.fromEntries(LOCALES.map((locale) => [locale.code, (JSON.parse(readFileSync(`app/locales/${locale.code}/site.json`, "utf8")) as { consent: Record<string, string> }).consent]));

  /** A stand-in for GTM's host; counts what the page asks for. */
  async function fakeGtm(page: Page) {
    const calls = { requests: 0 };
    await page.route("https://www.googletagmanager.com/**", (route) => {
      calls.requests++;
      return route.fulfill({ contentType: "text/javascript", body: "window.__gtmLoaded = true;" });
    });
    return calls;
  }

  function collectConsoleErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    return errors;
  }

  async function consentCookieOf(page: Page) {
    return (await page.context().cookies()).find((cookie) => cookie.name === "rihla_consent");
  }

  test.beforeEach(async ({ page }) => {
    // A first visit: no answer yet (playwright.config.ts starts every browser with one).
    await page.context().clearCookies();
  });

  for (const locale of LOCALES) {
    test(`${locale.code}: the banner asks first, in the page's language, with Reject beside Accept`, async ({ page }) => {
      const texts = CONSENT[locale.code]!;
      const gtm = await fakeGtm(page);
      await page.goto(localized(locale.prefix, "/faq"));
      const banner = page.getByRole("region", { name: texts.title });
      await expect(banner).toBeVisible();
      const reject = banner.getByRole("button", { name: texts.reject, exact: true });
      const accept = banner.getByRole("button", { name: texts.accept, exact: true });
      await expect(reject).toBeVisible();
      await expect(accept).toBeVisible();
      // As easy as each other: the same size, the same style.
      const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
      expect(Math.abs(rejectBox!.width - acceptBox!.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(rejectBox!.height - acceptBox!.height)).toBeLessThanOrEqual(1);
      expect(await reject.getAttribute("class")).toBe(await accept.getAttribute("class"));
      await expect(banner.getByRole("link", { name: texts.privacy })).toHaveAttribute("href", localized(locale.prefix, "/privacy-policy"));
      await page.waitForLoadState("load");
      expect(gtm.requests).toBe(0);
      await expect(page.locator("script[src*='googletagmanager']")).toHaveCount(0);
    });
  }

  test("Reject: stored for 365 days, the banner leaves and no tag manager loads", async ({ page }) => {
    const gtm = await fakeGtm(page);
    const consoleErrors = collectConsoleErrors(page);
    await page.goto("/faq?q=ticket");
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    // The answer goes through the banner's route module in the browser, which must load there.
    expect(consoleErrors).toEqual([]);
    await expect(page).toHaveURL(/\/faq\?q=ticket$/);
    // With JavaScript the banner leaves as the answer is sent; the cookie comes with the response.
    await expect.poll(async () => (await consentCookieOf(page))?.value).toBe("denied");
    const cookie = await consentCookieOf(page);
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await page.goto("/about");
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await page.waitForLoadState("load");
    expect(gtm.requests).toBe(0);
  });

  test("Accept loads the tag manager after the page is interactive and counts client-side page views; never without JavaScript", async ({ page }) => {
    const gtm = await fakeGtm(page);
    const consoleErrors = collectConsoleErrors(page);
    await page.goto("/faq");
    await page.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await expect.poll(async () => (await consentCookieOf(page))?.value).toBe("granted");
    if (isNoJs()) {
      await page.goto("/about");
      await page.waitForLoadState("load");
      await expect(page.locator("script[src*='googletagmanager']")).toHaveCount(0);
      expect(gtm.requests).toBe(0);
      return;
    }
    await expect(page.locator("script[data-tag-manager='gtm']")).toHaveAttribute("src", "https://www.googletagmanager.com/gtm.js?id=GTM-RIHLA01");
    await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded === true)).toBe(true);
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    // The view is counted by an effect after the new page commits, a moment after the URL changes.
    await expect
      .poll(() => page.evaluate(() => (window.dataLayer ?? []).filter((entry) => entry.event === "page_view").map((entry) => entry.page_path)))
      .toEqual(["/faq", "/about"]);
    expect(gtm.requests).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  test("the footer's Cookie settings asks again", async ({ page, baseURL }) => {
    await page.context().addCookies([consentCookie(baseURL!, "granted")]);
    await page.goto("/about");
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
    expect(await consentCookieOf(page)).toBeUndefined();
  });

  test("the banner moves nothing on the page (layout shift ≤ 0.02) and leaves the end of the page reachable", async ({ page }) => {
    test.skip(isNoJs(), "layout shifts are measured by a script");
    await page.addInitScript(() => {
      const state = window as unknown as { __cls: number };
      state.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) state.__cls += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/things-to-do-in-dubai");
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    await page.waitForLoadState("load");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.02);
    // Scrolled to the end, the footer's last line and the help button are above the banner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const banner = (await page.getByTestId("consent-banner").boundingBox())!;
    for (const locator of [page.locator(".site-footer__copyright"), page.locator("details.floating-support > summary")]) {
      const box = (await locator.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(banner.y);
    }
  });
});

test.describe("build refresh", () => {
  test.beforeEach(() => {
    test.skip(isNoJs(), "the build refresh is a browser module");
  });

  /** Marks the current document; a reload replaces the window and loses the mark. */
  async function markDocument(page: Page) {
    await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
  }

  /**
   * Proves the page did not reload: a round trip through the page (which a reload would cut off) comes
   * back, and the document still carries its mark.
   */
  async function expectSameDocument(page: Page) {
    const alive = await page.evaluate(async () => {
      await fetch("/healthz", { cache: "no-store" }).catch(() => undefined);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return (window as unknown as { __sameDocument?: boolean }).__sameDocument === true;
    });
    expect(alive).toBe(true);
  }

  /** The per-path reload flags the build-refresh guard keeps in sessionStorage. */
  function reloadFlags(page: Page) {
    return page.evaluate(() => sessionStorage.getItem("rihla:build-reload"));
  }

  /** The visitor's first gesture on a hydrated page, which starts the build check. */
  async function firstGesture(page: Page) {
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.keyboard.press("Shift");
  }

  /** Counts full document loads (the first load and any reload). */
  function countDocuments(page: Page) {
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    return documents;
  }

  test("a newer build reloads once on the next route change, never in a loop", async ({ page }) => {
    const documents = countDocuments(page);
    await page.route("**/builds/latest.json?t=*", (route) => route.fulfill({ json: { id: "a-newer-build", time: new Date().toISOString() } }));
    const polled = page.waitForRequest((request) => request.url().includes("/builds/latest.json?t="));
    await page.goto("/faq");
    // Nothing is asked before the visitor's first gesture.
    let polls = 0;
    page.on("request", (request) => {
      if (request.url().includes("/builds/latest.json?t=")) polls += 1;
    });
    await page.waitForLoadState("networkidle");
    expect(polls).toBe(0);
    await firstGesture(page);
    await polled;
    // The reloaded page (the second document) polls again, from its first gesture, and still sees the newer id.
    const polledAgain = page.waitForResponse((response) => response.url().includes("/builds/latest.json?t=") && documents.length === 2);
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => documents).toEqual(["/faq", "/about"]);
    await firstGesture(page);
    await polledAgain;
    // Nothing changes route, so no loop: the reloaded document stays.
    await markDocument(page);
    await expectSameDocument(page);
    // A chunk-load error right after is held back by the per-path guard (10 s): the guard's flag for
    // /about is left as the first reload set it, and the document stays.
    const flags = await reloadFlags(page);
    expect(flags).toContain('"/about"');
    await page.evaluate(() => {
      window.dispatchEvent(new PromiseRejectionEvent("unhandledrejection", { promise: Promise.resolve(), reason: new TypeError("Failed to fetch dynamically imported module: /build/routes/x.js") }));
    });
    await expectSameDocument(page);
    expect(await reloadFlags(page)).toBe(flags);
    expect(documents).toEqual(["/faq", "/about"]);
  });

  test("the same build, or a manifest that cannot be fetched, never reloads", async ({ page }) => {
    const documents = countDocuments(page);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const polled = page.waitForRequest((request) => request.url().includes("/builds/latest.json?t="));
    await page.goto("/faq");
    await firstGesture(page);
    await polled;
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.route("**/builds/latest.json?t=*", (route) => route.abort());
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => errors.some((text) => text.includes("[build-refresh]"))).toBe(true);
    await markDocument(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The route change's check has run (effects follow the render); the document is still the first one.
    await expectSameDocument(page);
    expect(await reloadFlags(page)).toBeNull();
    expect(documents).toEqual(["/faq"]);
  });

  test("the server's build endpoints", async ({ request }) => {
    const latest = await request.get(`/builds/latest.json?t=${Date.now()}`);
    expect(latest.headers()["cache-control"]).toBe("no-store");
    const { id, time } = (await latest.json()) as { id: string; time: string };
    expect(id).toMatch(/\S/);
    expect(Number.isNaN(Date.parse(time))).toBe(false);
    const meta = await request.get(`/builds/meta/${id}.json`);
    expect(meta.status()).toBe(200);
    const manifest = (await meta.json()) as { routeRules: Array<{ path: string; cacheControl: string }>; prerendered: string[] };
    expect(manifest.prerendered).toEqual([]);
    expect(manifest.routeRules).toContainEqual(expect.objectContaining({ path: "/ar/faq", cacheControl: expect.stringContaining("s-maxage") }));
    expect(manifest.routeRules).toContainEqual(expect.objectContaining({ path: "/cart", cacheControl: "private, no-store" }));
    expect((await request.get("/builds/meta/not-a-build.json")).status()).toBe(404);
    // The development outbox viewer does not exist in production.
    expect((await request.get("/dev/outbox")).status()).toBe(404);
  });
});
