import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SiteSettings } from "#app/content/content.server";
import { chatHref, mailtoHref, telHref, whatsappHref } from "#app/site/support";

/** Left-to-right isolates: a phone number or address keeps its order inside an Arabic sentence. */
const ltr = (value: string) => `\u2066${value}\u2069`;

/** Line icons drawn in the text colour (emoji render as empty boxes where no emoji font is installed). */
const ICONS = {
  chat: "M4 5h16v11H9l-5 4z",
  whatsapp: "M12 3.5a8.5 8.5 0 0 0-7.4 12.7L3.5 20.5l4.4-1.1A8.5 8.5 0 1 0 12 3.5zM9 8.5c.3 2.9 2.6 5.2 5.5 5.5l1-1.5-2-1-1 1c-1-.5-1.5-1-2-2l1-1-1-2z",
  phone: "M6.5 3.5l3 1 .5 4-2 1.5a11 11 0 0 0 6 6l1.5-2 4 .5 1 3-2 2.5C10.5 20 4 13.5 4 5.5z",
  email: "M3.5 6h17v12h-17zM3.5 6l8.5 7 8.5-7",
} as const;

function SupportIcon({ kind }: { kind: keyof typeof ICONS }) {
  return (
    <svg className="support-icon" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round">
      <path d={ICONS[kind]} />
    </svg>
  );
}

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
    { kind: "chat" as const, href: chatHref(support.chatUrl), label: t("support.chat"), external: true },
    { kind: "whatsapp" as const, href: whatsappHref(support.whatsapp, t("support.whatsappMessage", { url: pageUrl })), label: t("support.whatsapp"), external: true },
    { kind: "phone" as const, href: telHref(support.phone), label: t("support.phone", { phone: ltr(support.phone) }), external: false },
    { kind: "email" as const, href: mailtoHref(support.email), label: t("support.email", { email: ltr(support.email) }), external: false },
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
            <SupportIcon kind={link.kind} /> {link.label}
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
