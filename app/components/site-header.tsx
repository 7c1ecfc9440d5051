import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AccountLink, type AccountSummary } from "#app/components/account-link";
import type { Layout } from "#app/layouts/layouts";
import type { StorefrontType } from "#app/lib/storefront";
import { blogPath, cartPath, faqPath, homePath, invoicesPath, listingPath } from "#app/lib/paths";
import type { CurrencyCode } from "#app/lib/money";
import { CurrencySwitcher } from "./currency-switcher";
import { LanguageSwitcher } from "./language-switcher";
import { LocalizedLink, LocalizedNavLink } from "./localized-link";

/**
 * The site header. Its look follows the layout's header mode (`data-header` on the header and the
 * body, styled in app/styles/layouts.css): the markup is the same in every layout, so keyboard order
 * and landmarks never change. A transparent header lies over the home hero only; elsewhere it is solid.
 */
export function SiteHeader({ storefrontType, currency, layout, user }: { storefrontType: StorefrontType; currency: CurrencyCode; layout: Layout; user: AccountSummary }) {
  const { t } = useTranslation();
  // Route ids are "<lang>/<name>" (app/routes.ts); only the home page has a hero to lie over.
  const onHome = useMatches().some((match) => match.id.endsWith("/home"));
  const overHero = layout.header === "transparent" && onHome && (layout.hero === "image" || layout.hero === "full");
  return (
    <header className={`site-header site-header--${layout.header}${overHero ? " site-header--over-hero" : ""}`} data-header={layout.header}>
      <div className="site-header__inner container">
        <LocalizedLink to={homePath()} className="site-header__brand">
          {t("site.name")}
        </LocalizedLink>
        <nav aria-label={t("nav.main")} className="site-header__nav">
          <LocalizedNavLink to={listingPath(storefrontType)}>
            {storefrontType === "supplier" ? t("nav.experiences") : t("nav.thingsToDo")}
          </LocalizedNavLink>
          <LocalizedNavLink to={blogPath()}>{t("nav.blog")}</LocalizedNavLink>
          <LocalizedNavLink to={faqPath()}>{t("nav.faq")}</LocalizedNavLink>
          <LocalizedNavLink to={invoicesPath()} className="site-header__nav-invoices">
            {t("nav.invoices")}
          </LocalizedNavLink>
          <LocalizedNavLink to={cartPath()}>{t("nav.cart")}</LocalizedNavLink>
        </nav>
        <div className="site-header__tools">
          <AccountLink user={user} />
          <CurrencySwitcher current={currency} />
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
