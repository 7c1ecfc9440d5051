/**
 * The in-memory catalogue index: built once from a CatalogueSource, then every listing, filter, facet,
 * sort, page and search is answered from bit sets and precomputed orders, without a database query.
 * After a change, `applyChanges` patches it with the changed products only (postings, prices, places
 * in the sort orders, searchable text), so one edit does not rebuild 100,000 products on every
 * instance; a deletion, or a change of reference data or of the day, calls for a full build instead.
 * Its parts: the facet values' bit sets (facet-postings.ts), the search text (text-index.ts), the
 * values shared between products (interning.ts); this module places the products and answers queries.
 */
import { LOCALE_CODES } from "#app/lib/locales";
import type { LocaleCode, LocalizedText, MediaImage } from "#app/db/types";
import { BASE_CURRENCY, convertAmount, isCurrencyCode, type CurrencyCode } from "#app/lib/money";
import { Bitset } from "./bitset";
import { FacetPostings, type Group } from "./facet-postings";
import { compact, interner } from "./interning";
import { indexForms, tokenize } from "./text";
import { TextIndex, type TextMatch } from "./text-index";
import {
  type CatalogueChanges,
  type CatalogueFilters,
  type CatalogueQuery,
  type CatalogueResult,
  type CatalogueSort,
  type CatalogueSource,
  type CategorySummary,
  type DestinationSummary,
  type ExperienceCard,
  type SourceProduct,
  type ThemeSummary,
} from "./types";

const DEFAULT_PAGE_SIZE = 24;
const MAX_PAGE_SIZE = 100;

/** Image fields a card needs: the source picture (the largest generated width); /_ipx derives the sizes. */
export function imageFor(image: MediaImage | undefined, locale: LocaleCode, fallbackAlt: string): ExperienceCard["image"] {
  if (!image) return { src: "", alt: fallbackAlt, base: "", widths: [] };
  const widths = image.widths;
  return {
    src: `${image.base}-${widths[widths.length - 1] ?? 1600}.webp`,
    alt: image.alt[locale] || fallbackAlt,
    base: image.base,
    widths,
  };
}

/** Free positions kept for products created after the build (a creation past them rebuilds). */
const SPARE_POSITIONS = 1024;

/** One key for the reference tables: a change to any of them rebuilds the index. */
export function referenceKeyOf(source: Pick<CatalogueSource, "countries" | "destinations" | "categories" | "themes" | "vocabulary">): string {
  return JSON.stringify([source.countries, source.destinations, source.categories, source.themes, source.vocabulary]);
}

/** Moves `position` within a sorted order to where `compare` places it now (its sort key changed). */
function reposition(order: Int32Array, position: number, compare: (a: number, b: number) => number): void {
  const from = order.indexOf(position);
  if (from < 0) return;
  // Take it out, then binary-search its place among the others (still sorted).
  order.copyWithin(from, from + 1);
  const last = order.length - 1;
  let low = 0;
  let high = last;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(order[mid]!, position) < 0) low = mid + 1;
    else high = mid;
  }
  order.copyWithin(low + 1, low, last);
  order[low] = position;
}

/** The order with one more position at its end (reposition then moves it to its place). */
function appended(order: Int32Array, position: number): Int32Array {
  const longer = new Int32Array(order.length + 1);
  longer.set(order);
  longer[order.length] = position;
  return longer;
}

/** Lowest and highest price among the positions (unpriced ones skipped), or null when none is priced. */
function priceRangeOf(positions: Bitset, prices: Float64Array): { min: number; max: number } | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  positions.forEach((position) => {
    const price = prices[position]!;
    if (Number.isNaN(price)) return;
    if (price < min) min = price;
    if (price > max) max = price;
  });
  return min <= max ? { min, max } : null;
}

export class CatalogueIndex {
  version: number;
  /** The database snapshot (pg_current_snapshot) the index reflects; changes are read relative to it. */
  snapshot: string | undefined;
  readonly today: string;
  /** Bit positions allocated: products are placed at 0…products.length-1, the rest are spare. */
  private readonly capacity: number;
  private readonly referenceKey: string;
  /** Every published product, expired ones included (not live: an edit may bring them back). */
  private products: SourceProduct[];
  private bySlug = new Map<string, number>();
  private byId = new Map<string, number>();
  private destinations: CatalogueSource["destinations"];
  private destinationById: Map<string, CatalogueSource["destinations"][number]>;
  private categories: CatalogueSource["categories"];
  private categoryById: Map<string, CatalogueSource["categories"][number]>;
  private themes: CatalogueSource["themes"];
  private countries: Map<string, CatalogueSource["countries"][number]>;
  private vocabulary = new Map<string, LocalizedText>();
  /** Positions a visitor may see: published and not expired. Every result is a subset. */
  private all: Bitset;
  private recommendedOrder: Int32Array;
  private priceAscOrder: Int32Array;
  private priceDescOrder: Int32Array;
  private pricesByCurrency = new Map<CurrencyCode, Float64Array>();
  private facets: FacetPostings;
  private text: TextIndex;

  constructor(source: CatalogueSource, options: { today?: string } = {}) {
    this.version = source.version;
    this.snapshot = source.snapshot;
    this.today = options.today ?? new Date().toISOString().slice(0, 10);
    this.referenceKey = referenceKeyOf(source);
    const share = interner();
    this.products = source.products.map((product) => compact(product, share));
    this.capacity = this.products.length + SPARE_POSITIONS;
    this.destinations = source.destinations;
    this.destinationById = new Map(source.destinations.map((destination) => [destination.id, destination]));
    this.categories = [...source.categories].sort((a, b) => a.sortOrder - b.sortOrder);
    this.categoryById = new Map(source.categories.map((category) => [category.id, category]));
    this.themes = [...source.themes].sort((a, b) => a.sortOrder - b.sortOrder);
    this.countries = new Map(source.countries.map((country) => [country.code, country]));
    for (const item of source.vocabulary) this.vocabulary.set(`${item.kind}:${item.code}`, item.name);
    this.all = new Bitset(this.capacity);
    this.facets = new FacetPostings(source, this.capacity);
    this.products.forEach((product, position) => {
      this.byId.set(product.id, position);
      this.bySlug.set(product.slug, position);
      // Expired tickets are no longer sold; they stay in the database for bookings that reference them.
      if (!this.isCurrent(product)) return;
      this.all.add(position);
      this.facets.post(product, position);
    });
    this.text = new TextIndex(this.products, this.all, source, this.capacity);

    const positions = Array.from({ length: this.products.length }, (_, position) => position);
    this.recommendedOrder = Int32Array.from(positions.sort(this.byRecommended));
    this.priceAscOrder = Int32Array.from(positions.sort(this.byPriceAsc));
    this.priceDescOrder = Int32Array.from(positions.sort(this.byPriceDesc));
  }

  get size(): number {
    return this.products.length;
  }

  private isCurrent(product: SourceProduct): boolean {
    return product.expiresOn === null || product.expiresOn >= this.today;
  }

  private readonly byRecommended = (a: number, b: number): number => this.products[b]!.recommendedScore - this.products[a]!.recommendedScore || a - b;

  /** Price orders; products without a fixed price go last in both, in position order. */
  private priceOrder(direction: 1 | -1): (a: number, b: number) => number {
    return (a, b) => {
      const base = this.prices(BASE_CURRENCY);
      const priceA = base[a]!;
      const priceB = base[b]!;
      const unpricedA = Number.isNaN(priceA);
      const unpricedB = Number.isNaN(priceB);
      if (unpricedA || unpricedB) return unpricedA && unpricedB ? a - b : unpricedA ? 1 : -1;
      return (priceA - priceB) * direction || this.byRecommended(a, b);
    };
  }

  private readonly byPriceAsc = this.priceOrder(1);
  private readonly byPriceDesc = this.priceOrder(-1);

  /**
   * Patches the index with the products changed since its snapshot (each row as it is now, published
   * or not). Returns false, leaving the index untouched, when only a full build will do: a product was
   * deleted, the reference tables or the day changed, or the spare positions or text overrides ran out.
   */
  applyChanges(changes: CatalogueChanges, today: string): boolean {
    if (changes.rebuild || today !== this.today || referenceKeyOf(changes) !== this.referenceKey) return false;
    const added = new Set(changes.products.filter((row) => row.published && !this.byId.has(row.id)).map((row) => row.id)).size;
    if (this.products.length + added > this.capacity) return false;
    if (!this.text.hasRoomFor(changes.products.length)) return false;

    const changed = new Set<number>();
    for (const row of changes.products) {
      const { published, ...product } = row;
      let position = this.byId.get(product.id);
      if (position === undefined) {
        if (!published) continue;
        position = this.products.length;
        this.products.push(product);
        this.byId.set(product.id, position);
        this.recommendedOrder = appended(this.recommendedOrder, position);
        this.priceAscOrder = appended(this.priceAscOrder, position);
        this.priceDescOrder = appended(this.priceDescOrder, position);
      } else {
        const previous = this.products[position]!;
        if (this.bySlug.get(previous.slug) === position) this.bySlug.delete(previous.slug);
        this.products[position] = product;
        this.facets.unpost(position);
      }
      this.bySlug.set(product.slug, position);
      if (published && this.isCurrent(product)) {
        this.all.add(position);
        this.facets.post(product, position);
      } else {
        this.all.remove(position);
      }
      this.text.patch(position, product);
      for (const [currency, prices] of this.pricesByCurrency) prices[position] = this.priceIn(product, currency);
      changed.add(position);
    }
    // The sort keys of the changed positions moved: put each back where it now belongs.
    for (const position of changed) {
      reposition(this.recommendedOrder, position, this.byRecommended);
      reposition(this.priceAscOrder, position, this.byPriceAsc);
      reposition(this.priceDescOrder, position, this.byPriceDesc);
    }
    this.version = changes.version;
    this.snapshot = changes.snapshot;
    return true;
  }

  /** Lowest prices converted to a currency (NaN when not priced), computed once per currency. */
  private prices(currency: CurrencyCode): Float64Array {
    let prices = this.pricesByCurrency.get(currency);
    if (!prices) {
      prices = new Float64Array(this.capacity).fill(Number.NaN);
      this.products.forEach((product, position) => {
        prices![position] = this.priceIn(product, currency);
      });
      this.pricesByCurrency.set(currency, prices);
    }
    return prices;
  }

  private priceIn(product: SourceProduct, currency: CurrencyCode): number {
    return product.priceFrom === null || !isCurrencyCode(product.currency) ? Number.NaN : convertAmount(product.priceFrom, product.currency, currency);
  }

  /**
   * Listing, filters, facets, sort and paging in one pass over bit sets: narrow to the page's scope,
   * select each filter group, combine them, count the facets, measure the price range, take a page.
   */
  search(query: CatalogueQuery): CatalogueResult {
    const { locale, currency } = query;
    const filters: CatalogueFilters = query.filters ?? {};
    const sort: CatalogueSort = query.sort ?? "recommended";
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? DEFAULT_PAGE_SIZE)));
    const page = Math.max(1, Math.floor(query.page ?? 1));

    const text = query.text ? this.text.match(query.text) : undefined;
    const scope = this.scopeOf(query, text);
    const prices = this.prices(currency);
    const priceMask = this.priceMaskOf(scope, prices, filters);
    const selection = this.facets.select(scope, priceMask, filters, (minimum) => this.ratingAtLeast(minimum));
    const facets = this.facets.facetsOf(selection, filters, locale);
    const priceRange = priceRangeOf(selection.withoutPrice, prices);
    const total = selection.result.count();
    // Relevance: with search text, title matches come first, then matches elsewhere, each in recommended order.
    const tiers = text && sort === "recommended" ? [(position: number) => text.title.has(position), (position: number) => !text.title.has(position)] : [() => true];
    const positions = this.pageOf(selection.result, this.orderOf(sort), tiers, (page - 1) * pageSize, pageSize);

    return {
      items: positions.map((position) => this.card(position, locale, currency)),
      total,
      page,
      pageSize,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
      facets,
      priceRange: priceRange ? { ...priceRange, currency } : null,
      sort,
    };
  }

  /** The page's city, category or theme, and the search text; an unknown value scopes to nothing. */
  private scopeOf(query: CatalogueQuery, text: TextMatch | undefined): Bitset {
    const scope = this.all.clone();
    const scopeParts: Array<[Group, string | undefined]> = [
      ["city", query.city],
      ["category", query.category],
      ["theme", query.theme],
    ];
    for (const [group, value] of scopeParts) {
      if (value === undefined) continue;
      const set = this.facets.valueSet(group, value);
      if (!set) return new Bitset(this.capacity);
      scope.and(set);
    }
    if (text) scope.and(text.all);
    return scope;
  }

  /** Price: a scope-level filter (not a facet group), applied after the price range is measured. */
  private priceMaskOf(scope: Bitset, prices: Float64Array, filters: CatalogueFilters): Bitset | undefined {
    if (filters.priceMin === undefined && filters.priceMax === undefined) return undefined;
    const mask = new Bitset(this.capacity);
    const min = filters.priceMin ?? Number.NEGATIVE_INFINITY;
    const max = filters.priceMax ?? Number.POSITIVE_INFINITY;
    scope.forEach((position) => {
      const price = prices[position]!;
      if (price >= min && price <= max) mask.add(position);
    });
    return mask;
  }

  private orderOf(sort: CatalogueSort): Int32Array {
    return sort === "price-asc" ? this.priceAscOrder : sort === "price-desc" ? this.priceDescOrder : this.recommendedOrder;
  }

  /** One page of the result in the given order, tier by tier (each tier a pass over the order). */
  private pageOf(result: Bitset, order: Int32Array, tiers: Array<(position: number) => boolean>, offset: number, pageSize: number): number[] {
    const positions: number[] = [];
    let skipped = 0;
    for (const accept of tiers) {
      for (let i = 0; i < order.length && positions.length < pageSize; i++) {
        const position = order[i]!;
        if (!result.has(position) || !accept(position)) continue;
        if (skipped < offset) skipped++;
        else positions.push(position);
      }
    }
    return positions;
  }

  private ratingAtLeast(minimum: number): Bitset {
    const set = new Bitset(this.capacity);
    this.products.forEach((product, position) => {
      if (product.reviewCount > 0 && product.rating >= minimum) set.add(position);
    });
    return set.and(this.all);
  }

  /** A listing card in the visitor's language and currency. */
  card(position: number, locale: LocaleCode, currency: CurrencyCode): ExperienceCard {
    const product = this.products[position]!;
    const destination = this.destinationById.get(product.destinationId);
    const country = destination ? this.countries.get(destination.countryCode) : undefined;
    const category = this.categoryById.get(product.categoryIds[0] ?? "");
    const price = this.prices(currency)[position]!;
    const productCurrency = isCurrencyCode(product.currency) ? product.currency : BASE_CURRENCY;
    const original =
      product.priceFromOriginal !== null && product.priceFrom !== null && product.priceFromOriginal > product.priceFrom
        ? convertAmount(product.priceFromOriginal, productCurrency, currency)
        : null;
    const policy = product.cancellationPolicy;
    return {
      id: product.id,
      slug: product.slug,
      title: product.title[locale],
      shortDescription: product.shortDescription[locale],
      city: {
        slug: destination?.slug ?? "",
        name: destination?.name[locale] ?? "",
        country: country?.name[locale] ?? "",
        countryCode: destination?.countryCode ?? "",
      },
      category: { slug: category?.slug ?? "", name: category?.name[locale] ?? "" },
      image: imageFor(product.images[0], locale, product.title[locale]),
      price: Number.isNaN(price) ? null : { amount: price, currency },
      originalPrice: original === null ? null : { amount: original, currency },
      pricingPer: product.pricingPer === "BOOKING" ? "BOOKING" : "UNIT",
      noFixedPrice: product.noFixedPrice,
      instantConfirmation: product.instantConfirmation,
      rating: product.rating,
      reviewCount: product.reviewCount,
      duration: { minutes: product.durationMinutes, minutesTo: product.durationMinutesTo, unit: product.durationUnit },
      labels: product.labels.map((code) => ({ code, name: this.vocabulary.get(`label:${code}`)?.[locale] ?? code })),
      freeCancellation: !policy.nonRefundable && policy.rules.some((rule) => rule.penaltyPercent === 0),
      pickupIncluded: product.pickupIncluded,
    };
  }

  /** The position of a product a visitor may see, by slug. */
  private liveBySlug(slug: string): number | undefined {
    const position = this.bySlug.get(slug);
    return position !== undefined && this.all.has(position) ? position : undefined;
  }

  cardBySlug(slug: string, locale: LocaleCode, currency: CurrencyCode): ExperienceCard | null {
    const position = this.liveBySlug(slug);
    return position === undefined ? null : this.card(position, locale, currency);
  }

  cardById(id: string, locale: LocaleCode, currency: CurrencyCode): ExperienceCard | null {
    const position = this.byId.get(id);
    return position === undefined || !this.all.has(position) ? null : this.card(position, locale, currency);
  }

  productBySlug(slug: string): SourceProduct | undefined {
    const position = this.liveBySlug(slug);
    return position === undefined ? undefined : this.products[position];
  }

  /** Same city and category first, then same city, best recommended first. */
  related(slug: string, locale: LocaleCode, currency: CurrencyCode, limit = 8): ExperienceCard[] {
    const position = this.liveBySlug(slug);
    if (position === undefined) return [];
    const product = this.products[position]!;
    const city = this.facets.valueSet("city", this.destinationById.get(product.destinationId)?.slug ?? "");
    const categorySlug = this.categoryById.get(product.categoryIds[0] ?? "")?.slug ?? "";
    const category = this.facets.valueSet("category", categorySlug);
    const picked: number[] = [];
    const pass = (accept: (candidate: number) => boolean) => {
      for (const candidate of this.recommendedOrder) {
        if (picked.length >= limit) return;
        if (candidate !== position && !picked.includes(candidate) && accept(candidate)) picked.push(candidate);
      }
    };
    pass((candidate) => Boolean(city?.has(candidate) && category?.has(candidate)));
    pass((candidate) => Boolean(city?.has(candidate)));
    return picked.map((candidate) => this.card(candidate, locale, currency));
  }

  listDestinations(locale: LocaleCode): DestinationSummary[] {
    return [...this.destinations]
      .sort((a, b) => b.popularity - a.popularity || a.slug.localeCompare(b.slug))
      .map((destination) => this.destinationSummary(destination, locale));
  }

  private destinationSummary(destination: CatalogueSource["destinations"][number], locale: LocaleCode): DestinationSummary {
    const country = this.countries.get(destination.countryCode);
    return {
      id: destination.id,
      slug: destination.slug,
      name: destination.name[locale],
      description: destination.description[locale],
      country: { code: destination.countryCode, name: country?.name[locale] ?? destination.countryCode, region: country?.region ?? "" },
      latitude: destination.latitude,
      longitude: destination.longitude,
      timeZone: destination.timeZone,
      image: imageFor(destination.image, locale, destination.name[locale]),
      experienceCount: this.facets.count("city", destination.slug),
      popularity: destination.popularity,
    };
  }

  getDestination(slug: string, locale: LocaleCode): DestinationSummary | null {
    const destination = this.destinations.find((candidate) => candidate.slug === slug);
    return destination ? this.destinationSummary(destination, locale) : null;
  }

  listCategories(locale: LocaleCode): CategorySummary[] {
    return this.categories.map((category) => this.categorySummary(category, locale));
  }

  private categorySummary(category: CatalogueSource["categories"][number], locale: LocaleCode): CategorySummary {
    return {
      id: category.id,
      slug: category.slug,
      name: category.name[locale],
      description: category.description[locale],
      icon: category.icon,
      image: imageFor(category.image, locale, category.name[locale]),
      experienceCount: this.facets.count("category", category.slug),
    };
  }

  getCategory(slug: string, locale: LocaleCode): CategorySummary | null {
    const category = this.categories.find((candidate) => candidate.slug === slug);
    return category ? this.categorySummary(category, locale) : null;
  }

  listThemes(locale: LocaleCode): ThemeSummary[] {
    return this.themes.map((theme) => ({ id: theme.id, slug: theme.slug, name: theme.name[locale], experienceCount: this.facets.count("theme", theme.slug) }));
  }

  getTheme(slug: string, locale: LocaleCode): ThemeSummary | null {
    return this.listThemes(locale).find((theme) => theme.slug === slug) ?? null;
  }

  /** Destinations whose name (in any language) or country matches the typed text; for "Where to?". */
  suggestDestinations(text: string, locale: LocaleCode, limit = 8): DestinationSummary[] {
    const { words, cjk } = tokenize(text);
    if (words.length === 0 && cjk.length === 0) return [];
    const matches = this.destinations.filter((destination) => {
      const country = this.countries.get(destination.countryCode);
      const haystack = tokenize(
        [...LOCALE_CODES.map((code) => destination.name[code]), ...LOCALE_CODES.map((code) => country?.name[code] ?? ""), destination.slug.replace(/-/g, " ")].join(" | "),
      );
      const forms = haystack.words.flatMap(indexForms);
      const cjkText = haystack.cjk.join("|");
      return words.every((word) => forms.some((form) => form.startsWith(word))) && cjk.every((run) => cjkText.includes(run));
    });
    return matches
      .map((destination) => this.destinationSummary(destination, locale))
      .sort((a, b) => b.experienceCount - a.experienceCount || b.popularity - a.popularity)
      .slice(0, limit);
  }

  /** Names of a vocabulary value (labels, occasions, languages …) in a locale. */
  vocabularyName(kind: string, code: string, locale: LocaleCode): string {
    return this.vocabulary.get(`${kind}:${code}`)?.[locale] ?? code;
  }

  destinationFor(id: string) {
    return this.destinationById.get(id);
  }

  categoryFor(id: string) {
    return this.categoryById.get(id);
  }

  countryFor(code: string) {
    return this.countries.get(code);
  }

  themeFor(id: string) {
    return this.themes.find((theme) => theme.id === id);
  }

  /** Drops cached text matches (the benchmark measures uncached search). */
  clearTextCache(): void {
    this.text.clearCache();
  }
}
