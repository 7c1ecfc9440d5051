import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DetailPageData } from "#app/catalogue/detail-page.server";
import { mapLink } from "#app/catalogue/detail-page";
import { fallbackLanguage } from "#app/catalogue/detail-page-content";
import { RichText } from "#app/components/portable-text";

type Experience = DetailPageData["experience"];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="detail-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** Overview, Highlights, Includes, Itinerary, Know Before You Go, What To Bring, Questions (from the CMS) and Location. */
export function ContentSections({ experience }: { experience: Experience }) {
  const { t } = useTranslation();
  const { location, pickup } = experience;
  // A CMS text not yet translated shows in English: marked so it reads and runs left to right.
  const lang = (path: string) => fallbackLanguage(experience, path);
  return (
    <>
      <Section id="overview" title={t("detail.sections.overview")}>
        <p className="detail-lead" {...lang("shortDescription")}>
          {experience.shortDescription}
        </p>
        {experience.richDescription ? (
          <div className="prose" {...lang("description")}>
            <RichText value={experience.richDescription} />
          </div>
        ) : (
          <p>{experience.description}</p>
        )}
      </Section>

      {experience.highlights.length ? (
        <Section id="highlights" title={t("detail.sections.highlights")}>
          <ul className="detail-list detail-list--highlights" {...lang("highlights")}>
            {experience.highlights.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="includes" title={t("detail.sections.includes")}>
        <div className="detail-includes">
          {experience.includes.length ? (
            <div>
              <h3>{t("detail.includes.included")}</h3>
              <ul className="detail-list detail-list--included" {...lang("includes")}>
                {experience.includes.map((item) => (
                  <li key={item}>
                    <span className="visually-hidden">{t("detail.includes.includedItem")}: </span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {experience.excludes.length ? (
            <div>
              <h3>{t("detail.includes.excluded")}</h3>
              <ul className="detail-list detail-list--excluded" {...lang("excludes")}>
                {experience.excludes.map((item) => (
                  <li key={item}>
                    <span className="visually-hidden">{t("detail.includes.excludedItem")}: </span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </Section>

      {experience.itinerary.length ? (
        <Section id="itinerary" title={t("detail.sections.itinerary")}>
          <ol className="detail-itinerary">
            {experience.itinerary.map((step, index) => (
              <li key={index}>
                {step.time ? <time className="detail-itinerary__time">{step.time}</time> : null}
                <h3 {...lang(`itinerary.${index}.title`)}>{step.title}</h3>
                {step.description ? <p {...lang(`itinerary.${index}.description`)}>{step.description}</p> : null}
              </li>
            ))}
          </ol>
        </Section>
      ) : null}

      {experience.knowBeforeYouGo.length ? (
        <Section id="know-before-you-go" title={t("detail.sections.knowBeforeYouGo")}>
          <ul className="detail-list">
            {experience.knowBeforeYouGo.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      {experience.whatToBring.length ? (
        <Section id="what-to-bring" title={t("detail.sections.whatToBring")}>
          <ul className="detail-list" {...lang("whatToBring")}>
            {experience.whatToBring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      {experience.faq.length ? (
        <Section id="faq" title={t("detail.sections.faq")}>
          {experience.faq.map((entry, index) => (
            <details key={index} className="faq-item">
              <summary {...lang(`faq.${index}.question`)}>{entry.question}</summary>
              <div className="prose" {...lang(`faq.${index}.answer`)}>
                <RichText value={entry.answer} />
              </div>
            </details>
          ))}
        </Section>
      ) : null}

      <Section id="location" title={t("detail.sections.location")}>
        <dl className="detail-location">
          <div>
            <dt>{t("detail.location.meetingPoint")}</dt>
            <dd>{experience.meetingPoint}</dd>
          </div>
          <div>
            <dt>{t("detail.location.address")}</dt>
            <dd>{location.address}</dd>
          </div>
        </dl>
        <p>
          <a className="button detail-location__map" href={mapLink(location.latitude, location.longitude)} target="_blank" rel="noopener noreferrer">
            {t("detail.location.openMap")}
          </a>
        </p>
        {pickup.points.length ? (
          <>
            <h3>{t("detail.location.pickupPoints")}</h3>
            <ul className="detail-pickups">
              {pickup.points.map((point) => (
                <li key={point.id}>
                  <strong>{point.name}</strong>
                  <span>{point.address}</span>
                  <span>{point.pickupTime ? t("detail.location.pickupTime", { time: point.pickupTime }) : t("detail.location.pickupTimeAgreed")}</span>
                  <a href={mapLink(point.latitude, point.longitude)} target="_blank" rel="noopener noreferrer">
                    {t("detail.location.openMapFor", { name: point.name })}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Section>
    </>
  );
}
