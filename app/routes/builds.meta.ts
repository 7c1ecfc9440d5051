import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getBuildManifest } from "#app/site/builds.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;

/** GET /builds/meta/{buildId}.json: route rules and prerendered paths of a build; 404 for any other id. */
export async function loader({ params }: LoaderFunctionArgs) {
  const buildId = /^(.+)\.json$/.exec(params.file ?? "")?.[1];
  const manifest = await getBuildManifest();
  if (!buildId || buildId !== manifest.id) {
    return json({ error: "Unknown build" }, { status: 404, headers: { "Cache-Control": "public, max-age=0, s-maxage=60" } });
  }
  // A build's manifest never changes: its URL names the build.
  return json(manifest, { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
}
