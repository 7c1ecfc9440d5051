import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;

/** robots.txt: personal pages stay out of search engines; the sitemap index is named in full. */
export function loader({ context: app }: LoaderFunctionArgs) {
  const body = ["User-agent: *", "Allow: /", "Disallow: /cart", "Disallow: /checkout", "Disallow: /invoices", "Disallow: /auth/", "Disallow: /api/", "", `Sitemap: ${app.env.SITE_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600, s-maxage=3600" } });
}
