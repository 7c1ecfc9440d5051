import { expect, test as base } from "@playwright/test";
import { PAGE_ROUTES } from "../app/routes";

export const LOCALES = [
  { code: "en", prefix: "", dir: "ltr", name: "English" },
  { code: "ru", prefix: "/ru", dir: "ltr", name: "Русский" },
  { code: "zh", prefix: "/zh", dir: "ltr", name: "中文" },
  { code: "ar", prefix: "/ar", dir: "rtl", name: "العربية" },
] as const;

/**
 * A sample path for every page route in app/routes.ts, keyed by its path pattern below the locale
 * prefix. The routes suite fails on a route that is neither here nor in NON_PAGE_ROUTES, so a new
 * route cannot be left out of "every route".
 */
export const PAGE_SAMPLES: Record<string, readonly string[]> = {
  "": ["/"],
  ":segment": ["/desert-safari", "/things-to-do-in-dubai"],
  ":segment/:productSlug": ["/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment"],
  experiences: ["/experiences"],
  "experiences/:productSlug": ["/experiences/dubai-dinner-cruise-with-live-entertainment"],
  "things-to-do": ["/things-to-do"],
  about: ["/about"],
  "auth/login": ["/auth/login"],
  "auth/sign-up": ["/auth/sign-up"],
  "auth/forgot-password": ["/auth/forgot-password"],
  "auth/reset-password": ["/auth/reset-password"],
  "experiences/:productSlug/custom-offer": ["/experiences/calligraphy-class-in-alula/custom-offer"],
  blog: ["/blog"],
  "blog/:slug": ["/blog/best-time-to-visit-alula"],
  cart: ["/cart"],
  checkout: ["/checkout"],
  "checkout/success": ["/checkout/success"],
  "checkout/error": ["/checkout/error"],
  "checkout/on_hold": ["/checkout/on_hold"],
  "contact-us": ["/contact-us"],
  faq: ["/faq"],
  invoices: ["/invoices"],
  "privacy-policy": ["/privacy-policy"],
  search: ["/search"],
  "search/:searchText": ["/search/dubai"],
  "terms-and-conditions": ["/terms-and-conditions"],
  "privacy/request": ["/privacy/request"],
};

/**
 * Page routes that render no page of their own on GET: the path to try and the status it answers
 * (after redirects when `followRedirects`: unknown deep paths are rewritten to a city page first).
 */
export const NON_PAGE_ROUTES: Record<string, { path: string; status: number; followRedirects?: boolean }> = {
  "auth/logout": { path: "/auth/logout", status: 303 },
  // Opens only with a signed link (the review request's); without one, the page says the link is not valid.
  unsubscribe: { path: "/unsubscribe", status: 400 },
  // Opens only with an order's secret link (the reminder's); without one, the page says the link opens nothing.
  "manage-booking": { path: "/manage-booking", status: 404 },
  // Signed-in only: a visitor is sent to sign in first.
  "account/delete": { path: "/account/delete", status: 302 },
  // Opens only with a signed link (the one /privacy/request mails); without one, the page says the link is not valid.
  "privacy/my-data": { path: "/privacy/my-data", status: 400 },
  "*": { path: "/deep/unknown/path/here/x", status: 404, followRedirects: true },
};

/** The path patterns of app/routes.ts's page table, in its order. */
export const PAGE_ROUTE_PATTERNS: string[] = PAGE_ROUTES.map((route) => route[0]!);

/** Every page of the route table below the locale prefix, with a value for each parameter. */
export const PAGE_PATHS: string[] = PAGE_ROUTE_PATTERNS.flatMap((pattern) => PAGE_SAMPLES[pattern] ?? []);

export function localized(prefix: string, path: string): string {
  if (path === "/") return prefix || "/";
  return `${prefix}${path}`;
}

/** The cookie-banner answer for a context (playwright.config.ts starts every browser with "denied"). */
export function consentCookie(baseURL: string, value: "granted" | "denied") {
  return { name: "rihla_consent", value, url: baseURL, httpOnly: true, sameSite: "Lax" as const };
}

export const test = base;
export { expect };
