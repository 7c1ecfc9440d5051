import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { detectPreferredLocale } from "#app/i18n/i18n.server";
import { DEFAULT_LOCALE, localePrefix } from "#app/i18n/locales";
import { useLocalizedPath } from "#app/i18n/use-locale";
import { pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, pageSeo } from "#app/lib/page.server";

export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  // Only the unprefixed root detects a language (cookie first, then Accept-Language); every other
  // page, including `/ru`, takes its locale from the path alone.
  const detects = context.locale === DEFAULT_LOCALE;
  if (detects) {
    const preferred = await detectPreferredLocale(request);
    if (preferred !== DEFAULT_LOCALE) {
      throw redirect(localePrefix(preferred), { status: 302, headers: { Vary: "Cookie, Accept-Language", "Cache-Control": "private, no-cache" } });
    }
  }
  return json(
    { seo: pageSeo(context, "home"), heading: context.t("pages.home.heading") },
    { headers: { "Cache-Control": publicCacheControl(request), ...(detects ? { Vary: "Cookie, Accept-Language" } : {}) } },
  );
}

export default function HomePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <section className="hero">
      <div className="container hero__inner">
        <h1>{data.heading}</h1>
        <Form method="get" action={localize("/search")} role="search" className="search-form">
          <label htmlFor="home-search" className="visually-hidden">
            {t("search.label")}
          </label>
          <input id="home-search" name="q" type="search" placeholder={t("search.placeholder")} required maxLength={100} />
          <button type="submit" className="button button--primary">
            {t("search.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
