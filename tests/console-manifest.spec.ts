/**
 * The manifest and check-in, JavaScript on and off (both projects), in English and Arabic: a customer
 * books through the real detail page, cart, checkout and sandbox payment; an agent finds the booking on
 * the manifest for its day (lead guest, contact, paid), exports the CSV, opens the ticket's check-in
 * page from it and checks the ticket in; a second check-in (another device that had the page open) is
 * refused saying when and by whom; typing the code finds the same ticket; the order's timeline shows it;
 * the order's confirmation email (recorded with its WhatsApp message) is resent. A reseller's booking
 * made through the OCTO API is on the manifest too, with the reseller's name and reference. A pay-later
 * booking nobody has paid for is not let in until the payment is recorded on its order.
 * Anyone who is not staff meets a 404.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { bookWithCard } from "./customer";
import { addFirstOpenSlot, ownAddress, reservePayLater, uniqueCustomerEmail } from "./customer-accounts";
import { expect, test } from "./fixtures";
import { adminText, issueOctoKey, signInAsNewStaff } from "./staff";

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.9.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` });
});

test("the manifest and check-in pages are a 404 to anyone who is not staff", async ({ request }) => {
  for (const path of ["/admin/manifest", "/admin/manifest.csv", "/admin/check-in", "/admin/check-in/0123456789ABCDEFGHJKMNPQRSTVWXYZ"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  const post = await request.post("/admin/check-in/0123456789ABCDEFGHJKMNPQRSTVWXYZ", { form: { intent: "check-in" }, maxRedirects: 0 });
  expect(post.status()).toBe(404);
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: an agent finds a booking on the manifest and checks its ticket in, once`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    const t = (key: string) => adminText(lang, key);
    // Latin punctuation that a right-to-left table would move to the wrong end without bidi isolation.
    const lastName = `Manifest-${randomUUID().slice(0, 6)} (Jr.)`;
    const booked = await bookWithCard(page, lang, `manifest-${randomUUID().slice(0, 8)}@example.com`, { firstName: "Layla", lastName });

    const { baseURL, javaScriptEnabled } = test.info().project.use;
    const staffContext = await browser.newContext({ baseURL, javaScriptEnabled });
    const agent = await staffContext.newPage();
    const member = await signInAsNewStaff(agent, "agent", lang, "manifest");

    // The manifest opens on today; the GET form picks the booking's day.
    await agent.getByRole("link", { name: t("nav.manifest") }).click();
    await expect(agent.getByRole("heading", { level: 1, name: new RegExp(t("manifest.heading")) })).toBeVisible();
    await agent.getByLabel(t("fields.travelDate")).fill(booked.date);
    await agent.getByRole("button", { name: t("manifest.show") }).click();
    await expect(agent).toHaveURL(new RegExp(`/admin/manifest\\?date=${booked.date}`));
    const row = agent.getByTestId(`manifest-${booked.reference}`);
    await expect(row).toContainText(`Layla ${lastName}`);
    await expect(row).toContainText("+966501234567");
    // The name reads left to right whole, in the Arabic table too: its first letter is left of its last.
    const [firstX, lastX] = await row.getByText(`Layla ${lastName}`).evaluate((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.textContent?.includes("Layla")) node = walker.nextNode();
      const text = node!.textContent!;
      const at = (index: number) => {
        const range = document.createRange();
        range.setStart(node!, index);
        range.setEnd(node!, index + 1);
        return range.getBoundingClientRect().left;
      };
      return [at(text.indexOf("Layla")), at(text.lastIndexOf(")"))];
    });
    expect(firstX).toBeLessThan(lastX);
    await expect(row.getByText(t("status.PAID"), { exact: true })).toBeVisible();

    // The CSV of the same day carries the booking; the print view drops the filters.
    const csv = await agent.request.get(`/admin/manifest.csv?date=${booked.date}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain(booked.reference);
    await agent.getByRole("link", { name: t("manifest.printView") }).click();
    await expect(agent).toHaveURL(/view=print/);
    await expect(agent.getByRole("button", { name: t("manifest.show") })).toBeHidden();
    await agent.getByRole("link", { name: t("manifest.screenView") }).click();

    // Its check-in page (what the ticket's QR opens), open on two devices at once.
    await row.getByRole("link", { name: t("checkIn.action") }).click();
    await expect(agent).toHaveURL(/\/admin\/check-in\/[0-9A-HJKMNP-TV-Z]{32}$/);
    const checkInUrl = agent.url();
    const code = checkInUrl.split("/").pop()!;
    const ticket = agent.locator("#check-in-ticket");
    await expect(ticket).toContainText(`Layla ${lastName}`);
    await expect(ticket).toContainText(booked.reference);
    const secondDevice = await staffContext.newPage();
    await secondDevice.goto(checkInUrl);
    await expect(secondDevice.getByRole("button", { name: t("checkIn.action") })).toBeVisible();

    await agent.getByRole("button", { name: t("checkIn.action") }).click();
    await expect(agent.getByRole("status")).toContainText(t("checkIn.done_one").split(":")[0]!);
    await expect(agent.getByRole("button", { name: t("checkIn.action") })).toHaveCount(0);

    // The second press is refused, saying by whom.
    await secondDevice.getByRole("button", { name: t("checkIn.action") }).click();
    const refusal = secondDevice.getByRole("alert");
    await expect(refusal).toContainText(t("checkIn.refused"));
    await expect(refusal).toContainText(member.email);
    await secondDevice.close();

    // Typing the code (as printed, in any case, with dashes) finds the same ticket, already checked in.
    await agent.getByRole("link", { name: t("nav.checkIn") }).click();
    await agent.getByLabel(t("checkIn.code")).fill(`${code.slice(0, 8).toLowerCase()}-${code.slice(8)}`);
    await agent.getByRole("button", { name: t("checkIn.find") }).click();
    await expect(agent).toHaveURL(checkInUrl);
    await expect(agent.getByTestId("check-in-state")).toContainText(member.email);
    await expect(agent.getByRole("button", { name: t("checkIn.action") })).toHaveCount(0);

    // The manifest shows it checked in; the order's timeline says who did it.
    await agent.goto(`/admin/manifest?date=${booked.date}`);
    await expect(row.getByText(t("status.REDEEMED"), { exact: true })).toBeVisible();
    await row.getByRole("link", { name: booked.reference }).click();
    await expect(agent.locator("#order-timeline")).toContainText(t("events.ticket.redeemed"));
    await expect(agent.locator("#order-timeline")).toContainText(member.email);

    // The confirmation email and WhatsApp message are recorded on the order; the email can be resent.
    const messages = agent.locator("#order-messages li");
    await expect(messages).toHaveCount(2);
    await expect(messages.filter({ hasText: t("channels.whatsapp") })).toHaveCount(1);
    await messages.filter({ hasText: t("channels.email") }).getByRole("button", { name: t("order.resend.action") }).click();
    await expect(agent.getByRole("status").filter({ hasText: t("order.resend.resent") })).toBeVisible();
    await expect(messages).toHaveCount(3);
    await expect(agent.locator("#order-timeline")).toContainText(t("events.message.resent"));
    await staffContext.close();
  });
}

type OctoProduct = { id: string; options: Array<{ id: string; units: Array<{ id: string; type: string }> }> };

/** A reseller books one adult through /octo/v1 (availability, reserve, confirm) on the first bookable day of the next weeks. */
async function bookThroughOcto(request: APIRequestContext, key: string, contact: Record<string, string>, resellerReference: string): Promise<{ localDate: string }> {
  const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const products = (await (await request.get("/octo/v1/products", { headers })).json()) as OctoProduct[];
  const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const product of products) {
    const option = product.options.find((candidate) => candidate.units.some((unit) => unit.type === "ADULT"));
    const adult = option?.units.find((unit) => unit.type === "ADULT");
    if (!option || !adult) continue;
    const availability = await request.post("/octo/v1/availability", { headers, data: { productId: product.id, optionId: option.id, localDateStart: from, localDateEnd: to, units: [{ id: adult.id, quantity: 1 }] } });
    if (!availability.ok()) continue;
    const open = ((await availability.json()) as Array<{ id: string; localDateTimeStart: string; available: boolean }>).find((slot) => slot.available);
    if (!open) continue;
    const uuid = randomUUID();
    const reserved = await request.post("/octo/v1/bookings", { headers, data: { uuid, productId: product.id, optionId: option.id, availabilityId: open.id, unitItems: [{ unitId: adult.id }] } });
    if (!reserved.ok()) continue;
    const confirmed = await request.post(`/octo/v1/bookings/${uuid}/confirm`, { headers, data: { contact, resellerReference } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toMatch(/^(CONFIRMED|PENDING)$/);
    return { localDate: open.localDateTimeStart.slice(0, 10) };
  }
  throw new Error("no product could be booked through OCTO");
}

test("a reseller's booking made through the OCTO API is on the manifest, with the reseller and its reference, in the CSV too", async ({ page, request }) => {
  test.setTimeout(120_000);
  const t = (key: string) => adminText("en", key);
  const reseller = `Dunes Travel ${randomUUID().slice(0, 6)}`;
  const reference = `DUNES-${randomUUID().slice(0, 8).toUpperCase()}`;
  const key = await issueOctoKey(reseller);
  const { localDate } = await bookThroughOcto(request, key, { fullName: "Mariam Khan", emailAddress: "mariam@example.com", phoneNumber: "+971500000001" }, reference);

  await signInAsNewStaff(page, "agent", "en", "manifest-octo");
  await page.goto(`/admin/manifest?date=${localDate}`);
  const row = page.getByTestId(`manifest-${reference}`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Mariam Khan");
  await expect(row).toContainText("+971500000001");
  await expect(row.getByTestId("manifest-channel")).toHaveText(reseller);
  await expect(row.getByText(t("status.VIA_RESELLER"), { exact: true })).toBeVisible();
  const csv = await (await page.request.get(`/admin/manifest.csv?date=${localDate}`)).text();
  expect(csv.split("\r\n")[0]).toContain('"channel"');
  expect(csv).toContain(`"${reference}","${reseller}"`);
});

test("ar: a pay-later booking nobody has paid for is not checked in until its payment is recorded", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const t = (key: string) => adminText("ar", key);
  await ownAddress(page);
  const date = await addFirstOpenSlot(page, "ar", "camel-trek-at-sunset-near-jeddah-with-hotel-pickup", 20 + Math.floor(Math.random() * 30));
  const reference = await reservePayLater(page, "ar", uniqueCustomerEmail("unpaid-check-in"));

  const { baseURL, javaScriptEnabled } = test.info().project.use;
  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const agent = await staffContext.newPage();
  await signInAsNewStaff(agent, "agent", "ar", "unpaid-check-in");
  await agent.goto(`/admin/manifest?date=${date}`);
  const row = agent.getByTestId(`manifest-${reference}`);
  await expect(row.getByText(t("status.UNPAID"), { exact: true })).toBeVisible();
  await row.getByRole("link", { name: t("checkIn.action") }).click();
  await expect(agent).toHaveURL(/\/admin\/check-in\/[0-9A-HJKMNP-TV-Z]{32}$/);
  const checkInUrl = agent.url();

  // The ticket says what is due and offers the way to the order, not a check-in button.
  const unpaid = agent.getByTestId("check-in-unpaid");
  await expect(unpaid).toContainText(t("checkIn.unpaid").split(":")[0]!);
  await expect(agent.getByRole("button", { name: t("checkIn.action") })).toHaveCount(0);
  // A check-in posted anyway (a page opened before, a replay) is refused.
  const forced = await agent.request.post(checkInUrl, { form: { intent: "check-in" }, headers: { Origin: new URL(checkInUrl).origin } });
  expect(forced.status()).toBe(409);

  // The agent records the cash on the order, and the guest goes in.
  await unpaid.getByRole("link", { name: t("checkIn.collect") }).click();
  await expect(agent).toHaveURL(new RegExp(`/admin/orders/${reference}$`));
  await agent.getByLabel(t("payLater.reference")).fill(`CASH-${Date.now()}`);
  await agent.getByRole("button", { name: t("payLater.record") }).click();
  await expect(agent.getByTestId("pay-later-notice")).toHaveText(t("payLater.outcomes.paid"));
  await agent.goto(checkInUrl);
  await agent.getByRole("button", { name: t("checkIn.action") }).click();
  await expect(agent.getByRole("status")).toContainText(t("checkIn.done_one").split(":")[0]!);
  await staffContext.close();
});
