import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { suggestDestinations } from "#app/catalogue/catalogue.server";
import type { DestinationSuggestion } from "#app/components/search-suggestions-source";
import { LOCALE_CODES, type LocaleCode } from "#app/lib/locales";
import type { CacheHandle } from "#app/lib/cache-policy";

const SuggestQuerySchema = z.object({
  q: z.string().trim().min(1).max(60),
  lng: z.enum(LOCALE_CODES as [LocaleCode, ...LocaleCode[]]).default("en"),
});

export const handle = { cache: "public" } satisfies CacheHandle;

/** Destination suggestions for the search box as the visitor types (swr, debounced, in the browser). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const parsed = SuggestQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json({ suggestions: [] as DestinationSuggestion[] }, { status: 400 });
  const destinations = await suggestDestinations(app.catalogue, parsed.data.q, parsed.data.lng, 8);
  const suggestions: DestinationSuggestion[] = destinations.map((destination) => ({
    slug: destination.slug,
    name: destination.name,
    country: destination.country.name,
    count: destination.experienceCount,
  }));
  return json({ suggestions }, { headers: { "Cache-Control": "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400" } });
}
