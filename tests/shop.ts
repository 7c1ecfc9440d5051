/**
 * The customer's side of a booking for the end-to-end suites: the texts, the seeded products, and the
 * steps detail → cart → checkout → sandbox payment (shared by tests/booking.spec.ts and the console suites).
 */
import { expect, type Page } from "@playwright/test";
import { at, texts } from "./texts";

export const T = {
  en: { booking: texts("en", "booking"), detail: texts("en", "detail"), prefix: "" },
  ar: { booking: texts("ar", "booking"), detail: texts("ar", "detail"), prefix: "/ar" },
};
export type Lang = keyof typeof T;
export const b = (lang: Lang, key: string) => at(T[lang].booking, `booking.${key}`);

/** Seeded products (deterministic seed): an instant desert safari, another instant one, an on-request one. */
export const SAFARI = "camel-trek-at-sunset-near-jeddah-with-hotel-pickup";
export const DUNES = "premium-red-dunes-safari-from-dammam-with-hotel-pickup";
export const ON_REQUEST = "riyadh-zip-line-adventure";
export const SNORKEL = "snorkelling-trip-to-the-coral-reefs-of-dammam-premium-package";

/** Tests that sell a slot out start on a random day, so parallel runs (and the two projects) never share one. */
export const randomDay = () => 3 + Math.floor(Math.random() * 40);

export const CARDS = { success: "4242 4242 4242 4242", decline: "4000 0000 0000 0002", mada: "4464 0400 0000 0007" };

export function isoDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Adds the first open slot of a product (1 traveller) within `days` days from `startDay`; lands on the
 * cart. Returns the date booked. `origin` names another storefront than the suite's (tests/reseller.spec.ts).
 */
export async function addToCart(page: Page, lang: Lang, slug: string, startDay = 2, { days = 10, origin = "" }: { days?: number; origin?: string } = {}): Promise<string> {
  const add = at(T[lang].detail, "detail.option.addToCart");
  for (let day = startDay; day < startDay + days; day++) {
    await page.goto(`${origin}${T[lang].prefix}/experiences/${slug}?date=${isoDate(day)}`);
    const button = page.getByRole("button", { name: add });
    if (await button.count()) {
      // The last seat may go to a parallel test between the page and the click: the cart then sends the
      // visitor back to the date with its message, and the next day is tried (a redirect says which).
      const posted = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith("/cart"));
      await button.click();
      const answer = await posted;
      const target = answer.headers()["location"] ?? answer.headers()["x-remix-redirect"] ?? "";
      if (!target.split("?")[0]!.endsWith("/cart")) continue;
      await expect(page).toHaveURL(new RegExp(`${T[lang].prefix}/cart$`));
      return isoDate(day);
    }
  }
  throw new Error(`no open date for ${slug}`);
}

export async function hook(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post("/api/test/commerce", { data: body });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as { order?: { token: string; status: string } | null };
}

export async function fillCheckout(page: Page, lang: Lang, email = "noura@example.com") {
  await page.getByLabel(b(lang, "checkout.firstName")).fill("Noura");
  await page.getByLabel(b(lang, "checkout.lastName")).fill("Al-Qahtani");
  await page.getByLabel(b(lang, "checkout.email")).fill(email);
  await page.getByLabel(b(lang, "checkout.phone")).fill("501234567");
}

export async function goToPayment(page: Page, lang: Lang, email?: string) {
  await page.goto(`${T[lang].prefix}/checkout`);
  await fillCheckout(page, lang, email);
  await page.getByRole("button", { name: b(lang, "checkout.confirmPay") }).click();
  // 'Redirecting to Secure Checkout...' moves on by itself (meta refresh / script).
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
}

export async function pay(page: Page, card: string) {
  await page.getByLabel(/Card number|رقم البطاقة/).fill(card);
  await page.getByRole("button", { name: /Pay|ادفع/ }).click();
}

