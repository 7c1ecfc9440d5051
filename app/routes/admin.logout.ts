import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { CacheHandle } from "#app/lib/cache-policy";
import { readStaffSessionId } from "#app/web/staff-cookie.server";
import { endStaffSession } from "#app/staff/staff.server";
import { ADMIN_NO_STORE } from "#app/web/admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** Signing out is a POST (a link prefetched or opened by a scanner must not end a session). */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const sessionId = await readStaffSessionId(app.cookies.staff, request.headers.get("Cookie"));
  if (sessionId) await endStaffSession(app.db, sessionId);
  return redirect("/admin/login", { headers: { ...ADMIN_NO_STORE, "Set-Cookie": await app.cookies.staff.serialize("", { maxAge: 0, expires: new Date(0) }) } });
}

export function loader(_args: LoaderFunctionArgs) {
  return redirect("/admin/login", { headers: ADMIN_NO_STORE });
}
