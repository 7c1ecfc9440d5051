import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SimplePage } from "#app/components/simple-page";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { simplePage } from "#app/lib/page.server";

export const headers = pageHeaders;
export const meta = pageMeta;

export function loader({ request }: LoaderFunctionArgs) {
  return simplePage(request, "checkout", { personal: true });
}

export default SimplePage;
export const ErrorBoundary = GeneralErrorBoundary;
