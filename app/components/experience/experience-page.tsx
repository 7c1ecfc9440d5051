import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DetailPageData } from "#app/catalogue/detail-page.server";
import { Breadcrumbs } from "#app/components/breadcrumbs";
import { JsonLdScript } from "#app/components/json-ld";
import { SupportBlock } from "#app/components/support";
import { useFormatDuration, useFormatMoney, useFormatRating } from "#app/i18n/use-format";
import { pageMeta } from "#app/lib/meta";
import { BookingBox } from "./booking-box";
import * as serverIslands from "./islands.server";
import { fallbackLanguage } from "#app/catalogue/detail-page-content";
import { Gallery, galleryPreload } from "./gallery";
import { PolicyText } from "./policy-text";
import { RatingStars } from "./rating-stars";
import { cityPath, homePath } from "#app/lib/paths";
import { staticIsland } from "#app/components/static-island";

// Below the fold and without controls of their own: hydration keeps their server markup, and their code
// (with the cards', the rich text's and the review form's) loads only when the browser renders them.
const ContentSections = staticIsland("ContentSections", serverIslands.ContentSections, () => import("./islands").then((module) => module.ContentSections));
const ReviewsSection = staticIsland("ReviewsSection", serverIslands.ReviewsSection, () => import("./islands").then((module) => module.ReviewsSection));
const RelatedExperiences = staticIsland("RelatedExperiences", serverIslands.RelatedExperiences, () => import("./islands").then((module) => module.RelatedExperiences));

/** Title, description, Open Graph image; the loader's SEO texts or the error title. */
export const experienceMeta: MetaFunction = (args) => {
  const base = pageMeta(args);
  const data = args.data as DetailPageData | undefined;
  if (!data?.seo) return base;
  return [...base, { property: "og:type", content: "product" }, ...(data.ogImage ? [{ property: "og:image", content: data.ogImage }] : []), ...galleryPreload(data.experience?.images)];
};

/** The experience detail page (both detail routes render it). */
export function ExperiencePage() {
  // The loader's data is JSON-safe except `availability`, which Remix revives as a promise when it
  // streams (`defer`), so the page takes the loader's own type rather than its JSON form.
  const data = useLoaderData() as DetailPageData;
  const { experience, storefrontType } = data;
  const { t } = useTranslation();
  const formatDuration = useFormatDuration();
  const formatMoney = useFormatMoney();
  const formatRating = useFormatRating();

  return (
    <article className="detail container" aria-labelledby="detail-title">
      {data.jsonLd.map((entry, index) => (
        <JsonLdScript key={index} data={entry} />
      ))}
      <Breadcrumbs
        label={t("detail.breadcrumbLabel")}
        items={[{ name: t("detail.breadcrumbHome"), path: homePath() }, { name: experience.city.name, path: cityPath(experience.city.slug) }, { name: experience.title }]}
      />

      <header className="detail-header">
        <p className="detail-header__eyebrow">
          {experience.categories[0]?.name ? <span>{experience.categories[0].name}</span> : null}
          <span>
            {experience.city.name}, {experience.city.country.name}
          </span>
        </p>
        <h1 id="detail-title" {...fallbackLanguage(experience, "title")}>
          {experience.title}
        </h1>
        <div className="detail-header__summary">
          {experience.reviewCount > 0 ? (
            <a href="#reviews" className="detail-rating">
              <RatingStars rating={experience.rating} />
              <strong>{formatRating(experience.rating)}</strong>
              <span>{t("detail.rating.reviews", { count: experience.reviewCount })}</span>
            </a>
          ) : (
            <span className="detail-rating detail-rating--none">{t("detail.rating.none")}</span>
          )}
          {experience.labels.length ? (
            <ul className="detail-labels" aria-label={t("detail.labels")}>
              {experience.labels.map((label) => (
                <li key={label.code}>{label.name}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      <Gallery images={experience.images} title={experience.title} />

      <div className="detail-layout">
        <div className="detail-main">
          <section className="detail-facts" aria-labelledby="facts-heading">
            <h2 id="facts-heading" className="visually-hidden">
              {t("detail.facts.heading")}
            </h2>
            <dl>
              <div>
                <dt>{t("detail.facts.duration")}</dt>
                <dd>
                  {formatDuration(experience.duration.minutes, experience.duration.unit)}
                  {experience.duration.minutesTo ? ` – ${formatDuration(experience.duration.minutesTo, experience.duration.unit)}` : null}
                </dd>
              </div>
              {experience.guideLanguages.length ? (
                <div>
                  <dt>{t("detail.facts.languages")}</dt>
                  <dd>{experience.guideLanguages.map((language) => language.name).join(", ")}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("detail.facts.pickup")}</dt>
                <dd>
                  {experience.pickup.included ? t("detail.facts.pickupIncluded") : t("detail.facts.pickupNotIncluded")}
                  {experience.pickup.dropoffIncluded ? ` · ${t("detail.facts.dropoffIncluded")}` : null}
                </dd>
              </div>
              <div>
                <dt>{t("detail.facts.cancellation")}</dt>
                <dd>
                  <PolicyText policy={experience.cancellationPolicy} />
                </dd>
              </div>
              <div>
                <dt>{t("detail.facts.ages")}</dt>
                <dd>{t("detail.facts.ageRange", { min: experience.ageRange.min, max: experience.ageRange.max })}</dd>
              </div>
              <div>
                <dt>{t("detail.facts.confirmation")}</dt>
                <dd>{experience.instantConfirmation ? t("detail.facts.instant") : t("detail.facts.onRequest")}</dd>
              </div>
            </dl>
            <p className="detail-facts__price">
              {experience.priceFrom && !experience.noFixedPrice ? (
                <>
                  <span>{t("detail.price.from")}</span> <strong>{formatMoney(experience.priceFrom)}</strong>{" "}
                  <span>{experience.pricingPer === "BOOKING" ? t("detail.price.perGroup") : t("detail.price.perPerson")}</span>
                </>
              ) : (
                <strong>{t("detail.price.customOffer")}</strong>
              )}{" "}
              <a className="button button--primary detail-facts__cta" href="#availability">
                {t("detail.availability.heading")}
              </a>
            </p>
          </section>

          <ContentSections experience={experience} />

          <ReviewsSection data={data} />
        </div>

        <BookingBox data={data} />
      </div>

      {experience.related.length ? <RelatedExperiences related={experience.related} storefrontType={storefrontType} /> : null}

      <SupportBlock className="detail-support" showClaims={false} />
    </article>
  );
}
