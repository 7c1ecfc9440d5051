/**
 * The team collects money through the console, with JavaScript on and off (both projects), once in
 * Arabic: an agent sends a pay-later order's payment link and the customer pays it from the email
 * (order confirmed); records an offline payment on another; quotes a custom offer that the customer
 * accepts on Your Booking and pays on the hosted page. In Arabic the link is paid with STC Pay and the
 * offer with mada (issue #29: every flow works with each method), and the result page names the method.
 */
import { expect, test } from "./fixtures";
import { adminText, signInAsNewStaff, type StaffLang } from "./staff";
import {
  addFirstOpenSlot,
  customerText,
  isoDateAhead,
  ownAddress,
  payOnSandbox,
  prefixOf,
  reservePayLater,
  signUpCustomer,
  uniqueCustomerEmail,
  type CustomerLang,
} from "./customer-accounts";
import { linkIn, mailTo } from "./outbox";

const SAFARI = "camel-trek-at-sunset-near-jeddah-with-hotel-pickup";
/** A seeded experience without a fixed price (booked through a custom offer). */
const NO_FIXED_PRICE = "calligraphy-class-in-alula";

async function agentPage(browser: import("@playwright/test").Browser, lang: StaffLang) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled, locale: lang === "ar" ? "ar-SA" : "en-US" });
  const page = await context.newPage();
  await signInAsNewStaff(page, "agent", lang, "payments");
  return { page, close: () => context.close() };
}

const runs: Array<{ customer: CustomerLang; agent: StaffLang }> = [
  { customer: "en", agent: "en" },
  { customer: "ar", agent: "ar" },
];

for (const { customer, agent } of runs) {
  test(`${agent}: an agent sends a pay-later payment link; the customer pays it from the email`, async ({ page, browser }) => {
    await ownAddress(page);
    const email = uniqueCustomerEmail("paylink");
    await addFirstOpenSlot(page, customer, SAFARI, 20 + Math.floor(Math.random() * 30));
    const reference = await reservePayLater(page, customer, email);
    await expect(page.getByTestId("pay-now")).toBeVisible();

    const staff = await agentPage(browser, agent);
    await staff.page.goto("/admin");
    await expect(staff.page.locator("#queue-payLater").getByRole("link", { name: reference })).toBeVisible();
    await staff.page.goto(`/admin/orders/${reference}`);
    await expect(staff.page.getByRole("heading", { name: adminText(agent, "payLater.title"), exact: true })).toBeVisible();
    await staff.page.getByRole("button", { name: adminText(agent, "payLater.sendLink") }).click();
    await expect(staff.page.getByTestId("pay-later-notice")).toHaveText(adminText(agent, "payLater.outcomes.linkSent"));

    const mail = await mailTo(email, /checkout\?pay=/);
    expect(mail.subject).toBe(customerText(customer, "booking.email.payLater.PAYMENT_LINK.subject").replace("{{reference}}", reference));
    await page.goto(linkIn(mail.text, /https?:\/\/\S+checkout\?pay=\S+/));
    await payOnSandbox(page, customer === "ar" ? { stcpay: customer } : undefined);
    await expect(page.getByRole("heading", { level: 1, name: customerText(customer, "booking.result.success.heading") })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("payment-method")).toHaveText(customerText(customer, `booking.paymentMethods.${customer === "ar" ? "stcpay" : "visa"}`));

    await staff.page.goto(`/admin/orders/${reference}`);
    await expect(staff.page.locator(".admin-page-header")).toContainText(adminText(agent, "status.CONFIRMED"));
    await expect(staff.page.locator("#order-timeline")).toContainText(adminText(agent, "events.pay_later.link_sent"));
    await expect(staff.page.locator("#order-timeline")).toContainText(adminText(agent, "events.pay_later.paid"));
    await staff.close();
  });
}

test("an agent records an offline payment on a pay-later order: confirmed", async ({ page, browser }) => {
  await ownAddress(page);
  const email = uniqueCustomerEmail("offline");
  await addFirstOpenSlot(page, "en", SAFARI, 20 + Math.floor(Math.random() * 30));
  const reference = await reservePayLater(page, "en", email);

  const staff = await agentPage(browser, "en");
  await staff.page.goto(`/admin/orders/${reference}`);
  await staff.page.getByLabel(adminText("en", "payLater.reference")).fill(`TRX-${Date.now()}`);
  await staff.page.getByRole("button", { name: adminText("en", "payLater.record") }).click();
  await expect(staff.page.getByTestId("pay-later-notice")).toHaveText(adminText("en", "payLater.outcomes.paid"));
  await expect(staff.page.locator(".admin-page-header")).toContainText(adminText("en", "status.CONFIRMED"));
  await expect(staff.page.locator("#order-timeline")).toContainText(adminText("en", "events.pay_later.offline_payment"));
  await mailTo(email, new RegExp(reference));
  await staff.close();
});

test("ar: an agent cancels an unpaid pay-later order; the customer's booking page says it is cancelled", async ({ page, browser }) => {
  await ownAddress(page);
  const email = uniqueCustomerEmail("cancelled");
  await addFirstOpenSlot(page, "ar", SAFARI, 20 + Math.floor(Math.random() * 30));
  const reference = await reservePayLater(page, "ar", email);
  const bookingPage = page.url();

  const staff = await agentPage(browser, "ar");
  await staff.page.goto(`/admin/orders/${reference}`);
  await staff.page.getByRole("textbox", { name: adminText("ar", "payLater.reason"), exact: true }).fill("لم يصل الدفع");
  await staff.page.getByRole("button", { name: adminText("ar", "payLater.cancel") }).click();
  await expect(staff.page.getByTestId("pay-later-notice")).toHaveText(adminText("ar", "payLater.outcomes.cancelled"));
  await staff.close();

  await page.goto(bookingPage);
  await expect(page.getByRole("heading", { level: 1, name: customerText("ar", "booking.result.cancelled.heading") })).toBeVisible();
  await expect(page.getByTestId("pay-now")).toHaveCount(0);
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: an agent quotes a custom offer; the customer accepts an option and pays`, async ({ page, browser }) => {
    // Two people (a customer and a signed-in agent) and a payment: longer than one visitor's flow.
    test.setTimeout(120_000);
    await ownAddress(page);
    const email = uniqueCustomerEmail("quote");
    await signUpCustomer(page, lang, email);
    await page.goto(`${prefixOf(lang)}/experiences/${NO_FIXED_PRICE}/custom-offer`);
    await page.getByLabel(customerText(lang, "account.offers.dateFrom")).fill(isoDateAhead(30 + Math.floor(Math.random() * 30)));
    await page.getByLabel(customerText(lang, "account.offers.groupSize")).fill("2");
    await page.getByLabel(customerText(lang, "account.offers.message")).fill("A private class for the two of us.");
    await page.getByRole("button", { name: customerText(lang, "account.offers.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/invoices$`));
    const reference = /CO-[0-9A-F]+/.exec(await page.getByTestId("offer").first().innerText())![0];

    const staff = await agentPage(browser, lang);
    await staff.page.goto("/admin/offers");
    await staff.page.getByRole("link", { name: reference }).click();
    await expect(staff.page).toHaveURL(new RegExp(`/admin/offers/${reference}$`));
    // The requested day is suggested; if it is closed for booking, try the following days.
    for (let attempt = 0; attempt < 10; attempt++) {
      if (attempt > 0) await staff.page.locator("#o0-date").fill(isoDateAhead(60 + attempt));
      await staff.page.locator("#o0-price").fill("1500");
      await staff.page.locator("#o0-included").fill("Private teacher, materials, tea");
      await staff.page.getByLabel(adminText(lang, "offers.message")).fill("We would love to host you.");
      await staff.page.getByRole("button", { name: adminText(lang, "offers.send") }).click();
      if (await staff.page.getByTestId("offer-notice").count()) break;
    }
    await expect(staff.page.getByTestId("offer-notice")).toHaveText(adminText(lang, "offers.done.quoted"));
    const mail = await mailTo(email, /Private teacher, materials, tea/);
    expect(mail.text).toContain(reference);

    await page.goto(`${prefixOf(lang)}/invoices`);
    const offer = page.getByTestId("offer").filter({ hasText: reference });
    await expect(offer.getByTestId("offer-option")).toHaveCount(1);
    await offer.getByRole("button", { name: customerText(lang, "account.offers.accept") }).click();
    await payOnSandbox(page, lang === "ar" ? { card: "4464 0400 0000 0007" } : undefined);
    await expect(page.getByTestId("payment-method")).toHaveText(customerText(lang, `booking.paymentMethods.${lang === "ar" ? "mada" : "visa"}`), { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: customerText(lang, "booking.result.success.heading") })).toBeVisible({ timeout: 20_000 });

    await page.goto(`${prefixOf(lang)}/invoices`);
    await expect(page.getByTestId("offer").filter({ hasText: reference }).getByTestId("offer-status")).toHaveText(customerText(lang, "account.offers.status.PAID"));
    await staff.page.goto(`/admin/offers/${reference}`);
    await expect(staff.page.locator(".admin-page-header")).toContainText(adminText(lang, "status.PAID"));
    await staff.close();
  });
}
