import type { LoaderFunctionArgs } from "@remix-run/node";
import { readSeedAsset } from "#app/content/content.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;

/** Serves the seed dataset's image files (`/cms-assets/{name}`); on Sanity, images come from its CDN instead. */
export async function loader({ params }: LoaderFunctionArgs) {
  const asset = await readSeedAsset(params["*"] ?? "");
  if (!asset) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(asset.body), {
    headers: { "Content-Type": asset.contentType, "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800" },
  });
}
