import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { adminLocaleSetCookie, isAdminLocale, isAdminPath } from "#app/lib/admin-locale";
import type { CacheHandle } from "#app/lib/cache-policy";
import { safeRedirect } from "#app/lib/safe-redirect";
import { setStaffLocale } from "#app/staff/staff.server";
import { ADMIN_NO_STORE, readStaff } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** Switches the console between English and Arabic (remembered per browser, and per member when signed in). */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  // Only a console path as a browser resolves it (`/admin/..//evil.example` is not one), never
  // another site, a protocol-relative URL or a value that cannot be a header.
  const back = safeRedirect(form.get("redirectTo"), "/admin");
  const to = isAdminPath(back.split(/[?#]/)[0] ?? "") ? back : "/admin";
  if (!isAdminLocale(locale)) return redirect(to, { headers: ADMIN_NO_STORE });
  const session = await readStaff(app, request);
  if (session?.stage === "FULL") await setStaffLocale(app.db, session.member.userId, locale);
  return redirect(to, { headers: { ...ADMIN_NO_STORE, "Set-Cookie": adminLocaleSetCookie(locale, app.env.SITE_URL.startsWith("https://")) } });
}

export function loader(_args: LoaderFunctionArgs) {
  return redirect("/admin", { headers: ADMIN_NO_STORE });
}
