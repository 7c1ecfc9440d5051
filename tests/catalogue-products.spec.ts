/**
 * Catalogue management in the console (role `catalogue`), with JavaScript on and off (projects), in
 * English and Arabic: a new experience in a demo city with two options, three unit types and a season
 * price, put on sale and found by visitors in its city listing and search in all four languages (its
 * English title where a language is left empty); a price change on a demo product a visitor has in the
 * cart shows the cart's "price changed" notice.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { addOption, addSeason, addUnit, fillExperienceDetails, isoDay, localizedLabel, optionCard } from "./catalogue";
import { addToCart, T } from "./shop";
import { adminText, signInAsNewStaff } from "./staff";
import { at } from "./texts";

/** A demo product no other suite uses: instant, per person, in SAR (its prices go up by 10 % per run). */
const CARTED = "riyadh-dessert-and-sweets-walk";

for (const lang of ["en", "ar"] as const) {
  test(`catalogue staff put a new experience on sale and visitors find it in every language (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const title = { en: `Falcon Dunes Evening ${tag}`, ar: `أمسية صقور الكثبان ${tag}` };
    await signInAsNewStaff(page, "catalogue", lang, "catalogue");

    // The console's navigation leads to the products; a new experience starts with its details.
    await page.getByRole("navigation").getByRole("link", { name: adminText(lang, "nav.products") }).click();
    await expect(page.getByRole("heading", { level: 1, name: adminText(lang, "catalogue.heading") })).toBeVisible();
    await page.getByRole("link", { name: adminText(lang, "catalogue.new") }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    const label = (key: string) => localizedLabel(lang, key);

    // A bad submission keeps what was typed and says what is missing.
    await page.getByLabel(label("title"), { exact: true }).fill(title.en);
    await page.getByRole("button", { name: adminText(lang, "catalogue.create") }).click();
    await expect(page.getByText(adminText(lang, "catalogue.errors.destination"))).toBeVisible();
    await expect(page.getByLabel(label("title"), { exact: true })).toHaveValue(title.en);

    await fillExperienceDetails(page, lang, title.ar);
    await page.getByRole("button", { name: adminText(lang, "catalogue.create") }).click();
    await expect(page).toHaveURL(/\/admin\/products\/own-[a-z0-9]{8}\?done=created$/);
    await expect(page.getByTestId("sale-status")).toHaveText(adminText(lang, "catalogue.offSale"));

    // Two options; the first with adult, child and infant, the second with adults only.
    await addOption(page, lang, "Sunset camp");
    await addOption(page, lang, "Private dinner");
    await addUnit(page, lang, "Sunset camp", "ADULT", "1");
    await addUnit(page, lang, "Sunset camp", "CHILD", "0.50");
    await addUnit(page, lang, "Sunset camp", "INFANT", "0");
    await addUnit(page, lang, "Private dinner", "ADULT", "2");
    const camp = optionCard(page, "Sunset camp");
    await expect(camp.locator("tbody tr")).toHaveCount(3);

    // A season price (next month), and an overlapping one refused with a clear message.
    const season = (from: string, to: string, price: string) => addSeason(page, lang, "Sunset camp", from, to, price);
    await season(isoDay(40), isoDay(50), "3");
    await expect(page.getByRole("status")).toHaveText(adminText(lang, "catalogue.notices.seasonAdded"));
    await expect(camp.locator(".admin-table--seasons tbody tr")).toHaveCount(1);
    await season(isoDay(45), isoDay(60), "4");
    await expect(optionCard(page, "Sunset camp").getByText(adminText(lang, "catalogue.errors.seasonOverlap"))).toBeVisible();

    // On sale.
    await page.getByRole("button", { name: adminText(lang, "catalogue.publish") }).click();
    await expect(page.getByRole("status")).toHaveText(adminText(lang, "catalogue.notices.published"));
    await expect(page.getByTestId("sale-status")).toHaveText(adminText(lang, "catalogue.onSale"));

    // A visitor finds it in Dubai's listing (cheapest first) and in search, in every language.
    for (const prefix of ["", "/ru", "/zh", "/ar"]) {
      const shown = prefix === "/ar" && lang === "ar" ? title.ar : title.en;
      const card = page.getByRole("link", { name: shown }).first();
      await expect(async () => {
        await page.goto(`${prefix}/things-to-do-in-dubai?sort=price-asc`);
        await expect(card).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await page.goto(`${prefix}/search/${tag}`);
      await expect(page.getByRole("link", { name: shown }).first()).toBeVisible();
    }
  });
}

test("a price change shows the cart's price-changed notice to a visitor with the item in the cart (ar)", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const visitor = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  try {
    const shopper = await visitor.newPage();
    await shopper.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
    await addToCart(shopper, "ar", CARTED, 3);
    const notice = shopper.locator('[data-notice="pricesChanged"]');
    await expect(notice).toHaveCount(0);

    await signInAsNewStaff(page, "catalogue", "ar", "catalogue");
    await page.goto(`/admin/products?q=${CARTED}`);
    await page.locator(".admin-product-link").first().click();
    await expect(page).toHaveURL(/\/admin\/products\/prd-\d+$/);
    const bulk = page.locator("#prices");
    await bulk.getByLabel(adminText("ar", "catalogue.bulk.percent")).fill("10");
    await bulk.getByLabel(adminText("ar", "catalogue.bulk.reason")).fill("موسم الصيف");
    await bulk.getByRole("button", { name: adminText("ar", "catalogue.bulk.apply") }).click();
    await expect(page.getByRole("status")).toHaveText(adminText("ar", "catalogue.notices.pricesChanged"));

    await shopper.goto(`${T.ar.prefix}/cart`);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(at(T.ar.booking, "booking.cart.notice.pricesChanged"));
  } finally {
    await visitor.close();
  }
});
