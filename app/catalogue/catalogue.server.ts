/**
 * The catalogue's read side for routes. Listing, search, facets and suggestions come from the
 * in-memory CatalogueIndex (patched with the changed products when a change is announced by NOTIFY,
 * or noticed by the version check; rebuilt whole only when a patch cannot follow the change);
 * a detail page (experience-detail.server.ts) is three queries, cached per slug/locale/currency
 * until the next change.
 */
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { CATALOGUE_CHANNEL, REVIEWS_CHANNEL } from "#app/db/channels";
import { rowsOf, type Database, type DatabaseHandle } from "#app/db/db.server";
import { productShortDescription, productTitle } from "#app/db/product-texts";
import * as schema from "#app/db/schema";
import type { LocaleCode } from "#app/db/types";
import { BASE_CURRENCY, type CurrencyCode } from "#app/lib/money";
import { CatalogueIndex } from "./catalogue-index";
import { loadExperienceDetail } from "./experience-detail.server";
import { compact, interner } from "./interning";
import { loadReviewPage, type ReviewPageOptions } from "./review-page.server";
import type {
  CatalogueChanges,
  CatalogueQuery,
  CatalogueResult,
  CatalogueSource,
  CategorySummary,
  DestinationSummary,
  ExperienceCard,
  ExperienceDetail,
  ReviewPage,
  SourceProduct,
  ThemeSummary,
} from "./types";

export { CATALOGUE_CHANNEL, REVIEWS_CHANNEL };

/** What a review changed: one product (REVIEWS_CHANNEL's payload). */
export type ProductReviewed = { productId: string; slug: string };

function parseProductReviewed(payload: string): ProductReviewed | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== "object" || value === null) return null;
    const { productId, slug } = value as Record<string, unknown>;
    return typeof productId === "string" && typeof slug === "string" ? { productId, slug } : null;
  } catch {
    return null;
  }
}

/** Resolves after the event loop has run its pending I/O and timers once. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The product columns the index reads. */
const SOURCE_COLUMNS = {
  id: schema.products.id,
  slug: schema.products.slug,
  destinationId: schema.products.destinationId,
  categoryIds: schema.products.categoryIds,
  themeIds: schema.products.themeIds,
  labels: schema.products.labels,
  occasions: schema.products.occasions,
  bestFor: schema.products.bestFor,
  guideLanguages: schema.products.guideLanguages,
  // As visitors see them: the CMS's text over the engine's (ADR 054).
  title: productTitle,
  shortDescription: productShortDescription,
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
};

/**
 * Reference tables in a stable order (their JSON is compared to tell a change); one query at a time on
 * the snapshot's connection, letting waiting requests through between them (PGlite runs each query on
 * this thread, and resolved queries chain without ever reaching the timers and I/O otherwise).
 */
async function loadReference(db: Database) {
  const countries = await db.select().from(schema.countries).orderBy(asc(schema.countries.code));
  await nextTurn();
  const destinations = await db.select().from(schema.destinations).orderBy(asc(schema.destinations.id));
  await nextTurn();
  const categories = await db.select().from(schema.categories).orderBy(asc(schema.categories.id));
  await nextTurn();
  const themes = await db.select().from(schema.themes).orderBy(asc(schema.themes.id));
  await nextTurn();
  const vocabulary = await db.select().from(schema.vocabulary).orderBy(asc(schema.vocabulary.kind), asc(schema.vocabulary.code));
  await nextTurn();
  return { countries, destinations, categories, themes, vocabulary };
}

/**
 * Reads in one repeatable-read snapshot, and returns that snapshot: what the index reads is then
 * exactly "everything committed before it", and the next change set is "everything it could not see".
 */
async function inSnapshot<T>(db: Database, read: (t: Database, snapshot: string) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      const t = tx as unknown as Database;
      const [row] = rowsOf<{ snapshot: string }>(await t.execute(sql`SELECT pg_current_snapshot()::text AS snapshot`));
      return read(t, row!.snapshot);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

const SOURCE_PAGE = 2000;

/** Reads everything the index needs: one query per table (products by pages), never one per product. */
export async function loadCatalogueSource(db: Database): Promise<CatalogueSource> {
  return inSnapshot(db, async (t, snapshot) => {
    const meta = await t.select({ version: schema.catalogueMeta.version }).from(schema.catalogueMeta).where(eq(schema.catalogueMeta.key, "catalogue"));
    const reference = await loadReference(t);
    // A page at a time, each compacted before the next is read: the driver's buffers and the raw rows
    // of 100,000 products never sit in memory together (the process keeps its peak as RSS).
    const share = interner();
    const products: SourceProduct[] = [];
    for (;;) {
      const last = products[products.length - 1]?.id;
      const page = await t
        .select(SOURCE_COLUMNS)
        .from(schema.products)
        .where(last === undefined ? eq(schema.products.published, true) : and(eq(schema.products.published, true), gt(schema.products.id, last)))
        .orderBy(asc(schema.products.id))
        .limit(SOURCE_PAGE);
      for (const row of page) products.push(compact(row, share));
      if (page.length < SOURCE_PAGE) break;
      await nextTurn();
    }
    return { version: meta[0]?.version ?? 0, snapshot, ...reference, products };
  });
}

/**
 * What changed since `since` (a snapshot an index was read in): the products written by transactions
 * that snapshot could not see (products.change_xid, set by a trigger on every write; drizzle/0008),
 * published or not, through an index on change_xid; the reference tables whole (small); and whether a
 * product was deleted since (catalogue_meta.rebuild_xid), which only a full build can follow.
 */
export async function loadCatalogueChanges(db: Database, since: string): Promise<CatalogueChanges> {
  return inSnapshot(db, async (t, snapshot) => {
    const unseen = (column: SQL) => sql`(${column} >= pg_snapshot_xmin(${since}::pg_snapshot) AND NOT pg_visible_in_snapshot(${column}, ${since}::pg_snapshot))`;
    const meta = rowsOf<{ version: number; rebuild: boolean }>(
      await t.execute(sql`SELECT version::int AS version, coalesce(${unseen(sql`rebuild_xid`)}, false) AS rebuild FROM catalogue_meta WHERE key = 'catalogue'`),
    );
    await nextTurn();
    const reference = await loadReference(t);
    const products = await t
      .select({ ...SOURCE_COLUMNS, published: schema.products.published })
      .from(schema.products)
      .where(unseen(sql`change_xid`))
      .orderBy(asc(schema.products.id));
    return { version: meta[0]?.version ?? 0, rebuild: meta[0]?.rebuild ?? false, snapshot, ...reference, products };
  });
}

/** A catalogue bound to one database; the app context opens one per process (openCatalogue). */
export class Catalogue {
  private index: CatalogueIndex | undefined;
  private building: Promise<CatalogueIndex> | undefined;
  private stale = false;
  private details = new LRUCache<string, ExperienceDetail>({ max: 2000 });
  private unsubscribe: (() => Promise<void>) | undefined;
  private unsubscribeReviews: (() => Promise<void>) | undefined;
  private lastVersionCheck = 0;

  constructor(
    private readonly handle: Pick<DatabaseHandle, "db" | "pubsub">,
    private readonly options: {
      today?: () => string;
      versionCheckMs?: number;
      /** Told once a change has been loaded into the index (the app context clears cached pages then). */
      onChange?: (reason: string) => void;
      /** Told once one product's review is in the index (the app context drops that product's cached pages). */
      onProductChange?: (productId: string, reason: string) => void;
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
    this.unsubscribeReviews ??= await this.handle.pubsub.listen(REVIEWS_CHANNEL, (payload) => {
      const change = parseProductReviewed(payload);
      if (change) this.productReviewed(change);
      else console.warn(`[catalogue] ignoring a malformed ${REVIEWS_CHANNEL} message`);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unsubscribe?.();
    await this.unsubscribeReviews?.();
    this.unsubscribe = undefined;
    this.unsubscribeReviews = undefined;
  }

  /** Set by stop(): a rebuild still waiting for its turn gives up (the database may be closing). */
  private stopped = false;

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

  /**
   * A review changed one product (here or on another instance): its rating, count and first reviews.
   * Its cached details go at once; the index takes its new rating (a patch, like any catalogue change);
   * then onProductChange drops that product's cached pages, and only those: the rest of the site did
   * not change (a catalogue change clears every page).
   */
  productReviewed(change: ProductReviewed): void {
    for (const key of [...this.details.keys()]) if (key.startsWith(`${change.slug}|`)) this.details.delete(key);
    const done = () => this.options.onProductChange?.(change.productId, `review of ${change.slug}`);
    if (!this.index) return done();
    this.stale = true;
    void this.refresh()
      .then(done)
      .catch((error: unknown) => console.error("[catalogue] patching the index after a review failed", error));
  }

  /** Resolves once an index built after the last invalidation is in place. */
  private async refresh(): Promise<void> {
    while (this.stale || this.building) {
      await nextTurn();
      if (this.stopped) return;
      // A build that began before the change may not include it: wait for it, then build again.
      if (this.building) await this.building.catch((error: unknown) => console.error("[catalogue] index build failed", error));
      // Its failure is logged by the next turn of this loop.
      else void this.getIndex().catch(() => undefined);
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
      const current = this.index;
      this.building = this.update(current)
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

  /**
   * The index after a change: the current one patched with the products changed since its snapshot,
   * or, when a patch cannot follow the change (or there is no index yet), a full build.
   */
  private async update(current: CatalogueIndex | undefined): Promise<CatalogueIndex> {
    const today = this.options.today?.() ?? new Date().toISOString().slice(0, 10);
    if (current?.snapshot) {
      const changes = await loadCatalogueChanges(this.db, current.snapshot);
      await nextTurn();
      if (current.applyChanges(changes, today)) return current;
      console.warn(`[catalogue] rebuilding the index whole (${changes.rebuild ? "a product was deleted" : "reference data or the day changed, or too much to patch"})`);
    }
    const source = await loadCatalogueSource(this.db);
    // Reading the rows and building the index are long stretches of work: let waiting requests and
    // I/O through between them.
    await nextTurn();
    return new CatalogueIndex(source, { today });
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

  async getReviews(productId: string, options: ReviewPageOptions = {}): Promise<ReviewPage> {
    return loadReviewPage(this.db, productId, options);
  }

  /** Everything an experience page shows, or null when the slug is unknown or unpublished. */
  async getExperienceBySlug(slug: string, locale: LocaleCode, currency: CurrencyCode = BASE_CURRENCY): Promise<ExperienceDetail | null> {
    const key = `${slug}|${locale}|${currency}`;
    const cached = this.details.get(key);
    if (cached) return cached;
    const detail = await loadExperienceDetail(this.db, await this.getIndex(), slug, locale, currency);
    if (detail) this.details.set(key, detail);
    return detail;
  }
}

// Announced from the ground floor, so the booking engine's schedule editor can call it too.
export { notifyCatalogueChanged } from "#app/db/announce.server";

/**
 * Tells every instance that a review changed one product (call after the review's transaction): unlike
 * notifyCatalogueChanged, it bumps no catalogue version and drops only that product's cached pages.
 */
export async function notifyProductReviewed(handle: Pick<DatabaseHandle, "pubsub">, change: ProductReviewed): Promise<void> {
  await handle.pubsub.notify(REVIEWS_CHANNEL, JSON.stringify({ productId: change.productId, slug: change.slug }));
}

/** Opens the catalogue index over a database and subscribes it to change notifications. */
export async function openCatalogue(handle: Pick<DatabaseHandle, "db" | "pubsub">, options: { onChange?: (reason: string) => void; onProductChange?: (productId: string, reason: string) => void } = {}): Promise<Catalogue> {
  const catalogue = new Catalogue(handle, options);
  await catalogue.start();
  return catalogue;
}

// Route-facing functions: the catalogue comes from the app context (live availability is in ./live-availability.server.ts).

export async function searchCatalogue(catalogue: Catalogue, query: CatalogueQuery): Promise<CatalogueResult> {
  return catalogue.search(query);
}

export async function getExperienceBySlug(catalogue: Catalogue, slug: string, locale: LocaleCode, currency?: CurrencyCode): Promise<ExperienceDetail | null> {
  return catalogue.getExperienceBySlug(slug, locale, currency);
}

export async function getReviews(catalogue: Catalogue, productId: string, options?: ReviewPageOptions): Promise<ReviewPage> {
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
