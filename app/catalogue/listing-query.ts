import { AGE_BUCKETS, DURATION_BUCKETS, RATING_THRESHOLDS, SORTS, type CatalogueFilters, type CatalogueSort } from "./types";
import { isIsoDate } from "#app/lib/dates";

/**
 * The listing's state as it lives in the URL query, so every view is shareable and works as a plain
 * GET form. Unknown or malformed values are dropped, never an error: a hand-edited URL still lists.
 */
export const LISTING_PAGE_SIZE = 24;
/** 'Load More Experiences' without JavaScript shows pages 1..N; beyond this a visitor should filter. */
export const MAX_LISTING_PAGES = 20;

export type ListingState = {
  filters: CatalogueFilters;
  /** Price bounds as typed, in major units of the display currency. */
  price: { min: number | null; max: number | null };
  sort: CatalogueSort;
  page: number;
  theme: string | null;
  date: string | null;
};

// Plain checks rather than zod: the listing page imports this module in the browser too.
const CODE = /^[a-z0-9-]{1,40}$/;
const MAX_PRICE = 10_000_000;

function parsePrice(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= MAX_PRICE ? number : null;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)].slice(0, 20);
}

/** Reads the listing state from a URL's query. */
export function parseListingQuery(params: URLSearchParams, toMinor: (major: number) => number): ListingState {
  const all = (name: string) => params.getAll(name).flatMap((value) => value.split(",")).filter(Boolean);
  const rating = Number(params.get("rating"));
  const sortParam = params.get("sort");
  const page = Math.trunc(Number(params.get("page")));
  const themeParam = params.get("theme");
  const dateParam = params.get("date");
  const filters: CatalogueFilters = {};
  const durations = unique(all("duration").filter((value): value is (typeof DURATION_BUCKETS)[number] => (DURATION_BUCKETS as readonly string[]).includes(value)));
  const ages = unique(all("age").filter((value): value is (typeof AGE_BUCKETS)[number] => (AGE_BUCKETS as readonly string[]).includes(value)));
  if (durations.length) filters.durations = durations;
  if (ages.length) filters.ages = ages;
  for (const [param, key] of [
    ["language", "languages"],
    ["time", "timesOfDay"],
    ["label", "labels"],
    ["occasion", "occasions"],
    ["best_for", "bestFor"],
    ["category", "categories"],
  ] as const) {
    const values = unique(all(param).filter((value) => CODE.test(value)));
    if (values.length) filters[key] = values;
  }
  if ((RATING_THRESHOLDS as readonly number[]).includes(rating)) filters.minRating = rating;
  const priceMin = parsePrice(params.get("price_min"));
  let priceMax = parsePrice(params.get("price_max"));
  if (priceMin !== null && priceMax !== null && priceMax < priceMin) priceMax = null;
  if (priceMin !== null) filters.priceMin = toMinor(priceMin);
  if (priceMax !== null) filters.priceMax = toMinor(priceMax);
  return {
    filters,
    price: { min: priceMin, max: priceMax },
    sort: (SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as CatalogueSort) : "recommended",
    page: Number.isFinite(page) ? Math.min(MAX_LISTING_PAGES, Math.max(1, page)) : 1,
    theme: themeParam && CODE.test(themeParam) ? themeParam : null,
    date: isIsoDate(dateParam) ? dateParam : null,
  };
}

/** True when the visitor narrowed the listing (anything but sort and paging). */
export function hasActiveFilters(state: ListingState): boolean {
  return Object.keys(state.filters).length > 0 || state.theme !== null;
}

/**
 * How many choices the filter panel shows as made (the count on the phone's 'Filters' button): each
 * ticked value, the star rating, and the price range as one.
 */
export function activeFilterCount(state: Pick<ListingState, "filters">): number {
  const { priceMin, priceMax, minRating, themes: _themes, cities: _cities, ...lists } = state.filters;
  const ticked = Object.values(lists).reduce((sum, values) => sum + (values?.length ?? 0), 0);
  return ticked + (minRating !== undefined ? 1 : 0) + (priceMin !== undefined || priceMax !== undefined ? 1 : 0);
}

/** The query of the next 'Load More' page: the same state with page + 1. */
export function nextPageSearch(params: URLSearchParams, currentPage: number): string {
  const next = new URLSearchParams(params);
  next.set("page", String(currentPage + 1));
  return `?${next.toString()}`;
}
