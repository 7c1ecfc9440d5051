import { index, route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";

/** [path, module (below app/), id or name]. */
type RouteRow = readonly [path: string, file: string, id: string];

/**
 * Rihla's route table: ONE list of pages, defined once per locale prefix.
 *
 * English has no prefix; Russian, Chinese and Arabic live under /ru, /zh and /ar. Each page module
 * serves all four locales under distinct route ids (`en/faq`, `ar/faq`, …), and the locale is read
 * from the matched route id (see app/lib/locales.ts). We do not use an optional `($lang)` segment: it
 * matches eagerly and would swallow `/{categorySlug}`. Static prefixes outrank dynamic segments, so
 * `/ru` is the Russian home and `/desert-safari` reaches `:segment`.
 */

/** The locales the storefront offers, with their URL prefix ("" for the default, English). */
export const LOCALE_PREFIXES: ReadonlyArray<readonly [locale: string, prefix: string]> = [
  ["en", ""],
  ["ru", "ru"],
  ["zh", "zh"],
  ["ar", "ar"],
];

/**
 * Localized pages: [path below the locale prefix, module, name]. The name (with the locale) is the
 * route id, so keep names stable: tests and the locale lookup rely on them.
 */
export const PAGE_ROUTES: RouteRow[] = [
  ["", "routes/home.tsx", "home"],
  [":segment", "routes/segment.tsx", "segment"],
  [":segment/:productSlug", "routes/city-experience.tsx", "city-experience"],
  ["experiences", "routes/experiences.tsx", "experiences"],
  ["experiences/:productSlug", "routes/experience.tsx", "experience"],
  // The same listing of every experience under the default storefront's name for it.
  ["things-to-do", "routes/experiences.tsx", "things-to-do"],
  ["about", "routes/static-page.tsx", "about"],
  ["auth/login", "routes/auth.login.tsx", "auth-login"],
  ["auth/sign-up", "routes/auth.sign-up.tsx", "auth-sign-up"],
  ["auth/forgot-password", "routes/auth.forgot-password.tsx", "auth-forgot-password"],
  ["auth/reset-password", "routes/auth.reset-password.tsx", "auth-reset-password"],
  ["auth/logout", "routes/auth.logout.tsx", "auth-logout"],
  ["experiences/:productSlug/custom-offer", "routes/custom-offer.tsx", "custom-offer"],
  ["blog", "routes/blog.tsx", "blog"],
  ["blog/:slug", "routes/blog-post.tsx", "blog-post"],
  ["cart", "routes/cart.tsx", "cart"],
  ["checkout", "routes/checkout.tsx", "checkout"],
  ["checkout/success", "routes/checkout.result.tsx", "checkout-success"],
  ["checkout/error", "routes/checkout.result.tsx", "checkout-error"],
  ["checkout/on_hold", "routes/checkout.on-hold.tsx", "checkout-on-hold"],
  ["contact-us", "routes/contact-us.tsx", "contact-us"],
  ["faq", "routes/faq.tsx", "faq"],
  ["invoices", "routes/invoices.tsx", "invoices"],
  ["privacy-policy", "routes/static-page.tsx", "privacy-policy"],
  ["search", "routes/search-form.tsx", "search-form"],
  ["search/:searchText", "routes/search.tsx", "search"],
  ["terms-and-conditions", "routes/static-page.tsx", "terms-and-conditions"],
  ["unsubscribe", "routes/unsubscribe.tsx", "unsubscribe"],
  ["manage-booking", "routes/manage-booking.tsx", "manage-booking"],
  ["account/delete", "routes/account-delete.tsx", "account-delete"],
  ["privacy/request", "routes/privacy-request.tsx", "privacy-request"],
  ["privacy/my-data", "routes/privacy-data.tsx", "privacy-data"],
  ["*", "routes/not-found.tsx", "not-found"],
];

/** Locale-independent resource routes (no UI): [path, module, id]. */
export const RESOURCE_ROUTES: RouteRow[] = [
  ["api/locale", "routes/api.locale.ts", "api-locale"],
  ["api/availability", "routes/api.availability.ts", "api-availability"],
  ["api/currency", "routes/api.currency.ts", "api-currency"],
  ["api/consent", "routes/api.consent.ts", "api-consent"],
  ["api/preview-layout", "routes/api.preview-layout.ts", "api-preview-layout"],
  ["api/preview-mode/enable", "routes/api.preview-mode.enable.ts", "api-preview-mode-enable"],
  ["api/preview-mode/disable", "routes/api.preview-mode.disable.ts", "api-preview-mode-disable"],
  ["api/suggest", "routes/api.suggest.ts", "api-suggest"],
  ["api/path-status", "routes/api.path-status.ts", "api-path-status"],
  ["sitemap.xml", "routes/sitemap-index.ts", "sitemap-index"],
  ["robots.txt", "routes/robots.ts", "robots"],
  ["sitemaps/:locale.xml", "routes/sitemap.ts", "sitemap"],
  ["healthz", "routes/healthz.ts", "healthz"],
  ["readyz", "routes/readyz.ts", "readyz"],
  ["api/cms/webhook", "routes/api.cms.webhook.ts", "api-cms-webhook"],
  ["api/cms/product-page/:productId", "routes/api.cms.product-page.ts", "api-cms-product-page"],
  ["cms-assets/*", "routes/cms-asset.ts", "cms-asset"],
  ["builds/latest.json", "routes/builds.latest.ts", "builds-latest"],
  ["builds/meta/:file", "routes/builds.meta.ts", "builds-meta"],
  ["dev/outbox", "routes/dev.outbox.ts", "dev-outbox"],
  ["pay/sandbox/:sessionId", "routes/pay.sandbox.ts", "pay-sandbox"],
  ["api/payments/webhook/:gateway", "routes/api.payments.webhook.ts", "api-payments-webhook"],
  ["account/tickets/:itemId", "routes/account.tickets.ts", "account-ticket"],
  ["tickets/:file", "routes/ticket-pdf.ts", "ticket-pdf"],
  ["account/invoices/:orderId", "routes/account.invoices.ts", "account-invoice"],
  ["account/cancel/:itemId", "routes/account.cancel.ts", "account-cancel"],
  ["account/offers/:reference", "routes/account.offers.ts", "account-offers"],
  ["account/reviews", "routes/account.reviews.ts", "account-reviews"],
  ["account/data.json", "routes/account.data.ts", "account-data"],
  ["account/data.pdf", "routes/account.data-pdf.ts", "account-data-pdf"],
  ["privacy/my-data.json", "routes/privacy.data-json.ts", "privacy-data-json"],
  ["octo/v1/*", "routes/octo.ts", "octo"],
];

/**
 * The staff console (not localized by prefix: its language is the staff member's choice, a cookie).
 * ADMIN_ROUTES stand alone (signing in, the set-password link, the language switch); ADMIN_CONSOLE_ROUTES
 * are children of routes/admin.tsx, whose loader answers 404 to anyone who is not signed-in staff.
 */
export const ADMIN_ROUTES: RouteRow[] = [
  ["admin/login", "routes/admin.login.tsx", "admin-login"],
  ["admin/login/verify", "routes/admin.login.verify.tsx", "admin-login-verify"],
  ["admin/setup/:token", "routes/admin.setup.tsx", "admin-setup"],
  ["admin/logout", "routes/admin.logout.ts", "admin-logout"],
  ["admin/language", "routes/admin.language.ts", "admin-language"],
];
export const ADMIN_CONSOLE_ROUTES: RouteRow[] = [
  ["", "routes/admin._index.tsx", "admin-today"],
  ["dashboard", "routes/admin.dashboard.tsx", "admin-dashboard"],
  ["dashboard.csv", "routes/admin.dashboard.export.ts", "admin-dashboard-export"],
  ["orders", "routes/admin.orders.tsx", "admin-orders"],
  ["orders/export.csv", "routes/admin.orders.export.ts", "admin-orders-export"],
  ["orders/:reference", "routes/admin.order.tsx", "admin-order"],
  ["orders/:reference/messages/:messageId/resend", "routes/admin.order.resend.ts", "admin-order-resend"],
  ["manifest", "routes/admin.manifest.tsx", "admin-manifest"],
  ["manifest.csv", "routes/admin.manifest.export.ts", "admin-manifest-export"],
  ["check-in", "routes/admin.check-in.tsx", "admin-check-in"],
  ["check-in/:code", "routes/admin.check-in.tsx", "admin-check-in-code"],
  ["orders/:reference/pay-later", "routes/admin.order.pay-later.ts", "admin-order-pay-later"],
  ["offers", "routes/admin.offers.tsx", "admin-offers"],
  ["offers/:reference", "routes/admin.offer.tsx", "admin-offer"],
  ["products", "routes/admin.products.tsx", "admin-products"],
  ["products/new", "routes/admin.products.new.tsx", "admin-products-new"],
  ["products/import", "routes/admin.products.import.tsx", "admin-products-import"],
  ["products/export.csv", "routes/admin.products.export.ts", "admin-products-export"],
  ["products/:id", "routes/admin.product.tsx", "admin-product"],
  ["staff", "routes/admin.staff.tsx", "admin-staff"],
  ["audit", "routes/admin.audit.tsx", "admin-audit"],
  ["data-requests", "routes/admin.data-requests.tsx", "admin-data-requests"],
  ["invoicing", "routes/admin.invoicing.tsx", "admin-invoicing"],
  ["products/:productId/schedule", "routes/admin.product-schedule.tsx", "admin-product-schedule"],
  ["availability", "routes/admin.availability.tsx", "admin-availability"],
  ["resources", "routes/admin.resources.tsx", "admin-resources"],
  ["resources/:resourceId/day", "routes/admin.resource-day.tsx", "admin-resource-day"],
  ["*", "routes/admin.not-found.tsx", "admin-not-found"],
];

/**
 * Routes that exist only in the build the end-to-end suite runs (`npm test` builds with
 * RIHLA_TEST_ROUTES=1): a production build (`npm run build`, `npm start`) does not contain them at all.
 */
export const TEST_ONLY_ROUTES: RouteRow[] = [["api/test/commerce", "routes/api.test.commerce.ts", "api-test-commerce"]];


/** Built into the end-to-end suite's build only (scripts/test.js builds with RIHLA_TEST_ROUTES=1). */
const withTestRoutes = process.env.RIHLA_TEST_ROUTES === "1";

/** A row as a route: the empty path is an index route. */
function routeOf([path, file, id]: RouteRow): RouteConfigEntry {
  return path === "" ? index(file, { id }) : route(path, file, { id });
}

/**
 * Read by Remix's Vite plugin (future.v3_routeConfig) when it builds, and again when this file changes
 * under `npm run dev`. The order does not decide matching (Remix ranks paths), but ids must be unique.
 */
export default [
  ...RESOURCE_ROUTES.map(routeOf),
  ...ADMIN_ROUTES.map(routeOf),
  route("admin", "routes/admin.tsx", { id: "admin" }, ADMIN_CONSOLE_ROUTES.map(routeOf)),
  ...(withTestRoutes ? TEST_ONLY_ROUTES.map(routeOf) : []),
  ...LOCALE_PREFIXES.flatMap(([locale, prefix]) =>
    PAGE_ROUTES.map(([path, file, name]) => routeOf([[prefix, path].filter(Boolean).join("/"), file, `${locale}/${name}`])),
  ),
] satisfies RouteConfig;
