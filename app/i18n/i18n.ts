import type { InitOptions } from "i18next";
import { DEFAULT_LOCALE, LOCALE_CODES } from "#app/lib/locales";

export const DEFAULT_NAMESPACE = "common";

/** i18next options shared by the server and the browser. */
export const i18nConfig = {
  supportedLngs: [...LOCALE_CODES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [DEFAULT_NAMESPACE],
  interpolation: { escapeValue: false }, // React escapes.
  returnNull: false,
  saveMissing: true,
  // A missing key must never break a page, but it must be noticed: a test also enforces parity.
  missingKeyHandler: (languages: readonly string[], namespace: string, key: string) => {
    console.warn(`[i18n] missing key "${namespace}:${key}" for ${languages.join(", ")}`);
  },
} satisfies InitOptions;
