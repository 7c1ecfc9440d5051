import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SiteSettings } from "#app/content/content.server";
import { chatHref, mailtoHref, telHref, whatsappHref } from "#app/site/support";

type RootSupportData = { site: Pick<SiteSettings, "support" | "claims">; siteUrl: string } | undefined;

/** The support channels of the CMS site settings as links, with WhatsApp prefilled with this page's URL. */
function useSupportLinks() {
  const root = useRouteLoaderData("root") as RootSupportData;
  const { t } = useTranslation();
  const location = useLocation();
  if (!root) return null;
  const { support, claims } = root.site;
  const pageUrl = root.siteUrl + location.pathname + location.search;
  const links = [
    { kind: "chat", href: chatHref(support.chatUrl), label: t("support.chat"), external: true, icon: "💬" },
    { kind: "whatsapp", href: whatsappHref(support.whatsapp, t("support.whatsappMessage", { url: pageUrl })), label: t("support.whatsapp"), external: true, icon: "🟢" },
    { kind: "phone", href: telHref(support.phone), label: t("support.phone", { phone: support.phone }), external: false, icon: "📞" },
    { kind: "email", href: mailtoHref(support.email), label: t("support.email", { email: support.email }), external: false, icon: "✉️" },
  ].filter((link): link is typeof link & { href: string } => link.href !== null);
  return { links, claims };
}

function SupportLinkList({ className }: { className: string }) {
  const data = useSupportLinks();
  if (!data) return null;
  return (
    <ul className={className}>
      {data.links.map((link) => (
        <li key={link.kind}>
          <a
            href={link.href}
            data-support={link.kind}
            {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            <span aria-hidden="true">{link.icon}</span> {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The marketing claims of the site settings ("Over 3000 activities", "154 reviews"). */
export function SupportClaims({ className = "support-claims" }: { className?: string }) {
  const data = useSupportLinks();
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <ul className={className} aria-label={t("support.claimsLabel")}>
      <li>{t("support.claimActivities", { count: data.claims.activitiesCount })}</li>
      <li>{t("support.claimReviews", { count: data.claims.reviewsCount })}</li>
    </ul>
  );
}

export type SupportBlockProps = {
  /** Overrides the translated heading (e.g. the home page's CMS support section). */
  heading?: string;
  /** Overrides the translated text. */
  text?: string;
  /** Shows the marketing claims under the links (default true). */
  showClaims?: boolean;
  className?: string;
};

/** A section offering chat, WhatsApp, phone and email support; channels come from the CMS site settings. */
export function SupportBlock({ heading, text, showClaims = true, className }: SupportBlockProps) {
  const { t } = useTranslation();
  return (
    <section className={["support-block", className].filter(Boolean).join(" ")} aria-labelledby="support-block-heading">
      <h2 id="support-block-heading">{heading ?? t("support.heading")}</h2>
      <p>{text ?? t("support.text")}</p>
      <SupportLinkList className="support-block__links" />
      {showClaims ? <SupportClaims /> : null}
    </section>
  );
}

/** The footer's support column. */
export function FooterSupport() {
  const { t } = useTranslation();
  return (
    <section className="site-footer__support">
      <h2>{t("support.menuLabel")}</h2>
      <SupportLinkList className="site-footer__support-links" />
      <SupportClaims />
    </section>
  );
}

/**
 * The floating help button on every page: a <details> menu, so it opens without JavaScript. It
 * closes when a link is followed (client navigations keep the element mounted otherwise).
 */
export function FloatingSupport() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <details className="floating-support" key={location.pathname}>
      {/* Named by its visible word ("Help"), also when wide windows show only the round "?" button. */}
      <summary>
        <span aria-hidden="true">?</span> <span className="floating-support__label">{t("support.open")}</span>
      </summary>
      <div className="floating-support__menu" role="group" aria-label={t("support.menuLabel")}>
        <SupportLinkList className="floating-support__links" />
      </div>
    </details>
  );
}
