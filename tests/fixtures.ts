import { expect, test as base } from "@playwright/test";

export const LOCALES = [
  { code: "en", prefix: "", dir: "ltr", name: "English" },
  { code: "ru", prefix: "/ru", dir: "ltr", name: "Русский" },
  { code: "zh", prefix: "/zh", dir: "ltr", name: "中文" },
  { code: "ar", prefix: "/ar", dir: "rtl", name: "العربية" },
] as const;

/** Every page of the route table below the locale prefix, with a value for each parameter. */
export const PAGE_PATHS = [
  "/",
  "/desert-safari",
  "/things-to-do",
  "/experiences/dubai-dinner-cruise-with-live-entertainment",
  "/things-to-do-in-dubai",
  "/things-to-do-in-dubai/dubai-dinner-cruise-with-live-entertainment",
  "/about",
  "/auth/login",
  "/auth/sign-up",
  "/auth/forgot-password",
  "/auth/reset-password",
  "/blog",
  "/blog/best-time-to-visit-alula",
  "/cart",
  "/checkout",
  "/checkout/success",
  "/checkout/error",
  "/checkout/on_hold",
  "/contact-us",
  "/faq",
  "/invoices",
  "/privacy-policy",
  "/search/dubai",
  "/search",
  "/terms-and-conditions",
] as const;

export function localized(prefix: string, path: string): string {
  if (path === "/") return prefix || "/";
  return `${prefix}${path}`;
}

export const test = base;
export { expect };
