import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { loadExperiencePage } from "#app/web/pages/detail-page.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ExperiencePage, experienceMeta } from "#app/components/experience/experience-page";
import { pageHeaders } from "#app/lib/http";
import { citySlugFromSegment } from "#app/lib/slug";
import experienceStyles from "#app/styles/experience.css?url";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: experienceStyles }];
export const headers = pageHeaders;
export const meta = experienceMeta;

/**
 * The city detail path (cityExperiencePath): the product must belong to that city (else 404); canonical
 * on a default storefront, otherwise a 301 to the supplier path (experiencePath). Any other two-segment path is a 404.
 */
export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  return loadExperiencePage(app, request, { kind: "city", citySlug: citySlugFromSegment(params.segment), productSlug: params.productSlug });
}

export default ExperiencePage;
export const ErrorBoundary = GeneralErrorBoundary;
