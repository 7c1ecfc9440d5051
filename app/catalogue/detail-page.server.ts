/**
 * The experience detail page's loader logic, shared by the supplier and the city detail paths
 * (experiencePath, cityExperiencePath in app/lib/paths.ts): the product, the canonical URL, the chosen day's availability,
 * more reviews on request, SEO texts and structured data.
 */
import { json, redirect } from "@remix-run/node";
import type { Availability } from "@octocloud/types";
import { getSiteSettings } from "#app/content/content.server";
import { localePrefix } from "#app/i18n/locales";
import { getDisplayCurrency } from "#app/lib/currency.server";
import { CACHE_FRESH_MINUTE, publicCacheControl } from "#app/lib/http";
import { isCurrencyCode, type CurrencyCode, type Money } from "#app/lib/money";
import { getPageContext, throwNotFound, type PageSeo } from "#app/lib/page.server";
import { isSlug } from "#app/lib/slug";
import { getAvailability, getExperienceBySlug, getReviews, type ExperienceDetail, type ReviewPage } from "./catalogue.server";
import {
  canonicalRedirect,
  parseDetailQuery,
  REVIEWS_PAGE_SIZE,
  validateDate,
  type DateProblem,
} from "./detail-page";
import type { AppContext } from "#app/context.server";
import type { StorefrontType } from "#app/lib/storefront";
import { cityPath, detailPath, localized } from "#app/lib/paths";
import { addDays, todayIn } from "#app/lib/dates";

type App = Pick<AppContext, "catalogue" | "content" | "bookingApi" | "env">;

export type SlotView = {
  id: string;
  /** Local "HH:MM" start and end, or null for an all-day availability. */
  start: string | null;
  end: string | null;
  allDay: boolean;
  status: string;
  available: boolean;
  vacancies: number | null;
  openingHours: Array<{ from: string; to: string }>;
  /** unit id → retail price in the visitor's currency. */
  unitPrices: Record<string, Money>;
  /** Per-booking price, when the option is priced per booking. */
  bookingPrice: Money | null;
};

export type OptionAvailability = { optionId: string; slots: SlotView[] };

export type DayAvailability = { date: string; options: OptionAvailability[]; anyAvailable: boolean };

export type DetailPageData = {
  seo: PageSeo;
  ogImage: string | null;
  jsonLd: Array<Record<string, unknown>>;
  storefrontType: StorefrontType;
  experience: Omit<ExperienceDetail, "reviews">;
  reviews: ReviewPage;
  reviewPages: number;
  currency: CurrencyCode;
  today: string;
  maxDate: string;
  date: string | null;
  dateProblem: DateProblem | null;
  availability: DayAvailability | null;
  /** The canonical path with the locale prefix (Write a Review comes back here). */
  path: string;
  cityPath: string;
};

type Route = { kind: "experience"; productSlug: string | undefined } | { kind: "city"; citySlug: string | null; productSlug: string | undefined };

function localTime(localDateTime: string): string {
  return localDateTime.slice(11, 16);
}

function toSlotView(slot: Availability, noFixedPrice: boolean): SlotView {
  const unitPrices: Record<string, Money> = {};
  for (const price of slot.unitPricing ?? []) {
    if (isCurrencyCode(price.currency)) unitPrices[price.unitId] = { amount: price.retail, currency: price.currency };
  }
  const open = slot.status === "AVAILABLE" || slot.status === "LIMITED" || slot.status === "FREESALE";
  return {
    id: slot.id,
    start: slot.allDay ? null : localTime(slot.localDateTimeStart),
    end: slot.allDay ? null : localTime(slot.localDateTimeEnd),
    allDay: slot.allDay,
    status: slot.status,
    // The engine marks every slot of a no-fixed-price product unavailable (it cannot be booked at a
    // price); the page still shows which times run, and offers a custom offer instead.
    available: noFixedPrice ? open : slot.available,
    vacancies: slot.vacancies,
    openingHours: slot.openingHours,
    unitPrices,
    bookingPrice: slot.pricing && isCurrencyCode(slot.pricing.currency) ? { amount: slot.pricing.retail, currency: slot.pricing.currency } : null,
  };
}

async function dayAvailability(app: App, experience: ExperienceDetail, date: string, currency: CurrencyCode): Promise<DayAvailability> {
  const options = await Promise.all(
    experience.options.map(async (option) => {
      try {
        const slots = await getAvailability(app, experience.id, option.id, { from: date }, { currency });
        return { optionId: option.id, slots: slots.map((slot) => toSlotView(slot, experience.noFixedPrice)) };
      } catch (error) {
        // A refusal from the booking API for one option (closed, bad id) leaves that option empty.
        console.error("[detail] availability failed", experience.id, option.id, error);
        return { optionId: option.id, slots: [] };
      }
    }),
  );
  return { date, options, anyAvailable: options.some((option) => option.slots.some((slot) => slot.available)) };
}

function structuredData(experience: ExperienceDetail, data: { url: string; siteUrl: string; homeUrl: string; cityUrl: string; homeName: string }) {
  const images = experience.images.map((image) => data.siteUrl + image.src);
  const product: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": ["Product", "TouristTrip"],
    name: experience.title,
    description: experience.shortDescription,
    image: images,
    url: data.url,
    sku: experience.id,
    brand: experience.supplier.name ? { "@type": "Brand", name: experience.supplier.name } : undefined,
    category: experience.categories[0]?.name,
    touristType: experience.bestFor.map((entry) => entry.name),
  };
  if (experience.priceFrom && !experience.noFixedPrice) {
    product.offers = {
      "@type": "Offer",
      url: data.url,
      price: (experience.priceFrom.amount / 10 ** currencyDigits(experience.priceFrom.currency)).toFixed(currencyDigits(experience.priceFrom.currency)),
      priceCurrency: experience.priceFrom.currency,
      availability: "https://schema.org/InStock",
      ...(experience.expiresOn ? { priceValidUntil: experience.expiresOn } : {}),
    };
  }
  if (experience.reviewCount > 0) {
    product.aggregateRating = { "@type": "AggregateRating", ratingValue: experience.rating, reviewCount: experience.reviewCount, bestRating: 5, worstRating: 1 };
  }
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: data.homeName, item: data.homeUrl },
      { "@type": "ListItem", position: 2, name: experience.city.name, item: data.cityUrl },
      { "@type": "ListItem", position: 3, name: experience.title, item: data.url },
    ],
  };
  return [JSON.parse(JSON.stringify(product)) as Record<string, unknown>, breadcrumbs];
}

function currencyDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Loads the detail page for either route, or throws its 404 / 301. */
export async function loadExperiencePage(app: App, request: Request, route: Route) {
  const { url, locale, t } = getPageContext(request);
  if (!isSlug(route.productSlug)) throwNotFound(request, "page");
  if (route.kind === "city" && !route.citySlug) throwNotFound(request, "page");
  const settings = await getSiteSettings(app.content, locale);
  const currency = await getDisplayCurrency(request, settings.defaultCurrency);
  const experience = await getExperienceBySlug(app.catalogue, route.productSlug, locale, currency);
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
  const [availability, reviews] = await Promise.all([
    date ? dayAvailability(app, experience, date, currency) : Promise.resolve(null),
    reviewPages > 1
      ? getReviews(app.catalogue, experience.id, { page: 1, pageSize: REVIEWS_PAGE_SIZE * reviewPages, locale })
      : Promise.resolve(experience.reviews),
  ]);
  const { reviews: _firstPage, ...rest } = experience;

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
    path,
    cityPath: cityUrlPath,
  };
  return json(data, {
    headers: {
      "Cache-Control": publicCacheControl(request, date ? CACHE_FRESH_MINUTE : undefined),
      "Content-Language": locale,
    },
  });
}
