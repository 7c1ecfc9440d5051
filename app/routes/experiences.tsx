import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { loadListingPage } from "#app/web/pages/listing-page.server";
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

/** Every experience: /experiences (supplier storefront) and /things-to-do (default storefront); `?theme=` narrows it to one theme. */
export function loader({ request, context: app }: LoaderFunctionArgs) {
  return loadListingPage(app, request, { kind: "all" });
}

export default ListingView;
export const ErrorBoundary = GeneralErrorBoundary;
