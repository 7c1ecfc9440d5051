import { useTranslation } from "react-i18next";
import { imageUrl } from "#app/content/assets";
import type { BlogCardView } from "#app/site/types";
import { LocalizedLink } from "./localized-link";
import { blogPostPath } from "#app/lib/paths";

export type { BlogCardView };

export function BlogCard({ post, headingLevel = 2, priority = false }: { post: BlogCardView; headingLevel?: 2 | 3; priority?: boolean }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="blog-card">
      {post.cover ? (
        <img
          className="blog-card__image"
          src={imageUrl(post.cover.src, { width: 640 })}
          alt={post.cover.alt}
          width={640}
          height={400}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
        />
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
