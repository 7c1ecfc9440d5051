import type { ActionFunctionArgs } from "@remix-run/node";
import { cmsWebhookReceiver } from "#app/content/webhook.server";
import { cmsWebhookResponse } from "./cms-webhook.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/** Sanity calls this when content is published, changed or deleted. */
export async function action({ request, context }: ActionFunctionArgs) {
  return cmsWebhookResponse(cmsWebhookReceiver(context), request);
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
