import ar from "#app/locales/ar/console";
import en from "#app/locales/en/console";
import ru from "#app/locales/ru/console";
import zh from "#app/locales/zh/console";
import type { LocaleCode } from "#app/lib/locales";

/** A nested tree of translated strings (locales differ in plural forms, so not `typeof en`). */
export type Translations = { [key: string]: string | Translations };

/** Every translation (storefront and console), bundled into the server build (the browser loads only its own locale). */
export const resources: Record<LocaleCode, { common: Translations }> = {
  en: { common: en },
  ru: { common: ru },
  zh: { common: zh },
  ar: { common: ar },
};
