/**
 * Booking end to end: detail → cart → promo → checkout → sandbox payment → result, with JavaScript
 * on and off (both projects run this file), in English and Arabic. Situations other actors cause
 * (a price change, other customers taking the last seats, a supplier deciding an on-request booking,
 * a hold expiring) are made through /api/test/commerce (COMMERCE_TEST_HOOKS=1 in playwright.config).
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

type Tree = { [key: string]: string | Tree };
const texts = (code: string, file: string) => JSON.parse(readFileSync(`app/locales/${code}/${file}.json`, "utf8")) as Tree;
function at(tree: Tree, key: string): string {
  const value = key.split(".").reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree);
  if (typeof value !== "string") throw new Error(`no text at ${key}`);
  return value;
}
const T = {
  en: { booking: texts("en", "booking"), detail: texts("en", "detail"), prefix: "" },
  ar: { booking: texts("ar", "booking"), detail: texts("ar", "detail"), prefix: "/ar" },
};
type Lang = keyof typeof T;
const b = (lang: Lang, key: string) => at(T[lang].booking, `booking.${key}`);

/** Seeded products (deterministic seed): an instant desert safari, another instant one, an on-request one. */
const SAFARI = "camel-trek-at-sunset-near-jeddah-with-hotel-pickup";
const DUNES = "premium-red-dunes-safari-from-dammam-with-hotel-pickup";
const ON_REQUEST = "riyadh-zip-line-adventure";
const SNORKEL = "snorkelling-trip-to-the-coral-reefs-of-dammam-premium-package";

/** Tests that sell a slot out start on a random day, so parallel runs (and the two projects) never share one. */
const randomDay = () => 3 + Math.floor(Math.random() * 40);

const CARDS = { success: "4242 4242 4242 4242", decline: "4000 0000 0000 0002" };

function isoDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** Adds the first open slot of a product (1 traveller) within the next days; lands on the cart. */
async function addToCart(page: Page, lang: Lang, slug: string, startDay = 2) {
  const add = at(T[lang].detail, "detail.option.addToCart");
  for (let day = startDay; day < startDay + 10; day++) {
    await page.goto(`${T[lang].prefix}/experiences/${slug}?date=${isoDate(day)}`);
    const button = page.getByRole("button", { name: add });
    if (await button.count()) {
      await button.click();
      await expect(page).toHaveURL(new RegExp(`${T[lang].prefix}/cart$`));
      return;
    }
  }
  throw new Error(`no open date for ${slug}`);
}

async function hook(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post("/api/test/commerce", { data: body });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as { order?: { token: string; status: string } | null };
}

async function fillCheckout(page: Page, lang: Lang, email = "noura@example.com") {
  await page.getByLabel(b(lang, "checkout.firstName")).fill("Noura");
  await page.getByLabel(b(lang, "checkout.lastName")).fill("Al-Qahtani");
  await page.getByLabel(b(lang, "checkout.email")).fill(email);
  await page.getByLabel(b(lang, "checkout.phone")).fill("501234567");
}

async function goToPayment(page: Page, lang: Lang) {
  await page.goto(`${T[lang].prefix}/checkout`);
  await fillCheckout(page, lang);
  await page.getByRole("button", { name: b(lang, "checkout.confirmPay") }).click();
  // 'Redirecting to Secure Checkout...' moves on by itself (meta refresh / script).
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
}

async function pay(page: Page, card: string) {
  await page.getByLabel(/Card number|رقم البطاقة/).fill(card);
  await page.getByRole("button", { name: /Pay|ادفع/ }).click();
}

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: detail → cart → promo → checkout → sandbox payment → booked`, async ({ page }) => {
    await addToCart(page, lang, SAFARI);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await page.getByLabel(b(lang, "promo.label")).fill("rihla10");
    await page.getByRole("button", { name: b(lang, "promo.apply") }).click();
    await expect(page.getByText(b(lang, "cart.discount"), { exact: true })).toBeVisible();
    await page.getByRole("link", { name: b(lang, "cart.checkout") }).click();
    await expect(page.getByRole("heading", { level: 1, name: b(lang, "checkout.heading") })).toBeVisible();
    await fillCheckout(page, lang);
    await page.getByRole("button", { name: b(lang, "checkout.confirmPay") }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
    await pay(page, CARDS.success);
    await expect(page).toHaveURL(new RegExp(`${T[lang].prefix}/checkout/success\\?order=`));
    await expect(page.getByRole("heading", { level: 1, name: b(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("order-reference")).toHaveText(/^RH-/);
    await expect(page.getByText("RIHLA10")).toBeVisible();
    // The cart is emptied once the booking is confirmed.
    await page.goto(`${T[lang].prefix}/cart`);
    await expect(page.getByRole("heading", { name: b(lang, "cart.empty") })).toBeVisible();
  });
}

test("the checkout form keeps values and shows the specification's messages", async ({ page }) => {
  await addToCart(page, "en", SAFARI);
  await page.goto("/checkout");
  await page.getByLabel("First name").fill("Noura");
  await page.getByLabel("Email").fill("not-an-email");
  // Leave the field first: its error appears on blur and moves the buttons.
  await page.getByLabel("Email").blur();
  await page.getByRole("button", { name: "Confirm & Pay" }).click();
  await expect(page.getByText("Required Field").first()).toBeVisible();
  await expect(page.getByText("This format is not correct.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Noura");
});

test("a declined card → failed page with Try Again", async ({ page }) => {
  await addToCart(page, "en", SAFARI);
  await goToPayment(page, "en");
  await pay(page, CARDS.decline);
  await expect(page).toHaveURL(/\/checkout\/(error|success)\?order=/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment failed" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("We're sorry, but your payment didn't go through. Please check your information and try once more.")).toBeVisible();
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("button", { name: "Confirm & Pay" })).toBeVisible();
});

test("pay later → on hold, the team will contact", async ({ page }) => {
  await addToCart(page, "ar", SAFARI);
  await page.goto("/ar/checkout");
  // Each email may hold two unpaid pay-later orders at once: a fresh one per run.
  await fillCheckout(page, "ar", `paylater-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByRole("button", { name: b("ar", "checkout.confirmBook") }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/on_hold\?order=/);
  await expect(page.getByRole("heading", { level: 1, name: b("ar", "result.payLater.heading") })).toBeVisible();
  await expect(page.getByText(b("ar", "result.payLater.text"))).toBeVisible();
});

test("an on-request item → on hold, then confirmed by the supplier", async ({ page }) => {
  await addToCart(page, "en", ON_REQUEST);
  await goToPayment(page, "en");
  await pay(page, CARDS.success);
  await expect(page.getByRole("heading", { level: 1, name: "Booking received, awaiting confirmation" })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/checkout\/on_hold\?order=/);
  const token = new URL(page.url()).searchParams.get("order")!;
  const decided = await hook(page, { action: "decide-pending", order: token, decision: "CONFIRMED" });
  expect(decided).toMatchObject({ status: "CONFIRMED" });
  await page.goto(`/checkout/on_hold?order=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/checkout\/success\?order=/);
  await expect(page.getByRole("heading", { level: 1, name: "Booked successfully!" })).toBeVisible();
});

test("a partially confirmed order: the unavailable item can be retried from the cart", async ({ page }) => {
  await addToCart(page, "en", SAFARI);
  await addToCart(page, "en", DUNES);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await goToPayment(page, "en");
  const { order } = await hook(page, { action: "latest-order" });
  // The second item's hold runs out while the customer is on the payment page.
  await hook(page, { action: "expire-item", order: order!.token, position: 1 });
  await pay(page, CARDS.success);
  await expect(page.getByRole("heading", { level: 1, name: "Your booking is partially confirmed" })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-status="CONFIRMED"]')).toHaveCount(1);
  await expect(page.locator('[data-status="FAILED"]')).toHaveCount(1);
  await page.getByRole("button", { name: "Try the unavailable ones again" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("deleting an item asks for confirmation with its title", async ({ page, javaScriptEnabled }) => {
  await addToCart(page, "en", SAFARI);
  const title = (await page.getByTestId("cart-line").getByRole("heading").textContent())!.trim();
  await page.getByRole("link", { name: "Delete" }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await dialog.getByRole("button", { name: "Yes, remove it" }).click();
  } else {
    await expect(page).toHaveURL(/confirmDelete=/);
    await expect(page.getByText(`Do you want to remove "${title}" from your cart?`)).toBeVisible();
    await page.getByRole("button", { name: "Yes, remove it" }).click();
  }
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("the cart warns about changed prices and unavailable activities", async ({ page }) => {
  await addToCart(page, "en", SAFARI);
  await hook(page, { action: "bump-snapshot", amount: 500 });
  await page.reload();
  await expect(page.getByText("Prices have been updated for some activities.")).toBeVisible();
  await expect(page.getByText("New total payable", { exact: true })).toBeVisible();
  await addToCart(page, "en", DUNES, randomDay());
  await hook(page, { action: "sell-out-cart", index: 1 });
  await page.reload();
  await expect(page.getByText("Some activities are not available anymore and some prices have been updated.")).toBeVisible();
  await expect(page.getByText("Not available anymore", { exact: true })).toBeVisible();
});

test("the cart says when every activity is gone", async ({ page }) => {
  await addToCart(page, "ar", SNORKEL, randomDay());
  await hook(page, { action: "sell-out-cart", index: 0 });
  await page.reload();
  await expect(page.getByText(b("ar", "cart.notice.allUnavailable"))).toBeVisible();
  await expect(page.getByRole("link", { name: b("ar", "cart.checkout") })).toHaveCount(0);
});
