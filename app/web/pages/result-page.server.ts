/** The shared loader of the three result routes (thin wrappers in app/routes). */
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { localePrefix, stripLocalePrefix } from "#app/lib/locales";
import { readCartId } from "#app/web/cart-cookie.server";
import { CACHE_PRIVATE } from "#app/lib/http";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { loadOrderResult } from "#app/commerce/result.server";

export async function orderResultLoader(app: AppLoadContext, request: Request, pageKey: string) {
  const context = getPageContext(request);
  const lookup = { token: context.url.searchParams.get("order"), cartId: await readCartId(app.cookies.cart, request) };
  const { result, redirectTo } = await loadOrderResult(app, lookup, stripLocalePrefix(context.url.pathname), context.locale);
  if (redirectTo) throw redirect(`${localePrefix(context.locale)}${redirectTo}`, { status: 303, headers: { "Cache-Control": CACHE_PRIVATE } });
  const seo = result ? { ...pageSeo(context, pageKey), title: `${context.t(`booking.result.${result.screen}.title`)} | Rihla` } : pageSeo(context, pageKey);
  return json({ seo, result }, { headers: { "Cache-Control": CACHE_PRIVATE } });
}
