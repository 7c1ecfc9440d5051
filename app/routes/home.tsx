import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { homeLoader as loader } from "#app/web/pages/home-page.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ExperienceCard } from "#app/components/experience-card";
import { Image } from "#app/components/image";
import { LocalizedLink } from "#app/components/localized-link";
import { SearchBox } from "#app/components/search-box";
import { SupportClaims } from "#app/components/support";
import { DEFAULT_LAYOUT } from "#app/layouts/default-layout";
import type { HeroVariant, HomeSectionId, Layout } from "#app/layouts/layouts";
import { useLayout } from "#app/layouts/use-layout";
import { pageHeaders } from "#app/lib/http";
import { imagePreloadLink, responsiveImage } from "#app/lib/images";
import { pageMeta } from "#app/lib/meta";
import homeStyles from "#app/styles/home.css?url";
import { cityPath, contactPath, listingPath, withQuery } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeStyles }];
export const headers = pageHeaders;

type HeroImage = { src: string; alt: string; width?: number | null; height?: number | null };

/** The hero photo's sizes: the whole width behind the text, or beside it in the split hero on wide screens. */
function heroImage(image: HeroImage, variant: HeroVariant) {
  const width = image.width || 1600;
  const height = image.height || 900;
  const sizes = variant === "split" ? "(min-width: 48rem) 46vw, 100vw" : "100vw";
  return responsiveImage(image.src, { width, height, sizes, maxWidth: width });
}

/** The hero photo is the page's largest paint: its preload goes in <head>, before any stylesheet is read. */
export const meta: MetaFunction<typeof loader> = (args) => {
  const variant = ((args.matches.find((match) => match.id === "root")?.data as { layout?: Layout } | undefined)?.layout ?? DEFAULT_LAYOUT).hero;
  const image = variant === "compact" ? null : args.data?.hero.image;
  return [...pageMeta(args), ...(image ? [imagePreloadLink(heroImage(image, variant))] : [])];
};

/**
 * In home-page.server.ts with the server modules it uses: a server module this file imported itself would
 * stay in the browser's bundle as an empty chunk (one per module shared with other routes, ~0.17 KB each).
 */
export { homeLoader as loader } from "#app/web/pages/home-page.server";

type Tile = { slug: string; name: string; subtitle: string; image: { src: string; alt: string }; count: number };

/**
 * A home section that lists things (tiles, themes, photos, testimonials): its heading, and a list in
 * `listClassName`'s grid, and beside the heading a link to `more` of them; nothing at all when there is
 * nothing to list.
 */
function ListSection<Item>({ id, heading, more, listClassName, items, keyOf, children: renderItem }: { id: string; heading: ReactNode; more?: ReactNode; listClassName: string; items: Item[] | undefined; keyOf: (item: Item) => string; children: (item: Item) => ReactNode }) {
  if (!items?.length) return null;
  return (
    <section className="home-section container" aria-labelledby={id}>
      {more ? (
        <div className="home-section__head">
          <h2 id={id}>{heading}</h2>
          {more}
        </div>
      ) : (
        <h2 id={id}>{heading}</h2>
      )}
      <ul className={listClassName}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
    </section>
  );
}

function TileSection({ id, heading, tiles, href }: { id: string; heading: string; tiles: Tile[]; href: (slug: string) => string }) {
  const { t } = useTranslation();
  return (
    <ListSection id={id} heading={heading} listClassName="tile-grid" items={tiles} keyOf={(tile) => tile.slug}>
      {(tile) => (
        <LocalizedLink to={href(tile.slug)} className="tile">
          {tile.image.src ? <Image source={tile.image.src} alt="" width={400} height={250} sizes="(max-width: 640px) 50vw, 240px" /> : null}
          <span className="tile__name">{tile.name}</span>
          <span className="tile__count">{t("discovery.home.experiencesCount", { count: tile.count })}</span>
        </LocalizedLink>
      )}
    </ListSection>
  );
}

type HomeData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The hero in the layout's variant. Text over a photo always sits on a scrim (see layouts.css). */
function Hero({ data, variant }: { data: HomeData; variant: HeroVariant }) {
  const image = variant === "compact" ? null : data.hero.image;
  const sized = image ? heroImage(image, variant) : null;
  return (
    <section className={`hero hero--${variant}`} data-hero={variant} aria-labelledby="hero-heading">
      {image && sized ? (
        // Beside the text (split), the photo is content and keeps its description; behind it, decoration.
        <Image
          className={variant === "split" ? "hero__media" : "hero__image"}
          source={image.src}
          alt={variant === "split" ? image.alt : ""}
          width={sized.width}
          height={sized.height}
          sizes={sized.sizes}
          maxWidth={sized.width}
          priority
        />
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
    popularDestinations: () => <TileSection id="popular-destinations" heading={data.popularDestinations.heading} tiles={data.popularDestinations.items} href={(slug) => cityPath(slug)} />,
    featured: () => (
      <ListSection
        id="featured"
        heading={t(data.storefrontType === "supplier" ? "nav.experiences" : "nav.thingsToDo")}
        more={
          <LocalizedLink to={listing} className="home-section__more">
            {t("layout.home.seeAll")}
          </LocalizedLink>
        }
        listClassName="card-grid"
        items={data.featured}
        keyOf={(card) => card.id}
      >
        {(card) => <ExperienceCard card={card} storefrontType={data.storefrontType} />}
      </ListSection>
    ),
    categories: () => <TileSection id="categories" heading={data.categories.heading} tiles={data.categories.items} href={(slug) => `/${slug}`} />,
    topDestinations: () => <TileSection id="top-destinations" heading={data.topDestinations.heading} tiles={data.topDestinations.items} href={(slug) => cityPath(slug)} />,
    themes: () => (
      <ListSection id="themes" heading={data.themes?.heading} listClassName="theme-list" items={data.themes?.items} keyOf={(theme) => theme.slug}>
        {(theme) => (
          <LocalizedLink to={withQuery(listing, { theme: theme.slug })}>
            <strong>{theme.title}</strong>
            <span>{theme.description}</span>
          </LocalizedLink>
        )}
      </ListSection>
    ),
    gallery: () => (
      <ListSection id="gallery" heading={data.gallery?.heading} listClassName="gallery-grid" items={data.gallery?.images} keyOf={(image) => image.src}>
        {/* Boxes are 4:3 (home.css), at most ~24rem wide in the auto-fill grid. */}
        {(image) => <Image source={image.src} alt={image.alt ?? ""} width={400} height={300} sizes="(max-width: 640px) 50vw, 400px" />}
      </ListSection>
    ),
    testimonials: () => (
      <ListSection id="testimonials" heading={data.testimonials?.heading} listClassName="testimonial-grid" items={data.testimonials?.items} keyOf={(testimonial) => testimonial.id}>
        {(testimonial) => (
          <figure className="testimonial">
            <p role="img" aria-label={`${testimonial.rating}/5`}>
              {"★".repeat(testimonial.rating)}
            </p>
            <blockquote>{testimonial.quote}</blockquote>
            <figcaption>
              {testimonial.name}
              {testimonial.location ? `, ${testimonial.location}` : ""}
            </figcaption>
          </figure>
        )}
      </ListSection>
    ),
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
