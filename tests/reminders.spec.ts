/**
 * Reminders and review requests, JavaScript on and off (both projects), in Arabic (right to left): a
 * customer books through the real flow; the booking is moved to start in 20 hours; the reconciler
 * runs twice and the lead guest has exactly one reminder email, listed on the order's console page
 * with its WhatsApp message. After the activity, one review request, whose unsubscribe link asks to
 * confirm and then opts the address out. A link not signed by the site says so (a 400).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { bookWithCard } from "./customer";
import { expect, test } from "./fixtures";
import { linkIn, mailTo, type OutboxEntry } from "./outbox";
import { hook } from "./shop";
import { adminText, signInAsNewStaff } from "./staff";
import { at, texts } from "./texts";

const reviewSubject = /كيف كانت تجربة/;
const page = (key: string) => at(texts("ar", "common"), `pages.unsubscribe.${key}`);

/** Every outbox message to `to` whose subject matches. */
function allMailTo(to: string, pattern: RegExp): OutboxEntry[] {
  const index = path.join(process.env.E2E_DATA_DIR ?? ".cache/e2e-data", "outbox", "index.jsonl");
  return readFileSync(index, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry)
    .filter((entry) => entry.to === to && pattern.test(entry.subject));
}

test.beforeEach(async ({ page: browserPage }) => {
  await browserPage.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}, 10.7.${Date.now() % 250}.${Math.floor(Math.random() * 250) + 1}` });
});

test("a booking for tomorrow gets one reminder, on the order's timeline; after it, one review request whose link unsubscribes", async ({ page: customer, browser }) => {
  test.setTimeout(150_000);
  const email = `reminder-${randomUUID().slice(0, 8)}@example.com`;
  const booked = await bookWithCard(customer, "ar", email);

  await hook(customer, { action: "trip-at", reference: booked.reference, hoursFromNow: 20 });
  await hook(customer, { action: "reconcile" });
  await hook(customer, { action: "reconcile" });
  const reminder = await mailTo(email, /تذكير/);
  expect(reminder.subject).toContain(booked.reference);
  expect(reminder.text).toContain("إدارة حجزي: ");
  expect(allMailTo(email, /تذكير/)).toHaveLength(1);

  // The order's console page lists the reminder, by email and by WhatsApp.
  const { baseURL, javaScriptEnabled } = test.info().project.use;
  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const agent = await staffContext.newPage();
  await signInAsNewStaff(agent, "agent", "ar", "reminders");
  await agent.goto(`/admin/orders/${booked.reference}`);
  const reminders = agent.locator("#order-messages li").filter({ hasText: reminder.subject });
  await expect(reminders).toHaveCount(2);
  await expect(reminders.filter({ hasText: adminText("ar", "channels.whatsapp") })).toHaveCount(1);
  await staffContext.close();

  // Two days on: one review request, however many passes.
  await hook(customer, { action: "trip-at", reference: booked.reference, hoursFromNow: -48 });
  await hook(customer, { action: "reconcile" });
  await hook(customer, { action: "reconcile" });
  const review = await mailTo(email, reviewSubject);
  expect(review.subject).toContain(booked.reference);
  expect(allMailTo(email, reviewSubject)).toHaveLength(1);

  // A mail client's one-click unsubscribe (the List-Unsubscribe header, RFC 8058) is a POST to the same link.
  const link = linkIn(review.text, /http:\/\/\S+\/unsubscribe\?\S+/);
  expect((await customer.request.post(link, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);
  // The unsubscribe link asks first (a mail scanner opts nobody out), then confirms.
  await customer.goto(link);
  await expect(customer.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(customer.getByRole("heading", { level: 1, name: page("heading") })).toBeVisible();
  await customer.getByRole("button", { name: page("button") }).click();
  await expect(customer.getByRole("status")).toContainText(email);
});

test("an unsubscribe link the site did not sign is refused with a message", async ({ page: visitor }) => {
  const response = await visitor.goto("/ar/unsubscribe?email=someone%40example.com&s=forged");
  expect(response?.status()).toBe(400);
  await expect(visitor.getByRole("alert")).toContainText(page("invalid"));
  await expect(visitor.getByRole("button", { name: page("button") })).toHaveCount(0);
});
