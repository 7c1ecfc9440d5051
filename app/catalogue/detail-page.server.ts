/**
 * The experience detail page's data, on plain values: its shape, the chosen day's availability per
 * option, and the structured data. The loader (app/web/pages/detail-page.server.ts) wires it to HTTP.
 */
import type { ReviewAccess } from "#app/catalogue/review-access";
import type { Availability } from "@octocloud/types";
import { getExperienceBySlug, getExperienceCards, type Catalogue } from "./catalogue.server";
import { detailPath, localized } from "#app/lib/paths";
import { mergeProductContent } from "./detail-page-content";
import { getProductContent, type ProductContent, type ContentService } from "#app/content/content.server";
import type { LocaleCode } from "#app/lib/locales";
import { currencyExponent, isCurrencyCode, type CurrencyCode, type Money } from "#app/lib/money";
import type { PageSeo } from "#app/lib/meta";
import { getAvailability } from "#app/catalogue/live-availability.server";
import type { ExperienceDetail, ReviewPage } from "./types";
import type { DateProblem } from "./detail-page";
import type { BookingApi } from "#app/booking/types";
import type { Env } from "#app/lib/env.server";
import type { StorefrontType } from "#app/lib/storefront";

type App = { catalogue: Catalogue; content: ContentService; bookingApi: BookingApi; env: Env };

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
  /**
   * The chosen day's live availability: null without a date; a promise when the loader streams it
   * (a client-side navigation: the page renders at once, the day's options and prices arrive after);
   * the value itself in a document, so it is in the HTML without JavaScript.
   */
  availability: DayAvailability | Promise<DayAvailability> | null;
  /**
   * Whether the visitor may review the experience now, or why not (sign in, confirm the email, after
   * the trip …). Anything but "sign-in" is about a signed-in visitor, whose page is never shared.
   */
  reviewAccess: ReviewAccess;
  /** The canonical path with the locale prefix (Write a Review comes back here). */
  path: string;
  cityPath: string;
};

/**
 * The experience as its page shows it: the engine's record (cached by the catalogue) with the CMS's
 * product content merged over it per request, so an edit shows as soon as the content cache is evicted.
 * If the CMS cannot be read, the engine's texts alone still make a complete page.
 */
export async function loadExperienceWithContent(app: Pick<App, "catalogue" | "content">, slug: string, locale: LocaleCode, currency: CurrencyCode): Promise<ExperienceDetail | null> {
  const experience = await getExperienceBySlug(app.catalogue, slug, locale, currency);
  if (!experience) return null;
  let content: ProductContent | null = null;
  try {
    content = await getProductContent(app.content, locale, experience.id);
  } catch (error) {
    console.error("[detail] product content unavailable, showing the catalogue's texts", experience.id, error);
  }
  return mergeProductContent(experience, content);
}

/** The localized page of a product on sale, by its id (the CMS studio's preview link), or null. */
export async function productPagePath(app: Pick<App, "catalogue">, productId: string, locale: LocaleCode, storefrontType: StorefrontType): Promise<string | null> {
  const [card] = await getExperienceCards(app.catalogue, [productId], locale, "SAR");
  if (!card || card.id !== productId) return null;
  return localized(locale, detailPath(storefrontType, { slug: card.slug, citySlug: card.city.slug }));
}

function localTime(localDateTime: string): string {
  return localDateTime.slice(11, 16);
}

export function toSlotView(slot: Availability, noFixedPrice: boolean): SlotView {
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

export async function dayAvailability(app: App, experience: ExperienceDetail, date: string, currency: CurrencyCode): Promise<DayAvailability> {
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

export function structuredData(experience: ExperienceDetail, data: { url: string; siteUrl: string; homeUrl: string; cityUrl: string; homeName: string }) {
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
      price: (experience.priceFrom.amount / 10 ** currencyExponent(experience.priceFrom.currency)).toFixed(currencyExponent(experience.priceFrom.currency)),
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
