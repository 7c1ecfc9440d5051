import type { CacheHandle } from "#app/lib/cache-policy";
export const handle = { cache: "no-store" } satisfies CacheHandle;

/** Liveness for load balancers and the test runner. */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
