/** The root route's loader (root.tsx re-exports it): the site, the visitor and the page's shared data. */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { accountSummary } from "#app/auth/account-summary.server";
import { getLayout } from "#app/layouts/layouts";
import { getPreviewLayout } from "#app/layouts/preview.server";
import { adminLocaleFromCookieHeader, isAdminPath } from "#app/lib/admin-locale";
import { readConsent } from "#app/lib/consent.server";
import { getDisplayCurrency } from "#app/lib/currency.server";
import { getPublicEnv } from "#app/lib/env.server";
import { BASE_CURRENCY } from "#app/lib/money";
import { getPageContext } from "#app/web/page.server";
import { resolveRedirect } from "#app/lib/redirects";
import { getUser } from "#app/web/session-cookie.server";
import { getRedirectRules, getSiteConfig } from "#app/web/site.server";
import { getToast, translateToast } from "#app/web/toast.server";

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const { url, locale, t } = getPageContext(request);
  // The staff console is its own document (no storefront chrome), in its own language.
  const adminLocale = isAdminPath(url.pathname) ? adminLocaleFromCookieHeader(request.headers.get("Cookie")) : null;
  const site = await getSiteConfig(app, locale);
  // The global redirect and rewrite rules run before any page renders.
  // Editors' redirect rules shape the storefront; the console's paths are never theirs to move.
  const target = adminLocale ? null : resolveRedirect(url.pathname + url.search, site.storefrontType, await getRedirectRules(app));
  if (target) throw redirect(target.redirect, { status: target.status });
  const env = app.env;
  // The console renders none of the visitor's storefront state, so it neither looks up their account
  // nor consumes a flash message meant for their next storefront page.
  const visitor = adminLocale === null;
  // A flash message from the previous request (redirect-after-post); reading it clears the cookie.
  const flash = visitor ? await getToast(app, request) : { toast: null, headers: null };
  const [currency, user] = visitor ? await Promise.all([getDisplayCurrency(request, site.defaultCurrency), getUser(app, request).then(accountSummary)]) : ([BASE_CURRENCY, null] as const);
  // A previewing browser (signed cookie, which makes the page private) sees its layout; everyone else the configured one.
  // The page's layout record itself: the browser never needs the table of every layout.
  const previewLayout = visitor ? await getPreviewLayout(app, request) : null;
  const layout = getLayout(previewLayout ?? site.layoutType);
  return json({
    adminLocale,
    currency,
    user,
    layout,
    locale,
    site,
    // The cookie banner's answer: the tag manager loads only after "granted" (app/lib/consent.server.ts).
    consent: readConsent(request.headers.get("Cookie")),
    siteUrl: env.SITE_URL,
    errorTitles: { notFound: t("pages.notFound.title"), error: t("pages.error.title") },
    ENV: getPublicEnv(env),
    toast: flash.toast ? translateToast(flash.toast, t) : null,
    // Drafts are showing (app/content/preview-mode.server.ts): the page says so and offers the exit.
    previewMode: visitor && app.previewMode === true,
    // The layout a previewing editor chose in the preview bar, or null for the one the site settings say.
    previewLayout: visitor && app.previewMode === true ? previewLayout : null,
  }, flash.headers ? { headers: flash.headers } : undefined);
}

