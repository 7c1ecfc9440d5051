/**
 * Manage my booking, JavaScript on and off (both projects), from the order's secret link (no account):
 * in Arabic the guest moves a paid booking to a dearer day (the catalogue editor priced it higher) and
 * pays the difference on the sandbox's hosted page before the booking moves; in English the guest sees
 * the refund before cancelling, then cancels. A link that opens no order says so (a 404).
 */
import { randomUUID } from "node:crypto";
import { bookWithCard } from "./customer";
import { expect, test } from "./fixtures";
import { hook } from "./shop";
import { at, texts } from "./texts";

const manage = (lang: "en" | "ar", key: string) => at(texts(lang, "common"), `pages.manageBooking.${key}`);
const account = (lang: "en" | "ar", key: string) => at(texts(lang, "account"), `account.${key}`);
const result = (lang: "en" | "ar", key: string) => at(texts(lang, "booking"), `booking.result.${key}`);

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.8.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` });
});

test("the guest moves the booking to a dearer day from the link and pays the difference first (Arabic)", async ({ page }) => {
  test.setTimeout(150_000);
  const booked = await bookWithCard(page, "ar", `move-${randomUUID().slice(0, 8)}@example.com`);
  const { localDate } = (await hook(page, { action: "dearer-day", reference: booked.reference, daysAfter: 2, addPerUnit: 5_000 })) as unknown as { localDate: string };

  await page.getByRole("link", { name: result("ar", "manage") }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: manage("ar", "heading") })).toBeVisible();
  await expect(page.getByText(booked.reference)).toBeVisible();
  const before = await page.getByTestId("managed-date").textContent();

  await page.getByLabel(manage("ar", "newDate")).fill(localDate);
  await page.getByRole("button", { name: manage("ar", "showTimes") }).click();
  const move = page.getByTestId("move-form");
  // Each time says what moving costs: the day is dearer, so there is something to pay.
  await expect(move.getByRole("radio").first()).toBeChecked();
  await expect(move).toContainText(manage("ar", "pay").split("{{amount}}")[1]!.trim());
  await move.getByRole("button", { name: manage("ar", "moveButton") }).click();

  // Nothing moves before the difference is paid on the hosted page.
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
  await page.getByLabel(/Card number|رقم البطاقة/).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /Pay|ادفع/ }).click();

  await expect(page.getByRole("heading", { level: 1, name: manage("ar", "heading") })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: manage("ar", "moved") })).toBeVisible();
  await expect(page.getByTestId("managed-date")).not.toHaveText(before ?? "");
});

test("the guest sees the refund before cancelling, then cancels from the link (English)", async ({ page }) => {
  test.setTimeout(120_000);
  await bookWithCard(page, "en", `cancel-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByRole("link", { name: result("en", "manage") }).click();
  await page.getByRole("link", { name: manage("en", "cancelButton") }).click();
  await expect(page.getByTestId("refund-amount")).toBeVisible();
  await page.getByRole("button", { name: account("en", "cancel.confirm") }).click();
  await expect(page.getByText(account("en", "toasts.cancelled"))).toBeVisible();
  await expect(page.getByTestId("managed-item")).toContainText(at(texts("en", "booking"), "booking.itemStatus.CANCELLED"));
  await expect(page.getByRole("button", { name: manage("en", "moveButton") })).toHaveCount(0);
});

test("a link that opens no booking says so", async ({ page }) => {
  const response = await page.goto("/ar/manage-booking?order=not-a-real-order-token");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText(manage("ar", "invalid"));
});
