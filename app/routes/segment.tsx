import type { LinksFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ListingView, listingMeta } from "#app/components/listing/listing-view";
import { pageHeaders } from "#app/lib/http";
import listingStyles from "#app/styles/listing.css?url";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];
export const headers = pageHeaders;
export const meta = listingMeta;

export { segmentLoader as loader } from "#app/web/pages/segment.server";

export default ListingView;
export const ErrorBoundary = GeneralErrorBoundary;
