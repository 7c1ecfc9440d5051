/**
 * Booking questions (issue #33), JavaScript on and off (projects), in English and Arabic: a manager adds
 * two required questions to a new experience in the console (a choice question with one answer is
 * refused, the input kept); a guest books it, is refused at checkout until both are answered (the typed
 * contact details and answers kept), pays, and the answers appear on the ticket PDF, the manifest and
 * the order page.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { addOption, addUnit, addWeeklyRule, createExperience, isoDay, openSchedule, putOnSale, visitorPage } from "./catalogue";
import { expect, test } from "./fixtures";
import { linkIn, mailTo } from "./outbox";
import { addToCart, b, CARDS, fillCheckout, pay, T } from "./shop";
import { adminText, signInAsNewStaff, type StaffLang } from "./staff";

const HOTEL = { en: "Hotel for pickup", ar: "فندق الاستلام" };
const MEAL = { en: "Meal", ar: "الوجبة" };
const MEALS = { en: "Regular\nVegetarian", ar: "عادية\nنباتية" };

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rihla-e2e-answers-"));
  const file = path.join(dir, "ticket.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

async function addQuestion(page: Page, lang: StaffLang, question: { label: { en: string; ar: string }; type: "TEXT" | "CHOICE"; scope: "BOOKING" | "TRAVELLER"; choices?: { en: string; ar: string } }) {
  const t = (key: string) => adminText(lang, key);
  const card = page.locator("#questions");
  const details = card.locator("details");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  const field = (key: string, language: "en" | "ar") => card.getByLabel(`${t(`catalogue.questions.fields.${key}`)} (${t(`catalogue.languages.${language}`)})`, { exact: true });
  await field("label", "en").fill(question.label.en);
  await field("label", "ar").fill(question.label.ar);
  await card.getByLabel(t("catalogue.questions.fields.type")).selectOption(question.type);
  await card.getByLabel(t("catalogue.questions.fields.scope")).selectOption(question.scope);
  if (question.choices) {
    await field("choices", "en").fill(question.choices.en);
    await field("choices", "ar").fill(question.choices.ar);
  }
  await card.getByRole("button", { name: t("catalogue.questions.add") }).click();
}

/** Screenshots for review (docs/screenshots), with JavaScript on only: 390 and 1280 px wide. */
async function shoot(page: Page, name: string, part?: Locator) {
  if (!test.info().project.use.javaScriptEnabled) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `docs/screenshots/booking-questions-${name}-${width}.png`;
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lang of ["en", "ar"] as const) {
  test(`a guest answers two required questions at checkout; the answers are on the ticket and the manifest (${lang})`, async ({ page, browser }, testInfo) => {
    test.setTimeout(240_000);
    const t = (key: string) => adminText(lang, key);
    const tag = `bq${randomUUID().slice(0, 6)}`;
    const title = { en: `Falcon Questions ${tag}`, ar: `أسئلة الصقور ${tag}` };

    await signInAsNewStaff(page, "admin", lang, "questions");
    const productId = await createExperience(page, lang, title);
    await addOption(page, lang, "Sunset camp");
    await addUnit(page, lang, "Sunset camp", "ADULT", "150");
    await openSchedule(page, lang, productId);
    await addWeeklyRule(page, lang, isoDay(1), "16:00", 12);
    await page.goto(`/admin/products/${productId}`);

    // A choice question with one answer is refused; what was typed stays.
    await addQuestion(page, lang, { label: MEAL, type: "CHOICE", scope: "TRAVELLER", choices: { en: "Regular", ar: "" } });
    await expect(page.locator("#questions").getByText(t("catalogue.errors.choiceCount"))).toBeVisible();
    await expect(page.locator("#questions").getByLabel(`${t("catalogue.questions.fields.label")} (${t("catalogue.languages.en")})`, { exact: true })).toHaveValue(MEAL.en);

    await page.goto(`/admin/products/${productId}`);
    await addQuestion(page, lang, { label: HOTEL, type: "TEXT", scope: "BOOKING" });
    await expect(page.getByRole("status")).toHaveText(t("catalogue.notices.questionAdded"));
    await addQuestion(page, lang, { label: MEAL, type: "CHOICE", scope: "TRAVELLER", choices: MEALS });
    await expect(page.getByRole("status")).toHaveText(t("catalogue.notices.questionAdded"));
    await expect(page.locator(".admin-questions__item")).toHaveCount(2);
    await shoot(page, `console-${lang}`, page.locator("#questions"));
    const { storefront, slug } = await putOnSale(page, lang);

    const { context: visitor, page: shopper } = await visitorPage(browser, testInfo);
    try {
      await expect(async () => {
        await shopper.goto(storefront);
        await expect(shopper.getByRole("heading", { level: 1 })).toContainText(tag, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      const date = await addToCart(shopper, lang, slug, 2);

      // Checkout asks both questions after the contact details; unanswered, it refuses and keeps what was typed.
      const name = lang === "ar" ? "ar" : "en";
      const hotelLabel = HOTEL[name];
      const mealLabel = b(lang, "questions.forTraveller").replace("{{question}}", MEAL[name]).replace("{{number}}", "1");
      await shopper.goto(`${T[lang].prefix}/checkout`);
      await expect(shopper.getByRole("group", { name: b(lang, "questions.heading").replace("{{title}}", title[name]) })).toBeVisible();
      const email = `questions-${tag}@example.com`;
      await fillCheckout(shopper, lang, email);
      await shopper.getByRole("button", { name: b(lang, "checkout.confirmPay") }).click();
      await expect(shopper.getByText(b(lang, "questions.errors.summary"))).toBeVisible();
      await expect(shopper.getByText(b(lang, "questions.errors.required"))).toHaveCount(2);
      await expect(shopper.getByLabel(b(lang, "checkout.email"))).toHaveValue(email);
      await expect(shopper.getByLabel(hotelLabel)).toHaveAttribute("aria-invalid", "true");
      await shoot(shopper, `checkout-${lang}`);

      await shopper.getByLabel(hotelLabel).fill("Hilton Riyadh room 512");
      await shopper.getByLabel(mealLabel).selectOption({ label: lang === "ar" ? "نباتية" : "Vegetarian" });
      await shopper.getByRole("button", { name: b(lang, "checkout.confirmPay") }).click();
      await expect(shopper).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
      await pay(shopper, CARDS.success);
      await expect(shopper.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });

      // The ticket PDF (by the confirmation email's signed link) carries the answers.
      const mail = await mailTo(email, /\/tickets\/tkt_/);
      const ticket = await shopper.request.get(linkIn(mail.text, /https?:\/\/\S+\/tickets\/tkt_\w+\.pdf\?sig=\S+/));
      expect(ticket.status()).toBe(200);
      const text = pdfText(await ticket.body());
      expect(text).toContain("Hilton Riyadh room 512");
      if (lang === "en") expect(text).toMatch(/Meal #1: Vegetarian/);

      // The manifest of that day shows them under the guest, in the console's language.
      await page.goto(`/admin/manifest?date=${date}&product=${productId}`);
      const row = page.locator("tbody tr", { hasText: "Noura" });
      await expect(row.locator(".booking-answers")).toContainText("Hilton Riyadh room 512");
      await expect(row.locator(".booking-answers")).toContainText(lang === "ar" ? "نباتية" : "Vegetarian");
      await expect(row.locator(".booking-answers")).toContainText(hotelLabel);
      await shoot(page, `manifest-${lang}`);
    } finally {
      await visitor.close();
    }
  });
}
