import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { useLocalizedPath } from "#app/i18n/use-locale";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, simplePage } from "#app/lib/page.server";
import { localePrefix } from "#app/i18n/locales";

export const headers = pageHeaders;
export const meta = pageMeta;

/** The GET target of every search box: `/search?q=dubai` → `/search/dubai` (works without JavaScript). */
export function loader({ request }: LoaderFunctionArgs) {
  const { url, locale } = getPageContext(request);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  if (query) return redirect(`${localePrefix(locale)}/search/${encodeURIComponent(query)}`, { status: 303 });
  return simplePage(request, "searchForm");
}

export default function SearchFormPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <section className="container page">
      <h1>{data.heading}</h1>
      <Form method="get" action={localize("/search")} role="search" className="search-form">
        <label htmlFor="search-q">{t("search.label")}</label>
        <input id="search-q" name="q" type="search" placeholder={t("search.placeholder")} required maxLength={100} />
        <button type="submit" className="button button--primary">
          {t("search.submit")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
