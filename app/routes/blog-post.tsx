import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SimplePage } from "#app/components/simple-page";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { simplePage, throwNotFound } from "#app/lib/page.server";
import { isSlug } from "#app/lib/slug";

export const headers = pageHeaders;
export const meta = pageMeta;

export function loader({ request, params }: LoaderFunctionArgs) {
  if (!isSlug(params.slug)) throwNotFound(request, "page");
  return simplePage(request, "blogPost", { values: { name: params.slug.replace(/-/g, " ") } });
}

export default SimplePage;
export const ErrorBoundary = GeneralErrorBoundary;
