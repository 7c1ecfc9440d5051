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
  "/desert-safaris",
  "/things-to-do",
  "/experiences/desert-safari",
  "/things-to-do-in-dubai",
  "/things-to-do-in-dubai/desert-safari",
  "/about",
  "/auth/login",
  "/auth/sign-up",
  "/auth/forgot-password",
  "/auth/reset-password",
  "/blog",
  "/blog/first-time-in-alula",
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
