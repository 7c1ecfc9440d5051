import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadListingPage } from "#app/web/pages/listing-page.server";
import { throwNotFound } from "#app/web/page.server";
import { CITY_SEGMENT_PREFIX, citySlugFromSegment, isSlug } from "#app/lib/slug";

/**
 * The category and the city listing (categoryPath, cityPath): one dynamic segment serves both. Here
 * rather than in segment.tsx, so the server modules it uses stay out of the browser's bundle (see home.tsx).
 */
export function segmentLoader({ request, params, context: app }: LoaderFunctionArgs) {
  const segment = params.segment ?? "";
  if (segment.startsWith(CITY_SEGMENT_PREFIX)) {
    const citySlug = citySlugFromSegment(segment);
    if (!citySlug) throwNotFound(request, "page");
    return loadListingPage(app, request, { kind: "city", slug: citySlug });
  }
  if (!isSlug(segment)) throwNotFound(request, "route");
  return loadListingPage(app, request, { kind: "category", slug: segment });
}
