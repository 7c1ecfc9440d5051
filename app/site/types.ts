/** View shapes shared by the site's loaders (app/site/*.server.ts) and its components. */

/** What a blog card shows; the loader formats the date in the page's language. */
export type BlogCardView = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string;
  publishedLabel: string;
  author: string | null;
  cover: { src: string; alt: string } | null;
};
