import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "./i18n";
import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from "./locales";
import { resources } from "./resources.server";
import { createPreferenceCookie } from "#app/lib/preference-cookie.server";

/** Remembers the language a visitor chose; read only by the root `/` to redirect to its prefix. */
export const localeCookie = createPreferenceCookie("rihla_locale");

/** Detects a language only for the root `/` (cookie first, then Accept-Language). */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALE_CODES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    order: ["cookie", "header"],
  },
});

export async function detectPreferredLocale(request: Request): Promise<LocaleCode> {
  const detected = await detector.getLocale(request);
  return (LOCALE_CODES as readonly string[]).includes(detected) ? (detected as LocaleCode) : DEFAULT_LOCALE;
}

const instances = new Map<LocaleCode, I18n>();

/**
 * The i18next instance of a locale, ready synchronously (resources are bundled). One per locale for
 * the life of the process: the server never changes an instance's language, so requests can share it.
 */
export function getI18nInstance(locale: LocaleCode): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.init({ ...i18nConfig, lng: locale, resources, initImmediate: false });
    instances.set(locale, instance);
  }
  return instance;
}

const fixedT = new Map<LocaleCode, TFunction>();

/** A translation function for loaders and actions (cached per locale: resources never change at runtime). */
export function getFixedT(locale: LocaleCode): TFunction {
  let t = fixedT.get(locale);
  if (!t) {
    t = getI18nInstance(locale).getFixedT(locale);
    fixedT.set(locale, t);
  }
  return t;
}
