import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { LAYOUT_IDS } from "#app/layouts/layouts";
import { isLayoutPreviewEnabled, serializePreviewCookie } from "#app/layouts/preview.server";
import { safeRedirect } from "#app/lib/safe-redirect";
import type { CacheHandle } from "#app/lib/cache-policy";

const PreviewLayoutSchema = z.object({
  // An empty value ends the preview.
  layout: z.enum(LAYOUT_IDS).or(z.literal("")),
  redirectTo: z.string().max(2048).optional(),
});

export const handle = { cache: "private" } satisfies CacheHandle;

/**
 * Previews a layout in this browser only: a signed cookie the root loader honours. Not a query
 * parameter, so shared caches never see a previewed page (the cookie makes every page private).
 * Answers 404 in production unless LAYOUT_PREVIEW=1 or the browser is in preview mode (the preview bar's layout switch).
 */
export async function action({ request, context: app }: ActionFunctionArgs) {
  if (!isLayoutPreviewEnabled(app.env, app.previewMode === true)) return new Response("Not Found", { status: 404 });
  const parsed = PreviewLayoutSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Unknown layout", { status: 400 });
  const target = safeRedirect(parsed.data.redirectTo, "/");
  const cookie = await serializePreviewCookie(app, parsed.data.layout || null);
  return redirect(target, { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "private, no-store" } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
