/**
 * A customer's data rights (PDPL), JavaScript on and off (both projects), in Arabic and English: the
 * account downloads its data as JSON (its email in it), then deletes itself. A wrong password is
 * refused with a message; the right one signs out, says so, and the address no longer signs in.
 */
import { expect, test } from "./fixtures";
import { CUSTOMER_PASSWORD, customerText, ownAddress, prefixOf, signUpCustomer, uniqueCustomerEmail, type CustomerLang } from "./customer-accounts";
import { at, texts } from "./texts";

const page_ = (lang: CustomerLang, key: string) => at(texts(lang, "common"), `pages.${key}`);

test.beforeEach(async ({ page }) => {
  await ownAddress(page);
});

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: download my data, then delete my account`, async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueCustomerEmail(`pdpl-${lang}`);
    await signUpCustomer(page, lang, email);

    const section = page.getByTestId("your-data");
    await expect(section.getByRole("heading", { name: page_(lang, "yourData.heading") })).toBeVisible();
    const download = await page.request.get(`${await section.getByRole("link", { name: page_(lang, "yourData.download") }).getAttribute("href")}`);
    expect(download.headers()["content-disposition"]).toContain("attachment");
    expect((await download.json()).profile.email).toBe(email);

    await section.getByRole("link", { name: page_(lang, "yourData.delete") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/account/delete$`));
    await expect(page.getByRole("heading", { level: 1, name: page_(lang, "deleteAccount.heading") })).toBeVisible();
    await page.getByLabel(page_(lang, "deleteAccount.password")).fill("not-the-password");
    await page.getByRole("button", { name: page_(lang, "deleteAccount.confirm") }).click();
    await expect(page.getByRole("alert")).toContainText(page_(lang, "deleteAccount.wrongPassword"));

    await page.getByLabel(page_(lang, "deleteAccount.password")).fill(CUSTOMER_PASSWORD);
    await page.getByRole("button", { name: page_(lang, "deleteAccount.confirm") }).click();
    await expect(page.getByText(page_(lang, "deleteAccount.done")).first()).toBeVisible();

    // The address signs in no more.
    await page.goto(`${prefixOf(lang)}/auth/login`);
    await page.getByLabel(customerText(lang, "account.fields.email")).fill(email);
    await page.getByLabel(customerText(lang, "account.fields.password")).fill(CUSTOMER_PASSWORD);
    await page.getByRole("button", { name: customerText(lang, "account.login.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/auth/login`));
    expect((await page.request.get("/account/data.json", { maxRedirects: 0 })).status()).toBe(302);
  });
}
