import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { findOrderByToken } from "#app/commerce/orders.server";
import { openPaymentLink } from "#app/commerce/pay-later.server";
import { CACHE_PRIVATE } from "#app/lib/http";
import { getPageContext } from "#app/web/page.server";
import { checkoutResultPath, localized } from "#app/lib/paths";
import { redirectWithToast } from "#app/web/toast.server";
import { orderResultLoader } from "#app/web/pages/result-page.server";
import { OrderResultPage } from "#app/components/commerce/order-result";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

export function loader({ request, context: app }: LoaderFunctionArgs) {
  return orderResultLoader(app, request, "checkoutOnHold");
}

/** "Pay now" on a pay-later order (its token is the key): opens the hosted payment page for what is due. */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale, url } = getPageContext(request);
  const form = await request.formData();
  const token = url.searchParams.get("order") ?? "";
  const order = form.get("intent") === "pay-now" ? await findOrderByToken(app.db, token) : null;
  if (!order) return new Response("Not found", { status: 404, headers: { "Cache-Control": CACHE_PRIVATE } });
  const opened = await openPaymentLink(app, order.id);
  if (opened.ok) return redirect(opened.url, { status: 303, headers: { "Cache-Control": CACHE_PRIVATE } });
  return redirectWithToast(app, localized(locale, checkoutResultPath("on_hold", { order: order.accessToken })), { type: "error", key: "booking.result.payLater.payNowFailed" });
}

export default OrderResultPage;
export const ErrorBoundary = GeneralErrorBoundary;
