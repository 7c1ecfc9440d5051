import { createCookie } from "@remix-run/node";
import { readEnv } from "#app/lib/env.server";
import { isLayoutId, type LayoutId } from "./layouts";

/** Listed in PERSONAL_COOKIES (app/lib/http.ts): a previewed page is never shared by a cache. */
export const LAYOUT_PREVIEW_COOKIE = "rihla_layout_preview";

/** Previews are for editors and tests: always on in development, in production only with LAYOUT_PREVIEW=1. */
export function isLayoutPreviewEnabled(): boolean {
  const env = readEnv();
  return env.LAYOUT_PREVIEW || env.NODE_ENV !== "production";
}

function previewCookie() {
  const env = readEnv();
  // Signed, so a visitor cannot hand-craft one; one day, because a preview is a working session.
  return createCookie(LAYOUT_PREVIEW_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.SITE_URL.startsWith("https://"),
    secrets: [env.SESSION_SECRET],
    maxAge: 60 * 60 * 24,
  });
}

/** The layout this browser previews, or null (no cookie, a bad signature, or previews switched off). */
export async function getPreviewLayout(request: Request): Promise<LayoutId | null> {
  if (!isLayoutPreviewEnabled()) return null;
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${LAYOUT_PREVIEW_COOKIE}=`)) return null;
  const value: unknown = await previewCookie().parse(header);
  return isLayoutId(value) ? value : null;
}

/** The Set-Cookie header that starts previewing a layout, or ends the preview when `layout` is null. */
export function serializePreviewCookie(layout: LayoutId | null): Promise<string> {
  return layout ? previewCookie().serialize(layout) : previewCookie().serialize("", { maxAge: 0 });
}
