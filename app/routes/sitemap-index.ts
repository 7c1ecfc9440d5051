import type { LoaderFunctionArgs } from "@remix-run/node";
import { LOCALE_CODES } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;

/** `sitemap.xml`: an index of one sitemap per locale (each stays far below 50,000 URLs). */
export function loader({ context: app }: LoaderFunctionArgs) {
  const origin = app.env.SITE_URL;
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${LOCALE_CODES.map((code) => `  <sitemap><loc>${origin}/sitemaps/${code}.xml</loc></sitemap>`).join("\n")}
</sitemapindex>
`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600, s-maxage=3600" } });
}
