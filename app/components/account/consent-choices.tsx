import { useTranslation } from "react-i18next";
import { PostButton } from "#app/components/forms";
import { formatInstant } from "#app/i18n/format";
import { useLocale } from "#app/i18n/use-locale";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import type { ConsentShown } from "#app/account/consent-records.server";

/**
 * The account's consents (PDPL): analytics cookies for this browser and marketing messages, each with
 * when, which text and how it was answered, and one POST button to withdraw or give (no JavaScript
 * needed): analytics through /api/consent (it sets the browser's cookie), marketing through the page's action.
 */
export function ConsentChoices({ analytics, marketing, backTo }: { analytics: ConsentShown; marketing: ConsentShown; backTo: string }) {
  const { t } = useTranslation();
  return (
    <section className="consent-choices" aria-labelledby="consent-choices-heading" data-testid="consent-choices">
      <h3 id="consent-choices-heading">{t("account.consent.heading")}</h3>
      <p className="consent-choices__intro">{t("account.consent.intro")}</p>
      <ul className="consent-choices__list">
        <ConsentRow
          testId="consent-analytics"
          label={t("account.consent.analytics")}
          consent={analytics}
          action="/api/consent"
          values={(give) => ({ consent: give ? "granted" : "denied", from: "account", redirectTo: backTo })}
          reloadDocument
        />
        <ConsentRow testId="consent-marketing" label={t("account.consent.marketing")} consent={marketing} values={(give) => ({ intent: "marketing", marketing: give ? "give" : "withdraw" })} />
      </ul>
    </section>
  );
}

function ConsentRow({
  testId,
  label,
  consent,
  action,
  values,
  reloadDocument,
}: {
  testId: string;
  label: string;
  consent: ConsentShown;
  action?: string;
  values: (give: boolean) => Record<string, string>;
  reloadDocument?: boolean;
}) {
  const { t } = useTranslation();
  const { code } = useLocale();
  const given = consent.state === "given";
  return (
    <li className="consent-choice" data-testid={testId}>
      <div className="consent-choice__text">
        <p className="consent-choice__label">
          <strong>{label}</strong>{" "}
          <span className={`consent-state consent-state--${consent.state}`} data-testid="consent-state">
            {t(`account.consent.${consent.state}`)}
          </span>
        </p>
        {consent.record ? (
          <p className="consent-choice__record" data-testid="consent-record" data-visual-dynamic>
            <time dateTime={consent.record.at}>{formatInstant(code, consent.record.at, RIYADH_TIME_ZONE)}</time> · {t("account.consent.textVersion")} <bdi dir="ltr">{consent.record.textVersion}</bdi> ·{" "}
            {t(`account.consent.methods.${consent.record.method}`)}
          </p>
        ) : consent.state === "notGiven" ? (
          <p className="consent-choice__record">{t("account.consent.neverAsked")}</p>
        ) : null}
      </div>
      <PostButton action={action} values={values(!given)} className={given ? "button button--secondary" : "button button--primary"} reloadDocument={reloadDocument}>
        {given ? t("account.consent.withdraw") : t("account.consent.give")}
      </PostButton>
    </li>
  );
}
