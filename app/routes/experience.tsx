import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SimplePage } from "#app/components/simple-page";
import { pageHeaders } from "#app/lib/http";
import { findExperienceTitle } from "#app/lib/listing-targets.server";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, simplePage, throwNotFound } from "#app/lib/page.server";
import { isSlug } from "#app/lib/slug";

export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = getPageContext(request);
  if (!isSlug(params.productSlug)) throwNotFound(request, "page");
  const title = await findExperienceTitle(params.productSlug, locale);
  if (!title) throwNotFound(request, "page");
  return simplePage(request, "experience", { values: { name: title } });
}

export default SimplePage;
export const ErrorBoundary = GeneralErrorBoundary;
