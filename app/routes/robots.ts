import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CacheHandle } from "#app/lib/cache-policy";
import { robotsTxt } from "#app/lib/robots";

export const handle = { cache: "public" } satisfies CacheHandle;

/** robots.txt (app/lib/robots.ts). */
export function loader({ context: app }: LoaderFunctionArgs) {
  return new Response(robotsTxt(app.env.SITE_URL), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600, s-maxage=3600" } });
}
