import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { currencyCookie } from "#app/lib/currency.server";
import { CURRENCIES } from "#app/lib/money";
import { safeRedirect } from "#app/lib/safe-redirect";
import type { CacheHandle } from "#app/lib/cache-policy";

const SwitchCurrencySchema = z.object({
  currency: z.enum(CURRENCIES),
  redirectTo: z.string().max(2048).optional(),
});

export const handle = { cache: "no-store" } satisfies CacheHandle;

/** The currency switcher: stores the choice for a year and shows the same page again. */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = SwitchCurrencySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Unknown currency", { status: 400 });
  const target = safeRedirect(parsed.data.redirectTo, "/");
  return redirect(target, { status: 303, headers: { "Set-Cookie": await currencyCookie.serialize(parsed.data.currency) } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
