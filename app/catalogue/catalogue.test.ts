import { sql } from "drizzle-orm";
import { LOCALE_CODES } from "#app/lib/locales";
import { createTestDatabase, TEST_SEED, type TestDatabase } from "#app/db/testing.server";
import { convertAmount, isCurrencyCode } from "#app/lib/money";
import { Catalogue, loadCatalogueSource, notifyCatalogueChanged } from "./catalogue.server";
import { durationBucket } from "./facet-postings";
import { interner } from "./interning";
import { indexForms, normalizeText, tokenize } from "./text";
import type { CatalogueFilters, CatalogueQuery, CatalogueSource, SourceProduct } from "./types";

let database: TestDatabase;
let catalogue: Catalogue;
let source: CatalogueSource;

beforeAll(async () => {
  database = await createTestDatabase();
  catalogue = new Catalogue(database, { today: () => TEST_SEED.today });
  await catalogue.start();
  source = await loadCatalogueSource(database.db);
});

afterAll(async () => {
  await catalogue?.stop();
  await database?.close();
});

const AGE: Record<string, [number, number]> = { infants: [0, 2], kids: [3, 12], teens: [13, 17], adults: [18, 64], seniors: [65, 99] };

/** A straightforward re-implementation of the filters, to check the bit-set index against. */
function oracle(query: CatalogueQuery): SourceProduct[] {
  const f: CatalogueFilters = query.filters ?? {};
  const destination = new Map(source.destinations.map((d) => [d.id, d.slug]));
  const category = new Map(source.categories.map((c) => [c.id, c.slug]));
  const theme = new Map(source.themes.map((t) => [t.id, t.slug]));
  const any = (values: string[] | undefined, have: string[]) => !values?.length || values.some((value) => have.includes(value));
  return source.products.filter((p) => {
    const city = destination.get(p.destinationId)!;
    const categories = p.categoryIds.map((id) => category.get(id)!);
    const themes = p.themeIds.map((id) => theme.get(id)!);
    if (query.city && city !== query.city) return false;
    if (query.category && !categories.includes(query.category)) return false;
    if (query.theme && !themes.includes(query.theme)) return false;
    if (!any(f.cities, [city]) || !any(f.categories, categories) || !any(f.themes, themes)) return false;
    if (!any(f.durations, [durationBucket(p.durationMinutes)])) return false;
    if (!any(f.languages, p.guideLanguages) || !any(f.timesOfDay, p.timesOfDay)) return false;
    if (!any(f.labels, p.labels) || !any(f.occasions, p.occasions) || !any(f.bestFor, p.bestFor)) return false;
    if (f.ages?.length && !f.ages.some((age) => p.minAge <= AGE[age]![1] && p.maxAge >= AGE[age]![0])) return false;
    if (f.minRating !== undefined && !(p.reviewCount > 0 && p.rating >= f.minRating)) return false;
    if (f.priceMin !== undefined || f.priceMax !== undefined) {
      if (p.priceFrom === null || !isCurrencyCode(p.currency)) return false;
      const price = convertAmount(p.priceFrom, p.currency, query.currency);
      if (price < (f.priceMin ?? -Infinity) || price > (f.priceMax ?? Infinity)) return false;
    }
    return true;
  });
}

const base = { locale: "en", currency: "SAR" } as const;

describe("listing", () => {
  test("lists all experiences with a total and pages", async () => {
    const result = await catalogue.search({ ...base, pageSize: 24 });
    expect(result.total).toBe(source.products.length);
    expect(result.items).toHaveLength(24);
    expect(result.pageCount).toBe(Math.ceil(source.products.length / 24));
  });

  test.each([
    ["city", { city: "riyadh" }],
    ["category", { category: "desert-safari" }],
    ["theme", { theme: "romantic" }],
  ])("lists by %s", async (_, scope) => {
    const result = await catalogue.search({ ...base, ...scope, pageSize: 100 });
    expect(result.total).toBe(oracle({ ...base, ...scope }).length);
    expect(result.total).toBeGreaterThan(0);
    if ("city" in scope) for (const item of result.items) expect(item.city.slug).toBe("riyadh");
  });

  test("an unknown city lists nothing", async () => {
    const result = await catalogue.search({ ...base, city: "atlantis" });
    expect(result.total).toBe(0);
    expect(result.items).toEqual([]);
  });

  test("pages are disjoint and cover the result", async () => {
    const seen = new Set<string>();
    const first = await catalogue.search({ ...base, city: "dubai", pageSize: 50 });
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await catalogue.search({ ...base, city: "dubai", pageSize: 50, page });
      for (const item of result.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
    }
    expect(seen.size).toBe(first.total);
  });
});

describe("filters", () => {
  const cases: Array<[string, CatalogueFilters]> = [
    ["price range", { priceMin: 10_000, priceMax: 30_000 }],
    ["duration", { durations: ["1-to-4-hours", "multi-day"] }],
    ["language", { languages: ["ru", "zh"] }],
    ["age range", { ages: ["infants"] }],
    ["time of day", { timesOfDay: ["evening"] }],
    ["star rating", { minRating: 4.5 }],
    ["labels", { labels: ["free-cancellation"] }],
    ["occasion", { occasions: ["honeymoon", "birthday"] }],
    ["best for", { bestFor: ["families"] }],
    ["categories", { categories: ["cruises"] }],
    ["themes", { themes: ["luxury"] }],
    ["cities", { cities: ["jeddah", "doha"] }],
    ["three at once", { languages: ["ar"], timesOfDay: ["afternoon", "evening"], minRating: 4 }],
  ];

  test.each(cases)("%s matches a brute-force filter", async (_, filters) => {
    const query: CatalogueQuery = { ...base, filters, pageSize: 100 };
    const expected = oracle(query);
    const result = await catalogue.search(query);
    expect(result.total).toBe(expected.length);
    expect(result.total).toBeGreaterThan(0);
    const ids = new Set(expected.map((p) => p.id));
    for (const item of result.items) expect(ids.has(item.id)).toBe(true);
  });

  test("price filter works in the visitor's currency", async () => {
    const filters = { priceMin: 2_000, priceMax: 8_000 };
    const usd = await catalogue.search({ ...base, currency: "USD", filters, pageSize: 100 });
    expect(usd.total).toBe(oracle({ ...base, currency: "USD", filters }).length);
    for (const item of usd.items) {
      expect(item.price!.currency).toBe("USD");
      expect(item.price!.amount).toBeGreaterThanOrEqual(2_000);
      expect(item.price!.amount).toBeLessThanOrEqual(8_000);
    }
  });

  test("facets are disjunctive: a group's counts ignore its own selection but apply the others", async () => {
    const filters: CatalogueFilters = { languages: ["ru"], timesOfDay: ["morning"] };
    const result = await catalogue.search({ ...base, city: "dubai", filters });
    for (const facet of result.facets.languages) {
      expect(facet.count).toBe(oracle({ ...base, city: "dubai", filters: { ...filters, languages: [facet.value] } }).length);
    }
    for (const facet of result.facets.categories) {
      expect(facet.count).toBe(oracle({ ...base, city: "dubai", filters: { ...filters, categories: [facet.value] } }).length);
    }
    expect(result.facets.languages.find((facet) => facet.value === "ru")?.selected).toBe(true);
    expect(result.facets.durations.every((facet) => facet.label.length > 0)).toBe(true);
  });

  test("facet labels are translated", async () => {
    const ar = await catalogue.search({ ...base, locale: "ar" });
    expect(ar.facets.categories[0]!.label).toMatch(/\p{Script=Arabic}/u);
    const zh = await catalogue.search({ ...base, locale: "zh" });
    expect(zh.facets.labels[0]!.label).toMatch(/\p{Script=Han}/u);
  });
});

describe("sorting", () => {
  test("price low to high and high to low, unpriced last", async () => {
    const ascending = await catalogue.search({ ...base, sort: "price-asc", pageSize: 100 });
    const prices = ascending.items.map((item) => item.price!.amount);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const descending = await catalogue.search({ ...base, sort: "price-desc", pageSize: 100 });
    const high = descending.items.map((item) => item.price!.amount);
    expect([...high].sort((a, b) => b - a)).toEqual(high);
    const last = await catalogue.search({ ...base, sort: "price-asc", pageSize: 10, page: Math.ceil(ascending.total / 10) });
    expect(last.items.at(-1)!.price).toBeNull();
  });

  test("recommended follows the editorial score", async () => {
    const result = await catalogue.search({ ...base, sort: "recommended", pageSize: 50 });
    const score = new Map(source.products.map((p) => [p.id, p.recommendedScore]));
    const scores = result.items.map((item) => score.get(item.id)!);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe("search", () => {
  const titles = (result: Awaited<ReturnType<Catalogue["search"]>>) => result.items.map((item) => item.title);

  test("English: case-insensitive, prefix, several words", async () => {
    const result = await catalogue.search({ ...base, text: "DESERT saf", pageSize: 20 });
    expect(result.total).toBeGreaterThan(10);
    for (const title of titles(result)) expect(normalizeText(title)).toMatch(/desert|dune|camel|bedouin|quad|safari/);
    const dubai = await catalogue.search({ ...base, text: "dubai", pageSize: 100 });
    expect(dubai.total).toBe((await catalogue.search({ ...base, city: "dubai" })).total);
  });

  test("Latin accents do not matter", async () => {
    const accented = await catalogue.search({ ...base, text: "Cancún" });
    const plain = await catalogue.search({ ...base, text: "cancun" });
    expect(plain.total).toBeGreaterThan(0);
    expect(accented.total).toBe(plain.total);
  });

  test("Russian", async () => {
    const result = await catalogue.search({ ...base, locale: "ru", text: "сафари Дуб" });
    expect(result.total).toBeGreaterThan(0);
    for (const item of result.items) expect(item.city.slug).toBe("dubai");
    expect((await catalogue.search({ ...base, text: "ЁЛКА" })).total).toBe((await catalogue.search({ ...base, text: "елка" })).total);
  });

  test("Chinese by substring", async () => {
    const result = await catalogue.search({ ...base, locale: "zh", text: "迪拜" });
    expect(result.total).toBe((await catalogue.search({ ...base, city: "dubai" })).total);
    const desert = await catalogue.search({ ...base, locale: "zh", text: "沙漠探险" });
    expect(desert.total).toBeGreaterThan(0);
    for (const title of titles(desert)) expect(title).toContain("沙漠探险");
    expect((await catalogue.search({ ...base, text: "拜" })).total).toBeGreaterThan(0);
  });

  test("Arabic: diacritics, letter forms and the article are normalised", async () => {
    const plain = await catalogue.search({ ...base, locale: "ar", text: "سفاري" });
    expect(plain.total).toBeGreaterThan(0);
    const vowelled = await catalogue.search({ ...base, locale: "ar", text: "سَفَارِي" });
    expect(vowelled.total).toBe(plain.total);
    const hamza = await catalogue.search({ ...base, text: "الإمارات" });
    const bare = await catalogue.search({ ...base, text: "الامارات" });
    expect(hamza.total).toBeGreaterThan(0);
    expect(bare.total).toBe(hamza.total);
    const riyadh = (await catalogue.search({ ...base, city: "riyadh" })).total;
    expect((await catalogue.search({ ...base, text: "الرياض" })).total).toBe(riyadh);
    // Without the article it still finds every Riyadh experience (and, by prefix, "رياضات" — sports).
    expect((await catalogue.search({ ...base, city: "riyadh", text: "رياض" })).total).toBe(riyadh);
    // Teh marbuta and heh are the same letter for search: جدة / جده.
    expect((await catalogue.search({ ...base, text: "جده" })).total).toBe((await catalogue.search({ ...base, city: "jeddah" })).total);
  });

  test("title matches rank first under Recommended", async () => {
    const result = await catalogue.search({ ...base, text: "yacht", pageSize: 100 });
    const inTitle = result.items.map((item) => normalizeText(item.title).includes("yacht"));
    const firstMiss = inTitle.indexOf(false);
    if (firstMiss >= 0) expect(inTitle.slice(firstMiss).every((value) => !value)).toBe(true);
    expect(inTitle[0]).toBe(true);
  });

  test("search combines with filters and facets", async () => {
    const result = await catalogue.search({ ...base, text: "tour", filters: { languages: ["ar"] } });
    expect(result.total).toBeGreaterThan(0);
    expect(result.facets.languages.find((facet) => facet.value === "ar")!.count).toBe(result.total);
  });

  test("each word and CJK run finds exactly the products whose text has it, common and rare alike", async () => {
    // The index keeps a rare key's products as a list and a common one's as a bit set: check both
    // against a scan of every product's searchable text.
    const destinations = new Map(source.destinations.map((d) => [d.id, d]));
    const countries = new Map(source.countries.map((c) => [c.code, c]));
    const categories = new Map(source.categories.map((c) => [c.id, c]));
    const texts = source.products.map((p) => {
      const destination = destinations.get(p.destinationId);
      const parts = LOCALE_CODES.flatMap((locale) => [
        p.title[locale],
        p.shortDescription[locale],
        destination?.name[locale] ?? "",
        countries.get(destination?.countryCode ?? "")?.name[locale] ?? "",
        ...p.categoryIds.map((id) => categories.get(id)?.name[locale] ?? ""),
      ]);
      const tokens = tokenize([...parts, destination?.slug.replace(/-/g, " ") ?? ""].join(" | "));
      return { forms: tokens.words.flatMap(indexForms), cjk: tokens.cjk.join("|") };
    });
    const words = new Set(texts.slice(0, 3).flatMap((text) => text.forms));
    const runs = new Set(texts.slice(0, 3).flatMap((text) => text.cjk.split("|").flatMap((run) => [run.slice(0, 1), run.slice(0, 2), run.slice(1, 4)])).filter(Boolean));
    const counts: number[] = [];
    for (const word of words) {
      const expected = texts.filter((text) => text.forms.some((form) => form.startsWith(word))).length;
      expect((await catalogue.search({ ...base, text: word, pageSize: 1 })).total, word).toBe(expected);
      counts.push(expected);
    }
    for (const run of runs) {
      const expected = texts.filter((text) => text.cjk.includes(run)).length;
      expect((await catalogue.search({ ...base, text: run, pageSize: 1 })).total, run).toBe(expected);
      counts.push(expected);
    }
    // Both kinds were checked: keys in a handful of products and keys in most of them.
    expect(Math.min(...counts)).toBeLessThan(10);
    expect(Math.max(...counts)).toBeGreaterThan(source.products.length / 2);
  });

  test("tokenizer splits scripts", () => {
    expect(tokenize("Dubai 迪拜 дубай دُبَيّ")).toEqual({ words: ["dubai", "дубаи", "دبي"], cjk: ["迪拜"] });
  });
});

describe("interner", () => {
  test("equal values are shared; values with the same first and last strings stay apart", () => {
    const share = interner();
    const title = share({ ar: "أ", en: "Desert safari", ru: "Сафари", zh: "沙漠" });
    expect(share({ ar: "أ", en: "Desert safari", ru: "Сафари", zh: "沙漠" })).toBe(title);
    const other = share({ ar: "أ", en: "Dune safari", ru: "Сафари", zh: "沙漠" });
    expect(other).not.toBe(title);
    expect(other.en).toBe("Dune safari");
    expect(share(["en", "ar"])).toBe(share(["en", "ar"]));
    expect(share(["en", "ru", "ar"])).not.toBe(share(["en", "ar"]));
    expect(share({ nonRefundable: false, rules: [{ hours: 24, penaltyPercent: 0 }] })).not.toBe(share({ nonRefundable: false, rules: [{ hours: 48, penaltyPercent: 0 }] }));
    expect(share([])).toBe(share([]));
  });
});

describe("money on cards", () => {
  test("prices are converted to the visitor's currency from the product's own", async () => {
    const sar = await catalogue.search({ ...base, city: "paris", pageSize: 5 });
    const usd = await catalogue.search({ ...base, currency: "USD", city: "paris", pageSize: 5 });
    const byId = new Map(source.products.map((p) => [p.id, p]));
    // The same cards in the same order, and at least one with a fixed price to convert.
    expect(usd.items.map((item) => item.id)).toEqual(sar.items.map((item) => item.id));
    const priced = sar.items.filter((item) => byId.get(item.id)!.priceFrom !== null);
    expect(priced.length).toBeGreaterThan(0);
    sar.items.forEach((item, i) => {
      const product = byId.get(item.id)!;
      expect(product.currency).toBe("EUR");
      if (product.priceFrom === null) return;
      expect(item.price).toEqual({ amount: convertAmount(product.priceFrom, "EUR", "SAR"), currency: "SAR" });
      expect(usd.items[i]!.price).toEqual({ amount: convertAmount(product.priceFrom, "EUR", "USD"), currency: "USD" });
    });
  });
});

describe("detail, reviews, destinations", () => {
  test("an experience page has everything in the visitor's language", async () => {
    const [first] = (await catalogue.search({ ...base, city: "riyadh", pageSize: 1 })).items;
    const detail = await catalogue.getExperienceBySlug(first!.slug, "ar", "USD");
    expect(detail).not.toBeNull();
    expect(detail!.title).toMatch(/\p{Script=Arabic}/u);
    expect(detail!.highlights.length).toBeGreaterThan(0);
    expect(detail!.itinerary.length).toBeGreaterThan(0);
    expect(detail!.options.length).toBeGreaterThan(0);
    expect(detail!.options[0]!.units.length).toBeGreaterThan(0);
    expect(detail!.city.slug).toBe("riyadh");
    expect(detail!.related.length).toBeGreaterThan(0);
    expect(detail!.reviews.total).toBe(detail!.reviewCount);
    if (!detail!.noFixedPrice) expect(detail!.priceFrom!.currency).toBe("USD");
    expect(await catalogue.getExperienceBySlug("no-such-experience", "en")).toBeNull();
  });

  test("reviews page through in the visitor's language first", async () => {
    const product = source.products.find((p) => p.reviewCount > 12)!;
    const page1 = await catalogue.getReviews(product.id, { pageSize: 5, locale: "ar" });
    const page2 = await catalogue.getReviews(product.id, { pageSize: 5, page: 2, locale: "ar" });
    expect(page1.total).toBe(product.reviewCount);
    expect(page1.items).toHaveLength(5);
    expect(page2.items[0]!.id).not.toBe(page1.items[0]!.id);
    const arabic = page1.items.filter((review) => review.locale === "ar").length;
    if (arabic < 5) expect(page2.items.every((review) => review.locale !== "ar")).toBe(true);
  });

  test("destinations, categories and themes with counts", async () => {
    const destinations = await catalogue.listDestinations("ru");
    expect(destinations.length).toBeGreaterThanOrEqual(40);
    expect(new Set(destinations.map((d) => d.country.code)).size).toBeGreaterThanOrEqual(15);
    expect(destinations.find((d) => d.slug === "moscow")!.name).toBe("Москва");
    expect(destinations.reduce((sum, d) => sum + d.experienceCount, 0)).toBe(source.products.length);
    const categories = await catalogue.listCategories("zh");
    expect(categories.length).toBeGreaterThanOrEqual(12);
    expect((await catalogue.getCategory("desert-safari", "en"))!.name).toBe("Desert Safari");
    expect((await catalogue.getCity("alula", "ar"))!.name).toBe("العلا");
    expect((await catalogue.listThemes("en")).length).toBeGreaterThan(8);
  });

  test("destination suggestions in four scripts", async () => {
    expect((await catalogue.suggestDestinations("dub", "en"))[0]!.slug).toBe("dubai");
    expect((await catalogue.suggestDestinations("دب", "ar")).map((d) => d.slug)).toContain("dubai");
    expect((await catalogue.suggestDestinations("迪", "zh"))[0]!.slug).toBe("dubai");
    expect((await catalogue.suggestDestinations("моск", "ru"))[0]!.name).toBe("Москва");
    expect((await catalogue.suggestDestinations("saudi", "en")).map((d) => d.slug)).toContain("riyadh");
  });
});

describe("freshness", () => {
  test("a catalogue change announced by NOTIFY reaches the index", async () => {
    const product = source.products[0]!;
    // The index is patched in place: keep the version it had, not the object.
    const before = { version: (await catalogue.getIndex()).version };
    await database.db.execute(sql`UPDATE products SET title = jsonb_set(title, '{en}', '"Zanzibar Spice Walk"') WHERE id = ${product.id}`);
    const version = await notifyCatalogueChanged(database);
    await expect.poll(async () => (await catalogue.getIndex()).version, { timeout: 10_000 }).toBe(version);
    expect(before.version).not.toBe(version);
    const found = await catalogue.search({ ...base, text: "zanzibar" });
    expect(found.items.map((item) => item.id)).toEqual([product.id]);
  });
});

describe("cached pages follow the catalogue", () => {
  test("a change rebuilds the index at once and only then tells the page cache (no stale page re-cached)", async () => {
    const seen: Array<{ reason: string; version: number }> = [];
    const watched = new Catalogue(database, { onChange: (reason) => void watched.getIndex().then((index) => seen.push({ reason, version: index.version })) });
    await watched.start();
    try {
      await watched.warm();
      expect(seen).toEqual([]);
      const version = await notifyCatalogueChanged(database);
      // No read is needed: the rebuild starts by itself, and the signal carries the new index.
      await expect.poll(() => seen, { timeout: 10_000 }).toEqual([{ reason: "catalogue", version }]);
    } finally {
      await watched.stop();
    }
  });
});

describe("route-facing functions over the app context", () => {
  test("search, detail and availability go through the context's catalogue and BookingApi", async () => {
    const { createAppContext } = await import("#app/context.server");
    const { parseEnv } = await import("#app/lib/env.server");
    const api = await import("./catalogue.server");
    const availability = await import("#app/catalogue/live-availability.server");
    const ctx = await createAppContext(parseEnv({ NODE_ENV: "test" }), { database, closeDatabase: false });
    try {
      const listing = await api.searchCatalogue(ctx.catalogue, { locale: "ru", currency: "RUB", city: "moscow", pageSize: 3 });
      expect(listing.items[0]!.city.name).toBe("Москва");
      const first = listing.items.find((item) => !item.noFixedPrice)!;
      const detail = await api.getExperienceBySlug(ctx.catalogue, first.slug, "ru", "RUB");
      const option = detail!.options[0]!;
      const calendar = await availability.getAvailabilityCalendar(ctx, detail!.id, option.id, "2031-01-01", "2031-01-05", "RUB");
      // The real clock decides "today"; the calendar is bounded to today … today + 365 days.
      expect(Array.isArray(calendar)).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      const slots = await availability.getAvailability(ctx, detail!.id, undefined, { from: today, to: today }, { currency: "USD" });
      for (const slot of slots) if (slot.unitPricing?.length) expect(slot.unitPricing[0]!.currency).toBe("USD");
      expect(await api.getExperienceCards(ctx.catalogue, [first.id, first.slug, "missing"], "en", "SAR")).toHaveLength(2);
      expect((await api.suggestDestinations(ctx.catalogue, "мос", "ru"))[0]!.slug).toBe("moscow");
    } finally {
      await ctx.stop();
    }
  });
});
