import { createCookie } from "@remix-run/node";
import { isCurrencyCode, type CurrencyCode } from "./money";

/**
 * The visitor's chosen display currency. Empty until they choose one, so the storefront's default
 * currency (site settings) applies; the cookie makes pages personal (see app/lib/http.ts).
 */
export const currencyCookie = createCookie("rihla_currency", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
  secure: (process.env.SITE_URL ?? "").startsWith("https://"),
});

export async function getDisplayCurrency(request: Request, defaultCurrency: string): Promise<CurrencyCode> {
  const chosen: unknown = await currencyCookie.parse(request.headers.get("Cookie"));
  if (isCurrencyCode(chosen)) return chosen;
  return isCurrencyCode(defaultCurrency) ? defaultCurrency : "SAR";
}
