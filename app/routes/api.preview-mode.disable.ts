import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { serializePreviewModeCookie } from "#app/content/preview-mode.server";
import { CACHE_PRIVATE } from "#app/lib/http";
import { safeRedirect } from "#app/lib/safe-redirect";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/**
 * Ends preview mode in this browser: the Presentation tool's `previewMode.disable` (GET) and the preview
 * bar's exit link (GET, so it works without JavaScript) or form (POST). Clearing a cookie needs no secret.
 */
async function disable(request: Request, app: LoaderFunctionArgs["context"]) {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  const cookie = await serializePreviewModeCookie(app.cookies.previewMode, false);
  return redirect(target, { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": CACHE_PRIVATE } });
}

export const loader = ({ request, context }: LoaderFunctionArgs) => disable(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => disable(request, context);
