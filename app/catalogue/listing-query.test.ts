import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { activeFilterCount, hasActiveFilters, MAX_LISTING_PAGES, nextPageSearch, parseListingQuery } from "./listing-query";

const toMinor = (major: number) => Math.round(major * 100);

describe("listing query", () => {
  test("reads every filter, the sort and the page", () => {
    const state = parseListingQuery(
      new URLSearchParams(
        "duration=1-to-4-hours&duration=multi-day&language=en&language=ar&age=kids&time=morning&rating=4&label=bestseller&occasion=family-day&best_for=couples&category=tours&price_min=50&price_max=300.5&sort=price-asc&page=3&theme=desert&date=2026-12-01",
      ),
      toMinor,
    );
    expect(state.filters).toEqual({
      durations: ["1-to-4-hours", "multi-day"],
      ages: ["kids"],
      languages: ["en", "ar"],
      timesOfDay: ["morning"],
      labels: ["bestseller"],
      occasions: ["family-day"],
      bestFor: ["couples"],
      categories: ["tours"],
      minRating: 4,
      priceMin: 5000,
      priceMax: 30050,
    });
    expect(state.sort).toBe("price-asc");
    expect(state.page).toBe(3);
    expect(state.theme).toBe("desert");
    expect(state.date).toBe("2026-12-01");
    expect(hasActiveFilters(state)).toBe(true);
  });

  test("the filter count: each ticked value, the rating, the price range as one; not the sort, page or theme", () => {
    const count = (query: string) => activeFilterCount(parseListingQuery(new URLSearchParams(query), toMinor));
    expect(count("sort=price-asc&page=2&theme=desert")).toBe(0);
    expect(count("duration=multi-day&language=en&language=ar")).toBe(3);
    expect(count("rating=4&price_min=50&price_max=300")).toBe(2);
    expect(count("price_max=300&category=tours")).toBe(2);
  });

  test("comma-separated values are read as several", () => {
    expect(parseListingQuery(new URLSearchParams("language=en,ru"), toMinor).filters.languages).toEqual(["en", "ru"]);
  });

  test("malformed values are dropped, never an error", () => {
    const state = parseListingQuery(
      new URLSearchParams("duration=forever&rating=7&sort=cheapest&page=-4&price_min=abc&price_max=-1&language=<script>&theme=../x&date=tomorrow"),
      toMinor,
    );
    expect(state.filters).toEqual({});
    expect(state.sort).toBe("recommended");
    expect(state.page).toBe(1);
    expect(state.theme).toBeNull();
    expect(state.date).toBeNull();
    expect(hasActiveFilters(state)).toBe(false);
  });

  test("a maximum below the minimum is ignored", () => {
    const state = parseListingQuery(new URLSearchParams("price_min=100&price_max=10"), toMinor);
    expect(state.filters).toEqual({ priceMin: 10000 });
  });

  test("the page is bounded", () => {
    expect(parseListingQuery(new URLSearchParams("page=999"), toMinor).page).toBe(MAX_LISTING_PAGES);
  });

  test("any query string parses", () => {
    fc.assert(
      fc.property(fc.webQueryParameters(), (query) => {
        const state = parseListingQuery(new URLSearchParams(query), toMinor);
        expect(state.page).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  test("the next page keeps the filters", () => {
    expect(nextPageSearch(new URLSearchParams("duration=multi-day&page=2"), 2)).toBe("?duration=multi-day&page=3");
  });
});
