/**
 * Staff helpers for the console suites: a staff member is added the way an operator does it (the
 * `staff:add` command, which reaches the running test server over its local operator channel), then
 * signs in through the real pages: set-password link, password, TOTP enrolment from the page's secret.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { generateTOTP } from "@epic-web/totp";
import { expect, type Page } from "@playwright/test";
import type { StaffRole } from "#app/staff/roles";
import { at, texts } from "./texts";

const run = promisify(execFile);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";
export const STAFF_PASSWORD = "falcon-dune-2030";

const ADMIN_TEXTS = { en: texts("en", "admin"), ar: texts("ar", "admin") };
export type StaffLang = keyof typeof ADMIN_TEXTS;

/** A console text (`admin.…`) in English or Arabic, as the tests read the page. */
export function adminText(lang: StaffLang, key: string): string {
  return at(ADMIN_TEXTS[lang], `admin.${key}`);
}

export const uniqueStaffEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@staff.example.com`;

/** Runs `npm run staff:add` (through tsx directly) against the suite's server; returns the one-time link's path. */
export async function addStaff(email: string, role: StaffRole, locale: StaffLang = "en"): Promise<string> {
  const { stdout } = await run("node_modules/.bin/tsx", ["scripts/staff-add.ts", "--email", email, "--role", role, "--locale", locale, "--name", `Test ${role}`], {
    env: { ...process.env, DATA_DIR, NODE_ENV: "production" },
  });
  const link = /https?:\/\/\S+\/admin\/setup\/\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`staff:add printed no link:\n${stdout}`);
  return new URL(link).pathname;
}

/** Runs `npm run octo:key` (through tsx directly) against the suite's server: a new reseller named `reseller` and its Bearer key. */
export async function issueOctoKey(reseller: string): Promise<string> {
  const { stdout } = await run("node_modules/.bin/tsx", ["scripts/octo-key.ts", "--reseller", reseller], { env: { ...process.env, DATA_DIR, NODE_ENV: "production" } });
  const key = /^(rihla_octo_\S+)$/m.exec(stdout)?.[1];
  if (!key) throw new Error(`octo:key printed no key:\n${stdout}`);
  return key;
}

export type SignedInStaff = { email: string; secret: string };

/** Adds a member, sets their password from the link and enrols a fresh TOTP; the page ends on Today. */
export async function signInAsNewStaff(page: Page, role: StaffRole, lang: StaffLang = "en", tag: string = role): Promise<SignedInStaff> {
  const email = uniqueStaffEmail(tag);
  const setupPath = await addStaff(email, role, lang);
  // Each sign-in from its own address (the suite's server trusts one proxy hop), so rate limits never couple tests.
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });
  // The console's language is a cookie: set it the way the switch does, before the first page.
  await page.context().addCookies([{ name: "rihla_admin_lang", value: lang, url: `${baseUrl()}/admin` }]);
  await page.goto(setupPath);
  await page.getByLabel(adminText(lang, "fields.newPassword")).fill(STAFF_PASSWORD);
  await page.getByLabel(adminText(lang, "fields.confirmPassword")).fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: adminText(lang, "setup.submit") }).click();
  // The link's second page: enrol an authenticator (only a link leads here, never a password alone).
  await expect(page).toHaveURL(/\/admin\/login\/verify$/);
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  await page.getByLabel(adminText(lang, "fields.code")).fill((await generateTOTP({ secret })).otp);
  await page.getByRole("button", { name: adminText(lang, "verify.submit") }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return { email, secret };
}

function baseUrl(): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
}
