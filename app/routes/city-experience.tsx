import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SimplePage } from "#app/components/simple-page";
import { pageHeaders } from "#app/lib/http";
import { findCityName, findExperienceTitle } from "#app/lib/listing-targets.server";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, simplePage, throwNotFound } from "#app/lib/page.server";
import { citySlugFromSegment, isSlug } from "#app/lib/slug";

export const headers = pageHeaders;
export const meta = pageMeta;

/** `/things-to-do-in-{city}/{productSlug}`; any other two-segment path that reaches here is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = getPageContext(request);
  const citySlug = citySlugFromSegment(params.segment);
  if (!citySlug || !isSlug(params.productSlug)) throwNotFound(request, "page");
  const [city, title] = await Promise.all([findCityName(citySlug, locale), findExperienceTitle(params.productSlug, locale)]);
  if (!city || !title) throwNotFound(request, "page");
  return simplePage(request, "experience", { values: { name: title } });
}

export default SimplePage;
export const ErrorBoundary = GeneralErrorBoundary;
