import type { LoaderFunctionArgs } from "@remix-run/node";
import { collectPersonalData } from "#app/account/personal-data.server";
import type { CacheHandle } from "#app/lib/cache-policy";
import { requireUser } from "#app/web/sign-in.server";

export const handle = { cache: "private" } satisfies CacheHandle;

/** GET /account/data.json — everything the store holds about the signed-in account, as a download (PDPL). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const user = await requireUser(app, request);
  const data = await collectPersonalData(app.db, user.id, app.clock.now());
  if (!data) return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="rihla-my-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
