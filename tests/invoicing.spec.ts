/**
 * The console's Tax invoices page, JavaScript on and off (both projects), in English and Arabic: an admin
 * finds it in the navigation, reads the unit's state (this store is not onboarded with ZATCA, so it says
 * how to onboard and issues nothing), the counts and the empty queue. A retry of a document that is not
 * waiting is refused with a translated 404. Anyone who is not staff meets a 404.
 * Screenshots at 390 and 1280 px land in /tmp/invoicing-shots/.
 */
import { mkdirSync } from "node:fs";
import { expect, test } from "./fixtures";
import { adminText, signInAsNewStaff } from "./staff";

const SHOTS = "/tmp/invoicing-shots";

test("the tax invoices page is a 404 to anyone who is not staff", async ({ request }) => {
  expect((await request.get("/admin/invoicing", { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.post("/admin/invoicing", { form: { documentId: "x" }, maxRedirects: 0 })).status()).toBe(404);
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: an admin reads the ZATCA unit's state and the queue of documents not yet accepted`, async ({ page }) => {
    const t = (key: string) => adminText(lang, key);
    await signInAsNewStaff(page, "admin", lang, "invoicing");
    await page.getByRole("link", { name: t("nav.invoicing") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("invoicing.heading") })).toBeVisible();
    await expect(page.getByText(t("invoicing.notOnboarded"))).toBeVisible();
    await expect(page.getByText("npm run zatca -- onboard --otp 123456")).toBeVisible();
    await expect(page.getByText(t("invoicing.queueEmpty"))).toBeVisible();

    const { javaScriptEnabled } = test.info().project.use;
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/invoicing-${lang}-${width}-${javaScriptEnabled === false ? "nojs" : "js"}.png`, fullPage: true });
    }

    const refused = await page.request.post("/admin/invoicing", { form: { documentId: "no-such-document" }, maxRedirects: 0 });
    expect(refused.status()).toBe(404);
    expect(await refused.text()).toContain(t("invoicing.notRetried"));
  });
}
