import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { acceptOffer, declineOffer } from "#app/commerce/offers.server";
import { isLocaleCode } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";
import { invoicesPath, localized } from "#app/lib/paths";
import { redirectWithToast } from "#app/web/toast.server";
import { requireUser } from "#app/web/sign-in.server";

export const handle = { cache: "private" } satisfies CacheHandle;

const NO_STORE = { "Cache-Control": "private, no-store" };

/** Nothing to see: offers are shown on the invoices page. */
export function loader(_: LoaderFunctionArgs) {
  return new Response("Not found", { status: 404, headers: NO_STORE });
}

/**
 * POST /account/offers/:reference (intent accept|decline, option, lang) — the signed-in customer answers
 * a quote. Accepting holds the seats and goes on to the hosted payment page for the quoted price.
 */
export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const locale = isLocaleCode(lang) ? lang : "en";
  const user = await requireUser(app, request);
  const back = localized(locale, invoicesPath());
  const reference = (params.reference ?? "").slice(0, 40);
  const customer = { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name };
  if (form.get("intent") === "decline") {
    const declined = await declineOffer(app, { reference, user: customer });
    if (!declined.ok && declined.reason === "NOT_FOUND") return new Response("Not found", { status: 404, headers: NO_STORE });
    return redirectWithToast(app, back, declined.ok ? { type: "success", key: "account.offers.toasts.declined" } : { type: "error", key: "account.offers.toasts.NOT_OPEN" }, { headers: NO_STORE });
  }
  const option = Number.parseInt(String(form.get("option") ?? ""), 10);
  const accepted = await acceptOffer(app, { reference, option: Number.isInteger(option) ? option : -1, user: customer, locale });
  if (accepted.ok) return redirect(localized(locale, accepted.redirectTo), { status: 303, headers: NO_STORE });
  if (accepted.reason === "NOT_FOUND") return new Response("Not found", { status: 404, headers: NO_STORE });
  return redirectWithToast(app, back, { type: "error", key: `account.offers.toasts.${accepted.reason}` }, { headers: NO_STORE });
}
