import { getSiteSettings, listBlogPosts, type ContentService } from "#app/content/content.server";
import { LOCALE_CODES, type LocaleCode } from "#app/lib/locales";
import { listCategories, listDestinations, searchCatalogue, type Catalogue } from "./catalogue.server";
import type { BookingApi } from "#app/booking/types";
import { aboutPath, blogPath, blogPostPath, categoryPath, cityPath, contactPath, detailPath, faqPath, homePath, listingPath, localized, privacyPolicyPath, termsPath } from "#app/lib/paths";

type App = { catalogue: Catalogue; content: ContentService; bookingApi: BookingApi };

const STATIC_PATHS = [homePath(), aboutPath(), blogPath(), faqPath(), contactPath(), privacyPolicyPath(), termsPath()];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`);
}

/** Every public page of one locale, each with its hreflang alternates (sitemaps.org + xhtml:link). */
export async function buildLocaleSitemap(app: App, locale: LocaleCode, origin: string): Promise<string> {
  const settings = await getSiteSettings(app.content, locale);
  const listing = listingPath(settings.storefrontType);
  const [destinations, categories, blog] = await Promise.all([listDestinations(app.catalogue, locale), listCategories(app.catalogue, locale), listBlogPosts(app.content, locale, { page: 1, pageSize: 50 })]);
  const paths = [...STATIC_PATHS, listing];
  for (const destination of destinations) paths.push(cityPath(destination.slug));
  for (const category of categories) paths.push(categoryPath(category.slug));
  for (const post of blog.items) paths.push(blogPostPath(post.slug));
  // Every experience, through the catalogue's in-memory index (pages of 100).
  for (let page = 1; ; page++) {
    const result = await searchCatalogue(app.catalogue, { locale, currency: "SAR", page, pageSize: 100 });
    for (const card of result.items) {
      paths.push(detailPath(settings.storefrontType, { slug: card.slug, citySlug: card.city.slug }));
    }
    if (page >= result.pageCount) break;
  }
  const absolute = (code: LocaleCode, path: string) => `${origin}${localized(code, path)}`;
  const urls = paths.map((path) => {
    // Blog posts are separate documents per language; only their own locale is listed for them.
    const alternates = path.startsWith("/blog/")
      ? ""
      : LOCALE_CODES.map((code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${escapeXml(absolute(code, path))}"/>`).join("") +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absolute("en", path))}"/>`;
    return `<url><loc>${escapeXml(absolute(locale, path))}</loc>${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
}
