/**
 * The dashboard, JavaScript on and off (both projects), in English and Arabic: a customer pays for a
 * booking through the real checkout; an agent opens the dashboard (the last 30 Riyadh days by default),
 * sees the net revenue and the charts with their tables, downloads the CSV carrying today's SAR revenue,
 * and a range that is no range is refused with a translated message, a 400 and the input kept.
 * Screenshots at 390 and 1280 px land in /tmp/dashboard-shots/. Anyone who is not staff meets a 404.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { todayInRiyadh } from "#app/lib/dates";
import { bookWithCard } from "./customer";
import { expect, test } from "./fixtures";
import { adminText, signInAsNewStaff } from "./staff";

const SHOTS = "/tmp/dashboard-shots";

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.7.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` });
});

test("the dashboard and its CSV are a 404 to anyone who is not staff", async ({ request }) => {
  for (const path of ["/admin/dashboard", "/admin/dashboard.csv"]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: an agent reads the dashboard, its chart tables and its CSV; a bad range is refused`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    const t = (key: string) => adminText(lang, key);
    await bookWithCard(page, lang, `dashboard-${randomUUID().slice(0, 8)}@example.com`);

    const { baseURL, javaScriptEnabled } = test.info().project.use;
    const staffContext = await browser.newContext({ baseURL, javaScriptEnabled, acceptDownloads: true });
    const agent = await staffContext.newPage();
    await signInAsNewStaff(agent, "agent", lang, "dashboard");

    await agent.getByRole("link", { name: t("nav.dashboard") }).click();
    await expect(agent.getByRole("heading", { level: 1, name: t("dashboard.heading") })).toBeVisible();
    const today = todayInRiyadh();
    await expect(agent.getByLabel(t("dashboard.to"))).toHaveValue(today);
    // Money is written with Latin digits in every language.
    await expect(agent.getByTestId("dashboard-net-SAR")).toContainText(/[1-9]/);
    await expect(agent.getByTestId("dashboard-bookings")).toContainText(/[1-9]/);

    // The chart's figures as a table, opened without any script (a <details>).
    const chart = agent.locator("#chart-revenue-SAR");
    await expect(chart.locator("svg rect").first()).toBeAttached();
    await chart.getByText(t("dashboard.tableFallback")).click();
    await expect(chart.getByRole("table")).toBeVisible();
    await expect(chart.getByRole("row")).toHaveCount(30 + 1);

    // The bars read from the right in Arabic: the last day's bar (today's sale) sits at the reading end.
    const lastBarX = await chart.locator("svg rect").last().getAttribute("x");
    if (lang === "ar") expect(Number(lastBarX)).toBeLessThan(10);
    else expect(Number(lastBarX)).toBeGreaterThan(280);

    mkdirSync(SHOTS, { recursive: true });
    const project = javaScriptEnabled === false ? "nojs" : "js";
    for (const width of [390, 1280]) {
      await agent.setViewportSize({ width, height: 900 });
      await agent.screenshot({ path: `${SHOTS}/dashboard-${lang}-${width}-${project}.png`, fullPage: true, animations: "disabled" });
    }
    await agent.setViewportSize({ width: 1280, height: 900 });

    if (javaScriptEnabled !== false) {
      const results = await new AxeBuilder({ page: agent }).exclude("body > div[aria-label]").analyze();
      expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    }

    const [download] = await Promise.all([agent.waitForEvent("download"), agent.getByRole("link", { name: t("dashboard.export") }).click()]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toContain('"figure","day","currency"');
    expect(csv).toMatch(new RegExp(`"revenue","${today}","SAR","",[^\\r]*`));

    // A range that ends before it starts: 400, the message in the console's language, the dates kept.
    const response = await agent.goto(`/admin/dashboard?from=${today}&to=2020-01-01`);
    expect(response?.status()).toBe(400);
    await expect(agent.getByText(t("dashboard.errors.order"))).toBeVisible();
    await expect(agent.getByLabel(t("dashboard.from"))).toHaveValue(today);
    await expect(agent.getByLabel(t("dashboard.to"))).toHaveValue("2020-01-01");
    await staffContext.close();
  });
}
