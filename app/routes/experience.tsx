import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { loadExperiencePage } from "#app/web/pages/detail-page.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ExperiencePage, experienceMeta } from "#app/components/experience/experience-page";
import { pageHeaders } from "#app/lib/http";
import experienceStyles from "#app/styles/experience.css?url";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: experienceStyles }];
export const headers = pageHeaders;
export const meta = experienceMeta;

/** `/experiences/{productSlug}`: canonical on a supplier storefront, otherwise a 301 to the city path. */
export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  return loadExperiencePage(app, request, { kind: "experience", productSlug: params.productSlug });
}

export default ExperiencePage;
export const ErrorBoundary = GeneralErrorBoundary;
