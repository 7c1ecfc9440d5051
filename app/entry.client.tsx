import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_NAMESPACE, i18nConfig } from "#app/i18n/i18n";
import { PAGE_TRANSLATIONS_ID } from "#app/i18n/page-translations";
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

/** The strings the server rendered this page with (page-translations.ts), taken out of the document so React hydrates exactly what it rendered. */
async function pageTranslations(): Promise<Record<string, unknown> | null> {
  // The module may run before the parser reaches the end of the document, where the strings are.
  if (document.readyState === "loading") await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
  const element = document.getElementById(PAGE_TRANSLATIONS_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? "") as Record<string, unknown>;
  } catch {
    return null;
  }
}

async function hydrate() {
  const lang = document.documentElement.lang;
  const locale = isLocaleCode(lang) ? lang : DEFAULT_LOCALE;
  const isConsole = window.location.pathname === "/admin" || window.location.pathname.startsWith("/admin/");
  const loadAll = () => (isConsole ? consoleTranslations : translations)[locale]().then((module) => module.default);
  const pageStrings = isConsole ? null : await pageTranslations();
  let common: Record<string, unknown> = pageStrings ?? {};
  /** Until the whole language is here a missing key is expected: it is fetched, and shown empty meanwhile rather than as a raw key. */
  let complete = pageStrings === null;
  let loading: Promise<void> | null = null;
  const completeStrings = () => {
    loading ??= loadAll()
      .then((all) => {
        complete = true;
        // react-i18next re-renders on "added" (bindI18nStore below), so anything shown empty fills in.
        i18next.addResourceBundle(locale, DEFAULT_NAMESPACE, all, true, true);
      })
      .catch((error: unknown) => console.error(`[i18n] could not load the ${locale} translations`, error));
    return loading;
  };
  if (!pageStrings) {
    try {
      common = await loadAll();
    } catch (error) {
      console.error(`[i18n] could not load the ${locale} translations`, error);
    }
  }
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng: locale,
    resources: { [locale]: { [DEFAULT_NAMESPACE]: common } },
    react: { bindI18nStore: "added" },
    missingKeyHandler: (languages, namespace, key) => {
      if (complete) i18nConfig.missingKeyHandler(languages, namespace, key);
      else void completeStrings();
    },
    parseMissingKeyHandler: (key) => (complete ? key : ""),
  });
  if (!complete) {
    // The rest of the language arrives with the visitor's first gesture (a click may open a form, a
    // navigation shows other pages), not on every page view.
    const events = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
    const onFirstGesture = () => {
      for (const event of events) window.removeEventListener(event, onFirstGesture, true);
      void completeStrings();
    };
    for (const event of events) window.addEventListener(event, onFirstGesture, { capture: true, passive: true });
  }

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
