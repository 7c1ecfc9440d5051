import type { MetaFunction } from "@remix-run/node";
import { Form, Link, PrefetchPageLinks, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListingPageData } from "#app/web/pages/listing-page.server";
import { nextPageSearch } from "#app/catalogue/listing-query";
import type { CatalogueFacets, FacetValue } from "#app/catalogue/types";
import { toMajor } from "#app/lib/money";
import { Breadcrumbs } from "../breadcrumbs";
import { cardPreload, ExperienceCard } from "../experience-card";
import { pageMeta } from "#app/lib/meta";

/** A listing's meta: the page's title and description, and on phones its largest paint, the first card's picture, preloaded. */
export const listingMeta: MetaFunction = (args) => [...pageMeta(args), ...cardPreload((args.data as ListingPageData | undefined)?.items?.[0])];

/** Facet groups shown as checkboxes, with the query parameter each writes. */
const CHECKBOX_GROUPS: Array<{ facet: keyof CatalogueFacets; param: string; titleKey: string; hideOn?: ListingPageData["scope"][] }> = [
  { facet: "categories", param: "category", titleKey: "discovery.listing.category", hideOn: ["category"] },
  { facet: "durations", param: "duration", titleKey: "discovery.listing.duration" },
  { facet: "languages", param: "language", titleKey: "discovery.listing.language" },
  { facet: "ages", param: "age", titleKey: "discovery.listing.ageRange" },
  { facet: "timesOfDay", param: "time", titleKey: "discovery.listing.timeOfDay" },
  { facet: "labels", param: "label", titleKey: "discovery.listing.labels" },
  { facet: "occasions", param: "occasion", titleKey: "discovery.listing.occasion" },
  { facet: "bestFor", param: "best_for", titleKey: "discovery.listing.bestFor" },
];

/** One end of the price filter, in major units; the placeholder shows the cheapest or dearest price on offer. */
function PriceBound({ label, name, value, placeholder }: { label: string; name: string; value: number | string | null | undefined; placeholder: string }) {
  return (
    <label>
      <span>{label}</span>
      <input type="number" name={name} min={0} step="any" inputMode="decimal" defaultValue={value ?? ""} placeholder={placeholder} />
    </label>
  );
}

function FacetGroup({ title, name, values, type = "checkbox" }: { title: string; name: string; values: FacetValue[]; type?: "checkbox" | "radio" }) {
  if (values.length === 0) return null;
  return (
    <fieldset className="facet">
      <legend>{title}</legend>
      {values.map((value) => (
        <label key={value.value} className="facet__option">
          <input type={type} name={name} value={value.value} defaultChecked={value.selected} disabled={value.count === 0 && !value.selected} />
          <span>{value.label}</span>
          <span className="facet__count">{value.count}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** City, category, all and search listings: filters with facet counts, sorts, results and 'Load More'. */
export function ListingView() {
  const data = useLoaderData<ListingPageData>();
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const params = new URLSearchParams(location.search);
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;

  // With JavaScript, filters apply as soon as they change (the Apply button is for the no-JS form).
  function applyOnChange() {
    if (formRef.current) submit(formRef.current, { preventScrollReset: true, replace: true });
  }

  // Prefetch the next page's data once the browser is idle, unless the connection is slow.
  const nextSearch = data.hasMore ? nextPageSearch(params, data.page) : null;
  const [prefetchNext, setPrefetchNext] = useState(false);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
    if (connection?.saveData || /2g/.test(connection?.effectiveType ?? "")) return;
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => setPrefetchNext(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setPrefetchNext(true), 1000);
    return () => window.clearTimeout(handle);
  }, []);

  const currencyDivisor = (amount: number) => toMajor(amount, data.currency);
  return (
    <div className="listing container">
      <Breadcrumbs label={t("discovery.listing.breadcrumb")} items={data.breadcrumbs} />
      <header className="listing__header">
        <h1>{data.heading}</h1>
        <p className="listing__count" role="status">
          {t("discovery.listing.resultsCount", { count: data.total })}
        </p>
      </header>
      <div className="listing__layout">
        <Form ref={formRef} method="get" className="listing__filters" onChange={applyOnChange} preventScrollReset aria-label={t("discovery.listing.filters")}>
          {data.state.theme ? <input type="hidden" name="theme" value={data.state.theme} /> : null}
          {data.state.date ? <input type="hidden" name="date" value={data.state.date} /> : null}
          <div className="listing__sort">
            <label htmlFor="listing-sort">{t("discovery.listing.sortBy")}</label>
            <select id="listing-sort" name="sort" defaultValue={data.state.sort}>
              {(["recommended", "price-asc", "price-desc"] as const).map((sort) => (
                <option key={sort} value={sort}>
                  {t(`discovery.listing.sort.${sort}`)}
                </option>
              ))}
            </select>
          </div>
          {/* Closed on phones: the results come first, behind a "Filters (n)" button that opens without
              JavaScript. Wide screens show the panel beside the results whatever its state (listing.css). */}
          <details className="listing__filter-panel">
            <summary className="listing__filters-toggle">
              <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                <path d="M3 5h14M3 10h14M3 15h14" />
                <circle cx="7" cy="5" r="1.8" fill="currentColor" />
                <circle cx="13" cy="10" r="1.8" fill="currentColor" />
                <circle cx="9" cy="15" r="1.8" fill="currentColor" />
              </svg>
              <span>{t("discovery.listing.filters")}</span>
              {data.state.activeFilters > 0 ? (
                <>
                  <span className="listing__filters-count" aria-hidden="true">
                    {data.state.activeFilters}
                  </span>
                  <span className="visually-hidden">({t("discovery.listing.activeFilters", { count: data.state.activeFilters })})</span>
                </>
              ) : null}
            </summary>
            <fieldset className="facet facet--price">
              <legend>{t("discovery.listing.priceRange")}</legend>
              <PriceBound label={t("discovery.listing.priceMin")} name="price_min" value={data.state.price.min} placeholder={data.priceRange ? String(Math.floor(currencyDivisor(data.priceRange.min))) : ""} />
              <PriceBound label={t("discovery.listing.priceMax")} name="price_max" value={data.state.price.max} placeholder={data.priceRange ? String(Math.ceil(currencyDivisor(data.priceRange.max))) : ""} />
              <span className="facet__currency">{data.currency}</span>
            </fieldset>
            <FacetGroup title={t("discovery.listing.starRating")} name="rating" type="radio" values={data.facets.ratings} />
            {CHECKBOX_GROUPS.filter((group) => !group.hideOn?.includes(data.scope)).map((group) => (
              <FacetGroup key={group.param} title={t(group.titleKey)} name={group.param} values={data.facets[group.facet]} />
            ))}
            <div className="listing__filter-actions">
              <button type="submit" className="button button--primary">
                {t("discovery.listing.apply")}
              </button>
              {data.state.filtered ? (
                <Link to={location.pathname} preventScrollReset>
                  {t("discovery.listing.clearFilters")}
                </Link>
              ) : null}
            </div>
          </details>
        </Form>
        <section className="listing__results" aria-busy={loading} aria-labelledby="listing-results-count">
          <h2 id="listing-results-count" className="visually-hidden">
            {t("discovery.listing.resultsCount", { count: data.total })}
          </h2>
          {data.items.length === 0 ? (
            <div className="listing__empty">
              <h2>{t("discovery.listing.noResults")}</h2>
              {data.cityName ? <p>{t("discovery.listing.noActivitiesIn", { city: data.cityName })}</p> : null}
              <p>{t("discovery.listing.tryOtherFilters")}</p>
              {data.state.filtered ? <Link to={location.pathname}>{t("discovery.listing.clearFilters")}</Link> : null}
            </div>
          ) : (
            <ul className="listing__grid">
              {data.items.map((card, index) => (
                <li key={card.id}>
                  <ExperienceCard card={card} storefrontType={data.storefrontType} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
          {nextSearch && prefetchNext ? <PrefetchPageLinks page={location.pathname + nextSearch} /> : null}
          {nextSearch ? (
            <p className="listing__more">
              <Link to={nextSearch} preventScrollReset className="button button--secondary" rel="next">
                {t("discovery.listing.loadMore")}
              </Link>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
