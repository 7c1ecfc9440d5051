import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminNotFound, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;

/** Any other path under /admin: 404 (for staff too, once the layout let them in). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request);
  throw adminNotFound(request);
}

export default function AdminNotFound() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
