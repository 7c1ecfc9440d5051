import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { suggestDestinations } from "#app/catalogue/catalogue.server";
import { normalizeText } from "#app/catalogue/text";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SearchBox } from "#app/components/search-box";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, simplePage } from "#app/web/page.server";
import { cityPath, localized, searchPath } from "#app/lib/paths";
import { isIsoDate } from "#app/lib/dates";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

/**
 * The GET target of every search box. A text that names a destination goes to its city page,
 * anything else to `/search/{text}`; the chosen date travels along. Works without JavaScript.
 */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const { url, locale } = getPageContext(request);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const date = url.searchParams.get("date") ?? "";
  const dateQuery = { date: isIsoDate(date) ? date : null };
  if (query) {
    const [best] = await suggestDestinations(app.catalogue, query, locale, 1);
    if (best && normalizeText(best.name) === normalizeText(query)) {
      return redirect(localized(locale, cityPath(best.slug, dateQuery)), { status: 303 });
    }
    return redirect(localized(locale, searchPath(query, dateQuery)), { status: 303 });
  }
  return simplePage(request, "searchForm");
}

export default function SearchFormPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <h1>{data.heading}</h1>
      <SearchBox />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
