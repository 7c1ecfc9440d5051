import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { localeCookie } from "#app/i18n/i18n.server";
import { LOCALE_CODES, localizePath } from "#app/i18n/locales";
import { safeRedirect } from "#app/lib/safe-redirect";
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
  // Only a path on this site is followed; anything else falls back to the home page.
  const requested = safeRedirect(parsed.data.redirectTo, "/");
  const url = new URL(requested, "http://localhost");
  const target = localizePath(url.pathname, lng as (typeof LOCALE_CODES)[number]) + url.search;
  return redirect(target, { status: 303, headers: { "Set-Cookie": await localeCookie.serialize(lng) } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
