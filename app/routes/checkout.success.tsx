import type { LoaderFunctionArgs } from "@remix-run/node";
import { orderResultLoader } from "#app/web/pages/result-page.server";
import { OrderResultPage } from "#app/components/commerce/order-result";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

export function loader({ request, context: app }: LoaderFunctionArgs) {
  return orderResultLoader(app, request, "checkoutSuccess");
}

export default OrderResultPage;
export const ErrorBoundary = GeneralErrorBoundary;
