import { useTranslation } from "react-i18next";
import type { Layout } from "#app/layouts/layouts";
import type { StorefrontType } from "#app/lib/storefront";
import { aboutPath, blogPath, cartPath, contactPath, faqPath, invoicesPath, listingPath, privacyPolicyPath, privacyRequestPath, termsPath } from "#app/lib/paths";
import { LocalizedLink } from "./localized-link";
import { ConsentSettingsButton } from "./consent-banner";
import { FooterSupport } from "./support";

/** One column of the footer's links, under its heading. */
function FooterColumn({ heading, links }: { heading: string; links: Array<{ to: string; label: string }> }) {
  return (
    <section>
      <h2>{heading}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <LocalizedLink to={link.to}>{link.label}</LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The site footer; the layout's footer variant (columns, dark, compact) is CSS on the same markup. */
export function SiteFooter({ storefrontType, layout, consentSettings = false }: { storefrontType: StorefrontType; layout: Layout; /** Offer "Cookie settings" (a tag manager is configured and the visitor has answered). */ consentSettings?: boolean }) {
  const { t } = useTranslation();
  const columns = [
    {
      heading: t("layout.footer.discover"),
      links: [
        // The storefront type names the catalogue: 'experiences' for a supplier, 'things to do' otherwise.
        { to: listingPath(storefrontType), label: storefrontType === "supplier" ? t("nav.experiences") : t("nav.thingsToDo") },
        { to: invoicesPath(), label: t("nav.invoices") },
        { to: cartPath(), label: t("nav.cart") },
      ],
    },
    { heading: t("nav.company"), links: [{ to: aboutPath(), label: t("nav.about") }, { to: blogPath(), label: t("nav.blog") }, { to: contactPath(), label: t("nav.contact") }] },
    { heading: t("nav.help"), links: [{ to: faqPath(), label: t("nav.faq") }, { to: privacyPolicyPath(), label: t("nav.privacy") }, { to: privacyRequestPath(), label: t("nav.dataRights") }, { to: termsPath(), label: t("nav.terms") }] },
  ];
  return (
    <footer className={`site-footer site-footer--${layout.footer}`} data-footer={layout.footer}>
      <div className="container">
        <nav aria-label={t("nav.footer")} className="site-footer__nav">
          {columns.map((column) => (
            <FooterColumn key={column.heading} heading={column.heading} links={column.links} />
          ))}
        </nav>
        <FooterSupport />
        {consentSettings ? <ConsentSettingsButton /> : null}
        <p className="site-footer__copyright">{t("site.copyright")}</p>
      </div>
    </footer>
  );
}
