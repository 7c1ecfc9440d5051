import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { localeCookie } from "#app/i18n/i18n.server";
import { LOCALE_CODES } from "#app/lib/locales";
import { localeSwitchTarget } from "#app/lib/safe-redirect";
import type { CacheHandle } from "#app/lib/cache-policy";

const SwitchLocaleSchema = z.object({
  lng: z.enum(LOCALE_CODES as [string, ...string[]]),
  redirectTo: z.string().max(2048).optional(),
});

export const handle = { cache: "no-store" } satisfies CacheHandle;

/** The language switcher: remembers the choice for a year and shows the same page in that language. */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = SwitchLocaleSchema.safeParse(form);
  if (!parsed.success) return new Response("Unknown language", { status: 400 });
  const { lng } = parsed.data;
  const target = localeSwitchTarget(parsed.data.redirectTo, lng as (typeof LOCALE_CODES)[number]);
  return redirect(target, { status: 303, headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
