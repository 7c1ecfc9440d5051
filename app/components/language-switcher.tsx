import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LOCALES } from "#app/lib/locales";
import { useLocale } from "#app/i18n/use-locale";

/**
 * Switches language and stays on the same page. A plain POST form inside <details>, so it works
 * without JavaScript; the action stores the choice in the locale cookie and answers 303 to the page
 * in the new language (a full load, so every text and `dir` change together).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLocale();
  const location = useLocation();
  return (
    <details className="language-switcher">
      <summary>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
        </svg>
        <span className="visually-hidden">{t("language.label")}: </span>
        <span className="language-switcher__name">{current.name}</span>
      </summary>
      <form method="post" action="/api/locale" className="language-switcher__menu">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {LOCALES.map((locale) => (
          <button
            key={locale.code}
            type="submit"
            name="lng"
            value={locale.code}
            lang={locale.code}
            dir={locale.dir}
            aria-current={locale.code === current.code ? "true" : undefined}
            aria-label={t("language.switchTo", { name: locale.name })}
          >
            {locale.name}
          </button>
        ))}
      </form>
    </details>
  );
}
