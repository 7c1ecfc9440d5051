import { createContentService, type ContentService } from "./content.server";
import { CONTENT_LOCALES, STATIC_PAGE_KINDS } from "./queries";
import { createSeedStore } from "./store.server";

let service: ContentService;
beforeAll(() => {
  service = createContentService({ store: createSeedStore(), overrides: () => ({}) });
});
afterAll(() => service.close());

const SCRIPTS: Record<(typeof CONTENT_LOCALES)[number], RegExp> = {
  en: /[A-Za-z]/,
  ru: /[А-Яа-яЁё]/,
  zh: /[\u4e00-\u9fff]/,
  ar: /[\u0600-\u06ff]/,
};

describe.each(CONTENT_LOCALES)("content from the seed dataset in %s", (locale) => {
  const script = SCRIPTS[locale];

  it("site settings carry the storefront switches, support channels and claims", async () => {
    const settings = await service.getSiteSettings(locale);
    expect(settings).toMatchObject({
      language: locale,
      storefrontType: "default",
      discoverType: "things-to-do",
      layoutType: "default",
      defaultCurrency: "SAR",
      support: { phone: expect.stringMatching(/^\+966 /), email: "support@rihla.example", whatsapp: expect.stringMatching(/^\+966/), chatUrl: expect.stringMatching(/^https:/) },
      claims: { activitiesCount: 3000, reviewsCount: 154 },
    });
    expect(settings.socialLinks.length).toBeGreaterThan(0);
  });

  it("home page has every section, in the locale's language, with resolvable images", async () => {
    const home = await service.getHomePage(locale);
    expect(home).not.toBeNull();
    expect(home!.hero.title).toMatch(script);
    expect(home!.hero.image?.src).toMatch(/^\/cms-assets\/[a-z0-9-]+\.jpg$/);
    expect(home!.popularDestinations!.items.map((item) => item.citySlug)).toContain("riyadh");
    expect(home!.topDestinations!.items.length).toBeGreaterThanOrEqual(3);
    expect(home!.categories!.items.map((item) => item.categorySlug)).toContain("desert-safaris");
    expect(home!.themes!.items).toHaveLength(6);
    expect(home!.themes!.items[0]!.title).toMatch(script);
    expect(home!.gallery!.images.length).toBeGreaterThanOrEqual(3);
    expect(home!.testimonials!.items).toHaveLength(10);
    expect(home!.support!.heading).toMatch(script);
  });

  it("lists blog posts newest first with a total, page by page, without drafts", async () => {
    const first = await service.listBlogPosts(locale, { page: 1, pageSize: 5 });
    const third = await service.listBlogPosts(locale, { page: 3, pageSize: 5 });
    expect(first.total).toBe(12);
    expect(first.pageCount).toBe(3);
    expect(first.items).toHaveLength(5);
    expect(third.items).toHaveLength(2);
    const dates = first.items.map((item) => item.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.items[0]!.title).toMatch(script);
    const all = await service.listBlogPosts(locale, { page: 1, pageSize: 50 });
    expect(all.items.map((item) => item.slug)).not.toContain("red-sea-islands");
  });

  it("reads one blog post with its body and three related posts; unknown slugs are null", async () => {
    const post = await service.getBlogPost(locale, "riyadh-weekend-itinerary");
    expect(post).not.toBeNull();
    expect(post!.title).toMatch(script);
    expect(post!.title).not.toContain("draft");
    expect(post!.body.some((block) => block._type === "block")).toBe(true);
    expect(post!.related).toHaveLength(3);
    expect(post!.related.map((item) => item.slug)).not.toContain("riyadh-weekend-itinerary");
    expect(await service.getBlogPost(locale, "no-such-post")).toBeNull();
    expect(await service.getBlogPost(locale, "red-sea-islands")).toBeNull();
  });

  it("groups 30 FAQ entries in a fixed group order", async () => {
    const groups = await service.listFaqEntries(locale);
    expect(groups.map((group) => group.group)).toEqual(["booking", "payment", "cancellation", "tickets", "account"]);
    expect(groups.reduce((sum, group) => sum + group.entries.length, 0)).toBe(30);
    expect(groups[0]!.entries[0]!.question).toMatch(script);
  });

  it.each(STATIC_PAGE_KINDS)("serves the %s page", async (kind) => {
    const page = await service.getStaticPage(locale, kind);
    expect(page).toMatchObject({ kind, title: expect.stringMatching(script) });
    expect(page!.body.length).toBeGreaterThan(0);
  });

  it("lists testimonials and themes", async () => {
    const testimonials = await service.listTestimonials(locale);
    expect(testimonials).toHaveLength(10);
    expect(testimonials.every((item) => item.rating >= 1 && item.rating <= 5)).toBe(true);
    const themes = await service.listThemes(locale);
    expect(themes.map((theme) => theme.slug)).toEqual(["family-fun", "heritage-and-culture", "desert-adventures", "romantic-escapes", "food-lovers", "sea-and-sun"]);
    expect(themes[0]!.title).toMatch(script);
  });
});

describe("locale-independent content and overrides", () => {
  it("returns the CMS redirect rules, internal and external", async () => {
    const rules = await service.getRedirectRules();
    expect(rules).toEqual(
      expect.arrayContaining([
        { from: "/promo/summer", to: "/things-to-do-in-dubai", permanent: false },
        { from: "/old-blog", to: "/blog", permanent: true },
        { from: "/partner", to: "https://example.com/partners", permanent: false },
      ]),
    );
  });

  it("lets the environment override the storefront type, layout, currency and tag manager", async () => {
    const overridden = createContentService({
      store: createSeedStore(),
      overrides: () => ({ STOREFRONT_TYPE: "supplier", LAYOUT_TYPE: "deira", DEFAULT_CURRENCY: "AED", TAG_MANAGER_ID: "GTM-STAGE01" }),
    });
    const settings = await overridden.getSiteSettings("ar");
    expect(settings).toMatchObject({ storefrontType: "supplier", discoverType: "experiences", layoutType: "deira", defaultCurrency: "AED", tagManagerId: "GTM-STAGE01", siteName: "رحلة" });
    await overridden.close();
  });

  it("the seed names no tag manager: a project configures its own", async () => {
    for (const locale of ["en", "ru", "zh", "ar"] as const) expect((await service.getSiteSettings(locale)).tagManagerId).toBeNull();
  });

  it("clamps paging input", async () => {
    const page = await service.listBlogPosts("en", { page: -2, pageSize: 1000 });
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 12 });
  });
});
