import type { LocaleCode } from "#app/i18n/locales";

/**
 * Resolves the single-segment listing pages (`/{categorySlug}`, `/things-to-do-in-{city}`) to a name
 * to show. The catalogue (issue 3) replaces these fixed lists with its destinations and categories.
 */
const CATEGORY_NAMES: Record<string, Record<LocaleCode, string>> = {
  tours: { en: "Tours", ru: "Туры", zh: "旅游团", ar: "جولات" },
  attractions: { en: "Attractions", ru: "Достопримечательности", zh: "景点", ar: "معالم سياحية" },
  "desert-safaris": { en: "Desert safaris", ru: "Сафари по пустыне", zh: "沙漠探险", ar: "رحلات سفاري صحراوية" },
  cruises: { en: "Cruises", ru: "Круизы", zh: "游船", ar: "رحلات بحرية" },
};
const CITY_NAMES: Record<string, Record<LocaleCode, string>> = {
  dubai: { en: "Dubai", ru: "Дубай", zh: "迪拜", ar: "دبي" },
  riyadh: { en: "Riyadh", ru: "Эр-Рияд", zh: "利雅得", ar: "الرياض" },
  paris: { en: "Paris", ru: "Париж", zh: "巴黎", ar: "باريس" },
};

export async function findCategoryName(slug: string, locale: LocaleCode): Promise<string | null> {
  return CATEGORY_NAMES[slug]?.[locale] ?? null;
}

export async function findCityName(slug: string, locale: LocaleCode): Promise<string | null> {
  return CITY_NAMES[slug]?.[locale] ?? null;
}

export async function findExperienceTitle(slug: string, _locale: LocaleCode): Promise<string | null> {
  return slug.replace(/-/g, " ");
}
