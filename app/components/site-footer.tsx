import { useTranslation } from "react-i18next";
import type { Layout } from "#app/layouts/layouts";
import type { StorefrontType } from "#app/lib/storefront";
import { aboutPath, blogPath, cartPath, contactPath, faqPath, invoicesPath, listingPath, privacyPolicyPath, termsPath } from "#app/lib/paths";
import { LocalizedLink } from "./localized-link";
import { ConsentSettingsButton } from "./consent-banner";
import { FooterSupport } from "./support";

/** The site footer; the layout's footer variant (columns, dark, compact) is CSS on the same markup. */
export function SiteFooter({ storefrontType, layout, consentSettings = false }: { storefrontType: StorefrontType; layout: Layout; /** Offer "Cookie settings" (a tag manager is configured and the visitor has answered). */ consentSettings?: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className={`site-footer site-footer--${layout.footer}`} data-footer={layout.footer}>
      <div className="container">
        <nav aria-label={t("nav.footer")} className="site-footer__nav">
          <section>
            <h2>{t("layout.footer.discover")}</h2>
            <ul>
              <li>
                {/* The storefront type names the catalogue: 'experiences' for a supplier, 'things to do' otherwise. */}
                <LocalizedLink to={listingPath(storefrontType)}>{storefrontType === "supplier" ? t("nav.experiences") : t("nav.thingsToDo")}</LocalizedLink>
              </li>
              <li><LocalizedLink to={invoicesPath()}>{t("nav.invoices")}</LocalizedLink></li>
              <li><LocalizedLink to={cartPath()}>{t("nav.cart")}</LocalizedLink></li>
            </ul>
          </section>
          <section>
            <h2>{t("nav.company")}</h2>
            <ul>
              <li><LocalizedLink to={aboutPath()}>{t("nav.about")}</LocalizedLink></li>
              <li><LocalizedLink to={blogPath()}>{t("nav.blog")}</LocalizedLink></li>
              <li><LocalizedLink to={contactPath()}>{t("nav.contact")}</LocalizedLink></li>
            </ul>
          </section>
          <section>
            <h2>{t("nav.help")}</h2>
            <ul>
              <li><LocalizedLink to={faqPath()}>{t("nav.faq")}</LocalizedLink></li>
              <li><LocalizedLink to={privacyPolicyPath()}>{t("nav.privacy")}</LocalizedLink></li>
              <li><LocalizedLink to={termsPath()}>{t("nav.terms")}</LocalizedLink></li>
            </ul>
          </section>
        </nav>
        <FooterSupport />
        {consentSettings ? <ConsentSettingsButton /> : null}
        <p className="site-footer__copyright">{t("site.copyright")}</p>
      </div>
    </footer>
  );
}
