import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { loadListingPage } from "./listing-page.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ListingView, listingMeta } from "#app/components/listing/listing-view";
import { pageHeaders } from "#app/lib/http";
import { throwNotFound } from "#app/lib/page.server";
import { CITY_SEGMENT_PREFIX, citySlugFromSegment, isSlug } from "#app/lib/slug";
import listingStyles from "#app/styles/listing.css";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const headers = pageHeaders;
export const meta = listingMeta;

/** The category and the city listing (categoryPath, cityPath): one dynamic segment serves both. */
export function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const segment = params.segment ?? "";
  if (segment.startsWith(CITY_SEGMENT_PREFIX)) {
    const citySlug = citySlugFromSegment(segment);
    if (!citySlug) throwNotFound(request, "page");
    return loadListingPage(app, request, { kind: "city", slug: citySlug });
  }
  if (!isSlug(segment)) throwNotFound(request, "route");
  return loadListingPage(app, request, { kind: "category", slug: segment });
}

export default ListingView;
export const ErrorBoundary = GeneralErrorBoundary;
