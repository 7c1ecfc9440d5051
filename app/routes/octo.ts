import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleOctoRequest, octoContextOf } from "#app/octo/router.server";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "no-store" } satisfies CacheHandle;

/**
 * /octo/v1/* — the OCTO supplier API (GET endpoints here, POST and PATCH in the action). The router
 * in app/octo does the rest; see app/octo/router.server.ts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleOctoRequest(request, octoContextOf(context));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleOctoRequest(request, octoContextOf(context));
}
