import { getRedirectRules as getCmsRedirectRules, getSiteSettings, type SiteSettings } from "#app/content/content.server";
import type { LocaleCode } from "#app/i18n/locales";
import type { CmsRedirectRule } from "./redirects";

/**
 * What every page needs to know about the storefront: the CMS site settings of the locale, with the
 * environment's STOREFRONT_TYPE, LAYOUT_TYPE and DEFAULT_CURRENCY winning when set.
 */
export type SiteConfig = SiteSettings;

export function getSiteConfig(locale: LocaleCode): Promise<SiteConfig> {
  return getSiteSettings(locale);
}

/** Per-path redirect rules maintained in the CMS (fed to resolveRedirect's hook). */
export function getRedirectRules(): Promise<CmsRedirectRule[]> {
  return getCmsRedirectRules();
}
