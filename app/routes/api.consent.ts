import { randomUUID } from "node:crypto";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { recordConsent } from "#app/account/consent-records.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { ConsentFormSchema, consentSetCookie, readVisitorId, visitorSetCookie } from "#app/lib/consent.server";
import { safeRedirect } from "#app/lib/safe-redirect";
import { getUser } from "#app/web/session-cookie.server";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/**
 * The cookie banner's Accept and Reject, and the account page's give/withdraw (a plain POST, so it
 * works without JavaScript): stores the answer for a year, records it (consent_records, against this
 * browser's visitor id and the account when signed in) and shows the same page again. "reset" forgets
 * the answer and is recorded as a withdrawal.
 */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const parsed = ConsentFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Unknown choice", { status: 400 });
  const { consent, redirectTo, from } = parsed.data;
  const secure = app.env.SITE_URL.startsWith("https://");
  const cookieHeader = request.headers.get("Cookie");
  const known = readVisitorId(cookieHeader);
  const visitorId = known ?? randomUUID();
  const user = await getUser(app, request);
  await recordConsent(app.db, { visitorId, userId: user?.id ?? null }, { purpose: "analytics", granted: consent === "granted", method: from === "account" ? "account" : "cookie-banner" }, app.clock.now());
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", consentSetCookie(consent === "reset" ? null : consent, { secure }));
  if (!known) headers.append("Set-Cookie", visitorSetCookie(visitorId, { secure }));
  return redirect(safeRedirect(redirectTo, "/"), { status: 303, headers });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
