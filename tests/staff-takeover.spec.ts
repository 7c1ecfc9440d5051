/**
 * The two console takeovers a penetration test found, replayed as an attacker would against the
 * production build, and now refused:
 * - an address signed up on the storefront before the company invited it to the console;
 * - a recovery (`staff:add` again for a member who lost their phone) while someone else held the
 *   member's password or a session.
 */
import { generateTOTP } from "@epic-web/totp";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CUSTOMER_PASSWORD, customerText, ownAddress, prefixOf, signUpCustomer } from "./customer-accounts";
import { linkIn, mailTo } from "./outbox";
import { addStaff, adminText, signInAsNewStaff, STAFF_PASSWORD, uniqueStaffEmail, type StaffLang } from "./staff";

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  return context.newPage();
}

function useConsoleLanguage(page: Page, lang: StaffLang) {
  return page.context().addCookies([{ name: "rihla_admin_lang", value: lang, url: new URL("/admin", test.info().project.use.baseURL).toString() }]);
}

async function tryConsoleSignIn(page: Page, lang: StaffLang, email: string, password: string) {
  await useConsoleLanguage(page, lang);
  await page.goto("/admin/login");
  await page.getByLabel(adminText(lang, "fields.email")).fill(email);
  await page.getByLabel(adminText(lang, "fields.password")).fill(password);
  await page.getByRole("button", { name: adminText(lang, "login.submit") }).click();
}

/** The link's two pages: a new password, then an authenticator enrolled from the page's key. Returns the key. */
async function setUpFromLink(page: Page, lang: StaffLang, setupPath: string, password: string): Promise<string> {
  await useConsoleLanguage(page, lang);
  await page.goto(setupPath);
  await page.getByLabel(adminText(lang, "fields.newPassword")).fill(password);
  await page.getByLabel(adminText(lang, "fields.confirmPassword")).fill(password);
  await page.getByRole("button", { name: adminText(lang, "setup.submit") }).click();
  await expect(page).toHaveURL(/\/admin\/login\/verify$/);
  await expect(page.getByRole("heading", { name: adminText(lang, "verify.enrolHeading") })).toBeVisible();
  // In the language the member set up in, whatever the inviter's.
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  await page.getByLabel(adminText(lang, "fields.code")).fill((await generateTOTP({ secret })).otp);
  await page.getByRole("button", { name: adminText(lang, "verify.submit") }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return secret;
}

test("an address signed up on the storefront before its invitation gets nothing of the console, and the invitee gets in (Arabic)", async ({ page, browser }) => {
  // Three people and a dozen pages in one story.
  test.slow();
  const lang = "ar" as const;
  const email = uniqueStaffEmail("invite-target");

  // The attacker signs up with the address the company will invite, and stays signed in.
  const attacker = await newPage(browser);
  await ownAddress(attacker);
  await signUpCustomer(attacker, lang, email, "Not The Invitee");

  // An admin invites that address as admin.
  await signInAsNewStaff(page, "admin", lang, "inviting-admin");
  await page.goto("/admin/staff");
  const inviteForm = page.locator("form").filter({ has: page.getByRole("button", { name: adminText(lang, "staff.sendInvite") }) });
  await inviteForm.getByLabel(adminText(lang, "fields.email")).fill(email);
  await inviteForm.getByLabel(adminText(lang, "fields.name")).fill("Real Invitee");
  await inviteForm.getByLabel(adminText(lang, "fields.role")).selectOption("admin");
  await inviteForm.getByRole("button", { name: adminText(lang, "staff.sendInvite") }).click();
  await expect(page.getByText(adminText(lang, "staff.invited").replace("{{email}}", email))).toBeVisible();

  // The storefront password opens no console, and the attacker's storefront session has ended.
  await tryConsoleSignIn(attacker, lang, email, CUSTOMER_PASSWORD);
  await expect(attacker.getByText(adminText(lang, "errors.signInFailed"))).toBeVisible();
  expect((await attacker.goto("/admin/login/verify"))?.url()).toMatch(/\/admin\/login$/);
  expect((await attacker.goto("/admin"))?.status()).toBe(404);
  await attacker.goto(`${prefixOf(lang)}/invoices`);
  await attacker.getByRole("main").getByRole("link", { name: customerText(lang, "account.nav.login") }).click();
  // Nor does it sign in on the storefront any more.
  await attacker.getByLabel(customerText(lang, "account.fields.email")).fill(email);
  await attacker.getByLabel(customerText(lang, "account.fields.password")).fill(CUSTOMER_PASSWORD);
  await attacker.getByRole("button", { name: customerText(lang, "account.login.submit") }).click();
  await expect(attacker.getByText(customerText(lang, "account.errors.passwordIncorrect"))).toBeVisible();

  // The invitee's emailed link sets the password and enrols their own authenticator.
  const mail = await mailTo(email, /\/admin\/setup\//);
  const invitee = await newPage(browser);
  await setUpFromLink(invitee, lang, linkIn(mail.text, /https?:\/\/\S+\/admin\/setup\/\S+/), "the-invitees-own-2030");
  await expect(invitee.getByRole("heading", { level: 1, name: adminText(lang, "today.heading") })).toBeVisible();
  await expect(invitee.getByRole("link", { name: adminText(lang, "nav.staff") })).toBeVisible();

  // Still nothing for the attacker.
  await tryConsoleSignIn(attacker, lang, email, CUSTOMER_PASSWORD);
  await expect(attacker.getByText(adminText(lang, "errors.signInFailed"))).toBeVisible();
  await attacker.context().close();
  await invitee.context().close();
});

test("a recovery ends the member's sessions and old password, and only the new link enrols a new authenticator", async ({ page, browser }) => {
  test.slow();
  const lang = "en" as const;
  // The member's browser: signed in, as whoever held their password and session would be.
  const member = await signInAsNewStaff(page, "agent", lang, "recovered");

  // The operator recovers the member (lost phone) while the store runs.
  const setupPath = await addStaff(member.email, "agent", lang);

  // The old session is gone, and the old password starts nothing (no enrolment offered after it).
  expect((await page.goto("/admin"))?.status()).toBe(404);
  const holder = await newPage(browser);
  await holder.context().setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });
  await tryConsoleSignIn(holder, lang, member.email, STAFF_PASSWORD);
  await expect(holder.getByText(adminText(lang, "errors.signInFailed"))).toBeVisible();
  expect((await holder.goto("/admin/login/verify"))?.url()).toMatch(/\/admin\/login$/);
  await holder.context().close();

  // The member's new link: a new password and a new authenticator (a new key, not the lost one).
  const fresh = await newPage(browser);
  await fresh.context().setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });
  const newSecret = await setUpFromLink(fresh, lang, setupPath, "after-recovery-2030");
  expect(newSecret).not.toBe(member.secret);
  // The link is spent.
  await fresh.goto(setupPath);
  await expect(fresh.getByText(adminText(lang, "errors.linkInvalid"))).toBeVisible();
  await fresh.context().close();
});

test("a member whose password is right but who has no authenticator is sent to their link, not to an enrolment", async ({ page }) => {
  const email = uniqueStaffEmail("half-set-up");
  const setupPath = await addStaff(email, "agent", "en");
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });
  await page.goto(setupPath);
  await page.getByLabel(adminText("en", "fields.newPassword")).fill(STAFF_PASSWORD);
  await page.getByLabel(adminText("en", "fields.confirmPassword")).fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: adminText("en", "setup.submit") }).click();
  await expect(page).toHaveURL(/\/admin\/login\/verify$/);
  // They leave without enrolling and come back to the sign-in page.
  await page.context().clearCookies({ name: "rihla_staff" });
  await tryConsoleSignIn(page, "en", email, STAFF_PASSWORD);
  await expect(page.getByText(adminText("en", "errors.notEnrolled"))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  // The link still works until the enrolment spends it.
  await setUpFromLink(page, "en", setupPath, STAFF_PASSWORD);
});

test("a sign-in answers alike for an unknown address, a customer, an invited member and a member with a wrong password", async ({ page, request }) => {
  test.skip(test.info().project.name === "no-js", "HTTP answers only: one run is enough");
  // Four addresses of one length, so only what the server decides could tell them apart.
  const tag = Math.random().toString(36).slice(2, 8);
  const [unknown, customer, invited, member] = ["unkn", "cust", "invt", "memb"].map((kind) => `${kind}-${tag}@answers.example.com`);
  await ownAddress(page);
  await signUpCustomer(page, "en", customer!);
  await addStaff(invited!, "agent", "en");
  const staffPage = await newPage(page.context().browser()!);
  await setUpFromLink(staffPage, "en", await addStaff(member!, "agent", "en"), STAFF_PASSWORD);
  await staffPage.context().close();

  const origin = new URL(test.info().project.use.baseURL!).origin;
  for (const path of ["/admin/login", "/auth/login", "/ar/auth/login"]) {
    const answers = new Set<string>();
    for (const email of [unknown!, customer!, invited!, member!]) {
      const response = await request.post(path, {
        form: { email, password: "not-the-password-1" },
        headers: { Origin: origin, "X-Forwarded-For": `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
        maxRedirects: 0,
      });
      expect(response.status(), `${path} ${email}`).toBe(400);
      // The page echoes the typed address and carries a fresh nonce; everything else must be equal.
      answers.add((await response.text()).replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, ""));
    }
    expect(answers.size, path).toBe(1);
  }
});
