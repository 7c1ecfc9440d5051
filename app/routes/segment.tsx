import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SimplePage } from "#app/components/simple-page";
import { pageHeaders } from "#app/lib/http";
import { findCategoryName, findCityName } from "#app/lib/listing-targets.server";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, simplePage, throwNotFound } from "#app/lib/page.server";
import { CITY_SEGMENT_PREFIX, citySlugFromSegment, isSlug } from "#app/lib/slug";

export const headers = pageHeaders;
export const meta = pageMeta;

/** `/{categorySlug}` and `/things-to-do-in-{city}`: one dynamic segment serves both listings. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = getPageContext(request);
  const segment = params.segment ?? "";
  if (segment.startsWith(CITY_SEGMENT_PREFIX)) {
    const citySlug = citySlugFromSegment(segment);
    const name = citySlug ? await findCityName(citySlug, locale) : null;
    if (!name) throwNotFound(request, "page");
    return simplePage(request, "city", { values: { name } });
  }
  const name = isSlug(segment) ? await findCategoryName(segment, locale) : null;
  if (!name) throwNotFound(request, "route");
  return simplePage(request, "category", { values: { name } });
}

export default SimplePage;
export const ErrorBoundary = GeneralErrorBoundary;
