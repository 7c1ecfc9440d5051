import { json } from "@remix-run/node";
import { getBuildManifest } from "#app/site/builds.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/** GET /builds/latest.json: the id and time of the build this server runs (polled by the browser). */
export async function loader() {
  const { id, time } = await getBuildManifest();
  // Polled to notice a deploy: no cache may answer for the server.
  return json({ id, time }, { headers: { "Cache-Control": "no-store" } });
}
