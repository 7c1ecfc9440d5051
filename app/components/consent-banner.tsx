import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { privacyPolicyPath } from "#app/lib/paths";
import { LocalizedLink } from "./localized-link";

/**
 * Asks before any analytics load (shown only when a tag manager is configured and the visitor has not
 * answered). A POST form, so it works without JavaScript: /api/consent stores the answer for a year and
 * shows the same page again. Reject and Accept are the same size and style, side by side. Fixed to the
 * bottom of the window, so showing it never moves the page (no layout shift).
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  // With JavaScript the answer goes through a fetcher: the banner leaves at once, the page stays put.
  if (fetcher.state !== "idle") return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-title" data-testid="consent-banner">
      <div className="container consent-banner__inner">
        <div>
          <h2 id="consent-title">{t("consent.title")}</h2>
          <p>
            {t("consent.text")} <LocalizedLink to={privacyPolicyPath()}>{t("consent.privacy")}</LocalizedLink>
          </p>
        </div>
        <fetcher.Form method="post" action="/api/consent" className="consent-banner__actions" preventScrollReset>
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" name="consent" value="denied" className="button button--secondary">
            {t("consent.reject")}
          </button>
          <button type="submit" name="consent" value="granted" className="button button--secondary">
            {t("consent.accept")}
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}

/**
 * The footer's "Cookie settings": forgets the answer so the banner asks again. A full page load, so a
 * tag manager loaded in this tab is gone afterwards.
 */
export function ConsentSettingsButton() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/api/consent" reloadDocument className="consent-settings">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" name="consent" value="reset" className="button button--link">
        {t("consent.settings")}
      </button>
    </Form>
  );
}
