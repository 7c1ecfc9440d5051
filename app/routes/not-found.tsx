import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { throwNotFound } from "#app/web/page.server";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

/** The catch-all: no route matches, so the 404 screen says 'Page not found: {path}'. */
export function loader({ request }: LoaderFunctionArgs) {
  throwNotFound(request, "route");
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
export const action = loader;
