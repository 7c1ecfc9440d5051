import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildLocaleSitemap } from "#app/catalogue/sitemap.server";
import { isLocaleCode } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;

/** `sitemaps/{locale}.xml`: every public page in that language. */
export async function loader({ params, context: app }: LoaderFunctionArgs) {
  if (!isLocaleCode(params.locale)) throw new Response("Not found", { status: 404 });
  const body = await buildLocaleSitemap(app, params.locale, app.env.SITE_URL);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600, s-maxage=3600" } });
}
