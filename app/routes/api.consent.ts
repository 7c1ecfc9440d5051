import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ConsentFormSchema, consentSetCookie } from "#app/lib/consent.server";
import { safeRedirect } from "#app/lib/safe-redirect";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/** The cookie banner's Accept and Reject (a plain POST, so it works without JavaScript): stores the answer for a year and shows the same page again. */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const parsed = ConsentFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Unknown choice", { status: 400 });
  const { consent, redirectTo } = parsed.data;
  const cookie = consentSetCookie(consent === "reset" ? null : consent, { secure: app.env.SITE_URL.startsWith("https://") });
  return redirect(safeRedirect(redirectTo, "/"), { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
