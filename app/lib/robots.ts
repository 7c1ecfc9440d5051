import { LOCALE_CODES } from "#app/lib/locales";
import { localized } from "./paths";

/** Personal and working pages: a visitor's cart, checkout, bookings, account and sign-in, the API and the console. */
const PRIVATE_PATHS = ["/cart", "/checkout", "/invoices", "/account/", "/auth/"];
const UNLOCALIZED_PRIVATE_PATHS = ["/api/", "/admin", "/tickets/"];

/** robots.txt: personal pages stay out of search engines in every language; the sitemap index is named in full. */
export function robotsTxt(siteUrl: string): string {
  const disallowed = [...new Set([...LOCALE_CODES.flatMap((code) => PRIVATE_PATHS.map((path) => localized(code, path))), ...UNLOCALIZED_PRIVATE_PATHS])];
  return ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${siteUrl.replace(/\/$/, "")}/sitemap.xml`, ""].join("\n");
}
