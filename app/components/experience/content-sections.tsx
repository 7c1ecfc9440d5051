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
/** A section that is a plain list of short texts (highlights, what to know, what to bring); nothing when empty. */
function ItemsSection({ id, title, items, className = "detail-list", lang }: { id: string; title: string; items: string[]; className?: string; lang?: ReturnType<typeof fallbackLanguage> }) {
  if (items.length === 0) return null;
  return (
    <Section id={id} title={title}>
      <ul className={className} {...lang}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Section>
  );
}

/** What the price includes, or what it leaves out: a heading and the list, each item read out with its kind; nothing when empty. */
function IncludesList({ kind, items, lang }: { kind: "included" | "excluded"; items: string[]; lang: ReturnType<typeof fallbackLanguage> }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div>
      <h3>{t(`detail.includes.${kind}`)}</h3>
      <ul className={`detail-list detail-list--${kind}`} {...lang}>
        {items.map((item) => (
          <li key={item}>
            <span className="visually-hidden">{t(`detail.includes.${kind}Item`)}: </span>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

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

      <ItemsSection id="highlights" title={t("detail.sections.highlights")} items={experience.highlights} className="detail-list detail-list--highlights" lang={lang("highlights")} />

      <Section id="includes" title={t("detail.sections.includes")}>
        <div className="detail-includes">
          <IncludesList kind="included" items={experience.includes} lang={lang("includes")} />
          <IncludesList kind="excluded" items={experience.excludes} lang={lang("excludes")} />
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

      <ItemsSection id="know-before-you-go" title={t("detail.sections.knowBeforeYouGo")} items={experience.knowBeforeYouGo} />

      <ItemsSection id="what-to-bring" title={t("detail.sections.whatToBring")} items={experience.whatToBring} lang={lang("whatToBring")} />

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
