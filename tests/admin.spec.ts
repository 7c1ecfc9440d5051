/**
 * The staff console's door and frame, JavaScript on and off (both projects), English and Arabic: the
 * first admin is made with `npm run staff:add` while the store runs, sets a password from the one-time
 * link, enrols TOTP, works in Arabic; everyone else meets a 404; agents meet 403 on admin-only actions;
 * every action lands in the audit log.
 */
import { expect, test } from "./fixtures";
import { adminText, signInAsNewStaff, STAFF_PASSWORD, uniqueStaffEmail } from "./staff";

const CONSOLE_PATHS = ["/admin", "/admin/orders", "/admin/orders/RH-NOPE00", "/admin/orders/export.csv", "/admin/staff", "/admin/audit", "/admin/anything"];

test("anyone who is not signed-in staff gets a 404 for every console path", async ({ request }) => {
  for (const path of CONSOLE_PATHS) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(response.headers()["cache-control"], path).toMatch(/no-store/);
  }
  const post = await request.post("/admin/staff", { form: { intent: "invite", email: "x@example.com", role: "admin" }, maxRedirects: 0 });
  expect(post.status()).toBe(404);
  // Signing in is the one door that answers.
  expect((await request.get("/admin/login")).status()).toBe(200);
});

test("a customer's session opens nothing in the console", async ({ page }) => {
  const email = `customer-${Date.now()}@example.com`;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
  await page.goto("/auth/sign-up");
  await page.getByLabel("Name").fill("Customer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("desert-rose-2030");
  await page.getByLabel("Confirm password").fill("desert-rose-2030");
  await page.getByRole("button", { name: /sign up/i }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  for (const path of ["/admin", "/admin/orders", "/admin/staff"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  // Nor does the customer's password open the staff door.
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("desert-rose-2030");
  await page.getByRole("button", { name: adminText("en", "login.submit") }).click();
  await expect(page.getByText(adminText("en", "errors.signInFailed"))).toBeVisible();
});

test("the first admin is added from the command line while the store runs, enrols TOTP and works in Arabic", async ({ page }) => {
  const admin = await signInAsNewStaff(page, "admin", "en", "first-admin");
  await expect(page.getByRole("heading", { level: 1, name: adminText("en", "today.heading") })).toBeVisible();
  await expect(page.getByRole("link", { name: adminText("en", "nav.staff") })).toBeVisible();
  // Arabic, right to left, from the switch in the header.
  await page.getByRole("button", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1, name: adminText("ar", "today.heading") })).toBeVisible();
  await page.getByRole("link", { name: adminText("ar", "nav.orders") }).click();
  await expect(page.getByRole("heading", { level: 1, name: adminText("ar", "orders.heading") })).toBeVisible();
  await page.getByRole("link", { name: adminText("ar", "nav.audit") }).click();
  await expect(page.getByRole("cell", { name: adminText("ar", "events.staff.totpEnrolled") }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: admin.email }).first()).toBeVisible();
  // Signing out ends the session: the console is a 404 again.
  await page.getByRole("button", { name: adminText("ar", "layout.signOut") }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await page.goto("/admin"))?.status()).toBe(404);

  // Signing in again needs the password and a new code; an old code is refused.
  await page.goto("/admin/login");
  await page.getByLabel(adminText("ar", "fields.email")).fill(admin.email);
  await page.getByLabel(adminText("ar", "fields.password")).fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: adminText("ar", "login.submit") }).click();
  await expect(page).toHaveURL(/\/admin\/login\/verify$/);
  await page.getByLabel(adminText("ar", "fields.code")).fill("123456");
  await page.getByRole("button", { name: adminText("ar", "verify.submit") }).click();
  await expect(page.getByText(adminText("ar", "errors.codeInvalid"))).toBeVisible();
  // Still on the code step, in Arabic, with nothing opened.
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect((await page.request.get("/admin", { maxRedirects: 0 })).status()).toBe(404);
});

test("an agent is refused admin-only actions; an admin invites staff and it is audited", async ({ page, browser }) => {
  const agentContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const agentPage = await agentContext.newPage();
  await signInAsNewStaff(agentPage, "agent", "en", "agent");
  await expect(agentPage.getByRole("link", { name: adminText("en", "nav.staff") })).toHaveCount(0);
  expect((await agentPage.goto("/admin/staff"))?.status()).toBe(403);
  const invite = await agentPage.request.post("/admin/staff", { form: { intent: "invite", email: uniqueStaffEmail("sneaky"), role: "admin" }, headers: { Origin: new URL(agentPage.url()).origin } });
  expect(invite.status()).toBe(403);
  await agentContext.close();

  await signInAsNewStaff(page, "admin", "en", "inviter");
  await page.getByRole("link", { name: adminText("en", "nav.staff") }).click();
  const invitee = uniqueStaffEmail("invitee");
  await page.getByLabel(adminText("en", "fields.email")).fill(invitee);
  await page.getByLabel(adminText("en", "fields.name")).fill("Invited Agent");
  await page.getByRole("button", { name: adminText("en", "staff.sendInvite") }).click();
  await expect(page.getByText(adminText("en", "staff.invited").replace("{{email}}", invitee))).toBeVisible();
  await expect(page.getByRole("cell", { name: invitee })).toBeVisible();
  await page.getByRole("link", { name: adminText("en", "nav.audit") }).click();
  await expect(page.getByRole("cell", { name: adminText("en", "events.staff.invited") }).first()).toBeVisible();
});

test("a wrong password and a malformed form keep what was typed and say why, in Arabic", async ({ page }) => {
  await page.context().addCookies([{ name: "rihla_admin_lang", value: "ar", url: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}/admin` }]);
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${Math.floor(Math.random() * 250) + 1}` });
  await page.goto("/admin/login");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByLabel(adminText("ar", "fields.email")).fill("nobody@staff.example.com");
  await page.getByLabel(adminText("ar", "fields.password")).fill("wrong-password");
  await page.getByRole("button", { name: adminText("ar", "login.submit") }).click();
  await expect(page.getByText(adminText("ar", "errors.signInFailed"))).toBeVisible();
  await expect(page.getByLabel(adminText("ar", "fields.email"))).toHaveValue("nobody@staff.example.com");
});
