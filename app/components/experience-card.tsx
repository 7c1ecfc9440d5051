import { useTranslation } from "react-i18next";
import type { ExperienceCard as ExperienceCardData } from "#app/catalogue/types";
import { useFormatDuration, useFormatMoney, useFormatNumber, useFormatRating } from "#app/i18n/use-format";
import type { StorefrontType } from "#app/lib/storefront";
import { LocalizedLink } from "./localized-link";
import { detailPath } from "#app/lib/paths";
import { imagePreloadLink, responsiveImage } from "#app/lib/images";
import { Image } from "./image";

/** A card's picture: its box is 8:5 (app.css), at most ~400 CSS px wide, so the srcset stops at 800 px. */
export const CARD_IMAGE = { width: 400, height: 250, sizes: "(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 300px" } as const;

/** The preload of a card's picture, for a route whose first card is its largest paint (the listings, on phones). */
export function cardPreload(card: ExperienceCardData | undefined) {
  return card?.image.src ? [imagePreloadLink(responsiveImage(card.image.src, CARD_IMAGE))] : [];
}

/** A result card: image, title, city, rating, duration, labels and the price from. */
export function ExperienceCard({ card, storefrontType, priority = false }: { card: ExperienceCardData; storefrontType: StorefrontType; priority?: boolean }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDuration = useFormatDuration();
  const formatRating = useFormatRating();
  const formatNumber = useFormatNumber();
  return (
    <article className="experience-card">
      <LocalizedLink to={detailPath(storefrontType, { slug: card.slug, citySlug: card.city.slug })} className="experience-card__link">
        {card.image.src ? <Image className="experience-card__image" source={card.image.src} alt={card.image.alt} {...CARD_IMAGE} priority={priority} /> : null}
        <div className="experience-card__body">
          <p className="experience-card__meta">
            {card.city.name} · {card.category.name}
          </p>
          <h3 className="experience-card__title">{card.title}</h3>
          <p className="experience-card__facts">
            <span>{formatDuration(card.duration.minutes, card.duration.unit)}</span>
            {card.reviewCount > 0 ? (
              <span role="img" aria-label={t("discovery.card.ratingLabel", { rating: formatRating(card.rating), count: card.reviewCount })}>
                ★ {formatRating(card.rating)} ({formatNumber(card.reviewCount)})
              </span>
            ) : null}
          </p>
          {card.labels.length || card.freeCancellation ? (
            <ul className="experience-card__labels">
              {card.freeCancellation ? <li>{t("discovery.card.freeCancellation")}</li> : null}
              {card.labels
                .filter((label) => !(card.freeCancellation && label.code === "free-cancellation"))
                .slice(0, 2)
                .map((label) => (
                  <li key={label.code}>{label.name}</li>
                ))}
            </ul>
          ) : null}
          <p className="experience-card__price">
            {card.price ? (
              <>
                <span>{t("discovery.card.from")}</span>{" "}
                {card.originalPrice ? <s>{formatMoney(card.originalPrice, { compact: true })}</s> : null}{" "}
                <strong>{formatMoney(card.price, { compact: true })}</strong>{" "}
                <span>{card.pricingPer === "BOOKING" ? t("discovery.card.perGroup") : t("discovery.card.perPerson")}</span>
              </>
            ) : (
              <strong>{t("discovery.card.customOffer")}</strong>
            )}
          </p>
        </div>
      </LocalizedLink>
    </article>
  );
}
