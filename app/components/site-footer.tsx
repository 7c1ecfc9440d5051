import { useTranslation } from "react-i18next";
import { LocalizedLink } from "./localized-link";
import { FooterSupport } from "./support";

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t("nav.footer")} className="site-footer__nav">
          <section>
            <h2>{t("nav.company")}</h2>
            <ul>
              <li><LocalizedLink to="/about">{t("nav.about")}</LocalizedLink></li>
              <li><LocalizedLink to="/blog">{t("nav.blog")}</LocalizedLink></li>
              <li><LocalizedLink to="/contact-us">{t("nav.contact")}</LocalizedLink></li>
            </ul>
          </section>
          <section>
            <h2>{t("nav.help")}</h2>
            <ul>
              <li><LocalizedLink to="/faq">{t("nav.faq")}</LocalizedLink></li>
              <li><LocalizedLink to="/privacy-policy">{t("nav.privacy")}</LocalizedLink></li>
              <li><LocalizedLink to="/terms-and-conditions">{t("nav.terms")}</LocalizedLink></li>
            </ul>
          </section>
        </nav>
        <FooterSupport />
        <p className="site-footer__copyright">{t("site.copyright")}</p>
      </div>
    </footer>
  );
}
