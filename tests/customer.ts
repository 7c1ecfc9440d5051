/**
 * Customer helpers shared by the suites: booking through the real detail page, cart, checkout and the
 * sandbox's hosted payment page, and reading the QR code of a PDF the customer downloads.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { addToCart } from "./shop";
import { at, texts } from "./texts";

const LANGS = {
  en: { booking: texts("en", "booking"), detail: texts("en", "detail"), prefix: "" },
  ar: { booking: texts("ar", "booking"), detail: texts("ar", "detail"), prefix: "/ar" },
};
export type CustomerLang = keyof typeof LANGS;
const bk = (lang: CustomerLang, key: string) => at(LANGS[lang].booking, `booking.${key}`);

/** An instant-confirmation desert safari of the seeded catalogue. */
export const SAFARI = "camel-trek-at-sunset-near-jeddah-with-hotel-pickup";

export function isoDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

export type Booked = { date: string; reference: string };

/**
 * The real booking flow: detail (first open day from a random day 20–40 days ahead) → cart → checkout
 * with `email` → sandbox card payment → the success page. Returns the travel date and order reference.
 */
export async function bookWithCard(page: Page, lang: CustomerLang, email: string, guest: { firstName: string; lastName: string } = { firstName: "Noura", lastName: "Al-Qahtani" }): Promise<Booked> {
  const { prefix } = LANGS[lang];
  const firstDay = 20 + Math.floor(Math.random() * 20);
  const date = await addToCart(page, lang, SAFARI, firstDay, { days: 70 - firstDay });
  await page.goto(`${prefix}/checkout`);
  await page.getByLabel(bk(lang, "checkout.firstName")).fill(guest.firstName);
  await page.getByLabel(bk(lang, "checkout.lastName")).fill(guest.lastName);
  await page.getByLabel(bk(lang, "checkout.email")).fill(email);
  await page.getByLabel(bk(lang, "checkout.phone")).fill("501234567");
  await page.getByRole("button", { name: bk(lang, "checkout.confirmPay") }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
  await page.getByLabel(/Card number|رقم البطاقة/).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /Pay|ادفع/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: bk(lang, "result.success.heading") })).toBeVisible({ timeout: 20_000 });
  const reference = (await page.getByTestId("order-reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^RH-/);
  return { date: date!, reference };
}

/** Page 1 of a PDF rendered (pdftoppm) and its QR code decoded (jsQR). */
export function qrOf(pdf: Buffer): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rihla-e2e-pdf-"));
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-r", "110", "-png", "-singlefile", file, file]);
  const png = PNG.sync.read(readFileSync(`${file}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}
