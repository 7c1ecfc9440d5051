import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BlogCard, blogCardPreload } from "#app/components/blog-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import { pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { loadBlogList } from "#app/web/pages/content-pages.server";
import { blogPath, withQuery } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
/** The first cover is the page's largest paint: preloaded from <head>. */
export const meta: MetaFunction<typeof loader> = (args) => [...pageMeta(args), ...blogCardPreload(args.data?.posts[0])];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  return json(await loadBlogList(app, request), { headers: { "Cache-Control": publicCacheControl(request) } });
}

const pageHref = (page: number) => withQuery(blogPath(), { page: page === 1 ? null : page });

/** Plain links, so paging works without JavaScript and every page has its own URL. */
function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("blog.pagination")}>
      <ul className="pagination">
        {page > 1 ? (
          <li>
            <LocalizedLink to={pageHref(page - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>
              {t("blog.previous")}
            </LocalizedLink>
          </li>
        ) : null}
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            {number === page ? (
              <span aria-current="page">{number}</span>
            ) : (
              <LocalizedLink to={pageHref(number)} aria-label={t("blog.pageOf", { page: number, count: pageCount })}>
                {number}
              </LocalizedLink>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <LocalizedLink to={pageHref(page + 1)} rel="next">
              {t("blog.next")}
              <span aria-hidden="true"> ›</span>
            </LocalizedLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export default function BlogRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <h1>{data.heading}</h1>
      <p className="page-intro">{data.intro}</p>
      {data.pageCount > 1 ? <p className="page-meta">{t("blog.pageOf", { page: data.page, count: data.pageCount })}</p> : null}
      {data.posts.length ? (
        <ul className="blog-grid">
          {data.posts.map((post, index) => (
            <li key={post.id}>
              <BlogCard post={post} priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("blog.empty")}</p>
      )}
      <Pagination page={data.page} pageCount={data.pageCount} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
