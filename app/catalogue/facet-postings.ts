/**
 * The facet postings: for each filter group (category, theme, city, duration, language, age, time of
 * day, rating, label, occasion, best for) and each of its values, the bit set of the live products
 * that have it, with the value's label in every language.
 */
import type { LocaleCode, LocalizedText } from "#app/db/types";
import { Bitset } from "./bitset";
import {
  AGE_BUCKETS,
  DURATION_BUCKETS,
  RATING_THRESHOLDS,
  type AgeBucket,
  type CatalogueFacets,
  type CatalogueFilters,
  type CatalogueSource,
  type DurationBucket,
  type FacetValue,
  type SourceProduct,
} from "./types";

export type Group = "category" | "theme" | "city" | "duration" | "language" | "age" | "timeOfDay" | "rating" | "label" | "occasion" | "bestFor";

const AGE_RANGES: Record<AgeBucket, [number, number]> = {
  infants: [0, 2],
  kids: [3, 12],
  teens: [13, 17],
  adults: [18, 64],
  seniors: [65, 99],
};

const DURATION_LABELS: Record<DurationBucket, LocalizedText> = {
  "up-to-1-hour": { en: "Up to 1 hour", ru: "До 1 часа", zh: "1小时以内", ar: "حتى ساعة واحدة" },
  "1-to-4-hours": { en: "1 to 4 hours", ru: "От 1 до 4 часов", zh: "1至4小时", ar: "من ساعة إلى 4 ساعات" },
  "4-hours-to-1-day": { en: "4 hours to 1 day", ru: "От 4 часов до 1 дня", zh: "4小时至1天", ar: "من 4 ساعات إلى يوم" },
  "multi-day": { en: "Multi-day", ru: "Несколько дней", zh: "多日", ar: "عدة أيام" },
};

const AGE_LABELS: Record<AgeBucket, LocalizedText> = {
  infants: { en: "Infants (0–2)", ru: "Младенцы (0–2)", zh: "婴儿（0–2岁）", ar: "الرضع (0–2)" },
  kids: { en: "Kids (3–12)", ru: "Дети (3–12)", zh: "儿童（3–12岁）", ar: "الأطفال (3–12)" },
  teens: { en: "Teens (13–17)", ru: "Подростки (13–17)", zh: "青少年（13–17岁）", ar: "المراهقون (13–17)" },
  adults: { en: "Adults (18–64)", ru: "Взрослые (18–64)", zh: "成人（18–64岁）", ar: "البالغون (18–64)" },
  seniors: { en: "Seniors (65+)", ru: "Пожилые (65+)", zh: "长者（65岁以上）", ar: "كبار السن (65+)" },
};

const ratingLabel = (threshold: number): LocalizedText => ({
  en: `${threshold}+ stars`,
  ru: `${threshold}+ звезды`,
  zh: `${threshold}星及以上`,
  ar: `${threshold}+ نجوم`,
});

export function durationBucket(minutes: number): DurationBucket {
  if (minutes <= 60) return "up-to-1-hour";
  if (minutes <= 240) return "1-to-4-hours";
  if (minutes <= 1440) return "4-hours-to-1-day";
  return "multi-day";
}

/** A search's bit sets once its filters are combined. */
export interface Selection {
  selected: Partial<Record<Group, Bitset>>;
  /** The groups with a selection. */
  active: Group[];
  /** Scope and every selected group, before the price filter. */
  withoutPrice: Bitset;
  result: Bitset;
  scopeWithPrice: Bitset;
}

interface Facetable {
  group: Group;
  values: string[];
  labels: Map<string, LocalizedText>;
}

/** The reference tables that name the category, theme and city values. */
export type FacetReference = Pick<CatalogueSource, "destinations" | "categories" | "themes" | "vocabulary">;

/**
 * The groups' values in the order the filters list them, and each value's bit set, posted product by
 * product. A search's filters are ORs within a group and ANDs across groups; facet counts are
 * popcounts of the value sets against the rest of the selection.
 */
export class FacetPostings {
  private postings = new Map<Group, Map<string, Bitset>>();
  private groupValues = new Map<Group, Facetable>();
  private categorySlug: Map<string, string>;
  private themeSlug: Map<string, string>;
  private citySlug: Map<string, string>;

  constructor(
    reference: FacetReference,
    private readonly capacity: number,
  ) {
    const bySortOrder = (a: { sortOrder: number }, b: { sortOrder: number }) => a.sortOrder - b.sortOrder;
    const vocabularyOf = (kind: string) =>
      reference.vocabulary
        .filter((item) => item.kind === kind)
        .sort(bySortOrder)
        .map((item) => [item.code, item.name] as const);
    this.defineGroup("category", [...reference.categories].sort(bySortOrder).map((category) => [category.slug, category.name] as const));
    this.defineGroup("theme", [...reference.themes].sort(bySortOrder).map((theme) => [theme.slug, theme.name] as const));
    this.defineGroup("city", [...reference.destinations].sort((a, b) => b.popularity - a.popularity).map((destination) => [destination.slug, destination.name] as const));
    this.defineGroup("duration", DURATION_BUCKETS.map((bucket) => [bucket, DURATION_LABELS[bucket]] as const));
    this.defineGroup("language", vocabularyOf("language"));
    this.defineGroup("age", AGE_BUCKETS.map((bucket) => [bucket, AGE_LABELS[bucket]] as const));
    this.defineGroup("timeOfDay", vocabularyOf("time-of-day"));
    this.defineGroup("rating", RATING_THRESHOLDS.map((threshold) => [String(threshold), ratingLabel(threshold)] as const));
    this.defineGroup("label", vocabularyOf("label"));
    this.defineGroup("occasion", vocabularyOf("occasion"));
    this.defineGroup("bestFor", vocabularyOf("best-for"));

    this.categorySlug = new Map(reference.categories.map((category) => [category.id, category.slug]));
    this.themeSlug = new Map(reference.themes.map((theme) => [theme.id, theme.slug]));
    this.citySlug = new Map(reference.destinations.map((destination) => [destination.id, destination.slug]));
  }

  /** Posts a live product under each of its facet values. */
  post(product: SourceProduct, position: number): void {
    for (const id of product.categoryIds) this.postValue("category", this.categorySlug.get(id), position);
    for (const id of product.themeIds) this.postValue("theme", this.themeSlug.get(id), position);
    this.postValue("city", this.citySlug.get(product.destinationId), position);
    this.postValue("duration", durationBucket(product.durationMinutes), position);
    for (const code of product.guideLanguages) this.postValue("language", code, position);
    for (const bucket of AGE_BUCKETS) {
      const [low, high] = AGE_RANGES[bucket];
      if (product.minAge <= high && product.maxAge >= low) this.postValue("age", bucket, position);
    }
    for (const code of product.timesOfDay) this.postValue("timeOfDay", code, position);
    for (const threshold of RATING_THRESHOLDS) if (product.reviewCount > 0 && product.rating >= threshold) this.postValue("rating", String(threshold), position);
    for (const code of product.labels) this.postValue("label", code, position);
    for (const code of product.occasions) this.postValue("occasion", code, position);
    for (const code of product.bestFor) this.postValue("bestFor", code, position);
  }

  /** Takes a position out of every facet value (before it is posted again, or hidden). */
  unpost(position: number): void {
    for (const values of this.postings.values()) for (const set of values.values()) set.remove(position);
  }

  private defineGroup(group: Group, entries: ReadonlyArray<readonly [string, LocalizedText]>) {
    this.groupValues.set(group, { group, values: entries.map(([value]) => value), labels: new Map(entries.map(([value, label]) => [value, label])) });
    this.postings.set(group, new Map());
  }

  private postValue(group: Group, value: string | undefined, position: number) {
    if (value === undefined) return;
    const map = this.postings.get(group)!;
    let set = map.get(value);
    if (!set) {
      set = new Bitset(this.capacity);
      map.set(value, set);
      const facet = this.groupValues.get(group)!;
      if (!facet.labels.has(value)) {
        facet.values.push(value);
        facet.labels.set(value, { en: value, ru: value, zh: value, ar: value });
      }
    }
    set.add(position);
  }

  /** The live products having a value, or undefined for a value no product has had. */
  valueSet(group: Group, value: string): Bitset | undefined {
    return this.postings.get(group)?.get(value);
  }

  /** How many live products have a value. */
  count(group: Group, value: string): number {
    return this.postings.get(group)?.get(value)?.count() ?? 0;
  }

  /** OR of the selected values of a group; undefined when nothing is selected. */
  private selection(group: Group, values: readonly string[] | undefined): Bitset | undefined {
    if (!values || values.length === 0) return undefined;
    const result = new Bitset(this.capacity);
    for (const value of values) {
      const set = this.valueSet(group, value);
      if (set) result.or(set);
    }
    return result;
  }

  /** A search's selection: the filters' groups combined with its scope and price filter. */
  select(scope: Bitset, priceMask: Bitset | undefined, filters: CatalogueFilters, ratingAtLeast: (minimum: number) => Bitset): Selection {
    return this.combine(scope, priceMask, this.selectedGroups(filters, ratingAtLeast));
  }

  /**
   * Each filter group's selection (the OR of its chosen values); undefined where nothing is chosen. A
   * minimum rating between the thresholds has no postings: `ratingAtLeast` finds its products.
   */
  private selectedGroups(filters: CatalogueFilters, ratingAtLeast: (minimum: number) => Bitset): Partial<Record<Group, Bitset>> {
    const minRating = filters.minRating;
    return {
      category: this.selection("category", filters.categories),
      theme: this.selection("theme", filters.themes),
      city: this.selection("city", filters.cities),
      duration: this.selection("duration", filters.durations),
      language: this.selection("language", filters.languages),
      age: this.selection("age", filters.ages),
      timeOfDay: this.selection("timeOfDay", filters.timesOfDay),
      rating: minRating !== undefined ? (this.valueSet("rating", String(minRating)) ?? ratingAtLeast(minRating)) : undefined,
      label: this.selection("label", filters.labels),
      occasion: this.selection("occasion", filters.occasions),
      bestFor: this.selection("bestFor", filters.bestFor),
    };
  }

  /** Result = scope ∧ price ∧ every selected group; the price range ignores the price filter only. */
  private combine(scope: Bitset, priceMask: Bitset | undefined, selected: Partial<Record<Group, Bitset>>): Selection {
    const active = (Object.keys(selected) as Group[]).filter((group) => selected[group] !== undefined);
    const withoutPrice = scope.clone();
    for (const group of active) withoutPrice.and(selected[group]!);
    const result = priceMask ? withoutPrice.clone().and(priceMask) : withoutPrice;
    const scopeWithPrice = priceMask ? scope.clone().and(priceMask) : scope;
    return { selected, active, withoutPrice, result, scopeWithPrice };
  }

  /** Every group's facet values with their counts under the selection, labelled in `locale`. */
  facetsOf(selection: Selection, filters: CatalogueFilters, locale: LocaleCode): CatalogueFacets {
    const values = (group: Group, chosen: readonly string[] | undefined) => this.facetValues(selection, group, chosen, locale);
    return {
      categories: values("category", filters.categories),
      themes: values("theme", filters.themes),
      cities: values("city", filters.cities),
      durations: values("duration", filters.durations),
      languages: values("language", filters.languages),
      ages: values("age", filters.ages),
      timesOfDay: values("timeOfDay", filters.timesOfDay),
      ratings: values("rating", filters.minRating !== undefined ? [String(filters.minRating)] : undefined),
      labels: values("label", filters.labels),
      occasions: values("occasion", filters.occasions),
      bestFor: values("bestFor", filters.bestFor),
    };
  }

  /**
   * Disjunctive facets: a group's counts apply every other group's selection, not its own. Values
   * with no match are left out unless chosen.
   */
  private facetValues(selection: Selection, group: Group, selectedValues: readonly string[] | undefined, locale: LocaleCode): FacetValue[] {
    let mask = selection.result;
    if (selection.active.includes(group)) {
      mask = selection.scopeWithPrice.clone();
      for (const other of selection.active) if (other !== group) mask.and(selection.selected[other]!);
    }
    const definition = this.groupValues.get(group)!;
    const chosen = new Set(selectedValues ?? []);
    const values: FacetValue[] = [];
    for (const value of definition.values) {
      const set = this.valueSet(group, value);
      const count = set ? mask.countAnd(set) : 0;
      if (count === 0 && !chosen.has(value)) continue;
      values.push({ value, label: definition.labels.get(value)?.[locale] ?? value, count, selected: chosen.has(value) });
    }
    return values;
  }
}
