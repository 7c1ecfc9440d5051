import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { JsonLdScript } from "#app/components/json-ld";
import { LocalizedLink } from "#app/components/localized-link";
import { RichText } from "#app/components/portable-text";
import { useLocalizedPath } from "#app/i18n/use-locale";
import { pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { loadFaq } from "#app/web/pages/content-pages.server";
import { filterFaqGroups, MAX_FAQ_QUERY_LENGTH, queryTerms } from "#app/site/faq-search";
import type { CacheHandle } from "#app/lib/cache-policy";
import { contactPath, faqPath } from "#app/lib/paths";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  return json(await loadFaq(app, request), { headers: { "Cache-Control": publicCacheControl(request) } });
}

export default function FaqRoute() {
  const data = useLoaderData<typeof loader>();
  // Remounting on a new server query resets what the visitor typed to what the URL says.
  return <FaqPage key={data.query} {...data} />;
}

function FaqPage({ heading, intro, query: serverQuery, groups, jsonLd }: ReturnType<typeof useLoaderData<typeof loader>>) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  // Without JavaScript the GET form reloads the page with ?q=; with it, the list also filters as you type.
  const [query, setQuery] = useState(serverQuery);
  // Uncontrolled, so text typed before hydration is kept; the filter then picks it up.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) setQuery(input.current.value);
  }, []);
  const visible = useMemo(() => filterFaqGroups(groups, query), [groups, query]);
  const searching = queryTerms(query).length > 0;
  const matches = visible.reduce((sum, group) => sum + group.entries.length, 0);

  return (
    <section className="container page">
      <JsonLdScript data={jsonLd} />
      <h1>{heading}</h1>
      <p className="page-intro">{intro}</p>
      <Form method="get" action={localize(faqPath())} role="search" className="faq-search" preventScrollReset>
        <label htmlFor="faq-q" className="visually-hidden">
          {t("faq.searchLabel")}
        </label>
        <input
          id="faq-q"
          type="search"
          name="q"
          ref={input}
          defaultValue={serverQuery}
          onChange={(event) => setQuery(event.currentTarget.value)}
          placeholder={t("faq.searchPlaceholder")}
          maxLength={MAX_FAQ_QUERY_LENGTH}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          {t("faq.searchSubmit")}
        </button>
      </Form>
      <div aria-live="polite">
        {searching ? (
          <p>
            {matches > 0 ? t("faq.results", { count: matches, query: query.trim() }) : t("faq.noResults", { query: query.trim() })}{" "}
            <LocalizedLink to={faqPath()}>
              {t("faq.clear")}
            </LocalizedLink>
          </p>
        ) : null}
      </div>
      {visible.map((group) => (
        <section key={group.group} className="faq-group" aria-labelledby={`faq-group-${group.group}`}>
          <h2 id={`faq-group-${group.group}`}>{t(`faq.groups.${group.group}`)}</h2>
          {group.entries.map((entry) => (
            <details key={entry.id} className="faq-item" open={searching}>
              <summary>{entry.question}</summary>
              <div className="prose">
                <RichText value={entry.answer} />
              </div>
            </details>
          ))}
        </section>
      ))}
      <p>
        {t("faq.stillNeedHelp")} <LocalizedLink to={contactPath()}>{t("faq.contactUs")}</LocalizedLink>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
