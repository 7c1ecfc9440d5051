/**
 * Customer steps for the pay-later and custom-offer suites (sign up, pay later, pay on the sandbox page).
 * A customer, for suites where the team acts on what customers did: texts in their language, the
 * outbox, signing up, and booking through the real cart, checkout and sandbox payment page.
 */
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { addToCart } from "./shop";
import { at, texts } from "./texts";

const LANGS = {
  en: { account: texts("en", "account"), booking: texts("en", "booking"), detail: texts("en", "detail"), prefix: "" },
  ar: { account: texts("ar", "account"), booking: texts("ar", "booking"), detail: texts("ar", "detail"), prefix: "/ar" },
};
export type CustomerLang = keyof typeof LANGS;
export const prefixOf = (lang: CustomerLang) => LANGS[lang].prefix;
/** A storefront text: account.… or booking.… or detail.… */
export const customerText = (lang: CustomerLang, key: string) => at(LANGS[lang][key.split(".")[0] as "account" | "booking" | "detail"], key);

export const CUSTOMER_PASSWORD = "desert-rose-2030";
export const SANDBOX_CARD = "4242 4242 4242 4242";
export const uniqueCustomerEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

export function isoDateAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Each customer from their own address (the suite's server trusts one proxy hop). */
export async function ownAddress(page: Page): Promise<void> {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
}

/** Signs up and logs in; ends on Your Booking. */
export async function signUpCustomer(page: Page, lang: CustomerLang, email: string, name = "Layla Haddad") {
  await page.goto(`${prefixOf(lang)}/auth/sign-up`);
  await page.getByLabel(customerText(lang, "account.fields.name")).fill(name);
  await page.getByLabel(customerText(lang, "account.fields.email")).fill(email);
  await page.getByLabel(customerText(lang, "account.fields.password"), { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel(customerText(lang, "account.fields.confirmPassword")).fill(CUSTOMER_PASSWORD);
  await page.getByRole("button", { name: customerText(lang, "account.signUp.submit") }).click();
  await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/auth/login$`));
  await page.getByLabel(customerText(lang, "account.fields.email")).fill(email);
  await page.getByLabel(customerText(lang, "account.fields.password")).fill(CUSTOMER_PASSWORD);
  await page.getByRole("button", { name: customerText(lang, "account.login.submit") }).click();
  await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/invoices$`));
}

/** Puts the first open slot of `slug` (one traveller) from about `startDay` days ahead in the cart; returns its day. */
export async function addFirstOpenSlot(page: Page, lang: CustomerLang, slug: string, startDay: number): Promise<string> {
  return addToCart(page, lang, slug, startDay, { days: 15 });
}

/** Checkout with "reserve now, pay later"; ends on the result page. Returns the order reference. */
export async function reservePayLater(page: Page, lang: CustomerLang, email: string): Promise<string> {
  await page.goto(`${prefixOf(lang)}/checkout`);
  await page.getByLabel(customerText(lang, "booking.checkout.firstName")).fill("Noura");
  await page.getByLabel(customerText(lang, "booking.checkout.lastName")).fill("Al-Qahtani");
  await page.getByLabel(customerText(lang, "booking.checkout.email")).fill(email);
  await page.getByLabel(customerText(lang, "booking.checkout.phone")).fill("501234567");
  await page.getByRole("button", { name: customerText(lang, "booking.checkout.confirmBook") }).click();
  await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/checkout/on_hold\\?order=`));
  await expect(page.getByRole("heading", { level: 1, name: customerText(lang, "booking.result.payLater.heading") })).toBeVisible();
  return (await page.getByTestId("order-reference").innerText()).trim();
}

/** Pays on the sandbox's hosted page: by test card (the Visa one unless named), or with STC Pay's number and code (in the page's language). */
export async function payOnSandbox(page: Page, method: { card: string } | { stcpay: CustomerLang } = { card: SANDBOX_CARD }) {
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
  if ("stcpay" in method) {
    const lang = method.stcpay;
    await page.getByRole("link", { name: "STC Pay", exact: true }).click();
    await page.getByLabel(customerText(lang, "booking.sandbox.stcPhone")).fill("055 123 4567");
    await page.getByRole("button", { name: customerText(lang, "booking.sandbox.stcSendCode") }).click();
    await page.getByLabel(customerText(lang, "booking.sandbox.stcCode")).fill("123456");
  } else {
    await page.getByLabel(/Card number|رقم البطاقة/).fill(method.card);
  }
  await page.getByRole("button", { name: /Pay|ادفع/ }).click();
}
