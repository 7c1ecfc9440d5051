/**
 * The launch of a new experience, end to end (issue 16), with JavaScript on and off (projects), in English
 * and Arabic: a catalogue manager creates it in a demo city with two options, adult/child/infant units and a
 * season price, gives its first option a weekly schedule and puts it on sale; a visitor opens its detail page,
 * books a date in the schedule, pays with the sandbox card and gets a signed ticket PDF by email; the manager
 * then closes that date and the detail page no longer offers it.
 */
import { randomUUID } from "node:crypto";
import { addOption, addSeason, addUnit, addWeeklyRule, createExperience, isoDay, openSchedule, optionCard, PICKUP_POINT, putOnSale, visitorPage } from "./catalogue";
import { expect, test } from "./fixtures";
import { linkIn, mailTo } from "./outbox";
import { addToCart, b, CARDS, goToPayment, pay, T } from "./shop";
import { adminText, signInAsNewStaff } from "./staff";
import { at } from "./texts";

for (const lang of ["en", "ar"] as const) {
  test(`a new experience goes on sale, is booked with a ticket, and a closed date stops sales (${lang})`, async ({ page, browser }, testInfo) => {
    test.setTimeout(240_000);
    const t = (key: string) => adminText(lang, key);
    const tag = `zl${randomUUID().slice(0, 6)}`;
    const title = { en: `Falcon Dunes Launch ${tag}`, ar: `إطلاق صقور الكثبان ${tag}` };

    // The catalogue manager: the experience, its options, units and a season price.
    await signInAsNewStaff(page, "catalogue", lang, "launch");
    const productId = await createExperience(page, lang, title);
    await addOption(page, lang, "Sunset camp");
    await addOption(page, lang, "Private dinner");
    await addUnit(page, lang, "Sunset camp", "ADULT", "150");
    await addUnit(page, lang, "Sunset camp", "CHILD", "75");
    await addUnit(page, lang, "Sunset camp", "INFANT", "0");
    await addUnit(page, lang, "Private dinner", "ADULT", "400");
    await expect(optionCard(page, "Sunset camp").locator("tbody tr")).toHaveCount(3);
    await addSeason(page, lang, "Sunset camp", isoDay(60), isoDay(70), "180");
    await expect(page.getByRole("status")).toHaveText(t("catalogue.notices.seasonAdded"));

    // Its first option's weekly schedule: every day from tomorrow, two start times of 12 seats.
    await openSchedule(page, lang, productId);
    await expect(page.getByText(t("schedule.noRules"))).toBeVisible();
    await addWeeklyRule(page, lang, isoDay(1), "09:00, 16:00", 12);
    await expect(page.locator("#schedule-rules tbody tr")).toHaveCount(1);

    // On sale.
    await page.goto(`/admin/products/${productId}`);
    const { storefront, slug } = await putOnSale(page, lang);

    // A visitor in a browser of their own: the detail page, a date in the schedule, checkout, sandbox card.
    const { context: visitor, page: shopper } = await visitorPage(browser, testInfo);
    try {
      await expect(async () => {
        await shopper.goto(storefront);
        await expect(shopper.getByRole("heading", { level: 1, name: lang === "ar" ? title.ar : title.en })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      // The pickup point by its name in the visitor's language.
      await expect(shopper.getByText(PICKUP_POINT[lang === "ar" ? "ar" : "en"]).first()).toBeVisible();
      const date = await addToCart(shopper, lang, slug, 3);
      await expect(shopper.getByTestId("cart-line")).toHaveCount(1);
      const email = `launch-${tag}@example.com`;
      await goToPayment(shopper, lang, email);
      await pay(shopper, CARDS.success);
      await expect(shopper.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });

      // The confirmation email carries a signed ticket link; it answers with the PDF.
      const mail = await mailTo(email, /\/tickets\/tkt_/);
      const ticket = await shopper.request.get(linkIn(mail.text, /https?:\/\/\S+\/tickets\/tkt_\w+\.pdf\?sig=\S+/));
      expect(ticket.status()).toBe(200);
      expect(ticket.headers()["content-type"]).toContain("application/pdf");
      expect((await ticket.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // The manager closes that date on the schedule's calendar (the booking already made is kept).
      await openSchedule(page, lang, productId);
      if (date.slice(0, 7) !== isoDay(0).slice(0, 7)) await page.getByRole("link", { name: t("schedule.nextMonth") }).click();
      const cell = page.locator(`.schedule-day[data-date="${date}"]`);
      await expect(cell.locator(".schedule-day__slots li")).toHaveCount(2);
      await cell.getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`date=${date}`));
      await page.getByLabel(t("schedule.fields.reason")).fill("Sandstorm");
      await page.getByRole("button", { name: t("schedule.closeDay") }).click();
      await expect(page.getByRole("status")).toHaveText(t("schedule.notices.dayClosed"));
      await expect(cell).toHaveClass(/is-closed/);

      // The visitor can no longer book that date.
      await expect(async () => {
        await shopper.goto(`${T[lang].prefix}/experiences/${slug}?date=${date}`);
        await expect(shopper.getByText(at(T[lang].detail, "detail.availability.noneAvailable"), { exact: true })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(shopper.locator("form.detail-option-form")).toHaveCount(0);
      await expect(shopper.getByRole("button", { name: at(T[lang].detail, "detail.option.addToCart") })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
}
