import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { StaticPageView } from "#app/components/static-page";
import { pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { loadStaticPage } from "#app/web/pages/content-pages.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  return json(await loadStaticPage(app, request, "privacy-policy"), { headers: { "Cache-Control": publicCacheControl(request) } });
}

export default function StaticPageRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <StaticPageView page={page} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
