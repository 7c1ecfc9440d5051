import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderResultLoader } from "#app/web/pages/result-page.server";
import { OrderResultPage } from "#app/components/commerce/order-result";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { stripLocalePrefix } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

/** /checkout/success and /checkout/error, one module (see app/routes.ts); /checkout/on_hold has its own (it takes "Pay now"). */
export function loader({ request, context: app }: LoaderFunctionArgs) {
  const failed = stripLocalePrefix(new URL(request.url).pathname).startsWith("/checkout/error");
  return orderResultLoader(app, request, failed ? "checkoutError" : "checkoutSuccess");
}

export default OrderResultPage;
export const ErrorBoundary = GeneralErrorBoundary;
