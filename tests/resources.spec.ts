/**
 * Guides and resources in the console (issue #33), JavaScript on and off, in English and Arabic: a
 * catalogue manager adds a guide (a boat without seats is refused, the input kept), assigns the guide to
 * one departure on the manifest, and assigning the same guide to an overlapping departure of another
 * product is refused (409) naming the first; the guide's day sheet lists the departure with its guests.
 * Two reseller bookings made through the OCTO API put the two departures on the manifest.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { adminText, issueOctoKey, signInAsNewStaff } from "./staff";

type OctoProduct = { id: string; options: Array<{ id: string; units: Array<{ id: string; type: string }> }> };
type OctoSlot = { id: string; localDateTimeStart: string; localDateTimeEnd: string; available: boolean };
type Bookable = { productId: string; optionId: string; unitId: string; slot: OctoSlot };

/** Two open departures of different products on one day whose times overlap, booked by a reseller (one adult each). */
async function bookOverlappingDepartures(request: APIRequestContext, tag: string): Promise<{ date: string; references: [string, string]; first: OctoSlot; firstOf: { productId: string; optionId: string } }> {
  const key = await issueOctoKey(`Resources ${tag}`);
  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const products = (await (await request.get("/octo/v1/products", { headers })).json()) as OctoProduct[];
  const from = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const found: Bookable[][] = [];
  for (const product of products.slice(0, 12)) {
    const option = product.options.find((candidate) => candidate.units.some((unit) => unit.type === "ADULT"));
    const adult = option?.units.find((unit) => unit.type === "ADULT");
    if (!option || !adult) continue;
    const response = await request.post("/octo/v1/availability", { headers, data: { productId: product.id, optionId: option.id, localDateStart: from, localDateEnd: to, units: [{ id: adult.id, quantity: 1 }] } });
    if (!response.ok()) continue;
    const slots = ((await response.json()) as OctoSlot[]).filter((slot) => slot.available);
    found.push(slots.map((slot) => ({ productId: product.id, optionId: option.id, unitId: adult.id, slot })));
  }
  const span = (slot: OctoSlot) => [Date.parse(slot.localDateTimeStart), Date.parse(slot.localDateTimeEnd)] as const;
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      for (const a of found[i]!) {
        const [aStart, aEnd] = span(a.slot);
        const b = found[j]!.find((candidate) => candidate.slot.localDateTimeStart.slice(0, 10) === a.slot.localDateTimeStart.slice(0, 10) && span(candidate.slot)[0] < aEnd && aStart < span(candidate.slot)[1]);
        if (!b) continue;
        const references: [string, string] = [`RES-A-${randomUUID().slice(0, 8).toUpperCase()}`, `RES-B-${randomUUID().slice(0, 8).toUpperCase()}`];
        for (const [index, bookable] of [a, b].entries()) {
          const uuid = randomUUID();
          const reserved = await request.post("/octo/v1/bookings", { headers, data: { uuid, productId: bookable.productId, optionId: bookable.optionId, availabilityId: bookable.slot.id, unitItems: [{ unitId: bookable.unitId }] } });
          expect(reserved.status(), await reserved.text()).toBe(200);
          const contact = { fullName: `Guest ${index ? "Two" : "One"} ${tag}`, emailAddress: "guest@example.com", phoneNumber: "+971500000002" };
          const confirmed = await request.post(`/octo/v1/bookings/${uuid}/confirm`, { headers, data: { contact, resellerReference: references[index] } });
          expect(confirmed.status(), await confirmed.text()).toBe(200);
        }
        return { date: a.slot.localDateTimeStart.slice(0, 10), references, first: a.slot, firstOf: { productId: a.productId, optionId: a.optionId } };
      }
    }
  }
  throw new Error("no two products have overlapping departures");
}

async function shoot(page: Page, name: string) {
  if (!test.info().project.use.javaScriptEnabled) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `docs/screenshots/admin-resources-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
});

test("the resources pages are a 404 to anyone who is not staff", async ({ request }) => {
  for (const path of ["/admin/resources", "/admin/resources/nobody/day"]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: assigning a guide to two overlapping departures is refused`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const t = (key: string) => adminText(lang, key);
    const tag = randomUUID().slice(0, 6);
    const { date, references, first, firstOf } = await bookOverlappingDepartures(request, tag);
    await signInAsNewStaff(page, "catalogue", lang, "resources");

    // Add a guide; a boat without seats is refused first, with the name kept.
    await page.getByRole("link", { name: t("nav.resources") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("resources.heading") })).toBeVisible();
    const guide = `Noura ${tag}`;
    await page.getByLabel(t("resources.kind")).selectOption("boat");
    await page.getByLabel(t("fields.name"), { exact: true }).fill(guide);
    await page.getByRole("button", { name: t("resources.submit") }).click();
    await expect(page.getByText(t("resources.errors.capacity"))).toBeVisible();
    await expect(page.getByLabel(t("fields.name"), { exact: true })).toHaveValue(guide);
    const bad = await page.request.post("/admin/resources", { form: { kind: "boat", name: guide, capacity: "" }, headers: { Origin: new URL(page.url()).origin } });
    expect(bad.status()).toBe(400);
    await page.getByLabel(t("resources.kind")).selectOption("guide");
    await page.getByRole("button", { name: t("resources.submit") }).click();
    const row = page.getByRole("row").filter({ hasText: guide });
    await expect(row).toContainText(t("resources.kinds.guide"));
    await shoot(page, `list-${lang}`);
    const dayHref = await row.getByRole("link", { name: t("resources.daySheet") }).getAttribute("href");

    // On the manifest: the guide goes on the first departure, and is refused on the overlapping one.
    await page.goto(`/admin/manifest?date=${date}`);
    const card = (reference: string) => page.locator(".admin-manifest__slot").filter({ has: page.getByTestId(`manifest-${reference}`) });
    const option = `${guide} · ${t("resources.kinds.guide")}`;
    await card(references[0]).getByLabel(t("resources.resource"), { exact: true }).selectOption({ label: option });
    await card(references[0]).getByRole("button", { name: t("resources.assign") }).click();
    await expect(card(references[0]).locator(".admin-departure-resources__list")).toContainText(guide);
    await card(references[1]).getByLabel(t("resources.resource"), { exact: true }).selectOption({ label: option });
    await card(references[1]).getByRole("button", { name: t("resources.assign") }).click();
    const refusal = card(references[1]).getByRole("alert");
    await expect(refusal).toContainText(first.localDateTimeStart.slice(11, 16));
    await expect(refusal).toContainText(t("resources.errors.clash").split(":")[0]!);
    // Not on the second departure (another test running beside this one may have put its own guide there).
    await expect(card(references[1]).locator(".admin-departure-resources__list li").filter({ hasText: guide })).toHaveCount(0);
    await shoot(page, `manifest-${lang}`);

    // The refusal is a 409 for a plain POST too.
    const assignForm = card(references[1]).locator("form.admin-departure-resources__form");
    const form: Record<string, string> = { intent: "assign" };
    for (const name of ["optionId", "availabilityId"]) form[name] = (await assignForm.locator(`input[name=${name}]`).getAttribute("value"))!;
    // The guide's own option (without JavaScript the refused page selects the first free resource, maybe another test's).
    form.resourceId = (await assignForm.locator("select[name=resourceId] option").filter({ hasText: guide }).getAttribute("value"))!;
    const refused = await page.request.post(`/admin/manifest?date=${date}`, { form, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
    expect(refused.status()).toBe(409);

    // The guide's day sheet: the one departure, with its guest.
    await page.goto(dayHref!.replace(/date=[\d-]+/, `date=${date}`));
    await expect(page.getByTestId("day-departure")).toHaveCount(1);
    await expect(page.getByTestId("day-departure")).toContainText(`Guest One ${tag}`);
    await expect(page.getByTestId("day-departure")).toContainText("+971500000002");
    // Where the departure starts, for the guide.
    await expect(page.getByTestId("day-departure").locator(".admin-day-sheet__meeting")).toContainText(t("resources.meetingPoint"));
    await shoot(page, `day-${lang}`);

    // Taken off the first departure on the manifest, the guide is free for the overlapping one.
    await page.goto(`/admin/manifest?date=${date}`);
    await card(references[0]).getByRole("button", { name: t("resources.unassignNamed").replace("{{name}}", guide) }).click();
    await expect(card(references[0]).locator(".admin-departure-resources__list li").filter({ hasText: guide })).toHaveCount(0);
    await expect(card(references[0]).locator(".admin-departure-resources__notice")).toHaveText(t("resources.notices.unassigned"));
    await card(references[1]).getByLabel(t("resources.resource"), { exact: true }).selectOption({ label: option });
    await card(references[1]).getByRole("button", { name: t("resources.assign") }).click();
    await expect(card(references[1]).locator(".admin-departure-resources__list")).toContainText(guide);
    await expect(card(references[1]).locator(".admin-departure-resources__notice")).toHaveText(t("resources.notices.assigned"));
    await expect(card(references[0]).locator(".admin-departure-resources__notice")).toHaveCount(0);
    await page.goto(dayHref!.replace(/date=[\d-]+/, `date=${date}`));
    await expect(page.getByTestId("day-departure")).toContainText(`Guest Two ${tag}`);

    // A departure is staffed from the product's schedule too: the first one's day, the guide taken off
    // the second and put back on the first there.
    await page.goto(`/admin/manifest?date=${date}`);
    await card(references[1]).getByRole("button", { name: t("resources.unassignNamed").replace("{{name}}", guide) }).click();
    await expect(card(references[1]).locator(".admin-departure-resources__list li").filter({ hasText: guide })).toHaveCount(0);
    await page.goto(`/admin/products/${firstOf.productId}/schedule?option=${firstOf.optionId}&date=${date}`);
    const slotCard = page.locator(`.schedule-slot[data-time="${first.localDateTimeStart.slice(11, 16)}"]`);
    await slotCard.getByLabel(t("resources.resource"), { exact: true }).selectOption({ label: option });
    await slotCard.getByRole("button", { name: t("resources.assign") }).click();
    await expect(page.locator(`.schedule-slot[data-time="${first.localDateTimeStart.slice(11, 16)}"] .admin-departure-resources__list`)).toContainText(guide);
  });
}
