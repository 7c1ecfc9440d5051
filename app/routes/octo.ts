import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getOctoContext, handleOctoRequest } from "#app/octo/router.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/**
 * /octo/v1/* — the OCTO supplier API (GET endpoints here, POST and PATCH in the action). The router
 * in app/octo does the rest; see app/octo/router.server.ts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleOctoRequest(request, await getOctoContext());
}

export async function action({ request }: ActionFunctionArgs) {
  return handleOctoRequest(request, await getOctoContext());
}
