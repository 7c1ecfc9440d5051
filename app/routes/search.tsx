import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { loadListingPage } from "#app/web/pages/listing-page.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ListingView, listingMeta } from "#app/components/listing/listing-view";
import { pageHeaders } from "#app/lib/http";
import { throwNotFound } from "#app/web/page.server";
import listingStyles from "#app/styles/listing.css?url";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const headers = pageHeaders;
export const meta = listingMeta;

/** Longest search text we look up; longer ones are not a search anyone typed. */
export const MAX_SEARCH_LENGTH = 100;

export function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const text = (params.searchText ?? "").trim();
  if (!text || text.length > MAX_SEARCH_LENGTH) throwNotFound(request, "page");
  return loadListingPage(app, request, { kind: "search", text });
}

export default ListingView;
export const ErrorBoundary = GeneralErrorBoundary;
