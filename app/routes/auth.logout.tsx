import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { signOutAndRedirect } from "#app/web/sign-in.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { localeFromPath, localePrefix } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;

/** Signing out is a POST (a form button); a GET changes nothing and goes home. */
export function loader({ request, context: app }: LoaderFunctionArgs) {
  const prefix = localePrefix(localeFromPath(new URL(request.url).pathname));
  return new Response(null, { status: 303, headers: { Location: prefix || "/", "Cache-Control": "private, no-store" } });
}

export function action({ request, context: app }: ActionFunctionArgs) {
  return signOutAndRedirect(app, request, { type: "success", key: "account.toasts.loggedOut" });
}

export default function Logout() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
