import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "#app/i18n/i18n";
import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from "#app/i18n/locales";

declare global {
  interface Window {
    ENV: { SENTRY_DSN: string | null; SENTRY_ENVIRONMENT: string };
  }
}

// Each locale is its own hashed chunk, so the browser downloads only the page's language and a
// changed translation gets a new URL (no stale cached JSON).
const translations: Record<LocaleCode, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import("./locales/en/index"),
  ru: () => import("./locales/ru/index"),
  zh: () => import("./locales/zh/index"),
  ar: () => import("./locales/ar/index"),
};
// The staff console's bundles add its strings; storefront visitors never download them.
const consoleTranslations: Record<LocaleCode, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import("./locales/en/console"),
  ru: () => import("./locales/ru/console"),
  zh: () => import("./locales/zh/console"),
  ar: () => import("./locales/ar/console"),
};

async function hydrate() {
  const lang = document.documentElement.lang;
  const locale = isLocaleCode(lang) ? lang : DEFAULT_LOCALE;
  let common: Record<string, unknown> = {};
  try {
    const isConsole = window.location.pathname === "/admin" || window.location.pathname.startsWith("/admin/");
    common = (await (isConsole ? consoleTranslations : translations)[locale]()).default;
  } catch (error) {
    console.error(`[i18n] could not load the ${locale} translations`, error);
  }
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng: locale, resources: { [locale]: { common } } });

  if (window.ENV?.SENTRY_DSN) {
    // Loaded only when configured, so it costs nothing otherwise.
    void import("@sentry/remix").then((Sentry) => Sentry.init({ dsn: window.ENV.SENTRY_DSN ?? undefined, environment: window.ENV.SENTRY_ENVIRONMENT }));
  }

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
