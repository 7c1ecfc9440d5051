import { useTranslation } from "react-i18next";
import type { StorefrontType } from "#app/lib/redirects";
import { listingPath } from "#app/lib/storefront";
import type { CurrencyCode } from "#app/lib/money";
import { CurrencySwitcher } from "./currency-switcher";
import { LanguageSwitcher } from "./language-switcher";
import { LocalizedLink, LocalizedNavLink } from "./localized-link";

export function SiteHeader({ storefrontType, currency }: { storefrontType: StorefrontType; currency: CurrencyCode }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <LocalizedLink to="/" className="site-header__brand">
          {t("site.name")}
        </LocalizedLink>
        <nav aria-label={t("nav.main")} className="site-header__nav">
          <LocalizedNavLink to={listingPath(storefrontType)}>
            {storefrontType === "supplier" ? t("nav.experiences") : t("nav.thingsToDo")}
          </LocalizedNavLink>
          <LocalizedNavLink to="/blog">{t("nav.blog")}</LocalizedNavLink>
          <LocalizedNavLink to="/faq">{t("nav.faq")}</LocalizedNavLink>
          <LocalizedNavLink to="/invoices">{t("nav.invoices")}</LocalizedNavLink>
          <LocalizedNavLink to="/cart">{t("nav.cart")}</LocalizedNavLink>
        </nav>
        <CurrencySwitcher current={currency} />
        <LanguageSwitcher />
      </div>
    </header>
  );
}
