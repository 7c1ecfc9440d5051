import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { privacyRequestPath } from "#app/lib/paths";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { StaticPageView } from "#app/components/static-page";
import { pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { stripLocalePrefix } from "#app/lib/locales";
import { loadStaticPage } from "#app/web/pages/content-pages.server";
import { throwNotFound } from "#app/web/page.server";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

/** The CMS pages without a form, one module (see app/routes.ts): /about, /privacy-policy, /terms-and-conditions. */
const PAGE_KINDS = ["about", "privacy-policy", "terms-and-conditions"] as const;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  // The route table sends only these paths here; the first segment below the locale prefix names the page.
  const segment = stripLocalePrefix(new URL(request.url).pathname).split("/")[1];
  const kind = PAGE_KINDS.find((known) => known === segment);
  if (!kind) throwNotFound(request, "page");
  return json({ ...(await loadStaticPage(app, request, kind)), kind }, { headers: { "Cache-Control": publicCacheControl(request) } });
}

export default function StaticPageRoute() {
  const { page, kind } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <StaticPageView page={page}>
      {kind === "privacy-policy" ? (
        <p className="privacy-rights-link">
          <LocalizedLink to={privacyRequestPath()}>{t("pages.privacyRequest.heading")}</LocalizedLink> — {t("pages.privacyRequest.intro")}
        </p>
      ) : null}
    </StaticPageView>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
