import { useTranslation } from "react-i18next";
import type { DetailPageData } from "#app/catalogue/detail-page.server";
import { fallbackLanguage } from "#app/catalogue/detail-page-content";
import { Breadcrumbs } from "#app/components/breadcrumbs";
import { JsonLdScript } from "#app/components/json-ld";
import { useFormatRating } from "#app/i18n/use-format";
import { cityPath, homePath } from "#app/lib/paths";
import { Gallery } from "./gallery";
import { RatingStars } from "./rating-stars";

/** The page's structured data, breadcrumbs, title with rating and labels, and the photo gallery. */
export function DetailHeader({ data }: { data: DetailPageData }) {
  const { experience } = data;
  const { t } = useTranslation();
  const formatRating = useFormatRating();
  return (
    <>
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
    </>
  );
}
