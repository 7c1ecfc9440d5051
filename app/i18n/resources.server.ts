import ar from "#app/locales/ar/common.json";
import en from "#app/locales/en/common.json";
import ru from "#app/locales/ru/common.json";
import zh from "#app/locales/zh/common.json";
import type { LocaleCode } from "./locales";

/** Every translation, bundled into the server build (the browser loads only its own locale). */
export const resources: Record<LocaleCode, { common: typeof en }> = {
  en: { common: en },
  ru: { common: ru },
  zh: { common: zh },
  ar: { common: ar },
};
