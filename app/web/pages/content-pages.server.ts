/**
 * The data of the CMS-backed pages (blog, article, FAQ, static pages), shaped for rendering: dates
 * formatted in the page's language, reading time computed, JSON-LD built. Route modules parse their
 * input and call one function here.
 */
import { formatInstant } from "#app/i18n/format";
import { z } from "zod";
import { publicImageUrl } from "#app/lib/images";
import { getBlogPost, getSiteSettings, getStaticPage, listBlogPosts, listFaqEntries, type BlogCard, type StaticPageKind, type ContentService } from "#app/content/content.server";
import { getLocale } from "#app/lib/locales";
import { getPageContext, throwNotFound, type PageContext } from "#app/web/page.server";
import type { PageSeo } from "#app/lib/meta";
import { MAX_FAQ_QUERY_LENGTH } from "#app/site/faq-search";
import { blogPosting, breadcrumbList, faqPage, type JsonLd } from "#app/site/json-ld";
import { readingMinutes } from "#app/site/reading-time";
import type { BlogCardView } from "#app/site/types";
import type { BookingApi } from "#app/booking/types";
import type { Catalogue } from "#app/catalogue/catalogue.server";
import type { Env } from "#app/lib/env.server";
import { blogPath, blogPostPath, homePath, localized } from "#app/lib/paths";

type App = { catalogue: Catalogue; content: ContentService; bookingApi: BookingApi; env: Env };

/** Articles per blog page. */
export const BLOG_PAGE_SIZE = 9;

const PageParamSchema = z.coerce.number().int().min(1).max(10_000);
const SlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(200);

function formatDate(iso: string, context: PageContext): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // UTC: the server and the browser must print the same day.
  return formatInstant(context.locale, date, "UTC", { dateStyle: "long" });
}

function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : siteUrl + pathOrUrl;
}

/** The site URL of a path in the request's locale. */
function localizedUrl(siteUrl: string, context: PageContext, path: string): string {
  return siteUrl + localized(context.locale, path);
}

function toCardView(card: BlogCard, context: PageContext): BlogCardView {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    excerpt: card.excerpt,
    publishedAt: card.publishedAt,
    publishedLabel: formatDate(card.publishedAt, context),
    author: card.author?.name ?? null,
    cover: card.coverImage ? { src: card.coverImage.src, alt: card.coverImage.alt } : null,
  };
}

export type BlogListData = { seo: PageSeo; heading: string; intro: string; posts: BlogCardView[]; page: number; pageCount: number };

/** A page of the blog (`?page=N`, 1-based). A malformed or out-of-range page is the 404 screen. */
export async function loadBlogList(app: App, request: Request): Promise<BlogListData> {
  const context = getPageContext(request);
  const raw = context.url.searchParams.get("page");
  const parsed = raw === null ? { success: true as const, data: 1 } : PageParamSchema.safeParse(raw);
  if (!parsed.success) throwNotFound(request, "page");
  const result = await listBlogPosts(app.content, context.locale, { page: parsed.data, pageSize: BLOG_PAGE_SIZE });
  if (parsed.data > result.pageCount) throwNotFound(request, "page");
  const { t } = context;
  const title = result.page > 1 ? t("blog.pageTitle", { page: result.page }) : t("pages.blog.title");
  return {
    seo: { title, description: t("blog.listIntro") },
    heading: t("pages.blog.heading"),
    intro: t("blog.listIntro"),
    posts: result.items.map((card) => toCardView(card, context)),
    page: result.page,
    pageCount: result.pageCount,
  };
}

export type BlogPostData = {
  seo: PageSeo;
  post: { title: string; excerpt: string; body: NonNullable<Awaited<ReturnType<typeof getBlogPost>>>["body"]; publishedAt: string; publishedLabel: string; author: { name: string; role: string | null } | null; cover: { src: string; alt: string } | null; readingMinutes: number; tags: string[] };
  related: BlogCardView[];
  jsonLd: JsonLd[];
};

/** One article with reading time, related posts and structured data; an unknown slug is the 404 screen. */
export async function loadBlogPost(app: App, request: Request, slugParam: string | undefined): Promise<BlogPostData> {
  const context = getPageContext(request);
  const slug = SlugSchema.safeParse(slugParam);
  if (!slug.success) throwNotFound(request, "page");
  const post = await getBlogPost(app.content, context.locale, slug.data);
  if (!post) throwNotFound(request, "page");
  const { t } = context;
  const settings = await getSiteSettings(app.content, context.locale);
  const minutes = readingMinutes(post.body);
  const url = localizedUrl(app.env.SITE_URL, context, blogPostPath(post.slug));
  const cover = post.coverImage ? { src: post.coverImage.src, alt: post.coverImage.alt } : null;
  return {
    seo: { title: t("pages.blogPost.title", { name: post.title }), description: post.excerpt },
    post: {
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      publishedAt: post.publishedAt,
      publishedLabel: formatDate(post.publishedAt, context),
      author: post.author,
      cover,
      readingMinutes: minutes,
      tags: post.tags,
    },
    related: post.related.map((card) => toCardView(card, context)),
    jsonLd: [
      blogPosting(post, { url, siteName: settings.siteName, language: getLocale(context.locale).iso, imageUrl: cover ? absoluteUrl(app.env.SITE_URL, publicImageUrl(cover.src, 1200)) : null, readingMinutes: minutes }),
      breadcrumbList([
        { name: t("blog.home"), url: localizedUrl(app.env.SITE_URL, context, homePath()) },
        { name: t("nav.blog"), url: localizedUrl(app.env.SITE_URL, context, blogPath()) },
        { name: post.title, url },
      ]),
    ],
  };
}

export type FaqData = {
  seo: PageSeo;
  heading: string;
  intro: string;
  query: string;
  /** Every group: the page filters them with the query (server render) and as the visitor types. */
  groups: Awaited<ReturnType<typeof listFaqEntries>>;
  jsonLd: JsonLd;
};

/** The FAQ in groups, with the `?q=` search text (filtering happens in the shared pure function). */
export async function loadFaq(app: App, request: Request): Promise<FaqData> {
  const context = getPageContext(request);
  const query = (context.url.searchParams.get("q") ?? "").trim().slice(0, MAX_FAQ_QUERY_LENGTH);
  const groups = await listFaqEntries(app.content, context.locale);
  const { t } = context;
  return {
    seo: { title: t("pages.faq.title"), description: t("faq.intro") },
    heading: t("pages.faq.heading"),
    intro: t("faq.intro"),
    query,
    groups,
    jsonLd: faqPage(groups),
  };
}

export type StaticPageData = {
  seo: PageSeo;
  page: { title: string; intro: string | null; body: NonNullable<Awaited<ReturnType<typeof getStaticPage>>>["body"]; updatedAt: string; updatedLabel: string };
};

/** About, privacy, terms and contact as edited in the CMS; a missing document is the 404 screen. */
export async function loadStaticPage(app: App, request: Request, kind: StaticPageKind): Promise<StaticPageData> {
  const context = getPageContext(request);
  const page = await getStaticPage(app.content, context.locale, kind);
  if (!page) throwNotFound(request, "page");
  return {
    seo: { title: page.title, description: page.intro ?? context.t("site.description") },
    page: { title: page.title, intro: page.intro, body: page.body, updatedAt: page.updatedAt, updatedLabel: formatDate(page.updatedAt, context) },
  };
}
