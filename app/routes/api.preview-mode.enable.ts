import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { serializePreviewModeCookie, validatePreviewSecret } from "#app/content/preview-mode.server";
import { CACHE_PRIVATE } from "#app/lib/http";
import { safeRedirect } from "#app/lib/safe-redirect";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/**
 * The Presentation tool's `previewMode.enable` URL: `?sanity-preview-secret=…&sanity-preview-pathname=…`.
 * A valid, fresh secret (checked against the store by @sanity/preview-url-secret) sets the signed
 * preview-mode cookie and sends the browser to the page; anything else is a 401 and sets nothing.
 */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const result = await validatePreviewSecret(app.content.store, request.url);
  if (!result.isValid) {
    return new Response("Invalid or expired preview secret", { status: 401, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_PRIVATE } });
  }
  const cookie = await serializePreviewModeCookie(app.cookies.previewMode, true);
  return redirect(safeRedirect(result.redirectTo, "/"), { status: 307, headers: { "Set-Cookie": cookie, "Cache-Control": CACHE_PRIVATE } });
}
