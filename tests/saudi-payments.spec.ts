/**
 * Paying as customers in the Kingdom do, on the sandbox's hosted page (issue #29), with JavaScript on
 * and off through the projects, in Arabic and English: mada is charged at once and the booking is
 * confirmed; an on-request booking paid with mada is charged, and when the team rejects it the whole
 * amount is refunded, which the customer's page and the console both show; STC Pay pays with a mobile
 * number and a one-time code; Apple Pay through its sheet; Tabby's pay in 4 (offered only where it may
 * be used) with Tabby's number and code. Each names its method on the result page.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addToCart, b, CARDS, fillCheckout, goToPayment, ON_REQUEST, pay, randomDay, SAFARI, type Lang } from "./shop";
import { adminText, signInAsNewStaff } from "./staff";

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function expectPaidWith(page: Page, lang: Lang, method: string) {
  await expect(page.getByTestId("payment-method")).toHaveText(b(lang, `paymentMethods.${method}`));
}

for (const lang of ["ar", "en"] as const) {
  test(`${lang}: mada is charged at once and the booking confirmed; checkout names the methods before paying`, async ({ page }) => {
    await addToCart(page, lang, SAFARI, randomDay() + 10);
    await page.goto(`${lang === "ar" ? "/ar" : ""}/checkout`);
    const marks = page.getByRole("list", { name: b(lang, "checkout.methodsAccepted") });
    for (const method of ["mada", "applepay", "stcpay", "visa", "mastercard"]) await expect(marks.getByText(b(lang, `paymentMethods.${method}`), { exact: true })).toBeVisible();
    // Only on-request items need the word on what each method does.
    await expect(page.getByText(b(lang, "checkout.onRequestMethods"))).toHaveCount(0);
    await goToPayment(page, lang, uniqueEmail("mada"));
    await pay(page, CARDS.mada);
    await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });
    await expectPaidWith(page, lang, "mada");
  });

  test(`${lang}: an on-request booking paid with mada is charged; the team rejects it and the whole amount is refunded`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await addToCart(page, lang, ON_REQUEST, randomDay());
    await page.goto(`${lang === "ar" ? "/ar" : ""}/checkout`);
    // Told before paying: mada and STC Pay are charged now and refunded in full if not confirmed.
    await expect(page.getByText(b(lang, "checkout.onRequestMethods"))).toBeVisible();
    // Tabby charges at once and cannot wait for the team: it says so, and offers no button.
    await expect(page.getByText(b(lang, "checkout.installmentsUnavailable.ON_REQUEST"))).toBeVisible();
    await expect(page.getByRole("button", { name: b(lang, "checkout.confirmInstallments") })).toHaveCount(0);
    await goToPayment(page, lang, uniqueEmail("mada-on-request"));
    await pay(page, CARDS.mada);
    await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.onHold.heading") })).toBeVisible({ timeout: 20_000 });
    const method = b(lang, "paymentMethods.mada");
    await expect(page.getByText(b(lang, "result.onHold.textCharged").replace("{{method}}", method))).toBeVisible();
    await expectPaidWith(page, lang, "mada");
    const reference = (await page.getByTestId("order-reference").innerText()).trim();
    const result = page.url();

    const agent = await browser.newPage();
    await signInAsNewStaff(agent, "agent", lang, "mada-rejecter");
    await agent.goto(`/admin/orders/${reference}`);
    const payment = agent.locator("#order-payment");
    await expect(payment.locator(".admin-badge").getByText(adminText(lang, "status.CAPTURED"), { exact: true })).toBeVisible();
    await expect(payment.getByTestId("payment-method")).toHaveText(method);
    await agent.getByLabel(adminText(lang, "decide.reason")).fill(lang === "ar" ? "لا توجد أماكن في ذلك اليوم" : "No places left that day");
    await agent.getByRole("button", { name: adminText(lang, "decide.reject") }).click();
    await expect(agent.getByText(adminText(lang, "decide.rejected"))).toBeVisible();
    // The whole charge comes back: what was captured is what was refunded.
    const fact = (label: string) => payment.locator(".admin-facts__row").filter({ has: agent.locator("dt", { hasText: label }) }).locator("dd");
    const captured = (await fact(adminText(lang, "fields.captured")).innerText()).trim();
    await expect(fact(adminText(lang, "fields.refunded"))).toHaveText(captured);
    expect(captured).toMatch(/[1-9]/);
    await agent.close();

    await page.goto(result);
    await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.rejected.heading") })).toBeVisible();
    await expect(page.getByTestId("rejected-money")).toHaveText(b(lang, "result.rejected.money.refunded"));
  });

  test(`${lang}: STC Pay with a mobile number and a one-time code confirms the booking`, async ({ page }) => {
    await addToCart(page, lang, SAFARI, randomDay() + 10);
    await goToPayment(page, lang, uniqueEmail("stcpay"));
    await page.getByRole("link", { name: "STC Pay", exact: true }).click();
    const phone = page.getByLabel(b(lang, "sandbox.stcPhone"));
    // A number that is not a Saudi mobile is refused and kept.
    await phone.fill("12345");
    await page.getByRole("button", { name: b(lang, "sandbox.stcSendCode") }).click();
    await expect(page.getByRole("alert")).toHaveText(b(lang, "sandbox.invalidPhone"));
    await expect(phone).toHaveValue("12345");
    await phone.fill("055 123 4567");
    await page.getByRole("button", { name: b(lang, "sandbox.stcSendCode") }).click();
    await page.getByLabel(b(lang, "sandbox.stcCode")).fill("123456");
    await page.getByRole("button", { name: /Pay|ادفع/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });
    await expectPaidWith(page, lang, "stcpay");
  });

  test(`${lang}: Tabby's pay in 4 shows the first payment at checkout, asks Tabby's number and code, and confirms the booking`, async ({ page }) => {
    await addToCart(page, lang, SAFARI, randomDay() + 10);
    await page.goto(`${lang === "ar" ? "/ar" : ""}/checkout`);
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(b(lang, "checkout.installments")) })).toBeVisible();
    await fillCheckout(page, lang, uniqueEmail("tabby"));
    await page.getByRole("button", { name: b(lang, "checkout.confirmInstallments") }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
    // Tabby's own page: the plan of four payments, and no card or wallet tabs.
    await expect(page.getByRole("heading", { name: b(lang, "sandbox.methods.tabby") })).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("link", { name: "STC Pay", exact: true })).toHaveCount(0);
    await page.getByLabel(b(lang, "sandbox.tabbyPhone")).fill("055 123 4567");
    await page.getByRole("button", { name: b(lang, "sandbox.stcSendCode") }).click();
    await page.getByLabel(b(lang, "sandbox.tabbyCode")).fill("8888");
    await page.getByRole("button", { name: b(lang, "sandbox.tabbyConfirm") }).click();
    await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });
    await expectPaidWith(page, lang, "tabby");
  });

  test(`${lang}: Apple Pay through its sheet confirms the booking`, async ({ page }) => {
    await addToCart(page, lang, SAFARI, randomDay() + 10);
    await goToPayment(page, lang, uniqueEmail("applepay"));
    await page.getByRole("link", { name: "Apple Pay", exact: true }).click();
    await page.getByRole("button", { name: b(lang, "sandbox.applePayButton") }).click();
    await page.getByRole("button", { name: b(lang, "sandbox.applePayConfirm") }).click();
    await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });
    await expectPaidWith(page, lang, "applepay");
  });
}

test("Tabby rejects the customer: the payment fails, and Try Again leads back to checkout to pay by card", async ({ page }) => {
  await addToCart(page, "en", SAFARI, randomDay() + 10);
  await page.goto("/checkout");
  await fillCheckout(page, "en", uniqueEmail("tabby-rejected"));
  await page.getByRole("button", { name: b("en", "checkout.confirmInstallments") }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
  await page.getByLabel(b("en", "sandbox.tabbyPhone")).fill("050 000 0002");
  await page.getByRole("button", { name: b("en", "sandbox.stcSendCode") }).click();
  await page.getByLabel(b("en", "sandbox.tabbyCode")).fill("8888");
  await page.getByRole("button", { name: b("en", "sandbox.tabbyConfirm") }).click();
  await expect(page.getByRole("heading", { level: 1, name: b("en", "result.failed.heading") })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page.getByRole("button", { name: b("en", "checkout.confirmPay") })).toBeVisible();
});

