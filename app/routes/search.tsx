import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SimplePage } from "#app/components/simple-page";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { simplePage, throwNotFound } from "#app/lib/page.server";

export const headers = pageHeaders;
export const meta = pageMeta;

export const MAX_SEARCH_LENGTH = 100;

export function loader({ request, params }: LoaderFunctionArgs) {
  const query = (params.searchText ?? "").trim();
  if (!query || query.length > MAX_SEARCH_LENGTH) throwNotFound(request, "page");
  return simplePage(request, "search", { values: { query } });
}

export default SimplePage;
export const ErrorBoundary = GeneralErrorBoundary;
