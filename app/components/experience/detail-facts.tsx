import { useTranslation } from "react-i18next";
import type { DetailPageData } from "#app/catalogue/detail-page.server";
import { useFormatDuration, useFormatMoney } from "#app/i18n/use-format";
import { PolicyText } from "./policy-text";

/** Duration, guide languages, pickup, cancellation, ages, confirmation, and the price with a link to the booking box. */
export function DetailFacts({ experience }: { experience: DetailPageData["experience"] }) {
  const { t } = useTranslation();
  const formatDuration = useFormatDuration();
  const formatMoney = useFormatMoney();
  return (
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
          <dd>
            {t("detail.facts.ageRange", {
              min: experience.ageRange.min,
              max: experience.ageRange.max,
            })}
          </dd>
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
  );
}
