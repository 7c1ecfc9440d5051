import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ReviewSchema } from "#app/account/review-schema";
import { submitReview } from "#app/account/reviews.server";
import { getUser } from "#app/web/session-cookie.server";
import { safeRedirectTo } from "#app/lib/safe-redirect";
import { isLocaleCode } from "#app/lib/locales";
import { redirectWithToast } from "#app/web/toast.server";
import { homePath, localized, loginPath as loginPagePath } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";

const noStore = { "Cache-Control": "private, no-store" };

export const handle = { cache: "private" } satisfies CacheHandle;

export function loader(_: LoaderFunctionArgs) {
  return new Response("Not found", { status: 404, headers: noStore });
}

/** Why the rule refused a review (app/account/review-access.ts), as the toast says it. */
const REFUSED_TOASTS = {
  "confirm-email": "account.reviews.refused.confirmEmail",
  "no-booking": "account.reviews.refused.noBooking",
  "after-trip": "account.reviews.refused.afterTrip",
} as const;

/**
 * POST /account/reviews (productSlug, rating 1–5, title, body, redirectTo, lang). With JavaScript
 * (a fetcher) errors come back as 400 + submission.reply(); without it the browser goes back to
 * `redirectTo` with a toast either way (303). Only an account with a confirmed email may review, and
 * only a trip it has taken (one review per booking); the detail page says why before anyone types.
 */
export async function action({ request, context: app }: ActionFunctionArgs) {
  const formData = await request.formData();
  const lang = formData.get("lang");
  const locale = isLocaleCode(lang) ? lang : "en";
  const back = safeRedirectTo(formData.get("redirectTo"), localized(locale, homePath()));
  const user = await getUser(app, request);
  if (!user) {
    return new Response(null, { status: 303, headers: { ...noStore, Location: localized(locale, loginPagePath({ redirectTo: back })) } });
  }
  const submission = parseWithZod(formData, { schema: ReviewSchema });
  // The form's fetcher (single fetch: a script's fetch, `Sec-Fetch-Dest: empty`) shows the errors in place;
  // the form posted without JavaScript (a navigation) gets them back on the page it came from.
  const wantsJson = request.headers.get("Accept")?.includes("application/json") || request.headers.get("Sec-Fetch-Dest") === "empty";
  if (submission.status !== "success") {
    if (wantsJson) return json(submission.reply(), { status: 400, headers: noStore });
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "account.errors.required";
    return redirectWithToast(app, `${back}#reviews`, { type: "error", key: first }, { headers: noStore });
  }
  const outcome = await submitReview(app, { user, productSlug: submission.value.productSlug, rating: submission.value.rating, title: submission.value.title, body: submission.value.body, locale });
  switch (outcome.status) {
    case "unknown-product":
      return new Response("Not found", { status: 404, headers: noStore });
    case "sign-in":
      return new Response(null, { status: 303, headers: { ...noStore, Location: localized(locale, loginPagePath({ redirectTo: back })) } });
    case "confirm-email":
    case "no-booking":
    case "after-trip":
      return redirectWithToast(app, `${back}#reviews`, { type: "error", key: REFUSED_TOASTS[outcome.status] }, { headers: noStore });
    case "rate-limited":
      return redirectWithToast(app, `${back}#reviews`, { type: "error", key: "account.errors.rateLimited" }, { status: 303, headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) } });
    case "already-reviewed":
      return redirectWithToast(app, `${back}#reviews`, { type: "info", key: "account.reviews.alreadyReviewed" }, { headers: noStore });
    case "published":
      return redirectWithToast(app, `${back}#reviews`, { type: "success", key: "account.toasts.reviewSaved" }, { headers: noStore });
  }
}
