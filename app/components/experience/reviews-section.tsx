import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReviewAccess } from "#app/catalogue/review-access";
import type { DetailPageData } from "#app/catalogue/detail-page.server";
import { MAX_REVIEW_PAGES } from "#app/catalogue/detail-page";
import { LocalizedLink } from "#app/components/localized-link";
import { ReviewForm } from "#app/components/review-form";
import { getLocale, isLocaleCode } from "#app/lib/locales";
import { useFormatLocalDate, useFormatNumber, useFormatRating } from "#app/i18n/use-format";
import { useLocale } from "#app/i18n/use-locale";
import { RatingStars } from "./rating-stars";
import { invoicesPath, localized, loginPath as loginPagePath } from "#app/lib/paths";

/**
 * Where the review form would be, for a visitor who may not review (yet): why, and what to do about it
 * (sign in; confirm the email, with the link sent again; wait for the trip). Plain links and a plain
 * POST form, so it works without JavaScript.
 */
function ReviewGate({ access, loginPath }: { access: Exclude<ReviewAccess, { status: "open" }>; loginPath: string }) {
  const { t } = useTranslation();
  const page = useLocale();
  const formatDate = useFormatLocalDate("long");
  const text =
    access.status === "sign-in"
      ? t("account.reviews.gate.signIn")
      : access.status === "confirm-email"
        ? t("account.reviews.gate.confirmEmail")
        : access.status === "no-booking"
          ? t("account.reviews.gate.noBooking")
          : access.status === "after-trip"
            ? t("account.reviews.gate.afterTrip", { date: formatDate(access.tripDate) })
            : t("account.reviews.gate.reviewed");
  return (
    <div className="review-gate" data-testid="review-gate" data-status={access.status}>
      <h3 id="write-review-heading">{t("account.reviews.heading")}</h3>
      <p>{text}</p>
      {access.status === "sign-in" ? (
        <LocalizedLink className="button button--primary" to={loginPath} prefetch="none" rel="nofollow">
          {t("detail.reviews.write")}
        </LocalizedLink>
      ) : null}
      {access.status === "confirm-email" ? (
        <form method="post" action={localized(page.code, invoicesPath())}>
          <input type="hidden" name="intent" value="resend-verification" />
          <button type="submit" className="button">
            {t("account.verify.resend")}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/**
 * Rating summary with the star breakdown and the reviews. 'See More Reviews' is a plain link to
 * `?reviews=N+1` (pages 1..N+1 render on the server), so it works without JavaScript; with it, the
 * navigation keeps the scroll position. Below them, the review form for a visitor who may review
 * (a signed-in traveller whose trip is over), or why not.
 */
export function ReviewsSection({ data }: { data: DetailPageData }) {
  const { t } = useTranslation();
  const page = useLocale();
  const formatRating = useFormatRating();
  const formatNumber = useFormatNumber();
  const formatDate = useFormatLocalDate("medium");
  const { search } = useLocation();
  const { reviews, experience } = data;
  const shown = reviews.items.length;
  const morePages = data.reviewPages < Math.min(reviews.pageCount, MAX_REVIEW_PAGES) && shown < reviews.total;
  const next = new URLSearchParams(search);
  next.set("reviews", String(data.reviewPages + 1));
  const loginPath = loginPagePath({ redirectTo: data.path });
  const access = data.reviewAccess;

  return (
    <section id="reviews" className="detail-section" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{t("detail.sections.reviews")}</h2>
      {reviews.total > 0 ? (
        <div className="detail-reviews__summary">
          <p className="detail-reviews__score">
            <strong>{formatRating(experience.rating)}</strong>
            <RatingStars rating={experience.rating} />
            <span>{t("detail.reviews.basedOn", { count: reviews.total })}</span>
          </p>
          <table className="detail-reviews__breakdown">
            <caption className="visually-hidden">{t("detail.reviews.breakdown")}</caption>
            <tbody>
              {([5, 4, 3, 2, 1] as const).map((stars) => {
                const count = reviews.breakdown[stars];
                const percent = reviews.total ? Math.round((count / reviews.total) * 100) : 0;
                return (
                  <tr key={stars}>
                    <th scope="row">{t("detail.reviews.stars", { count: stars })}</th>
                    <td className="detail-reviews__bar" aria-hidden="true">
                      <span style={{ inlineSize: `${percent}%` }} />
                    </td>
                    <td>{formatNumber(count)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("detail.reviews.none")}</p>
      )}

      {shown > 0 ? (
        <ol className="detail-reviews__list">
          {reviews.items.map((review, index) => {
            // A review keeps the language it was written in: marked for readers, and `lang`/`dir` for screen readers and layout.
            const foreign = review.locale !== page.code;
            const dir = isLocaleCode(review.locale) ? getLocale(review.locale).dir : "auto";
            return (
              <li key={review.id} id={`review-${index + 1}`} className="detail-review">
                {foreign ? (
                  <p className="detail-review__language">
                    {isLocaleCode(review.locale) ? t(`detail.reviews.inLanguage.${review.locale}`) : t("detail.reviews.inOtherLanguage")}
                  </p>
                ) : null}
                <h3 lang={foreign ? review.locale : undefined} dir={foreign ? dir : undefined}>
                  {review.title}
                </h3>
                <p className="detail-review__meta">
                  <span className="detail-review__rating">
                    <RatingStars rating={review.rating} />
                    <span className="visually-hidden">{t("detail.reviews.rated", { rating: review.rating })}</span>
                  </span>
                  <span>{review.authorName}</span>
                  {review.visitedOn ? <span>{t("detail.reviews.visited", { date: formatDate(review.visitedOn) })}</span> : null}
                </p>
                <p lang={foreign ? review.locale : undefined} dir={foreign ? dir : undefined}>
                  {review.body}
                </p>
              </li>
            );
          })}
        </ol>
      ) : null}

      <p className="detail-reviews__actions">
        {reviews.total > 0 ? <span className="detail-reviews__count">{t("detail.reviews.showing", { shown, total: reviews.total })}</span> : null}
        {morePages ? (
          <Link className="button" to={`?${next.toString()}#review-${shown + 1}`} preventScrollReset replace rel="nofollow" data-prevent-scroll-reset data-replace>
            {t("detail.reviews.seeMore")}
          </Link>
        ) : null}
      </p>
      {access.status === "open" ? <ReviewForm productSlug={experience.slug} returnTo={data.path} tripDate={access.tripDate} /> : <ReviewGate access={access} loginPath={loginPath} />}
    </section>
  );
}
