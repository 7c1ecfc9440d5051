/**
 * The catalogue manager's steps in the console for the end-to-end suites (shared by
 * tests/catalogue-products.spec.ts and tests/catalogue-launch.spec.ts): an experience's details, its
 * options, units and season prices on /admin/products/:id, and an option's weekly rule on its schedule page.
 */
import { expect, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import { adminText, type StaffLang } from "./staff";

export const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/** Opens a <details> (native: works without JavaScript) unless it is open already. */
export async function open(details: Locator) {
  if ((await details.getAttribute("open")) === null) await details.locator("summary").first().click();
}

/** A localized field's label: "Title (English)". */
export function localizedLabel(lang: StaffLang, key: string, language: "en" | "ar" = "en"): string {
  return `${adminText(lang, `catalogue.fields.${key}`)} (${adminText(lang, `catalogue.languages.${language}`)})`;
}

/** Fills /admin/products/new (a Dubai desert safari) with everything but the English title, which the caller types. */
export async function fillExperienceDetails(page: Page, lang: StaffLang, arabicTitle: string) {
  await page.getByLabel(adminText(lang, "catalogue.fields.destination")).selectOption("dst-dubai");
  await page.locator('input[name="categoryIds"][value="cat-desert-safari"]').check();
  if (lang === "ar") await page.getByLabel(localizedLabel(lang, "title", "ar"), { exact: true }).fill(arabicTitle);
  await page.getByLabel(localizedLabel(lang, "shortDescription"), { exact: true }).fill("Falcons, red dunes and dinner under the stars.");
  await page.getByLabel(localizedLabel(lang, "meetingPoint"), { exact: true }).fill("Al Qudra Lakes car park, Dubai");
  await page.getByLabel(adminText(lang, "catalogue.fields.latitude")).first().fill("24.84");
  await page.getByLabel(adminText(lang, "catalogue.fields.longitude")).first().fill("55.37");
  // A pickup point named in English and Arabic (the storefront shows each language its own name).
  await page.locator('input[name="pickupPoints[0].name.en"]').fill(PICKUP_POINT.en);
  await page.locator('input[name="pickupPoints[0].name.ar"]').fill(PICKUP_POINT.ar);
  await page.locator('input[name="pickupPoints[0].latitude"]').fill("25.08");
  await page.locator('input[name="pickupPoints[0].longitude"]').fill("55.14");
  await page.locator('input[name="pickupPoints[0].time"]').fill("15:00");
}

export const PICKUP_POINT = { en: "Dubai Marina Mall, main entrance", ar: "مرسى دبي مول، المدخل الرئيسي" };

/** Creates the experience; ends on its page (off sale) and returns its id. */
export async function createExperience(page: Page, lang: StaffLang, title: { en: string; ar: string }): Promise<string> {
  await page.goto("/admin/products/new");
  await page.getByLabel(localizedLabel(lang, "title"), { exact: true }).fill(title.en);
  await fillExperienceDetails(page, lang, title.ar);
  await page.getByRole("button", { name: adminText(lang, "catalogue.create") }).click();
  await expect(page).toHaveURL(/\/admin\/products\/own-[a-z0-9]{8}\?done=created$/);
  await expect(page.getByTestId("sale-status")).toHaveText(adminText(lang, "catalogue.offSale"));
  return /\/admin\/products\/(own-[a-z0-9]{8})/.exec(page.url())![1]!;
}

export function optionCard(page: Page, title: string): Locator {
  return page.locator("section.admin-option", { has: page.getByRole("heading", { name: title, exact: true }) });
}

export async function addOption(page: Page, lang: StaffLang, title: string) {
  const card = page.locator("#option-add-card");
  await card.getByLabel(`${adminText(lang, "catalogue.fields.optionTitle")} (${adminText(lang, "catalogue.languages.en")})`, { exact: true }).fill(title);
  await card.getByLabel(adminText(lang, "catalogue.fields.durationMinutes")).fill("180");
  await card.getByRole("button", { name: adminText(lang, "catalogue.addOption") }).click();
  await expect(page.getByRole("status")).toHaveText(adminText(lang, "catalogue.notices.optionAdded"));
  await expect(optionCard(page, title)).toBeVisible();
}

export async function addUnit(page: Page, lang: StaffLang, option: string, type: "ADULT" | "CHILD" | "INFANT", price: string) {
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
  const units = card.locator("table:not(.admin-table--seasons) tbody tr");
  const before = await units.count();
  await details.getByRole("button", { name: adminText(lang, "catalogue.addUnit") }).click();
  // The notice reads the same for every unit: the new row is what says this one was saved (and the
  // page has settled, so the next step does not act on a form about to be replaced).
  await expect(units).toHaveCount(before + 1);
  await expect(page.getByRole("status")).toHaveText(adminText(lang, "catalogue.notices.unitAdded"));
}

/** Submits the "add a season" form of an option card with an adult price; the caller checks the outcome. */
export async function addSeason(page: Page, lang: StaffLang, option: string, from: string, to: string, adultPrice: string) {
  const details = optionCard(page, option).locator("details", { has: page.locator("summary", { hasText: adminText(lang, "catalogue.addSeason") }) });
  await open(details);
  await details.getByLabel(adminText(lang, "catalogue.fields.validFrom")).fill(from);
  await details.getByLabel(adminText(lang, "catalogue.fields.validTo")).fill(to);
  await details.getByLabel(adminText(lang, "catalogue.fields.seasonPrice").replace("{{unit}}", adminText(lang, "catalogue.unitTypes.ADULT")), { exact: true }).fill(adultPrice);
  await details.getByRole("button", { name: adminText(lang, "catalogue.addSeason") }).click();
}

/** Opens a product's schedule from its page in the console (the header's "Schedule and availability" link). */
export async function openSchedule(page: Page, lang: StaffLang, productId: string) {
  await page.goto(`/admin/products/${productId}`);
  await page.getByRole("link", { name: adminText(lang, "catalogue.schedule"), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${productId}/schedule$`));
}

/** Adds a weekly rule (every day, from `from`, no end) to the option shown on the schedule page. */
export async function addWeeklyRule(page: Page, lang: StaffLang, from: string, startTimes: string, capacity: number) {
  const form = page.locator("#schedule-rule-form");
  await form.getByLabel(adminText(lang, "schedule.fields.validFrom")).fill(from);
  await form.getByLabel(adminText(lang, "schedule.fields.startTimes")).fill(startTimes);
  await form.getByLabel(adminText(lang, "schedule.fields.capacityPerSlot")).fill(String(capacity));
  await form.getByRole("button", { name: adminText(lang, "schedule.addRule") }).click();
  await expect(page.getByRole("status")).toHaveText(adminText(lang, "schedule.notices.ruleAdded"));
}

/** Puts the product shown on sale; returns its storefront address and slug (from "View on site"). */
export async function putOnSale(page: Page, lang: StaffLang): Promise<{ storefront: string; slug: string }> {
  await page.getByRole("button", { name: adminText(lang, "catalogue.publish") }).click();
  await expect(page.getByRole("status")).toHaveText(adminText(lang, "catalogue.notices.published"));
  await expect(page.getByTestId("sale-status")).toHaveText(adminText(lang, "catalogue.onSale"));
  const storefront = (await page.getByRole("link", { name: adminText(lang, "catalogue.viewOnSite") }).getAttribute("href"))!;
  return { storefront, slug: decodeURIComponent(storefront.split("/").pop()!) };
}

/** A visitor in a browser of their own (and an address of their own, so rate limits never couple tests). */
export async function visitorPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
  return { context, page };
}
