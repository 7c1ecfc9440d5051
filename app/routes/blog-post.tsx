import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BlogCard } from "#app/components/blog-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { JsonLdScript } from "#app/components/json-ld";
import { Breadcrumbs } from "#app/components/breadcrumbs";
import { LocalizedLink } from "#app/components/localized-link";
import { Image } from "#app/components/image";
import { imagePreloadLink, responsiveImage } from "#app/lib/images";
import { RichText } from "#app/components/portable-text";
import { pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { loadBlogPost } from "#app/web/pages/content-pages.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { blogPath, homePath } from "#app/lib/paths";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
/** The cover's box: the column's width (at most the 1200 px container), 16:9, cut to 28rem high by site.css. */
const COVER_IMAGE = { width: 1200, height: 675, sizes: "(max-width: 1232px) 100vw, 1200px" } as const;

/** The cover is the page's largest paint: preloaded from <head>. */
export const meta: MetaFunction<typeof loader> = (args) => [...pageMeta(args), ...(args.data?.post.cover ? [imagePreloadLink(responsiveImage(args.data.post.cover.src, COVER_IMAGE))] : [])];

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  return json(await loadBlogPost(app, request, params.slug), { headers: { "Cache-Control": publicCacheControl(request) } });
}

export default function BlogPostRoute() {
  const { post, related, jsonLd } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="container page">
      {jsonLd.map((data, index) => (
        <JsonLdScript key={index} data={data} />
      ))}
      <Breadcrumbs label={t("blog.breadcrumb")} items={[{ name: t("blog.home"), path: homePath() }, { name: t("nav.blog"), path: blogPath() }, { name: post.title }]} />
      <header>
        <h1>{post.title}</h1>
        <p className="page-meta">
          <time dateTime={post.publishedAt}>{t("blog.publishedOn", { date: post.publishedLabel })}</time>
          {post.author ? <span> · {t("blog.by", { name: post.author.name })}</span> : null}
          <span> · {t("blog.readingTime", { count: post.readingMinutes })}</span>
        </p>
      </header>
      {post.cover ? (
        <Image className="article__cover" source={post.cover.src} alt={post.cover.alt} {...COVER_IMAGE} priority />
      ) : null}
      <div className="prose">
        <p className="page-intro">{post.excerpt}</p>
        <RichText value={post.body} />
      </div>
      {related.length ? (
        <section className="related" aria-labelledby="related-heading">
          <h2 id="related-heading">{t("blog.related")}</h2>
          <ul className="blog-grid">
            {related.map((card) => (
              <li key={card.id}>
                <BlogCard post={card} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <LocalizedLink to={blogPath()}>{t("blog.backToBlog")}</LocalizedLink>
      </p>
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
