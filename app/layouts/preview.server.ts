import type { Cookie } from "@remix-run/node";
import type { Env } from "#app/lib/env.server";
import { createSignedCookie } from "#app/lib/signed-cookie.server";
import { isLayoutId, type LayoutId } from "./layouts";

/** Listed in PERSONAL_COOKIES (app/lib/http.ts): a previewed page is never shared by a cache. */
export const LAYOUT_PREVIEW_COOKIE = "rihla_layout_preview";

/**
 * Previews are for editors and tests: always on in development, in production with LAYOUT_PREVIEW=1, and
 * for a browser in preview mode (an editor who came from the studio: its preview bar offers the layouts).
 */
export function isLayoutPreviewEnabled(env: Pick<Env, "LAYOUT_PREVIEW" | "NODE_ENV">, previewMode = false): boolean {
  return previewMode || env.LAYOUT_PREVIEW || env.NODE_ENV !== "production";
}

/** The signed preview cookie (made once, by the app context: it needs SESSION_SECRET). */
export function createPreviewCookie(env: Pick<Env, "SITE_URL" | "SESSION_SECRET">): Cookie {
  // Signed, so a visitor cannot hand-craft one; one day, because a preview is a working session.
  return createSignedCookie(LAYOUT_PREVIEW_COOKIE, env, 60 * 60 * 24);
}

export type PreviewDeps = { env: Pick<Env, "LAYOUT_PREVIEW" | "NODE_ENV">; cookies: { preview: Cookie }; previewMode?: boolean };

/** The layout this browser previews, or null (no cookie, a bad signature, or previews switched off). */
export async function getPreviewLayout(deps: PreviewDeps, request: Request): Promise<LayoutId | null> {
  if (!isLayoutPreviewEnabled(deps.env, deps.previewMode === true)) return null;
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${LAYOUT_PREVIEW_COOKIE}=`)) return null;
  const value: unknown = await deps.cookies.preview.parse(header);
  return isLayoutId(value) ? value : null;
}

/** The Set-Cookie header that starts previewing a layout, or ends the preview when `layout` is null. */
export function serializePreviewCookie(deps: PreviewDeps, layout: LayoutId | null): Promise<string> {
  return layout ? deps.cookies.preview.serialize(layout) : deps.cookies.preview.serialize("", { maxAge: 0 });
}
