import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect, useMemo, useState, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nContext } from "#app/i18n/browser-react-i18next";
import { DEFAULT_NAMESPACE, i18nConfig } from "#app/i18n/i18n";
import { createTranslator, type Translator } from "#app/i18n/translator";
import { PAGE_TRANSLATIONS_ID } from "#app/i18n/page-translations";
import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from "#app/lib/locales";

declare global {
  interface Window {
    ENV: { SENTRY_DSN: string | null; SENTRY_ENVIRONMENT: string };
    /**
     * Settles with the visitor's first gesture (a pointer, a key, focus, a touch): what a page needs
     * only once someone acts on it (the rest of the language, renderers for client navigations, the
     * new-build check) waits for it instead of adding to every page's first load.
     */
    rihlaFirstGesture?: Promise<void>;
  }
}

window.rihlaFirstGesture = new Promise<void>((resolve) => {
  const events = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
  const onFirstGesture = () => {
    for (const event of events) window.removeEventListener(event, onFirstGesture, true);
    resolve();
  };
  for (const event of events) window.addEventListener(event, onFirstGesture, { capture: true, passive: true });
});

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

/** Whether the whole language is in the translator yet, as a store React can subscribe to. */
function createCompletion(initiallyComplete: boolean) {
  let complete = initiallyComplete;
  const listeners = new Set<() => void>();
  return {
    isComplete: () => complete,
    markComplete() {
      complete = true;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
type Completion = ReturnType<typeof createCompletion>;

/**
 * The translation context (browser-react-i18next.tsx), whose value changes once when the rest of the
 * language arrives. Every component that translates reads this context, so each re-renders and fills
 * in what it showed empty, memoised or not. (Listening for added strings instead misses a component
 * that rendered before the strings came but subscribed after, e.g. a page a client navigation was
 * still showing.)
 */
function TranslationsProvider({ translator, completion, children }: { translator: Translator; completion: Completion; children: ReactNode }) {
  const [complete, setComplete] = useState(completion.isComplete);
  useEffect(() => {
    // A transition, not an urgent update: a page part whose code is still loading (static-island.tsx)
    // may suspend while it re-renders, and only a transition can wait for it.
    const markComplete = () => startTransition(() => setComplete(true));
    const unsubscribe = completion.subscribe(markComplete);
    // The strings may have come between the first render and this subscription.
    if (completion.isComplete()) markComplete();
    return unsubscribe;
  }, [completion]);
  const value = useMemo(() => ({ i18n: translator, complete }), [translator, complete]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

async function hydrate() {
  const lang = document.documentElement.lang;
  const locale = isLocaleCode(lang) ? lang : DEFAULT_LOCALE;
  const isConsole = window.location.pathname === "/admin" || window.location.pathname.startsWith("/admin/");
  const loadAll = () => (isConsole ? consoleTranslations : translations)[locale]().then((module) => module.default);
  const pageStrings = isConsole ? null : await pageTranslations();
  let common: Record<string, unknown> = pageStrings ?? {};
  /** Until the whole language is here a missing key is expected: it is fetched, and shown empty meanwhile rather than as a raw key. */
  const completion = createCompletion(pageStrings === null);
  let loading: Promise<void> | null = null;
  const completeStrings = () => {
    loading ??= loadAll()
      .then((all) => {
        translator.addResources(all);
        // TranslationsProvider re-renders every translating component, so anything shown empty fills in.
        completion.markComplete();
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
  const translator = createTranslator({
    language: locale,
    namespace: DEFAULT_NAMESPACE,
    resources: common,
    missingKeyHandler: (languages, namespace, key) => {
      if (completion.isComplete()) i18nConfig.missingKeyHandler(languages, namespace, key);
      else void completeStrings();
    },
    // A text's default (admin.status.* and the like) is what the server showed; without one, a key
    // still on its way shows empty rather than raw.
    parseMissingKeyHandler: (key, defaultValue) => defaultValue ?? (completion.isComplete() ? key : ""),
  });
  // The rest of the language arrives with the visitor's first gesture (a click may open a form, a
  // navigation shows other pages), not on every page view.
  if (!completion.isComplete()) void window.rihlaFirstGesture?.then(completeStrings);

  if (window.ENV?.SENTRY_DSN) {
    // Loaded only when configured, so it costs nothing otherwise.
    void import("@sentry/remix").then((Sentry) => Sentry.init({ dsn: window.ENV.SENTRY_DSN ?? undefined, environment: window.ENV.SENTRY_ENVIRONMENT }));
  }

  // Route modules evaluated from now on came with client navigations (static-island.tsx).
  window.rihlaHydrationStarted = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationsProvider translator={translator} completion={completion}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationsProvider>,
    );
  });
}

void hydrate();
