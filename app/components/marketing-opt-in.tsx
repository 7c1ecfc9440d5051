import { useTranslation } from "react-i18next";

/**
 * The marketing opt-in of sign-up and checkout: a native checkbox, never ticked for the customer
 * (PDPL: consent is given, not assumed); a tick posts `marketing=on`. `checked`: the customer's own
 * tick, kept when the form comes back with an error.
 */
export function MarketingOptIn({ id, checked = false }: { id: string; checked?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="opt-in">
      <input id={id} type="checkbox" name="marketing" value="on" defaultChecked={checked} aria-describedby={`${id}-hint`} />
      <label htmlFor={id}>{t("account.consent.marketingOptIn")}</label>
      <p id={`${id}-hint`} className="opt-in__hint">
        {t("account.consent.marketingHint")}
      </p>
    </div>
  );
}
