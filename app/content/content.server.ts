import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { Env } from "#app/lib/env.server";
import { createContentCache, type ContentCache, type ContentChange } from "./cache.server";
import {
  BLOG_LIST_QUERY,
  BLOG_POST_QUERY,
  BlogListResultSchema,
  BlogPostResultSchema,
  FAQ_ENTRIES_QUERY,
  FAQ_GROUPS,
  FaqEntriesResultSchema,
  HOME_PAGE_QUERY,
  HomePageResultSchema,
  PRODUCT_CONTENT_QUERY,
  PRODUCT_TEXTS_QUERY,
  ProductContentResultSchema,
  ProductTextsResultSchema,
  REDIRECT_RULES_QUERY,
  RedirectRulesResultSchema,
  RELATED_POSTS_QUERY,
  RelatedPostsResultSchema,
  SITE_SETTINGS_QUERY,
  SiteSettingsResultSchema,
  STATIC_PAGE_QUERY,
  StaticPageResultSchema,
  TESTIMONIALS_QUERY,
  TestimonialsResultSchema,
  THEMES_QUERY,
  ThemesResultSchema,
  type BlogCardSchema,
  type FaqGroupKey,
  type SiteSettingsSchema,
  type StaticPageKind,
} from "./queries";
import { createSanityStore, createSeedStore, DEFAULT_SEED_DIR, type ContentStore, type QueryParams } from "./store.server";

export type ContentLocale = "en" | "ru" | "zh" | "ar";

export type SiteSettings = z.output<typeof SiteSettingsSchema>;
export type CmsRedirectRule = { from: string; to: string; permanent: boolean };
export type HomePage = NonNullable<z.output<typeof HomePageResultSchema>>;
export type BlogCard = z.output<typeof BlogCardSchema>;
export type BlogPost = NonNullable<z.output<typeof BlogPostResultSchema>> & { related: BlogCard[] };
export type BlogPage = { items: BlogCard[]; total: number; page: number; pageSize: number; pageCount: number };
export type FaqEntry = z.output<typeof FaqEntriesResultSchema>[number];
export type FaqGroup = { group: FaqGroupKey; entries: FaqEntry[] };
export type StaticPage = NonNullable<z.output<typeof StaticPageResultSchema>>;
export type Testimonial = z.output<typeof TestimonialsResultSchema>[number];
export type Theme = z.output<typeof ThemesResultSchema>[number];
/** A product's CMS texts in one language with English beside each field (null where the document has none). */
export type ProductContent = NonNullable<z.output<typeof ProductContentResultSchema>>;
/** One product document's title and short description in every language (null where empty). */
export type ProductTexts = z.output<typeof ProductTextsResultSchema>[number];

/** Used when a project has no settings document for a language nor for English, so the site still renders. */
export const FALLBACK_SITE_SETTINGS: Omit<SiteSettings, "language"> = {
  siteName: "Rihla",
  storefrontType: "default",
  discoverType: "things-to-do",
  layoutType: "default",
  defaultCurrency: "SAR",
  support: { phone: "+966 11 520 4400", email: "support@rihla.example", whatsapp: "+966555123456", chatUrl: "https://chat.rihla.example/" },
  tagManagerId: null,
  claims: { activitiesCount: 3000, reviewsCount: 154 },
  socialLinks: [],
};

export interface ContentService {
  readonly store: ContentStore;
  readonly cache: ContentCache;
  getSiteSettings(locale: ContentLocale): Promise<SiteSettings>;
  getRedirectRules(): Promise<CmsRedirectRule[]>;
  getHomePage(locale: ContentLocale): Promise<HomePage | null>;
  listBlogPosts(locale: ContentLocale, options?: { page?: number; pageSize?: number }): Promise<BlogPage>;
  getBlogPost(locale: ContentLocale, slug: string): Promise<BlogPost | null>;
  listFaqEntries(locale: ContentLocale): Promise<FaqGroup[]>;
  getStaticPage(locale: ContentLocale, kind: StaticPageKind): Promise<StaticPage | null>;
  listTestimonials(locale: ContentLocale): Promise<Testimonial[]>;
  listThemes(locale: ContentLocale): Promise<Theme[]>;
  /** The content document of a catalogue product, or null when editors have written none. */
  getProductContent(locale: ContentLocale, productId: string): Promise<ProductContent | null>;
  /** Every published product document's title and short description (syncProductTexts copies them to the catalogue). */
  listProductTexts(): Promise<ProductTexts[]>;
  /** Evicts what a changed document touches (webhook, other instances, seed file edits). */
  invalidate(change: ContentChange): string[];
  close(): Promise<void>;
}

type Overrides = Pick<Env, "STOREFRONT_TYPE" | "LAYOUT_TYPE" | "DEFAULT_CURRENCY" | "TAG_MANAGER_ID">;

export interface ContentServiceOptions {
  store: ContentStore;
  cache?: ContentCache;
  /** Environment overrides of the CMS settings (the app context passes its parsed env). */
  overrides?: () => Partial<Overrides>;
  /** Told when content changes, so whole cached pages can be dropped (the app context's siteChanges). */
  onSiteChange?: (reason: string) => void;
  /**
   * Told after a change has been evicted: the changed document (webhook, other instances), or null when
   * the whole dataset may have changed (the seed file edited). The app context resyncs product texts.
   */
  onContentChange?: (change: ContentChange | null) => void;
}

export function createContentService({ store, cache = createContentCache(), overrides = () => ({}), onSiteChange = () => undefined, onContentChange = () => undefined }: ContentServiceOptions): ContentService {
  // Whole cached pages show content too: drop them with the content they were rendered from.
  const unsubscribe = store.onChange(() => {
    cache.clear();
    onSiteChange("content dataset changed");
    onContentChange(null);
  });

  /** One cached, zod-parsed query. The parsed value is what is cached, so hits cost no parsing. */
  function run<S extends z.ZodType>(name: string, query: string, schema: S, params: QueryParams, locale: ContentLocale | null, types: string[]): Promise<z.output<S>> {
    return cache.get<z.output<S>>({
      name,
      query,
      params,
      locale,
      types,
      async getFreshValue() {
        const raw = await store.fetch(query, params);
        const result = schema.safeParse(raw);
        if (!result.success) throw new Error(`Content query ${name} (${JSON.stringify(params)}) returned unexpected data: ${result.error.message}`);
        return result.data;
      },
    });
  }

  async function getSiteSettings(locale: ContentLocale): Promise<SiteSettings> {
    const localized = await run("siteSettings", SITE_SETTINGS_QUERY, SiteSettingsResultSchema, { language: locale }, locale, ["siteSettings"]);
    const english = localized ?? (locale === "en" ? null : await run("siteSettings", SITE_SETTINGS_QUERY, SiteSettingsResultSchema, { language: "en" }, "en", ["siteSettings"]));
    const base: SiteSettings = english ? { ...english, language: locale } : { ...FALLBACK_SITE_SETTINGS, language: locale };
    const env = overrides();
    const storefrontType = env.STOREFRONT_TYPE ?? base.storefrontType;
    return {
      ...base,
      storefrontType,
      // The discover type follows the storefront type when the environment switches it.
      discoverType: env.STOREFRONT_TYPE ? (storefrontType === "supplier" ? "experiences" : "things-to-do") : base.discoverType,
      layoutType: env.LAYOUT_TYPE ?? base.layoutType,
      defaultCurrency: env.DEFAULT_CURRENCY ?? base.defaultCurrency,
      tagManagerId: env.TAG_MANAGER_ID ?? base.tagManagerId,
    };
  }

  async function listBlogPosts(locale: ContentLocale, { page = 1, pageSize = 9 }: { page?: number; pageSize?: number } = {}): Promise<BlogPage> {
    const safePage = Number.isInteger(page) && page > 0 ? page : 1;
    const safeSize = Number.isInteger(pageSize) && pageSize > 0 ? Math.min(pageSize, 50) : 9;
    const start = (safePage - 1) * safeSize;
    const result = await run("blogList", BLOG_LIST_QUERY, BlogListResultSchema, { language: locale, start, end: start + safeSize }, locale, ["blogPost"]);
    return { items: result.items, total: result.total, page: safePage, pageSize: safeSize, pageCount: Math.max(1, Math.ceil(result.total / safeSize)) };
  }

  async function getBlogPost(locale: ContentLocale, slug: string): Promise<BlogPost | null> {
    const post = await run("blogPost", BLOG_POST_QUERY, BlogPostResultSchema, { language: locale, slug }, locale, ["blogPost"]);
    if (!post) return null;
    const related = await run("relatedPosts", RELATED_POSTS_QUERY, RelatedPostsResultSchema, { language: locale, slug, tags: post.tags }, locale, ["blogPost"]);
    const seen = new Set<string>();
    const merged = [...related.byTag, ...related.recent].filter((card) => !seen.has(card.id) && Boolean(seen.add(card.id))).slice(0, 3);
    return { ...post, related: merged };
  }

  async function listFaqEntries(locale: ContentLocale): Promise<FaqGroup[]> {
    const entries = await run("faqEntries", FAQ_ENTRIES_QUERY, FaqEntriesResultSchema, { language: locale }, locale, ["faqEntry"]);
    return FAQ_GROUPS.map((group) => ({ group, entries: entries.filter((entry) => entry.group === group) })).filter((group) => group.entries.length > 0);
  }

  return {
    store,
    cache,
    getSiteSettings,
    getRedirectRules: () => run("redirectRules", REDIRECT_RULES_QUERY, RedirectRulesResultSchema, {}, null, ["redirectRule"]),
    getHomePage: (locale) => run("homePage", HOME_PAGE_QUERY, HomePageResultSchema, { language: locale }, locale, ["homePage", "theme", "testimonial"]),
    listBlogPosts,
    getBlogPost,
    listFaqEntries,
    getStaticPage: (locale, kind) => run("staticPage", STATIC_PAGE_QUERY, StaticPageResultSchema, { language: locale, kind }, locale, ["staticPage"]),
    listTestimonials: (locale) => run("testimonials", TESTIMONIALS_QUERY, TestimonialsResultSchema, { language: locale }, locale, ["testimonial"]),
    listThemes: (locale) => run("themes", THEMES_QUERY, ThemesResultSchema, { language: locale }, locale, ["theme"]),
    // Product documents have no `language` (field-level localisation): a change evicts every locale's entry.
    getProductContent: (locale, productId) => run("productContent", PRODUCT_CONTENT_QUERY, ProductContentResultSchema, { productId, language: locale }, locale, ["product"]),
    listProductTexts: () => run("productTexts", PRODUCT_TEXTS_QUERY, ProductTextsResultSchema, {}, null, ["product"]),
    invalidate: (change) => {
      const evicted = cache.evict(change);
      onSiteChange(`content ${change.type ?? "document"} ${change.id ?? ""} changed`.trim());
      onContentChange(change);
      return evicted;
    },
    async close() {
      unsubscribe();
      await store.close();
    },
  };
}

/** The store the environment asks for: Sanity when SANITY_PROJECT_ID is set, otherwise the seed dataset. */
export function createStoreFromEnv(env: Env): ContentStore {
  if (env.SANITY_PROJECT_ID) {
    return createSanityStore({
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      apiVersion: env.SANITY_API_VERSION,
      token: env.SANITY_READ_TOKEN,
      apiHost: env.SANITY_API_HOST,
    });
  }
  return createSeedStore({ watch: env.NODE_ENV === "development" });
}

// The functions routes call, over the app context's service. Each returns plain, typed, read-only data; missing documents are null.
export const getSiteSettings = (content: ContentService, locale: ContentLocale) => content.getSiteSettings(locale);
export const getRedirectRules = (content: ContentService) => content.getRedirectRules();
export const getHomePage = (content: ContentService, locale: ContentLocale) => content.getHomePage(locale);
export const listBlogPosts = (content: ContentService, locale: ContentLocale, options?: { page?: number; pageSize?: number }) => content.listBlogPosts(locale, options);
export const getBlogPost = (content: ContentService, locale: ContentLocale, slug: string) => content.getBlogPost(locale, slug);
export const listFaqEntries = (content: ContentService, locale: ContentLocale) => content.listFaqEntries(locale);
export const getStaticPage = (content: ContentService, locale: ContentLocale, kind: StaticPageKind) => content.getStaticPage(locale, kind);
export const listTestimonials = (content: ContentService, locale: ContentLocale) => content.listTestimonials(locale);
export const listThemes = (content: ContentService, locale: ContentLocale) => content.listThemes(locale);
export const getProductContent = (content: ContentService, locale: ContentLocale, productId: string) => content.getProductContent(locale, productId);

const SEED_IMAGE_NAME = /^[a-z0-9][a-z0-9-]*\.(jpg|jpeg|png|webp)$/;
const IMAGE_TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** A seed image file by name (served under SEED_ASSET_BASE); null for anything that is not one. */
export async function readSeedAsset(name: string, dir: string = DEFAULT_SEED_DIR): Promise<{ body: Buffer; contentType: string } | null> {
  const match = SEED_IMAGE_NAME.exec(name);
  if (!match) return null;
  try {
    const body = await readFile(path.join(dir, "images", name));
    return { body, contentType: IMAGE_TYPES[match[1]!] ?? "application/octet-stream" };
  } catch {
    return null;
  }
}

export type { ContentChange, StaticPageKind, FaqGroupKey };
