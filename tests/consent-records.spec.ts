/**
 * Consent records (PDPL), JavaScript on and off (both projects), in English and Arabic: sign-up's
 * marketing opt-in starts unticked; the account page gives marketing, then withdraws it, and gives
 * analytics cookies for this browser, each in one click, each shown with its text version and how it
 * was given. The js run also draws the section at phone and desktop widths for docs/screenshots.
 * Checkout's opt-in starts unticked too, and a tick there shows in the account as given at checkout.
 */
import { expect, test } from "./fixtures";
import { addFirstOpenSlot, CUSTOMER_PASSWORD, customerText, ownAddress, prefixOf, signUpCustomer, uniqueCustomerEmail } from "./customer-accounts";

test.beforeEach(async ({ page }) => {
  await ownAddress(page);
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: marketing unticked at sign-up, given and withdrawn in the account; analytics given`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const text = (key: string) => customerText(lang, `account.consent.${key}`);
    const email = uniqueCustomerEmail(`consent-${lang}`);

    await page.goto(`${prefixOf(lang)}/auth/sign-up`);
    const optIn = page.getByLabel(text("marketingOptIn"));
    await expect(optIn).not.toBeChecked();
    await page.getByLabel(customerText(lang, "account.fields.name")).fill("Layla Haddad");
    await page.getByLabel(customerText(lang, "account.fields.email")).fill(email);
    await page.getByLabel(customerText(lang, "account.fields.password"), { exact: true }).fill(CUSTOMER_PASSWORD);
    await page.getByLabel(customerText(lang, "account.fields.confirmPassword")).fill(CUSTOMER_PASSWORD);
    await page.getByRole("button", { name: customerText(lang, "account.signUp.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/auth/login$`));
    await page.getByLabel(customerText(lang, "account.fields.email")).fill(email);
    await page.getByLabel(customerText(lang, "account.fields.password")).fill(CUSTOMER_PASSWORD);
    await page.getByRole("button", { name: customerText(lang, "account.login.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/invoices$`));

    const marketing = page.getByTestId("consent-marketing");
    const analytics = page.getByTestId("consent-analytics");
    // Left unticked at sign-up: not given, and nothing recorded.
    await expect(marketing.getByTestId("consent-state")).toHaveText(text("notGiven"));

    await marketing.getByRole("button", { name: text("give") }).click();
    await expect(marketing.getByTestId("consent-state")).toHaveText(text("given"));
    await expect(marketing.getByTestId("consent-record")).toContainText("2026-11-marketing-v1");
    await expect(marketing.getByTestId("consent-record")).toContainText(text("methods.account"));

    await marketing.getByRole("button", { name: text("withdraw") }).click();
    await expect(marketing.getByTestId("consent-state")).toHaveText(text("withdrawn"));
    await expect(marketing.getByRole("button", { name: text("give") })).toBeVisible();

    // The suite's browsers start having rejected analytics on the banner.
    await expect(analytics.getByTestId("consent-state")).toHaveText(text("notGiven"));
    await analytics.getByRole("button", { name: text("give") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/invoices$`));
    await expect(analytics.getByTestId("consent-state")).toHaveText(text("given"));
    await expect(analytics.getByTestId("consent-record")).toContainText("2026-11-analytics-v1");

    // The data download lists the answers.
    const data = await (await page.request.get("/account/data.json")).json();
    expect(data.consents.records.map((record: { purpose: string; granted: boolean; method: string }) => [record.purpose, record.granted, record.method])).toEqual([
      ["marketing", true, "account"],
      ["marketing", false, "account"],
      ["analytics", true, "account"],
    ]);
    // And, beside the JSON, the same data as a readable PDF.
    const pdf = await page.request.get(`${await page.getByTestId("your-data").getByRole("link", { name: /PDF/ }).getAttribute("href")}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    if (testInfo.project.name === "js") {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId("your-data").screenshot({ path: `docs/screenshots/consent-${lang}-${width}.png`, animations: "disabled" });
      }
    }
  });
}

test("checkout's opt-in starts unticked; ticked, the account shows marketing given at checkout", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueCustomerEmail("consent-checkout");
  await signUpCustomer(page, "en", email);
  await addFirstOpenSlot(page, "en", "camel-trek-at-sunset-near-jeddah-with-hotel-pickup", 20 + Math.floor(Math.random() * 30));
  await page.goto("/checkout");
  const optIn = page.getByLabel(customerText("en", "account.consent.marketingOptIn"));
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  await page.getByLabel(customerText("en", "booking.checkout.firstName")).fill("Noura");
  await page.getByLabel(customerText("en", "booking.checkout.lastName")).fill("Al-Qahtani");
  await page.getByLabel(customerText("en", "booking.checkout.email")).fill(email);
  await page.getByLabel(customerText("en", "booking.checkout.phone")).fill("501234567");
  await page.getByRole("button", { name: customerText("en", "booking.checkout.confirmBook") }).click();
  await expect(page).toHaveURL(/\/checkout\/on_hold\?order=/);
  await page.goto("/invoices");
  const marketing = page.getByTestId("consent-marketing");
  await expect(marketing.getByTestId("consent-state")).toHaveText(customerText("en", "account.consent.given"));
  await expect(marketing.getByTestId("consent-record")).toContainText(customerText("en", "account.consent.methods.checkout"));
});
