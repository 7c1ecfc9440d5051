/**
 * The PDPL rights by email (issue #31), JavaScript on and off (both projects): a guest who booked
 * without an account asks for their data at /privacy/request (the same answer for any address), opens
 * the signed link from the outbox and downloads their data with their order in it; an admin files an
 * anonymise request in the console (a bad form keeps what was typed) and completes it.
 * In the JavaScript project, screenshots of the pages at 390 and 1280 px, English and Arabic.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { bookWithCard } from "./customer";
import { expect, test } from "./fixtures";
import { linkIn, mailTo } from "./outbox";
import { adminText, signInAsNewStaff } from "./staff";
import { at, texts } from "./texts";

const pages = (lang: "en" | "ar", key: string) => at(texts(lang, "common"), `pages.${key}`);

/** Full-page screenshots at a phone's and a laptop's width (the JavaScript project only). */
async function shoot(page: Page, name: string) {
  if (!test.info().project.use.javaScriptEnabled) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `docs/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a guest asks by email, opens the signed link and downloads data holding their order", async ({ page }) => {
  test.setTimeout(150_000);
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.9.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` });
  const email = `pdpl-guest-${randomUUID().slice(0, 8)}@example.com`;
  const booked = await bookWithCard(page, "en", email);

  await page.goto("/privacy-policy");
  await page.getByRole("link", { name: pages("en", "privacyRequest.heading") }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: pages("en", "privacyRequest.heading") })).toBeVisible();
  await shoot(page, "privacy-request-en");
  // An address that is not valid is refused and kept as typed.
  await page.getByLabel(pages("en", "privacyRequest.email")).fill("not-an-address");
  await page.getByRole("button", { name: pages("en", "privacyRequest.submit") }).click();
  await expect(page.getByLabel(pages("en", "privacyRequest.email"))).toHaveValue("not-an-address");
  await page.getByLabel(pages("en", "privacyRequest.email")).fill(email.toUpperCase());
  await page.getByRole("button", { name: pages("en", "privacyRequest.submit") }).click();
  await expect(page.getByText(pages("en", "privacyRequest.sent")).first()).toBeVisible();

  const mail = await mailTo(email, /privacy\/my-data\?token=/);
  const link = linkIn(mail.text, /https?:\/\/\S+\/privacy\/my-data\?token=\S+/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: pages("en", "privacyData.heading") })).toBeVisible();
  await expect(page.getByTestId("privacy-data")).toContainText(booked.reference);
  await shoot(page, "privacy-data-en");
  const href = await page.getByTestId("privacy-download").getAttribute("href");
  const download = await page.request.get(href!);
  expect(download.headers()["content-disposition"]).toContain("attachment");
  const data = await download.json();
  expect(data.email).toBe(email);
  expect(data.orders.map((order: { reference: string }) => order.reference)).toContain(booked.reference);

  // A tampered link opens nothing.
  const tampered = await page.goto(link.replace(/token=([^.]+)/, `token=${Buffer.from("someone@example.com").toString("base64url")}`));
  expect(tampered?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText(pages("en", "privacyData.invalid"));

  if (test.info().project.use.javaScriptEnabled) {
    await page.goto("/ar/privacy/request");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await shoot(page, "privacy-request-ar");
    await page.goto(`/ar${link}`);
    await expect(page.getByRole("heading", { level: 1, name: pages("ar", "privacyData.heading") })).toBeVisible();
    await shoot(page, "privacy-data-ar");
  }
});

test("an admin files an anonymise request (a bad form keeps what was typed), then completes it", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsNewStaff(page, "admin", "en", "pdpl");
  const email = `pdpl-staff-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/admin/data-requests");
  await expect(page.getByRole("heading", { level: 1, name: adminText("en", "dataRequests.heading") })).toBeVisible();
  if (test.info().project.use.javaScriptEnabled) await page.waitForSelector("html[data-hydrated]", { state: "attached" });

  const form = page.locator("#data-requests-file");
  await form.getByLabel(adminText("en", "fields.email")).fill("not-an-address");
  await form.getByLabel(adminText("en", "dataRequests.kind")).selectOption("ANONYMISE");
  await form.getByLabel(adminText("en", "dataRequests.note")).fill("Asked by phone");
  await form.getByRole("button", { name: adminText("en", "dataRequests.submit") }).click();
  await expect(form.getByText(adminText("en", "errors.email"))).toBeVisible();
  await expect(form.getByLabel(adminText("en", "dataRequests.note"))).toHaveValue("Asked by phone");
  await expect(form.getByLabel(adminText("en", "dataRequests.kind"))).toHaveValue("ANONYMISE");

  await form.getByLabel(adminText("en", "fields.email")).fill(email);
  await form.getByRole("button", { name: adminText("en", "dataRequests.submit") }).click();
  await expect(page.getByRole("status").filter({ hasText: adminText("en", "dataRequests.notice.filed") })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(adminText("en", "dataRequests.statuses.OPEN"));
  await shoot(page, "data-requests-en");

  await row.getByRole("button", { name: adminText("en", "dataRequests.anonymise") }).click();
  await expect(page.getByRole("status").filter({ hasText: adminText("en", "dataRequests.notice.anonymised") })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: adminText("en", "dataRequests.erasedEmail") }).first()).toContainText(adminText("en", "dataRequests.statuses.DONE"));

  if (test.info().project.use.javaScriptEnabled) {
    await page.getByRole("button", { name: "العربية" }).click();
    await expect(page.getByRole("heading", { level: 1, name: adminText("ar", "dataRequests.heading") })).toBeVisible();
    await shoot(page, "data-requests-ar");
  }
});
