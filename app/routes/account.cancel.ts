import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cancelCustomerBooking } from "#app/commerce/cancellation.server";
import { safeRedirectTo } from "#app/lib/safe-redirect";
import { requireUser } from "#app/web/sign-in.server";
import { isLocaleCode } from "#app/lib/locales";
import { redirectWithToast } from "#app/web/toast.server";
import { invoicesPath, localized } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "private" } satisfies CacheHandle;

/** Nothing to see: the confirmation step is on the invoices page (?cancel=<item>). */
export function loader(_: LoaderFunctionArgs) {
  return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

/** POST /account/cancel/:itemId (lang, redirectTo) — the confirmed cancellation. */
export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const locale = isLocaleCode(lang) ? lang : "en";
  const user = await requireUser(app, request);
  const back = safeRedirectTo(form.get("redirectTo"), localized(locale, invoicesPath()));
  const outcome = await cancelCustomerBooking(app, { userId: user.id }, params.itemId ?? "");
  if (outcome.status === "not-found") return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const noStore = { headers: { "Cache-Control": "private, no-store" } };
  if (outcome.status === "not-allowed") return redirectWithToast(app, back, { type: "error", key: "account.toasts.cancelFailed" }, noStore);
  return redirectWithToast(app, back, { type: "success", key: "account.toasts.cancelled" }, noStore);
}
