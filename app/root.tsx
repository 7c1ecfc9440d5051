// First: zod must know it may not use eval before any module builds a schema (see the module).
import "#app/lib/zod-jitless";
import type { LinksFunction } from "@remix-run/node";
import { Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { BuildRefresh } from "#app/components/build-refresh";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { FlashToaster } from "#app/components/flash-toaster";
import { SiteFooter } from "#app/components/site-footer";
import { SiteHeader } from "#app/components/site-header";
import { FloatingSupport } from "#app/components/support";
import { ConsentBanner } from "#app/components/consent-banner";
import { TagManager, tagManagerScriptUrl } from "#app/components/tag-manager";
import { LOCALES, localizePath } from "#app/lib/locales";
import { useLocale } from "#app/i18n/use-locale";
import { DismissMenus } from "#app/layouts/dismiss-menus";
import { DEFAULT_LAYOUT, layoutBodyAttributes } from "#app/layouts/default-layout";
import { useNonce } from "#app/lib/nonce";
import { FONT_PRELOADS } from "#app/lib/fonts";
import { InlineStyleLinks } from "#app/lib/inline-styles";
import fontsHref from "#app/styles/fonts.css?url";
import zhFontsHref from "#app/styles/fonts-zh.css?url";
import stylesHref from "#app/styles/app.css?url";
import layoutStylesHref from "#app/styles/layouts.css?url";
import bookingStylesHref from "#app/styles/booking.css?url";
import siteStylesHref from "#app/styles/site.css?url";
import type { loader } from "#app/web/pages/root-loader.server";
import { SkipLink } from "#app/components/skip-link";
import { PreviewBar } from "#app/components/preview-bar";
export { shouldRevalidate } from "#app/lib/revalidation";

// Every stylesheet is inlined into the server-rendered document (app/lib/inline-styles.tsx,
// docs/decisions/035-css-and-fonts.md); the hrefs still load them on client-side navigations.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: fontsHref },
  { rel: "stylesheet", href: stylesHref },
  { rel: "stylesheet", href: siteStylesHref },
  // Cart, checkout, results, Your Booking and the account forms (every page links to them).
  { rel: "stylesheet", href: bookingStylesHref },
  // After the base styles: a layout's tokens and modifiers override them at equal specificity.
  { rel: "stylesheet", href: layoutStylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The loader lives in a .server module: the browser bundle then holds one empty module for it instead
// of one tiny shared chunk (and request) per server module the loader uses.
export { loader } from "#app/web/pages/root-loader.server";

export type RootLoaderData = ReturnType<typeof useRootData>;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Canonical and hreflang alternates for the current path in every locale. */
function AlternateLinks({ siteUrl }: { siteUrl: string }) {
  const { pathname } = useLocation();
  return (
    <>
      <link rel="canonical" href={siteUrl + pathname} />
      {LOCALES.map((locale) => (
        <link key={locale.code} rel="alternate" hrefLang={locale.code} href={siteUrl + localizePath(pathname, locale.code)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={siteUrl + localizePath(pathname, "en")} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const data = useRootData();
  const storefrontType = data?.site.storefrontType ?? "default";
  const layout = data?.layout ?? DEFAULT_LAYOUT;
  const { pathname } = useLocation();
  const nonce = useNonce();
  // A mark that React has hydrated the document (the router object exists before it has): what a test
  // waits for before acting as a visitor with JavaScript would.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // Analytics need consent; with no tag manager configured there is nothing to ask about.
  const analytics = Boolean(tagManagerScriptUrl(data?.site.tagManagerId));
  if (data?.adminLocale) return <AdminDocument>{children}</AdminDocument>;
  return (
    <html lang={locale.code} dir={locale.dir}>
      <head>
        <meta charSet="utf-8" />
        {/* Here, not in `meta`: a route's meta replaces the root's, and every page needs the viewport. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data ? <AlternateLinks siteUrl={data.siteUrl} /> : null}
        <FontPreloads locale={locale.code} />
        <InlineStyleLinks />
      </head>
      <body {...layoutBodyAttributes(layout, storefrontType)}>
        <SkipLink mainId="main" />
        {/* Early in the document for keyboards and screen readers; shown fixed at the bottom. */}
        {analytics && !data?.consent ? <ConsentBanner /> : null}
        {data?.previewMode ? <PreviewBar layout={data.previewLayout} /> : null}
        <SiteHeader storefrontType={storefrontType} currency={data?.currency ?? "SAR"} layout={layout} user={data?.user ?? null} />
        <FlashToaster flash={data?.toast} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter storefrontType={storefrontType} layout={layout} consentSettings={analytics && Boolean(data?.consent)} />
        <FloatingSupport />
        <DismissMenus />
        <BuildRefresh pathname={pathname} />
        <TagManager id={data?.consent === "granted" ? data.site.tagManagerId : null} />
        <ScrollRestoration nonce={nonce} />
        <script
          nonce={nonce}
          // Only the allow-listed public variables reach the browser.
          dangerouslySetInnerHTML={{ __html: `window.ENV=${JSON.stringify(data?.ENV ?? {}).replace(/</g, "\\u003c")}` }}
        />
        <Scripts nonce={nonce} />
        {/* Last, so it holds up nothing: Chinese glyph slices swap in over the system CJK font. */}
        {locale.code === "zh" ? <link rel="stylesheet" href={zhFontsHref} /> : null}
      </body>
    </html>
  );
}

/** Only the locale's main font subset (app/lib/fonts.ts); the others load when characters need them. */
function FontPreloads({ locale }: { locale: keyof typeof FONT_PRELOADS }) {
  return (
    <>
      {FONT_PRELOADS[locale].map((href) => (
        <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
      ))}
    </>
  );
}

/** The console's document: its own header comes from app/routes/admin.tsx; no storefront chrome, tags or help button. */
function AdminDocument({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const nonce = useNonce();
  return (
    <html lang={locale.code} dir={locale.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <Meta />
        <InlineStyleLinks />
      </head>
      <body className="admin-body">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
