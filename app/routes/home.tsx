import { redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { loadHomePage } from "./home-page.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ExperienceCard } from "#app/components/experience-card";
import { LocalizedLink } from "#app/components/localized-link";
import { SearchBox } from "#app/components/search-box";
import { SupportClaims } from "#app/components/support";
import { detectPreferredLocale } from "#app/i18n/i18n.server";
import { DEFAULT_LOCALE, localePrefix } from "#app/i18n/locales";
import type { HeroVariant, HomeSectionId } from "#app/layouts/layouts";
import { useLayout } from "#app/layouts/use-layout";
import { pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext } from "#app/lib/page.server";
import homeStyles from "#app/styles/home.css";
import { cityPath, contactPath, listingPath, withQuery } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";

export const handle = { cache: "public" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];
export const headers = pageHeaders;
export const meta = pageMeta;

export async function loader({ request, context: app }: LoaderFunctionArgs) {
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

type Tile = { slug: string; name: string; subtitle: string; image: { src: string; srcSet: string; alt: string }; count: number };

function TileSection({ id, heading, tiles, href }: { id: string; heading: string; tiles: Tile[]; href: (slug: string) => string }) {
  const { t } = useTranslation();
  if (tiles.length === 0) return null;
  return (
    <section className="home-section container" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul className="tile-grid">
        {tiles.map((tile) => (
          <li key={tile.slug}>
            <LocalizedLink to={href(tile.slug)} className="tile">
              <img src={tile.image.src} srcSet={tile.image.srcSet} sizes="(max-width: 640px) 50vw, 240px" alt="" width={400} height={250} loading="lazy" decoding="async" />
              <span className="tile__name">{tile.name}</span>
              <span className="tile__count">{t("discovery.home.experiencesCount", { count: tile.count })}</span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

type HomeData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The hero in the layout's variant. Text over a photo always sits on a scrim (see layouts.css). */
function Hero({ data, variant }: { data: HomeData; variant: HeroVariant }) {
  const image = variant === "compact" ? null : data.hero.image;
  const width = image?.width ?? 1600;
  const height = image?.height ?? 900;
  return (
    <section className={`hero hero--${variant}`} data-hero={variant} aria-labelledby="hero-heading">
      {image && variant === "split" ? (
        // Beside the text, the photo is content: it keeps its description.
        <img className="hero__media" src={image.src} alt={image.alt} width={width} height={height} fetchPriority="high" decoding="async" />
      ) : image ? (
        <img className="hero__image" src={image.src} alt="" width={width} height={height} fetchPriority="high" decoding="async" />
      ) : null}
      <div className="container hero__inner">
        <h1 id="hero-heading">{data.hero.title}</h1>
        {data.hero.subtitle ? <p className="hero__subtitle">{data.hero.subtitle}</p> : null}
        <SearchBox />
      </div>
    </section>
  );
}

export default function HomePage() {
  const data = useLoaderData<typeof loader>();
  const layout = useLayout();
  const { t } = useTranslation();
  const listing = listingPath(data.storefrontType);
  // Each section renders itself or nothing; the layout decides which appear and in what order.
  const sections: Record<HomeSectionId, () => ReactNode> = {
    popularDestinations: () => (
      <TileSection id="popular-destinations" heading={data.popularDestinations.heading} tiles={data.popularDestinations.items} href={(slug) => cityPath(slug)} />
    ),
    featured: () =>
      data.featured.length ? (
        <section className="home-section container" aria-labelledby="featured">
          <div className="home-section__head">
            <h2 id="featured">{t(data.storefrontType === "supplier" ? "nav.experiences" : "nav.thingsToDo")}</h2>
            <LocalizedLink to={listing} className="home-section__more">
              {t("layout.home.seeAll")}
            </LocalizedLink>
          </div>
          <ul className="card-grid">
            {data.featured.map((card) => (
              <li key={card.id}>
                <ExperienceCard card={card} storefrontType={data.storefrontType} />
              </li>
            ))}
          </ul>
        </section>
      ) : null,
    categories: () => <TileSection id="categories" heading={data.categories.heading} tiles={data.categories.items} href={(slug) => `/${slug}`} />,
    topDestinations: () => <TileSection id="top-destinations" heading={data.topDestinations.heading} tiles={data.topDestinations.items} href={(slug) => cityPath(slug)} />,
    themes: () =>
      data.themes?.items.length ? (
        <section className="home-section container" aria-labelledby="themes">
          <h2 id="themes">{data.themes.heading}</h2>
          <ul className="theme-list">
            {data.themes.items.map((theme) => (
              <li key={theme.slug}>
                <LocalizedLink to={withQuery(listing, { theme: theme.slug })}>
                  <strong>{theme.title}</strong>
                  <span>{theme.description}</span>
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null,
    gallery: () =>
      data.gallery?.images.length ? (
        <section className="home-section container" aria-labelledby="gallery">
          <h2 id="gallery">{data.gallery.heading}</h2>
          <ul className="gallery-grid">
            {data.gallery.images.map((image) => (
              <li key={image.src}>
                <img src={image.src} alt={image.alt ?? ""} width={image.width ?? 640} height={image.height ?? 480} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </section>
      ) : null,
    testimonials: () =>
      data.testimonials?.items.length ? (
        <section className="home-section container" aria-labelledby="testimonials">
          <h2 id="testimonials">{data.testimonials.heading}</h2>
          <ul className="testimonial-grid">
            {data.testimonials.items.map((testimonial) => (
              <li key={testimonial.id}>
                <figure className="testimonial">
                  <p role="img" aria-label={`${testimonial.rating}/5`}>{"★".repeat(testimonial.rating)}</p>
                  <blockquote>{testimonial.quote}</blockquote>
                  <figcaption>
                    {testimonial.name}
                    {testimonial.location ? `, ${testimonial.location}` : ""}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null,
    claims: () => (
      <section className="home-section home-claims" aria-labelledby="claims">
        <div className="container">
          <h2 id="claims" className="visually-hidden">
            {t("layout.home.claimsHeading")}
          </h2>
          <SupportClaims className="support-claims home-claims__list" />
        </div>
      </section>
    ),
    support: () =>
      data.support ? (
        <section className="home-section container support-section" aria-labelledby="support">
          <h2 id="support">{data.support.heading}</h2>
          <p>{data.support.body}</p>
          <LocalizedLink to={contactPath()} className="button button--primary">
            {t("nav.contact")}
          </LocalizedLink>
        </section>
      ) : null,
  };
  return (
    <>
      <Hero data={data} variant={layout.hero} />
      {layout.homeSections.map((id) => (
        <Fragment key={id}>{sections[id]()}</Fragment>
      ))}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
