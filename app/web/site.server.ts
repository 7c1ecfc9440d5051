import { getRedirectRules as getCmsRedirectRules, getSiteSettings, type SiteSettings, type ContentService } from "#app/content/content.server";
import type { LocaleCode } from "#app/lib/locales";
import type { CmsRedirectRule } from "#app/lib/redirects";
import type { BookingApi } from "#app/booking/types";
import type { Catalogue } from "#app/catalogue/catalogue.server";

type App = { catalogue: Catalogue; content: ContentService; bookingApi: BookingApi };

/**
 * What every page needs to know about the storefront: the CMS site settings of the locale, with the
 * environment's STOREFRONT_TYPE, LAYOUT_TYPE and DEFAULT_CURRENCY winning when set.
 */
export type SiteConfig = SiteSettings;

export function getSiteConfig(app: App, locale: LocaleCode): Promise<SiteConfig> {
  return getSiteSettings(app.content, locale);
}

/** Per-path redirect rules maintained in the CMS (fed to resolveRedirect's hook). */
export function getRedirectRules(app: App): Promise<CmsRedirectRule[]> {
  return getCmsRedirectRules(app.content);
}
