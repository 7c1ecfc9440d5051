/**
 * Booking end to end: detail → cart → promo → checkout → sandbox payment → result, with JavaScript
 * on and off (both projects run this file), in English and Arabic. Situations other actors cause
 * (a price change, other customers taking the last seats, a hold expiring) are made through
 * /api/test/commerce; an on-request booking is decided by an agent in the console (COMMERCE_TEST_HOOKS=1 in playwright.config).
 */
import { expect, test } from "./fixtures";
import { addToCart, b, CARDS, DUNES, fillCheckout, goToPayment, hook, ON_REQUEST, pay, randomDay, SAFARI, SNORKEL, T } from "./shop";
import { adminText, signInAsNewStaff } from "./staff";

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

test("an on-request item → on hold, then confirmed by an agent in the console", async ({ page, browser }) => {
  await addToCart(page, "en", ON_REQUEST);
  await goToPayment(page, "en");
  await pay(page, CARDS.success);
  await expect(page.getByRole("heading", { level: 1, name: "Booking received, awaiting confirmation" })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/checkout\/on_hold\?order=/);
  const token = new URL(page.url()).searchParams.get("order")!;
  const reference = (await page.getByTestId("order-reference").innerText()).trim();
  // An agent confirms it from the console, in a browser of their own.
  const staffPage = await browser.newPage();
  await signInAsNewStaff(staffPage, "agent", "en", "decider");
  await staffPage.goto(`/admin/orders/${reference}`);
  await staffPage.getByRole("button", { name: adminText("en", "decide.confirm"), exact: true }).click();
  await expect(staffPage.getByText(adminText("en", "decide.confirmed"))).toBeVisible();
  await staffPage.close();
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
  // With JavaScript the dialog opens once the page has hydrated (before, the link works as without it).
  if (javaScriptEnabled) await page.waitForSelector("html[data-hydrated]", { state: "attached" });
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
