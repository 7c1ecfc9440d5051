import { useTranslation } from "react-i18next";
import type { DetailPageData } from "#app/catalogue/detail-page.server";
import { ExperienceCard } from "#app/components/experience-card";

/** Up to eight experiences like this one, as cards under the page's content. */
export function RelatedExperiences({ related, storefrontType }: { related: DetailPageData["experience"]["related"]; storefrontType: DetailPageData["storefrontType"] }) {
  const { t } = useTranslation();
  return (
    <section className="detail-related" aria-labelledby="related-heading">
      <h2 id="related-heading">{t("detail.sections.related")}</h2>
      <div className="detail-related__grid">
        {related.slice(0, 8).map((card) => (
          <ExperienceCard key={card.id} card={card} storefrontType={storefrontType} />
        ))}
      </div>
    </section>
  );
}
