import { createPreferenceCookie } from "./preference-cookie.server";
import { isCurrencyCode, type CurrencyCode } from "./money";

/**
 * The visitor's chosen display currency. Empty until they choose one, so the storefront's default
 * currency (site settings) applies; the cookie makes pages personal (see app/lib/http.ts).
 */
export const currencyCookie = createPreferenceCookie("rihla_currency");

export async function getDisplayCurrency(request: Request, defaultCurrency: string): Promise<CurrencyCode> {
  const chosen: unknown = await currencyCookie.parse(request.headers.get("Cookie"));
  if (isCurrencyCode(chosen)) return chosen;
  return isCurrencyCode(defaultCurrency) ? defaultCurrency : "SAR";
}
