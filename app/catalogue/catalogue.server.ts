/**
 * The catalogue's read side for routes. Listing, search, facets and suggestions come from the
 * in-memory CatalogueIndex (rebuilt when the catalogue version changes, announced by NOTIFY);
 * a detail page is three queries, cached per slug/locale/currency until the next change.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { CATALOGUE_CHANNEL } from "#app/db/channels";
import { rowsOf, type Database, type DatabaseHandle } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { CancellationPolicy, LocaleCode } from "#app/db/types";
import { BASE_CURRENCY, convertAmount, isCurrencyCode, type CurrencyCode, type Money } from "#app/lib/money";
import { CatalogueIndex, imageFor } from "./catalogue-index";
import type {
  CatalogueQuery,
  CatalogueResult,
  CatalogueSource,
  CategorySummary,
  DestinationSummary,
  ExperienceCard,
  SourceProduct,
  ThemeSummary,
} from "./types";

export { CATALOGUE_CHANNEL };

/** Reads everything the index needs: one query per table, never one per product. */
export async function loadCatalogueSource(db: Database): Promise<CatalogueSource> {
  const [meta, countries, destinations, categories, themes, vocabulary, products] = await Promise.all([
    db.select({ version: schema.catalogueMeta.version }).from(schema.catalogueMeta).where(eq(schema.catalogueMeta.key, "catalogue")),
    db.select().from(schema.countries),
    db.select().from(schema.destinations),
    db.select().from(schema.categories),
    db.select().from(schema.themes),
    db.select().from(schema.vocabulary),
    db
      .select({
        id: schema.products.id,
        slug: schema.products.slug,
        destinationId: schema.products.destinationId,
        categoryIds: schema.products.categoryIds,
        themeIds: schema.products.themeIds,
        labels: schema.products.labels,
        occasions: schema.products.occasions,
        bestFor: schema.products.bestFor,
        guideLanguages: schema.products.guideLanguages,
        title: schema.products.title,
        shortDescription: schema.products.shortDescription,
        currency: schema.products.currency,
        priceFrom: schema.products.priceFrom,
        priceFromOriginal: schema.products.priceFromOriginal,
        noFixedPrice: schema.products.noFixedPrice,
        instantConfirmation: schema.products.instantConfirmation,
        pricingPer: schema.products.pricingPer,
        durationMinutes: schema.products.durationMinutes,
        durationMinutesTo: schema.products.durationMinutesTo,
        durationUnit: schema.products.durationUnit,
        minAge: schema.products.minAge,
        maxAge: schema.products.maxAge,
        timesOfDay: schema.products.timesOfDay,
        rating: schema.products.rating,
        reviewCount: schema.products.reviewCount,
        images: schema.products.images,
        recommendedScore: schema.products.recommendedScore,
        cancellationPolicy: schema.products.cancellationPolicy,
        pickupIncluded: schema.products.pickupIncluded,
        expiresOn: schema.products.expiresOn,
      })
      .from(schema.products)
      .where(eq(schema.products.published, true))
      .orderBy(asc(schema.products.id)),
  ]);
  return { version: meta[0]?.version ?? 0, countries, destinations, categories, themes, vocabulary, products: products satisfies SourceProduct[] };
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

export interface ExperienceDetail {
  card: ExperienceCard;
  id: string;
  slug: string;
  locale: LocaleCode;
  title: string;
  shortDescription: string;
  description: string;
  highlights: string[];
  includes: string[];
  excludes: string[];
  itinerary: Array<{ time: string | null; title: string; description: string }>;
  knowBeforeYouGo: string[];
  whatToBring: string[];
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

/** A catalogue bound to one database; the app context opens one per process (openCatalogue). */
export class Catalogue {
  private index: CatalogueIndex | undefined;
  private building: Promise<CatalogueIndex> | undefined;
  private stale = false;
  private details = new LRUCache<string, ExperienceDetail>({ max: 2000 });
  private unsubscribe: (() => Promise<void>) | undefined;
  private lastVersionCheck = 0;

  constructor(
    private readonly handle: Pick<DatabaseHandle, "db" | "pubsub">,
    private readonly options: {
      today?: () => string;
      versionCheckMs?: number;
      /** Told once a change has been loaded into the index (the app context clears cached pages then). */
      onChange?: (reason: string) => void;
    } = {},
  ) {}

  /** True once the first index is built (readiness waits for it). */
  get ready(): boolean {
    return this.index !== undefined;
  }

  get db(): Database {
    return this.handle.db;
  }

  /** Subscribes to change notifications so other instances' edits reach this one's index. */
  async start(): Promise<void> {
    this.unsubscribe ??= await this.handle.pubsub.listen(CATALOGUE_CHANNEL, () => this.invalidate());
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /**
   * A change was made (here or on another instance): rebuild the index now, keep serving the previous
   * one meanwhile, and tell onChange once the new one is in place, so cached pages are dropped only
   * when a fresh render would show the change (dropping them earlier could cache the old data again).
   */
  invalidate(): void {
    this.stale = true;
    this.details.clear();
    if (!this.index) return;
    void this.refresh()
      .then(() => this.options.onChange?.("catalogue"))
      .catch((error: unknown) => console.error("[catalogue] rebuilding the index failed", error));
  }

  /** Resolves once an index built after the last invalidation is in place. */
  private async refresh(): Promise<void> {
    while (this.stale || this.building) {
      // A build that began before the change may not include it: wait for it, then build again.
      if (this.building) await this.building.catch((error: unknown) => console.error("[catalogue] index build failed", error));
      else void this.getIndex();
    }
  }

  /** Builds the first index (before the server reports ready). */
  async warm(): Promise<void> {
    await this.getIndex();
  }

  /** The current index; builds it on first use; after invalidation, rebuilds in the background. */
  async getIndex(): Promise<CatalogueIndex> {
    const now = Date.now();
    if (this.index && !this.stale && now - this.lastVersionCheck > (this.options.versionCheckMs ?? 30_000)) {
      // A safety net for a missed NOTIFY (e.g. a dropped listener connection): compare versions.
      this.lastVersionCheck = now;
      const current = this.index;
      void this.db
        .select({ version: schema.catalogueMeta.version })
        .from(schema.catalogueMeta)
        .where(eq(schema.catalogueMeta.key, "catalogue"))
        .then((rows) => {
          if ((rows[0]?.version ?? 0) !== current.version) this.invalidate();
        })
        .catch(() => undefined);
    }
    if (this.index && !this.stale) return this.index;
    if (!this.building) {
      this.stale = false;
      this.building = loadCatalogueSource(this.db)
        .then((source) => new CatalogueIndex(source, { today: this.options.today?.() }))
        .then((index) => {
          this.index = index;
          this.details.clear();
          return index;
        })
        .finally(() => {
          this.building = undefined;
        });
    }
    return this.index ?? this.building;
  }

  async search(query: CatalogueQuery): Promise<CatalogueResult> {
    return (await this.getIndex()).search(query);
  }

  async listDestinations(locale: LocaleCode): Promise<DestinationSummary[]> {
    return (await this.getIndex()).listDestinations(locale);
  }

  async getCity(slug: string, locale: LocaleCode): Promise<DestinationSummary | null> {
    return (await this.getIndex()).getDestination(slug, locale);
  }

  async listCategories(locale: LocaleCode): Promise<CategorySummary[]> {
    return (await this.getIndex()).listCategories(locale);
  }

  async getCategory(slug: string, locale: LocaleCode): Promise<CategorySummary | null> {
    return (await this.getIndex()).getCategory(slug, locale);
  }

  async listThemes(locale: LocaleCode): Promise<ThemeSummary[]> {
    return (await this.getIndex()).listThemes(locale);
  }

  async getTheme(slug: string, locale: LocaleCode): Promise<ThemeSummary | null> {
    return (await this.getIndex()).getTheme(slug, locale);
  }

  async suggestDestinations(text: string, locale: LocaleCode, limit?: number): Promise<DestinationSummary[]> {
    return (await this.getIndex()).suggestDestinations(text, locale, limit);
  }

  /** Cards for known ids or slugs (cart, wishlists, CMS-curated rows), in the given order. */
  async getCards(idsOrSlugs: string[], locale: LocaleCode, currency: CurrencyCode): Promise<ExperienceCard[]> {
    const index = await this.getIndex();
    return idsOrSlugs.flatMap((key) => index.cardById(key, locale, currency) ?? index.cardBySlug(key, locale, currency) ?? []);
  }

  async getReviews(productId: string, options: { page?: number; pageSize?: number; locale?: LocaleCode } = {}): Promise<ReviewPage> {
    const pageSize = Math.min(50, Math.max(1, options.pageSize ?? 5));
    const page = Math.max(1, options.page ?? 1);
    const where = eq(schema.reviews.productId, productId);
    const [items, breakdownRows] = await Promise.all([
      this.db
        .select()
        .from(schema.reviews)
        .where(where)
        // The visitor's own language first, newest first within it.
        .orderBy(...(options.locale ? [desc(sql`${schema.reviews.locale} = ${options.locale}`)] : []), desc(schema.reviews.createdAt), asc(schema.reviews.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db
        .select({ rating: schema.reviews.rating, count: sql<number>`count(*)::int` })
        .from(schema.reviews)
        .where(where)
        .groupBy(schema.reviews.rating),
    ]);
    const breakdown: ReviewPage["breakdown"] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const row of breakdownRows) breakdown[row.rating as 1 | 2 | 3 | 4 | 5] = Number(row.count);
    const total = Object.values(breakdown).reduce((sum, count) => sum + count, 0);
    return {
      items: items.map((review) => ({
        id: review.id,
        authorName: review.authorName,
        authorCountry: review.authorCountry,
        locale: review.locale,
        rating: review.rating,
        title: review.title,
        body: review.body,
        visitedOn: review.visitedOn,
        createdAt: review.createdAt.toISOString(),
      })),
      total,
      page,
      pageSize,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
      breakdown,
    };
  }

  /** Everything an experience page shows, or null when the slug is unknown or unpublished. */
  async getExperienceBySlug(slug: string, locale: LocaleCode, currency: CurrencyCode = BASE_CURRENCY): Promise<ExperienceDetail | null> {
    const key = `${slug}|${locale}|${currency}`;
    const cached = this.details.get(key);
    if (cached) return cached;
    const index = await this.getIndex();
    const card = index.cardBySlug(slug, locale, currency);
    if (!card) return null;
    const [product] = await this.db
      .select()
      .from(schema.products)
      .where(and(eq(schema.products.slug, slug), eq(schema.products.published, true)));
    if (!product) return null;
    const [options, supplier, reviews] = await Promise.all([
      this.db.select().from(schema.productOptions).where(eq(schema.productOptions.productId, product.id)).orderBy(asc(schema.productOptions.sortOrder)),
      this.db.select({ id: schema.suppliers.id, name: schema.suppliers.name }).from(schema.suppliers).where(eq(schema.suppliers.id, product.supplierId)),
      this.getReviews(product.id, { locale }),
    ]);
    const units = options.length
      ? await this.db
          .select()
          .from(schema.units)
          .where(inArray(schema.units.optionId, options.map((option) => option.id)))
          .orderBy(asc(schema.units.sortOrder))
      : [];
    const native: CurrencyCode = isCurrencyCode(product.currency) ? product.currency : BASE_CURRENCY;
    const money = (amount: number | null): Money | null => (amount === null ? null : { amount: convertAmount(amount, native, currency), currency });
    const nativeMoney = (amount: number | null): Money | null => (amount === null ? null : { amount, currency: native });
    const destination = index.destinationFor(product.destinationId);
    const country = destination ? index.countryFor(destination.countryCode) : undefined;
    const content = product.content;
    const policy = product.cancellationPolicy;
    const detail: ExperienceDetail = {
      card,
      id: product.id,
      slug: product.slug,
      locale,
      title: product.title[locale],
      shortDescription: product.shortDescription[locale],
      description: content.description[locale],
      highlights: content.highlights[locale],
      includes: content.includes[locale],
      excludes: content.excludes[locale],
      itinerary: content.itinerary.map((step) => ({ time: step.time, title: step.title[locale], description: step.description[locale] })),
      knowBeforeYouGo: content.knowBeforeYouGo[locale],
      whatToBring: content.whatToBring[locale],
      meetingPoint: content.meetingPoint[locale],
      city: {
        slug: destination?.slug ?? "",
        name: destination?.name[locale] ?? "",
        country: { code: destination?.countryCode ?? "", name: country?.name[locale] ?? "" },
      },
      categories: product.categoryIds.flatMap((id) => {
        const category = index.categoryFor(id);
        return category ? [{ slug: category.slug, name: category.name[locale] }] : [];
      }),
      themes: product.themeIds.flatMap((id) => {
        const theme = index.themeFor(id);
        return theme ? [{ slug: theme.slug, name: theme.name[locale] }] : [];
      }),
      labels: product.labels.map((code) => ({ code, name: index.vocabularyName("label", code, locale) })),
      occasions: product.occasions.map((code) => ({ code, name: index.vocabularyName("occasion", code, locale) })),
      bestFor: product.bestFor.map((code) => ({ code, name: index.vocabularyName("best-for", code, locale) })),
      guideLanguages: product.guideLanguages.map((code) => ({ code, name: index.vocabularyName("language", code, locale) })),
      images: product.images.map((image) => imageFor(image, locale, product.title[locale])),
      location: { latitude: product.latitude, longitude: product.longitude, address: product.address[locale] },
      pickup: {
        included: product.pickupIncluded,
        dropoffIncluded: product.dropoffIncluded,
        points: product.pickupPoints.map((point) => ({
          id: point.id,
          name: point.name[locale],
          address: point.address[locale],
          latitude: point.latitude,
          longitude: point.longitude,
          pickupTime: point.pickupTime,
        })),
      },
      extras: product.extras.map((extra) => ({
        id: extra.id,
        title: extra.title[locale],
        price: money(extra.price)!,
        nativePrice: nativeMoney(extra.price)!,
        per: extra.per,
      })),
      duration: { minutes: product.durationMinutes, minutesTo: product.durationMinutesTo, unit: product.durationUnit, minimumMinutes: product.minimumDurationMinutes },
      ageRange: { min: product.minAge, max: product.maxAge },
      timesOfDay: product.timesOfDay.map((code) => ({ code, name: index.vocabularyName("time-of-day", code, locale) })),
      startTime: product.startTime,
      endTime: product.endTime,
      openingHours: product.openingHours,
      availabilityType: product.availabilityType === "OPENING_HOURS" ? "OPENING_HOURS" : "START_TIME",
      timeZone: product.timeZone,
      pricingPer: product.pricingPer === "BOOKING" ? "BOOKING" : "UNIT",
      currency,
      nativeCurrency: native,
      priceFrom: money(product.priceFrom),
      noFixedPrice: product.noFixedPrice,
      instantConfirmation: product.instantConfirmation,
      capacityPerItem: product.capacityPerItem,
      expiresOn: product.expiresOn,
      cancellationPolicy: { ...policy, freeCancellation: !policy.nonRefundable && policy.rules.some((rule) => rule.penaltyPercent === 0) },
      rating: product.rating,
      reviewCount: product.reviewCount,
      reviews,
      options: options.map((option) => ({
        id: option.id,
        title: option.title[locale],
        description: option.description[locale],
        isDefault: option.isDefault,
        durationMinutes: option.durationMinutes,
        cutoffMinutes: option.cutoffMinutes,
        minUnits: option.minUnits,
        maxUnits: option.maxUnits,
        bookingPrice: money(option.bookingPrice),
        bookingOriginalPrice: option.bookingPriceOriginal !== null && option.bookingPrice !== null && option.bookingPriceOriginal > option.bookingPrice ? money(option.bookingPriceOriginal) : null,
        nativeBookingPrice: nativeMoney(option.bookingPrice),
        bookingMaxPax: option.bookingMaxPax,
        units: units
          .filter((unit) => unit.optionId === option.id)
          .map((unit) => ({
            id: unit.id,
            type: unit.type,
            title: unit.title[locale],
            minAge: unit.minAge,
            maxAge: unit.maxAge,
            minQuantity: unit.minQuantity,
            maxQuantity: unit.maxQuantity,
            paxCount: unit.paxCount,
            idRequired: unit.idRequired,
            price: money(unit.price),
            originalPrice: unit.priceOriginal !== null && unit.price !== null && unit.priceOriginal > unit.price ? money(unit.priceOriginal) : null,
            nativePrice: nativeMoney(unit.price),
          })),
      })),
      supplier: supplier[0] ?? { id: product.supplierId, name: "" },
      related: index.related(slug, locale, currency),
    };
    this.details.set(key, detail);
    return detail;
  }
}

/** Bumps the catalogue version and tells every instance (call after any catalogue write). */
export async function notifyCatalogueChanged(handle: Pick<DatabaseHandle, "db" | "pubsub">): Promise<number> {
  const rows = rowsOf<{ version: number }>(
    await handle.db.execute(sql`UPDATE catalogue_meta SET version = version + 1, updated_at = now() WHERE key = 'catalogue' RETURNING version::int AS version`),
  );
  const version = rows[0]?.version ?? 0;
  await handle.pubsub.notify(CATALOGUE_CHANNEL, String(version));
  return version;
}

/** Opens the catalogue index over a database and subscribes it to change notifications. */
export async function openCatalogue(handle: Pick<DatabaseHandle, "db" | "pubsub">, options: { onChange?: (reason: string) => void } = {}): Promise<Catalogue> {
  const catalogue = new Catalogue(handle, options);
  await catalogue.start();
  return catalogue;
}

// Route-facing functions: the catalogue comes from the app context (live availability is in app/booking/availability.server.ts).

export async function searchCatalogue(catalogue: Catalogue, query: CatalogueQuery): Promise<CatalogueResult> {
  return catalogue.search(query);
}

export async function getExperienceBySlug(catalogue: Catalogue, slug: string, locale: LocaleCode, currency?: CurrencyCode): Promise<ExperienceDetail | null> {
  return catalogue.getExperienceBySlug(slug, locale, currency);
}

export async function getReviews(catalogue: Catalogue, productId: string, options?: { page?: number; pageSize?: number; locale?: LocaleCode }): Promise<ReviewPage> {
  return catalogue.getReviews(productId, options);
}

export async function listDestinations(catalogue: Catalogue, locale: LocaleCode): Promise<DestinationSummary[]> {
  return catalogue.listDestinations(locale);
}

export async function getCity(catalogue: Catalogue, slug: string, locale: LocaleCode): Promise<DestinationSummary | null> {
  return catalogue.getCity(slug, locale);
}

export async function listCategories(catalogue: Catalogue, locale: LocaleCode): Promise<CategorySummary[]> {
  return catalogue.listCategories(locale);
}

export async function getCategory(catalogue: Catalogue, slug: string, locale: LocaleCode): Promise<CategorySummary | null> {
  return catalogue.getCategory(slug, locale);
}

export async function listThemes(catalogue: Catalogue, locale: LocaleCode): Promise<ThemeSummary[]> {
  return catalogue.listThemes(locale);
}

export async function getTheme(catalogue: Catalogue, slug: string, locale: LocaleCode): Promise<ThemeSummary | null> {
  return catalogue.getTheme(slug, locale);
}

export async function suggestDestinations(catalogue: Catalogue, text: string, locale: LocaleCode, limit?: number): Promise<DestinationSummary[]> {
  return catalogue.suggestDestinations(text, locale, limit);
}

export async function getExperienceCards(catalogue: Catalogue, idsOrSlugs: string[], locale: LocaleCode, currency: CurrencyCode): Promise<ExperienceCard[]> {
  return catalogue.getCards(idsOrSlugs, locale, currency);
}
