import { useTranslation } from "react-i18next";
import { useLocale } from "#app/i18n/use-locale";
import { Field, TextareaField } from "#app/components/forms";
import { useFormatLocalDate } from "#app/i18n/use-format";

/**
 * 'Write a Review' for a traveller whose trip (`tripDate`) is over, for the detail page to place: a
 * plain POST to /account/reviews that comes back to `returnTo` (303 + toast), so it works without
 * JavaScript. Native radios for the stars and `required` fields give the browser's own checks first.
 */
export function ReviewForm({ productSlug, returnTo, tripDate }: { productSlug: string; returnTo: string; tripDate: string }) {
  const { t } = useTranslation();
  const { code } = useLocale();
  const formatDate = useFormatLocalDate("long");
  return (
    <form method="post" action="/account/reviews" className="form review-form" aria-labelledby="write-review-heading">
      <h3 id="write-review-heading">{t("account.reviews.heading")}</h3>
      <p className="review-form__trip">{t("account.reviews.gate.open", { date: formatDate(tripDate) })}</p>
      <input type="hidden" name="productSlug" value={productSlug} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <input type="hidden" name="lang" value={code} />
      <fieldset className="review-form__stars">
        <legend>{t("account.reviews.rating")}</legend>
        {[5, 4, 3, 2, 1].map((stars) => (
          <label key={stars}>
            <input type="radio" name="rating" value={stars} required defaultChecked={stars === 5} /> {t("account.reviews.stars", { count: stars })}
          </label>
        ))}
      </fieldset>
      <Field label={t("account.reviews.title")} inputProps={{ id: "review-title", name: "title", required: true, maxLength: 120 }} />
      <TextareaField label={t("account.reviews.body")} textareaProps={{ id: "review-body", name: "body", required: true, maxLength: 4000, rows: 5 }} />
      <button type="submit" className="button button--primary">
        {t("account.reviews.submit")}
      </button>
    </form>
  );
}
