import type { AppLoadContext } from "@remix-run/node";
import { getSiteSettings } from "#app/content/content.server";
import { getDisplayCurrency } from "#app/lib/currency.server";
import { publicCacheControl } from "#app/lib/http";
import { toMinor, type CurrencyCode } from "#app/lib/money";
import { getPageContext, pageData, pageSeo, throwNotFound } from "#app/web/page.server";
import type { PageSeo } from "#app/lib/meta";
import type { StorefrontType } from "#app/lib/storefront";
import { getCategory, getCity, getTheme, searchCatalogue } from "#app/catalogue/catalogue.server";
import { activeFilterCount, hasActiveFilters, LISTING_PAGE_SIZE, parseListingQuery, type ListingState } from "#app/catalogue/listing-query";
import type { CatalogueResult, ExperienceCard } from "#app/catalogue/types";
import { categoryPath, cityPath, listingPath, searchPath } from "#app/lib/paths";

type App = Pick<AppLoadContext, "catalogue" | "content" | "bookingApi">;

/** What a listing shows: a city, a category, everything (optionally one theme), or search results. */
export type ListingScope = { kind: "city"; slug: string } | { kind: "category"; slug: string } | { kind: "all" } | { kind: "search"; text: string };

export type ListingPageData = {
  seo: PageSeo;
  heading: string;
  scope: ListingScope["kind"];
  /** The city's name on a city listing (for 'No Activities Found in …'). */
  cityName: string | null;
  items: ExperienceCard[];
  total: number;
  shown: number;
  page: number;
  hasMore: boolean;
  facets: CatalogueResult["facets"];
  priceRange: CatalogueResult["priceRange"];
  currency: CurrencyCode;
  state: Omit<ListingState, "filters"> & { filtered: boolean; activeFilters: number };
  storefrontType: StorefrontType;
  breadcrumbs: Array<{ name: string; path: string }>;
};

/** The GROQ-free read of a listing page: scope → catalogue search with the URL's filters. */
export async function loadListingPage(app: App, request: Request, scope: ListingScope) {
  const context = getPageContext(request);
  const { url, locale, t } = context;
  const settings = await getSiteSettings(app.content, locale);
  const currency = await getDisplayCurrency(request, settings.defaultCurrency);
  const state = parseListingQuery(url.searchParams, (major) => toMinor(major, currency));

  let heading: string;
  let seo: PageSeo;
  let cityName: string | null = null;
  const allPath = listingPath(settings.storefrontType);
  const breadcrumbs = [{ name: t("discovery.listing.breadcrumbHome"), path: "/" }];
  const query: Parameters<typeof searchCatalogue>[1] = { locale, currency, filters: state.filters, sort: state.sort };

  if (scope.kind === "city") {
    const city = await getCity(app.catalogue, scope.slug, locale);
    if (!city) throwNotFound(request, "page");
    cityName = city.name;
    query.city = city.slug;
    // A supplier storefront lists 'experiences', also on its city pages (the URL keeps its shape).
    heading = settings.storefrontType === "supplier" ? t("layout.supplier.cityHeading", { name: city.name }) : t("pages.city.heading", { name: city.name });
    seo = { ...pageSeo(context, "city", { name: city.name }), description: city.description || t("site.description") };
    breadcrumbs.push({ name: heading, path: cityPath(city.slug) });
  } else if (scope.kind === "category") {
    const category = await getCategory(app.catalogue, scope.slug, locale);
    if (!category) throwNotFound(request, "route");
    query.category = category.slug;
    heading = t("pages.category.heading", { name: category.name });
    seo = { ...pageSeo(context, "category", { name: category.name }), description: category.description || t("site.description") };
    breadcrumbs.push({ name: category.name, path: categoryPath(category.slug) });
  } else if (scope.kind === "search") {
    query.text = scope.text;
    heading = t("pages.search.heading", { query: scope.text });
    seo = pageSeo(context, "search", { query: scope.text });
    breadcrumbs.push({ name: heading, path: searchPath(scope.text) });
  } else {
    const key = settings.storefrontType === "supplier" ? "experiences" : "thingsToDo";
    heading = t(`pages.${key}.heading`);
    seo = pageSeo(context, key);
    breadcrumbs.push({ name: heading, path: allPath });
  }
  if (state.theme) {
    const theme = await getTheme(app.catalogue, state.theme, locale);
    if (theme) {
      query.theme = theme.slug;
      heading = t("discovery.listing.themeHeading", { name: theme.name });
    }
  }

  // 'Load More' without JavaScript: page N shows every result of pages 1..N.
  const shown = state.page * LISTING_PAGE_SIZE;
  const first = await searchCatalogue(app.catalogue, { ...query, page: 1, pageSize: Math.min(shown, 96) });
  const items = [...first.items];
  for (let page = 2; items.length < shown && items.length < first.total; page++) {
    const next = await searchCatalogue(app.catalogue, { ...query, page, pageSize: 96 });
    if (next.items.length === 0) break;
    items.push(...next.items);
  }
  const visible = items.slice(0, shown);

  const { filters: _filters, ...rest } = state;
  const data: ListingPageData = {
    seo,
    heading,
    scope: scope.kind,
    cityName,
    items: visible,
    total: first.total,
    shown: visible.length,
    page: state.page,
    hasMore: visible.length < first.total,
    facets: first.facets,
    priceRange: first.priceRange,
    currency,
    state: { ...rest, filtered: hasActiveFilters(state), activeFilters: activeFilterCount(state) },
    storefrontType: settings.storefrontType,
    breadcrumbs,
  };
  return pageData(data, { headers: { "Cache-Control": publicCacheControl(request) } });
}
