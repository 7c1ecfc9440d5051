/**
 * Catalogue management in the console (role `catalogue`), with JavaScript on and off (projects), in
 * English and Arabic: a new experience in a demo city with two options, three unit types and a season
 * price, put on sale and found by visitors in its city listing and search in all four languages (its
 * English title where a language is left empty); a price change on a demo product a visitor has in the
 * cart shows the cart's "price changed" notice.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addToCart, T } from "./shop";
import { adminText, signInAsNewStaff, type StaffLang } from "./staff";
import { at } from "./texts";

const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/** A demo product no other suite uses: instant, per person, in SAR (its prices go up by 10 % per run). */
const CARTED = "riyadh-dessert-and-sweets-walk";

/** Opens a <details> (native: works without JavaScript) unless it is open already. */
async function open(details: Locator) {
  if ((await details.getAttribute("open")) === null) await details.locator("summary").first().click();
}

function optionCard(page: Page, title: string): Locator {
  return page.locator("section.admin-option", { has: page.getByRole("heading", { name: title, exact: true }) });
}

async function addOption(page: Page, lang: StaffLang, title: string) {
  const card = page.locator("#option-add-card");
  await card.getByLabel(`${adminText(lang, "catalogue.fields.optionTitle")} (${adminText(lang, "catalogue.languages.en")})`, { exact: true }).fill(title);
  await card.getByLabel(adminText(lang, "catalogue.fields.durationMinutes")).fill("180");
  await card.getByRole("button", { name: adminText(lang, "catalogue.addOption") }).click();
  await expect(page.getByRole("status")).toHaveText(adminText(lang, "catalogue.notices.optionAdded"));
  await expect(optionCard(page, title)).toBeVisible();
}

async function addUnit(page: Page, lang: StaffLang, option: string, type: "ADULT" | "CHILD" | "INFANT", price: string) {
  const card = optionCard(page, option);
  const details = card.locator("details", { has: page.locator("summary", { hasText: adminText(lang, "catalogue.addUnit") }) });
  await open(details);
  await details.getByLabel(adminText(lang, "catalogue.fields.unitType")).selectOption(type);
  if (type !== "ADULT") await details.getByRole("checkbox", { name: adminText(lang, "catalogue.unitTypes.ADULT") }).check();
  if (type === "CHILD") {
    await details.getByLabel(adminText(lang, "catalogue.fields.minAge")).fill("3");
    await details.getByLabel(adminText(lang, "catalogue.fields.maxAge")).fill("12");
  }
  await details.getByLabel(adminText(lang, "catalogue.fields.price"), { exact: true }).fill(price);
  await details.getByRole("button", { name: adminText(lang, "catalogue.addUnit") }).click();
  await expect(page.getByRole("status")).toHaveText(adminText(lang, "catalogue.notices.unitAdded"));
}

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
    const english = adminText(lang, "catalogue.languages.en");
    const label = (key: string, language = english) => `${adminText(lang, `catalogue.fields.${key}`)} (${language})`;

    // A bad submission keeps what was typed and says what is missing.
    await page.getByLabel(label("title"), { exact: true }).fill(title.en);
    await page.getByRole("button", { name: adminText(lang, "catalogue.create") }).click();
    await expect(page.getByText(adminText(lang, "catalogue.errors.destination"))).toBeVisible();
    await expect(page.getByLabel(label("title"), { exact: true })).toHaveValue(title.en);

    await page.getByLabel(adminText(lang, "catalogue.fields.destination")).selectOption("dst-dubai");
    await page.locator('input[name="categoryIds"][value="cat-desert-safari"]').check();
    if (lang === "ar") await page.getByLabel(label("title", adminText(lang, "catalogue.languages.ar")), { exact: true }).fill(title.ar);
    await page.getByLabel(label("shortDescription"), { exact: true }).fill("Falcons, red dunes and dinner under the stars.");
    await page.getByLabel(label("meetingPoint"), { exact: true }).fill("Al Qudra Lakes car park, Dubai");
    await page.getByLabel(adminText(lang, "catalogue.fields.latitude")).first().fill("24.84");
    await page.getByLabel(adminText(lang, "catalogue.fields.longitude")).first().fill("55.37");
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
    const season = async (from: string, to: string, price: string) => {
      const details = camp.locator("details", { has: page.locator("summary", { hasText: adminText(lang, "catalogue.addSeason") }) });
      await open(details);
      await details.getByLabel(adminText(lang, "catalogue.fields.validFrom")).fill(from);
      await details.getByLabel(adminText(lang, "catalogue.fields.validTo")).fill(to);
      await details.getByLabel(adminText(lang, "catalogue.fields.seasonPrice").replace("{{unit}}", adminText(lang, "catalogue.unitTypes.ADULT")), { exact: true }).fill(price);
      await details.getByRole("button", { name: adminText(lang, "catalogue.addSeason") }).click();
    };
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
