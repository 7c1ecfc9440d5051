import { useTranslation } from "react-i18next";
import type { BlogCardView } from "#app/site/types";
import { imagePreloadLink, responsiveImage } from "#app/lib/images";
import { Image } from "./image";
import { LocalizedLink } from "./localized-link";
import { blogPostPath } from "#app/lib/paths";

export type { BlogCardView };

/** A cover's box is 16:10 (site.css) in a grid of up to three columns. */
const BLOG_CARD_IMAGE = { width: 400, height: 250, sizes: "(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px" } as const;

/** The preload of the first card's cover when it is the page's largest paint (the blog index), for the route's meta. */
export function blogCardPreload(post: BlogCardView | undefined) {
  return post?.cover ? [imagePreloadLink(responsiveImage(post.cover.src, BLOG_CARD_IMAGE))] : [];
}

export function BlogCard({ post, headingLevel = 2, priority = false }: { post: BlogCardView; headingLevel?: 2 | 3; priority?: boolean }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="blog-card">
      {post.cover ? (
        <Image className="blog-card__image" source={post.cover.src} alt={post.cover.alt} {...BLOG_CARD_IMAGE} priority={priority} />
      ) : null}
      <div className="blog-card__body">
        <Heading className="blog-card__title">
          <LocalizedLink to={blogPostPath(post.slug)} aria-label={t("blog.readMore", { title: post.title })}>
            {post.title}
          </LocalizedLink>
        </Heading>
        <p className="blog-card__excerpt">{post.excerpt}</p>
        <p className="blog-card__meta">
          <time dateTime={post.publishedAt}>{post.publishedLabel}</time>
          {post.author ? <span> · {t("blog.by", { name: post.author })}</span> : null}
        </p>
      </div>
    </article>
  );
}
