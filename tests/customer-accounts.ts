/**
 * Customer steps for the pay-later and custom-offer suites (sign up, pay later, pay on the sandbox page).
 * A customer, for suites where the team acts on what customers did: texts in their language, the
 * outbox, signing up, and booking through the real cart, checkout and sandbox payment page.
 * (booking.spec.ts and accounts.spec.ts still carry their own copies of these; they can move here.)
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

type Tree = { [key: string]: string | Tree };
const texts = (code: string, file: string) => JSON.parse(readFileSync(`app/locales/${code}/${file}.json`, "utf8")) as Tree;
function at(tree: Tree, key: string): string {
  const value = key.split(".").reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree);
  if (typeof value !== "string") throw new Error(`no text at ${key}`);
  return value;
}
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

type OutboxEntry = { to: string; subject: string; text: string; date: string };
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";

/** The newest outbox message to `to` whose text matches, waiting a little for it to be written. */
export async function mailTo(to: string, pattern: RegExp): Promise<OutboxEntry> {
  for (let attempt = 0; attempt < 60; attempt++) {
    let lines: string[] = [];
    try {
      lines = readFileSync(path.join(DATA_DIR, "outbox", "index.jsonl"), "utf8").trim().split("\n");
    } catch {
      // Not written yet.
    }
    const found = lines
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxEntry)
      .filter((entry) => entry.to === to && pattern.test(entry.text))
      .pop();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** The path (and query) of the first link in a text matching `pattern`. */
export function linkIn(text: string, pattern: RegExp): string {
  const url = new URL(pattern.exec(text)![0]);
  return url.pathname + url.search;
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

/** Puts the first open slot of `slug` (one traveller) from about `startDay` days ahead in the cart. */
export async function addFirstOpenSlot(page: Page, lang: CustomerLang, slug: string, startDay: number) {
  const add = customerText(lang, "detail.option.addToCart");
  for (let day = startDay; day < startDay + 15; day++) {
    await page.goto(`${prefixOf(lang)}/experiences/${slug}?date=${isoDateAhead(day)}`);
    const button = page.getByRole("button", { name: add });
    if (await button.count()) {
      await button.click();
      await expect(page).toHaveURL(new RegExp(`${prefixOf(lang)}/cart$`));
      return;
    }
  }
  throw new Error(`no open date for ${slug}`);
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

/** On the sandbox's hosted page: pays with the success card. */
export async function payOnSandbox(page: Page) {
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
  await page.getByLabel(/Card number|رقم البطاقة/).fill(SANDBOX_CARD);
  await page.getByRole("button", { name: /Pay|ادفع/ }).click();
}
