/** The catalogue's public query and result shapes (what routes call and render). */
import type { CancellationPolicy, DurationUnit, LocaleCode, LocalizedText, MediaImage, OpeningHoursPeriod } from "#app/db/types";
import type { RichText } from "#app/content/queries";
import type { CurrencyCode, Money } from "#app/lib/money";

export const SORTS = ["recommended", "price-asc", "price-desc"] as const;
export type CatalogueSort = (typeof SORTS)[number];

export const DURATION_BUCKETS = ["up-to-1-hour", "1-to-4-hours", "4-hours-to-1-day", "multi-day"] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number];

export const AGE_BUCKETS = ["infants", "kids", "teens", "adults", "seniors"] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export const RATING_THRESHOLDS = [4.5, 4, 3.5, 3] as const;

export interface CatalogueFilters {
  /** Inclusive bounds in minor units of the query's currency. */
  priceMin?: number;
  priceMax?: number;
  durations?: DurationBucket[];
  /** Guide language codes (en, ar, ru, zh, fr …). */
  languages?: string[];
  ages?: AgeBucket[];
  timesOfDay?: string[];
  /** Minimum average star rating (3, 3.5, 4, 4.5). */
  minRating?: number;
  labels?: string[];
  occasions?: string[];
  bestFor?: string[];
  categories?: string[];
  themes?: string[];
  cities?: string[];
}

export interface CatalogueQuery {
  locale: LocaleCode;
  currency: CurrencyCode;
  /** Listing scope: a city slug, category slug, theme slug, or none for all experiences. */
  city?: string;
  category?: string;
  theme?: string;
  text?: string;
  filters?: CatalogueFilters;
  sort?: CatalogueSort;
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

export interface NamedRef {
  slug: string;
  name: string;
}

export interface ExperienceCard {
  id: string;
  slug: string;
  title: string;
  shortDescription: string;
  city: NamedRef & { country: string; countryCode: string };
  category: NamedRef;
  /** `src` is the source picture (the largest generated width, or a CMS image); components size it through /_ipx. */
  image: { src: string; alt: string; base: string; widths: number[] };
  /** Lowest price in the visitor's currency; null when there is no fixed price. */
  price: Money | null;
  /** The undiscounted price when on promotion. */
  originalPrice: Money | null;
  pricingPer: "UNIT" | "BOOKING";
  noFixedPrice: boolean;
  instantConfirmation: boolean;
  rating: number;
  reviewCount: number;
  duration: { minutes: number; minutesTo: number | null; unit: DurationUnit };
  labels: Array<{ code: string; name: string }>;
  freeCancellation: boolean;
  pickupIncluded: boolean;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

export interface CatalogueFacets {
  categories: FacetValue[];
  themes: FacetValue[];
  cities: FacetValue[];
  durations: FacetValue[];
  languages: FacetValue[];
  ages: FacetValue[];
  timesOfDay: FacetValue[];
  ratings: FacetValue[];
  labels: FacetValue[];
  occasions: FacetValue[];
  bestFor: FacetValue[];
}

export interface CatalogueResult {
  items: ExperienceCard[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: CatalogueFacets;
  /** Price bounds of the matching experiences (ignoring the price filter), in the visitor's currency. */
  priceRange: { min: number; max: number; currency: CurrencyCode } | null;
  sort: CatalogueSort;
}

export interface DestinationSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  country: { code: string; name: string; region: string };
  latitude: number;
  longitude: number;
  timeZone: string;
  image: ExperienceCard["image"];
  experienceCount: number;
  popularity: number;
}

export interface CategorySummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  icon: string;
  image: ExperienceCard["image"];
  experienceCount: number;
}

export interface ThemeSummary {
  id: string;
  slug: string;
  name: string;
  experienceCount: number;
}

/** What the in-memory index is built from: the DB loader and the benchmark both produce this. */
export interface CatalogueSource {
  version: number;
  /** The database snapshot the rows were read in (pg_current_snapshot as text); none for generated sources. */
  snapshot?: string;
  countries: Array<{ code: string; name: LocalizedText; region: string; currency: string }>;
  destinations: Array<{
    id: string;
    slug: string;
    countryCode: string;
    name: LocalizedText;
    description: LocalizedText;
    latitude: number;
    longitude: number;
    timeZone: string;
    popularity: number;
    image: MediaImage;
  }>;
  categories: Array<{ id: string; slug: string; name: LocalizedText; description: LocalizedText; icon: string; sortOrder: number; image: MediaImage }>;
  themes: Array<{ id: string; slug: string; name: LocalizedText; sortOrder: number }>;
  vocabulary: Array<{ kind: string; code: string; name: LocalizedText; sortOrder: number }>;
  products: SourceProduct[];
}

/** What changed since a snapshot: reference tables whole, and the products written since (published or not). */
export interface CatalogueChanges extends Omit<CatalogueSource, "products" | "snapshot"> {
  snapshot: string;
  /** A product was deleted since the snapshot: only a full build can tell which. */
  rebuild: boolean;
  products: Array<SourceProduct & { published: boolean }>;
}

export interface SourceProduct {
  id: string;
  slug: string;
  destinationId: string;
  categoryIds: string[];
  themeIds: string[];
  labels: string[];
  occasions: string[];
  bestFor: string[];
  guideLanguages: string[];
  title: LocalizedText;
  shortDescription: LocalizedText;
  currency: string;
  priceFrom: number | null;
  priceFromOriginal: number | null;
  noFixedPrice: boolean;
  instantConfirmation: boolean;
  pricingPer: string;
  durationMinutes: number;
  durationMinutesTo: number | null;
  durationUnit: DurationUnit;
  minAge: number;
  maxAge: number;
  timesOfDay: string[];
  rating: number;
  reviewCount: number;
  images: MediaImage[];
  recommendedScore: number;
  cancellationPolicy: CancellationPolicy;
  pickupIncluded: boolean;
  expiresOn: string | null;
  openingHours?: OpeningHoursPeriod[] | null;
}

export interface ExperienceDetailUnit {
  id: string;
  type: string;
  title: string;
  minAge: number;
  maxAge: number;
  minQuantity: number | null;
  maxQuantity: number | null;
  paxCount: number;
  idRequired: boolean;
  /** In the visitor's currency; null for per-booking pricing or no fixed price. */
  price: Money | null;
  originalPrice: Money | null;
  /** In the product's own currency (what is charged). */
  nativePrice: Money | null;
}

export interface ExperienceDetailOption {
  id: string;
  title: string;
  description: string;
  isDefault: boolean;
  durationMinutes: number;
  cutoffMinutes: number;
  minUnits: number;
  maxUnits: number | null;
  bookingPrice: Money | null;
  bookingOriginalPrice: Money | null;
  nativeBookingPrice: Money | null;
  bookingMaxPax: number | null;
  units: ExperienceDetailUnit[];
}

export interface ReviewItem {
  id: number;
  authorName: string;
  authorCountry: string | null;
  locale: string;
  rating: number;
  title: string;
  body: string;
  visitedOn: string | null;
  createdAt: string;
}

export interface ReviewPage {
  items: ReviewItem[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Counts by star (1–5). */
  breakdown: Record<1 | 2 | 3 | 4 | 5, number>;
}

/** Everything an experience page shows, in one locale and currency. */
export interface ExperienceDetail {
  card: ExperienceCard;
  id: string;
  slug: string;
  locale: LocaleCode;
  title: string;
  shortDescription: string;
  /** The long description as plain text (the engine's, or the CMS's rich text flattened). */
  description: string;
  /** The CMS's long description with its structure, when editors wrote one (shown instead of `description`). */
  richDescription: RichText | null;
  highlights: string[];
  includes: string[];
  excludes: string[];
  itinerary: Array<{ time: string | null; title: string; description: string }>;
  knowBeforeYouGo: string[];
  whatToBring: string[];
  /** Questions and answers from the CMS (the engine has none). */
  faq: Array<{ question: string; answer: RichText }>;
  /**
   * Texts shown in English on a page in another language (a CMS field not yet translated), by path:
   * `whatToBring`, `itinerary.1.description`, `faq.0.answer`… The page marks them `lang="en"`.
   */
  englishFallbacks: string[];
  meetingPoint: string;
  city: { slug: string; name: string; country: { code: string; name: string } };
  categories: Array<{ slug: string; name: string }>;
  themes: Array<{ slug: string; name: string }>;
  labels: Array<{ code: string; name: string }>;
  occasions: Array<{ code: string; name: string }>;
  bestFor: Array<{ code: string; name: string }>;
  guideLanguages: Array<{ code: string; name: string }>;
  images: Array<ExperienceCard["image"]>;
  location: { latitude: number; longitude: number; address: string };
  pickup: {
    included: boolean;
    dropoffIncluded: boolean;
    points: Array<{ id: string; name: string; address: string; latitude: number; longitude: number; pickupTime: string | null }>;
  };
  extras: Array<{ id: string; title: string; price: Money; nativePrice: Money; per: "UNIT" | "BOOKING" }>;
  duration: { minutes: number; minutesTo: number | null; unit: string; minimumMinutes: number | null };
  ageRange: { min: number; max: number };
  timesOfDay: Array<{ code: string; name: string }>;
  startTime: string | null;
  endTime: string | null;
  openingHours: Array<{ from: string; to: string }> | null;
  availabilityType: "START_TIME" | "OPENING_HOURS";
  timeZone: string;
  pricingPer: "UNIT" | "BOOKING";
  currency: CurrencyCode;
  nativeCurrency: CurrencyCode;
  priceFrom: Money | null;
  noFixedPrice: boolean;
  instantConfirmation: boolean;
  capacityPerItem: number;
  expiresOn: string | null;
  cancellationPolicy: CancellationPolicy & { freeCancellation: boolean };
  rating: number;
  reviewCount: number;
  reviews: ReviewPage;
  options: ExperienceDetailOption[];
  supplier: { id: string; name: string };
  related: ExperienceCard[];
}
