/**
 * The experience detail page's loader, shared by the supplier and the city detail paths
 * (experiencePath, cityExperiencePath in app/lib/paths.ts): the product, the canonical URL (301), the
 * chosen day's availability, more reviews on request, SEO texts and structured data.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { reviewAccess } from "#app/account/reviews.server";
import { getReviews } from "#app/catalogue/catalogue.server";
import { canonicalRedirect, parseDetailQuery, REVIEWS_PAGE_SIZE, validateDate } from "#app/catalogue/detail-page";
import { dayAvailability, loadExperienceWithContent, structuredData, type DetailPageData } from "#app/catalogue/detail-page.server";
import { getSiteSettings } from "#app/content/content.server";
import { localePrefix } from "#app/lib/locales";
import { getDisplayCurrency } from "#app/lib/currency.server";
import { addDays, todayIn } from "#app/lib/dates";
import { CACHE_FRESH_MINUTE, productCacheTag, publicCacheControl, SURROGATE_KEY } from "#app/lib/http";
import { getPageContext, pageData, throwNotFound } from "#app/web/page.server";
import { cityPath, detailPath, localized } from "#app/lib/paths";
import { getUser } from "#app/web/session-cookie.server";
import { isSlug } from "#app/lib/slug";
import type { StorefrontType } from "#app/lib/storefront";

type App = Pick<AppLoadContext, "catalogue" | "content" | "bookingApi" | "env" | "db" | "cookies" | "clock">;

type Route = { kind: "experience"; productSlug: string | undefined } | { kind: "city"; citySlug: string | null; productSlug: string | undefined };

/** Loads the detail page for either route, or throws its 404 / 301. */
export async function loadExperiencePage(app: App, request: Request, route: Route) {
  const { url, locale, t } = getPageContext(request);
  if (!isSlug(route.productSlug)) throwNotFound(request, "page");
  if (route.kind === "city" && !route.citySlug) throwNotFound(request, "page");
  const settings = await getSiteSettings(app.content, locale);
  const currency = await getDisplayCurrency(request, settings.defaultCurrency);
  const experience = await loadExperienceWithContent(app, route.productSlug, locale, currency);
  if (!experience) throwNotFound(request, "page");
  if (route.kind === "city" && route.citySlug !== experience.city.slug) throwNotFound(request, "page");

  const storefrontType: StorefrontType = settings.storefrontType === "supplier" ? "supplier" : "default";
  const prefix = localePrefix(locale);
  const canonical = detailPath(storefrontType, { slug: experience.slug, citySlug: experience.city.slug });
  const target = canonicalRedirect(url, prefix, canonical);
  if (target) throw redirect(target, { status: 301 });

  const { rawDate, reviewPages } = parseDetailQuery(url.searchParams);
  const today = todayIn(experience.timeZone);
  const { date, problem } = validateDate(rawDate, today);
  const liveAvailability = date ? dayAvailability(app, experience, date, currency) : null;
  const reviews = reviewPages > 1 ? await getReviews(app.catalogue, experience.id, { page: 1, pageSize: REVIEWS_PAGE_SIZE * reviewPages, locale }) : experience.reviews;
  // The day's availability (live from the booking engine) streams after the page when a script asked
  // for the data (Remix's client-side navigation: `Sec-Fetch-Dest: empty`): the new date's page shows
  // at once and its options and prices follow. A document, which is how a date arrives without
  // JavaScript (the GET form) and how a shared link opens, gets it awaited in the HTML: a streamed
  // boundary is only revealed by a script, so without JavaScript it would stay hidden.
  const streamAvailability = liveAvailability !== null && request.headers.get("Sec-Fetch-Dest") === "empty";
  const availability = streamAvailability ? liveAvailability : await liveAvailability;
  const { reviews: _firstPage, ...rest } = experience;
  // A visitor without a session gets "sign-in" (the page anyone may share); a signed-in one, their own
  // answer, on a page that is private because their session cookie makes it so.
  const access = await reviewAccess(app, await getUser(app, request), { id: experience.id, timeZone: experience.timeZone });

  const siteUrl = app.env.SITE_URL.replace(/\/$/, "");
  const path = prefix + canonical;
  const cityUrlPath = localized(locale, cityPath(experience.city.slug));
  const data: DetailPageData = {
    seo: {
      title: t("detail.seo.title", { title: experience.title, city: experience.city.name }),
      description: experience.shortDescription,
    },
    ogImage: experience.images[0] ? siteUrl + experience.images[0].src : null,
    jsonLd: structuredData(experience, { url: siteUrl + path, siteUrl, homeUrl: siteUrl + (prefix || "/"), cityUrl: siteUrl + cityUrlPath, homeName: t("detail.breadcrumbHome") }),
    storefrontType,
    experience: rest,
    // Pages 1..N arrive as one longer page; the pager counts in pages of five.
    reviews: { ...reviews, pageSize: REVIEWS_PAGE_SIZE, page: reviewPages, pageCount: Math.max(1, Math.ceil(reviews.total / REVIEWS_PAGE_SIZE)) },
    reviewPages,
    currency,
    today,
    // The booking engine sells a year ahead; the date picker offers that year.
    maxDate: addDays(today, 365),
    date,
    dateProblem: problem,
    availability,
    reviewAccess: access,
    path,
    cityPath: cityUrlPath,
  };
  const init = {
    headers: {
      "Cache-Control": publicCacheControl(request, date ? CACHE_FRESH_MINUTE : undefined),
      "Content-Language": locale,
      // Tagged with the product it shows: a review of it evicts this page (every locale and variant), and only it.
      [SURROGATE_KEY]: productCacheTag(experience.id),
    },
  };
  return pageData(data, init);
}
