import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CURRENCIES, type CurrencyCode } from "#app/lib/money";

/** Chooses the display currency: a POST form in a <details> menu, so it works without JavaScript. */
export function CurrencySwitcher({ current }: { current: CurrencyCode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <details className="currency-switcher">
      <summary>
        <span className="visually-hidden">{t("discovery.currency.label")}: </span>
        {current}
      </summary>
      <form method="post" action="/api/currency" className="currency-switcher__menu">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {CURRENCIES.map((code) => (
          <button key={code} type="submit" name="currency" value={code} aria-current={code === current ? "true" : undefined}>
            {code}
          </button>
        ))}
      </form>
    </details>
  );
}
