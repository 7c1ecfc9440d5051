import type { LoaderFunctionArgs } from "@remix-run/node";
import { collectDataForEmail } from "#app/account/data-by-email.server";
import { readDataLinkToken } from "#app/account/data-link.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "private" } satisfies CacheHandle;

/** GET /privacy/my-data.json?token=… — everything held for the signed link's address, as a download (PDPL). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const noStore = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
  const link = readDataLinkToken(new URL(request.url).searchParams.get("token") ?? "", app.env.SESSION_SECRET, app.clock.now());
  if (link.status !== "ok") return new Response(link.status === "expired" ? "This link has expired" : "This link is not valid", { status: link.status === "expired" ? 410 : 400, headers: noStore });
  const data = await collectDataForEmail(app.db, link.email, app.clock.now());
  return new Response(JSON.stringify(data, null, 2), {
    headers: { ...noStore, "Content-Type": "application/json; charset=utf-8", "Content-Disposition": 'attachment; filename="rihla-my-data.json"' },
  });
}
