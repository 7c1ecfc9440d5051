import { json, redirect, type LoaderFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { getHomePage, getSiteSettings } from "#app/content/content.server";
import { detectPreferredLocale } from "#app/i18n/i18n.server";
import { DEFAULT_LOCALE, localePrefix, type LocaleCode } from "#app/lib/locales";
import { getDisplayCurrency } from "#app/lib/currency.server";
import { publicCacheControl } from "#app/lib/http";
import { getPageContext, pageSeo, type PageContext } from "#app/web/page.server";
import { listCategories, listDestinations, searchCatalogue } from "#app/catalogue/catalogue.server";
import type { CategorySummary, DestinationSummary, ExperienceCard } from "#app/catalogue/types";

type App = Pick<AppLoadContext, "catalogue" | "content" | "bookingApi">;

type Tile = { slug: string; name: string; subtitle: string; image: DestinationSummary["image"]; count: number };

/** The home page: the CMS's sections, filled with live destinations, categories and experiences. */
export async function loadHomePage(app: App, request: Request, context: PageContext, headers: HeadersInit = {}) {
  const { locale, t } = context;
  const [settings, home, destinations, categories] = await Promise.all([
    getSiteSettings(app.content, locale),
    getHomePage(app.content, locale),
    listDestinations(app.catalogue, locale),
    listCategories(app.catalogue, locale),
  ]);
  const currency = await getDisplayCurrency(request, settings.defaultCurrency);
  const bySlug = new Map(destinations.map((destination) => [destination.slug, destination]));
  const categoryBySlug = new Map(categories.map((category) => [category.slug, category]));

  const destinationTiles = (items: Array<{ citySlug: string; title: string }> | undefined, fallback: DestinationSummary[]): Tile[] =>
    (items?.length ? items.flatMap((item) => (bySlug.has(item.citySlug) ? [{ ...bySlug.get(item.citySlug)!, name: item.title }] : [])) : fallback).map((destination) => ({
      slug: destination.slug,
      name: destination.name,
      subtitle: destination.country.name,
      image: destination.image,
      count: destination.experienceCount,
    }));
  const categoryTiles = (items: Array<{ categorySlug: string; title: string }> | undefined, fallback: CategorySummary[]): Tile[] =>
    (items?.length ? items.flatMap((item) => (categoryBySlug.has(item.categorySlug) ? [{ ...categoryBySlug.get(item.categorySlug)!, name: item.title }] : [])) : fallback).map((category) => ({
      slug: category.slug,
      name: category.name,
      subtitle: category.description,
      image: category.image,
      count: category.experienceCount,
    }));

  const popular = [...destinations].sort((a, b) => b.popularity - a.popularity);
  const featured: ExperienceCard[] = (await searchCatalogue(app.catalogue, { locale, currency, sort: "recommended", page: 1, pageSize: 8 })).items;
  const heroImage = home?.hero.image ? { src: home.hero.image.src, alt: home.hero.image.alt ?? "", width: home.hero.image.width, height: home.hero.image.height } : null;

  return json(
    {
      seo: pageSeo(context, "home"),
      hero: { title: home?.hero.title ?? t("pages.home.heading"), subtitle: home?.hero.subtitle ?? t("site.tagline"), image: heroImage },
      popularDestinations: { heading: home?.popularDestinations?.heading ?? t("discovery.home.popularDestinations"), items: destinationTiles(home?.popularDestinations?.items, popular.slice(0, 8)) },
      topDestinations: { heading: home?.topDestinations?.heading ?? t("discovery.home.topDestinations"), items: destinationTiles(home?.topDestinations?.items, popular.slice(8, 16)) },
      categories: { heading: home?.categories?.heading ?? t("discovery.home.categories"), items: categoryTiles(home?.categories?.items, categories) },
      themes: home?.themes ? { heading: home.themes.heading, items: home.themes.items.map(({ title, slug, description }) => ({ title, slug, description })) } : null,
      gallery: home?.gallery ? { heading: home.gallery.heading, images: home.gallery.images } : null,
      testimonials: home?.testimonials ?? null,
      support: home?.support ?? null,
      featured,
      storefrontType: settings.storefrontType,
      locale: locale satisfies LocaleCode,
    },
    { headers: { "Cache-Control": publicCacheControl(request), ...headers } },
  );
}

/** The home route's loader (routes/home.tsx). */
export async function homeLoader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  // Only the unprefixed root detects a language (cookie first, then Accept-Language); every other
  // page, including `/ru`, takes its locale from the path alone.
  const detects = context.locale === DEFAULT_LOCALE;
  if (detects) {
    const preferred = await detectPreferredLocale(request);
    if (preferred !== DEFAULT_LOCALE) {
      throw redirect(localePrefix(preferred), { status: 302, headers: { Vary: "Cookie, Accept-Language", "Cache-Control": "private, no-cache" } });
    }
  }
  return loadHomePage(app, request, context, detects ? { Vary: "Cookie, Accept-Language" } : {});
}
