import type { LocaleCode } from "#app/i18n/locales";
import { getEnv } from "./env.server";
import type { CmsRedirectRule, StorefrontType } from "./redirects";

/** What every page needs to know about the storefront (CMS site settings, overridden by env). */
export type SiteConfig = {
  storefrontType: StorefrontType;
  layoutType: string;
  defaultCurrency: string;
};

export async function getSiteConfig(_locale: LocaleCode): Promise<SiteConfig> {
  const env = getEnv();
  return {
    storefrontType: env.STOREFRONT_TYPE ?? "default",
    layoutType: env.LAYOUT_TYPE ?? "default",
    defaultCurrency: env.DEFAULT_CURRENCY ?? "SAR",
  };
}

/** Per-path redirect rules maintained in the CMS (fed to resolveRedirect's hook). */
export async function getRedirectRules(): Promise<CmsRedirectRule[]> {
  return [];
}
