/**
 * Schedules in the console: a catalogue manager opens a demo product's schedule, sees the month
 * calendar, closes a date, and the date is gone at once from the visitor's detail page (server-rendered
 * day check and the calendar's resource route) and from OCTO /availability; reopening brings it back.
 * With JavaScript and without, in English and Arabic (each run on its own date, so runs never meet).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { adminText, signInAsNewStaff, type StaffLang } from "./staff";

const run = promisify(execFile);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";

// The seeded Dubai cruise of tests/detail.spec.ts: START_TIME slots every day of the horizon.
const PRODUCT_ID = "prd-001685";
const CANONICAL = "/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment";
const NONE = { en: "No option is available!", ar: "لا يوجد خيار متاح!" } as const;

let octoKey = "";

test.beforeAll(async () => {
  // A reseller key, made the way an operator does it (through the running server's operator channel).
  const { stdout } = await run("node_modules/.bin/tsx", ["scripts/octo-key.ts", "--reseller", `Schedule checks ${Date.now()}`], { env: { ...process.env, DATA_DIR, NODE_ENV: "production" } });
  octoKey = stdout.trim().split("\n").pop()!;
});

/** Available days of next month, from the detail page's calendar resource route. */
async function availableDays(request: APIRequestContext, month: string): Promise<Array<{ date: string; available: boolean; status: string }>> {
  const response = await request.get(`/api/availability?product=${PRODUCT_ID}&month=${month}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { days: Array<{ date: string; available: boolean; status: string }> }).days;
}

async function octoDay(request: APIRequestContext, date: string): Promise<Array<{ available: boolean; status: string }>> {
  const headers = { Authorization: `Bearer ${octoKey}`, "Content-Type": "application/json" };
  const product = (await (await request.get(`/octo/v1/products/${PRODUCT_ID}`, { headers })).json()) as { options: Array<{ id: string; default: boolean }> };
  const optionId = (product.options.find((option) => option.default) ?? product.options[0])!.id;
  const response = await request.post("/octo/v1/availability", { headers, data: { productId: PRODUCT_ID, optionId, localDateStart: date, localDateEnd: date } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Array<{ available: boolean; status: string }>;
}

function nextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
}

for (const lang of ["en", "ar"] as const satisfies readonly StaffLang[]) {
  test(`a catalogue manager closes a date and reopens it; the storefront and OCTO follow (${lang})`, async ({ page, request, javaScriptEnabled }) => {
    test.setTimeout(150_000);
    const t = (key: string) => adminText(lang, key);
    const prefix = lang === "ar" ? "/ar" : "";
    const month = nextMonth();
    const open = (await availableDays(request, month)).filter((day) => day.available);
    // One date per language and project: runs of this spec never close each other's dates.
    const date = open[3 + (lang === "ar" ? 2 : 0) + (javaScriptEnabled ? 0 : 1)]!.date;

    await signInAsNewStaff(page, "catalogue", lang, "schedule");
    await page.getByRole("navigation").getByRole("link", { name: t("nav.availability") }).click();
    await expect(page).toHaveURL(/\/admin\/availability$/);
    await page.getByLabel(t("fields.productId")).fill(PRODUCT_ID);
    await page.getByRole("button", { name: t("availability.openButton") }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${PRODUCT_ID}/schedule$`));
    await expect(page.getByRole("heading", { name: t("schedule.calendar") })).toBeVisible();
    await expect(page.locator(".schedule-day[data-date]").first()).toBeVisible();

    await page.getByRole("link", { name: t("schedule.nextMonth") }).click();
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
    const cell = page.locator(`.schedule-day[data-date="${date}"]`);
    await expect(cell.locator(".schedule-day__slots li").first()).toBeVisible();
    await cell.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`date=${date}`));

    // The capacity form warns before anyone lowers it.
    await expect(page.locator(".schedule-slot__warning").first()).toBeVisible();
    await page.getByLabel(t("schedule.fields.reason")).fill("Sandstorm");
    await page.getByRole("button", { name: t("schedule.closeDay") }).click();
    await expect(page.getByRole("status")).toHaveText(t("schedule.notices.dayClosed"));
    await expect(cell).toHaveClass(/is-closed/);

    // The visitor: the day check says nothing is available, the calendar marks it closed, OCTO too.
    await expect(async () => {
      const day = (await availableDays(request, month)).find((entry) => entry.date === date);
      expect(day).toMatchObject({ available: false, status: "CLOSED" });
    }).toPass({ timeout: 10_000 });
    await expect(async () => {
      await page.goto(`${prefix}${CANONICAL}?date=${date}`);
      await expect(page.getByText(NONE[lang], { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(page.locator("form.detail-option-form")).toHaveCount(0);
    const slots = await octoDay(request, date);
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) expect(slot).toMatchObject({ available: false, status: "CLOSED" });

    // Reopening brings it back everywhere.
    await page.goto(`/admin/products/${PRODUCT_ID}/schedule?month=${month}&date=${date}`);
    await page.getByRole("button", { name: t("schedule.reopenDay") }).click();
    await expect(page.getByRole("status")).toHaveText(t("schedule.notices.dayReopened"));
    await expect(page.locator(`.schedule-day[data-date="${date}"]`)).not.toHaveClass(/is-closed/);
    await expect(async () => {
      const day = (await availableDays(request, month)).find((entry) => entry.date === date);
      expect(day?.available).toBe(true);
    }).toPass({ timeout: 10_000 });
    await expect(async () => {
      await page.goto(`${prefix}${CANONICAL}?date=${date}`);
      await expect(page.locator("form.detail-option-form")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    expect((await octoDay(request, date)).some((slot) => slot.available)).toBe(true);
  });
}

test("a bad capacity or rule is refused with the typed values kept; an agent may not open schedules", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const t = (key: string) => adminText("en", key);
  const month = nextMonth();
  const date = (await availableDays(request, month)).filter((day) => day.available)[9]!.date;
  await signInAsNewStaff(page, "catalogue", "en", "schedule");
  await page.goto(`/admin/products/${PRODUCT_ID}/schedule?month=${month}&date=${date}`);
  const slot = page.locator(".schedule-slot").first();
  const time = (await slot.getAttribute("data-time"))!;
  const field = page.getByLabel(t("schedule.slotCapacity").replace("{{time}}", time));
  await field.fill("-1");
  await page.evaluate(() => document.querySelectorAll("form").forEach((form) => form.setAttribute("novalidate", "")));
  await slot.getByRole("button", { name: t("schedule.saveCapacity") }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel(t("schedule.slotCapacity").replace("{{time}}", time))).toHaveValue("-1");

  // A rule without start times says so, and keeps what was typed.
  await page.getByLabel(t("schedule.fields.validFrom")).fill("2031-01-10");
  await page.getByLabel(t("schedule.fields.validTo")).fill("2031-01-01");
  await page.getByRole("button", { name: t("schedule.addRule") }).click();
  await expect(page.getByText(t("schedule.errors.validTo"))).toBeVisible();
  await expect(page.getByText(t("schedule.errors.startTimes"))).toBeVisible();
  await expect(page.getByLabel(t("schedule.fields.validFrom"))).toHaveValue("2031-01-10");

  const agent = await browser.newPage();
  await signInAsNewStaff(agent, "agent", "en", "schedule-agent");
  await expect(agent.getByRole("navigation").getByRole("link", { name: t("nav.availability") })).toHaveCount(0);
  expect((await agent.goto(`/admin/products/${PRODUCT_ID}/schedule`))?.status()).toBe(403);
  expect((await agent.goto("/admin/availability"))?.status()).toBe(403);
  await agent.close();
});
