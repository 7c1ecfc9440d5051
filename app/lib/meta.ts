import type { MetaFunction } from "@remix-run/node";

type RootData = { errorTitles: { notFound: string; error: string } } | undefined;
/** Per-page search-engine texts, already translated (every page loader returns them as `seo`). */
export type PageSeo = { title: string; description: string };

type SeoData = { seo?: PageSeo } | undefined;

/**
 * A route's `meta`: the translated title and description its loader returned, or the root's
 * translated error title when the page failed.
 */
export const pageMeta: MetaFunction = ({ data, matches, error }) => {
  const seo = (data as SeoData)?.seo;
  if (seo) {
    return [
      { title: seo.title },
      { name: "description", content: seo.description },
      { property: "og:title", content: seo.title },
      { property: "og:description", content: seo.description },
    ];
  }
  const root = matches.find((match) => match.id === "root")?.data as RootData;
  const status = error && typeof error === "object" && "status" in error ? error.status : undefined;
  const title = status === 404 ? root?.errorTitles.notFound : root?.errorTitles.error;
  return title ? [{ title }] : [];
};
