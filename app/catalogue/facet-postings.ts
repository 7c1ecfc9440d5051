/**
 * The facet postings: for each filter group (category, theme, city, duration, language, age, time of
 * day, rating, label, occasion, best for) and each of its values, the bit set of the live products
 * that have it, with the value's label in every language.
 */
import type { LocalizedText } from "#app/db/types";
import { Bitset } from "./bitset";
import type { AgeBucket, DurationBucket } from "./types";

export type Group = "category" | "theme" | "city" | "duration" | "language" | "age" | "timeOfDay" | "rating" | "label" | "occasion" | "bestFor";

export const AGE_RANGES: Record<AgeBucket, [number, number]> = {
  infants: [0, 2],
  kids: [3, 12],
  teens: [13, 17],
  adults: [18, 64],
  seniors: [65, 99],
};

export const DURATION_LABELS: Record<DurationBucket, LocalizedText> = {
  "up-to-1-hour": { en: "Up to 1 hour", ru: "До 1 часа", zh: "1小时以内", ar: "حتى ساعة واحدة" },
  "1-to-4-hours": { en: "1 to 4 hours", ru: "От 1 до 4 часов", zh: "1至4小时", ar: "من ساعة إلى 4 ساعات" },
  "4-hours-to-1-day": { en: "4 hours to 1 day", ru: "От 4 часов до 1 дня", zh: "4小时至1天", ar: "من 4 ساعات إلى يوم" },
  "multi-day": { en: "Multi-day", ru: "Несколько дней", zh: "多日", ar: "عدة أيام" },
};

export const AGE_LABELS: Record<AgeBucket, LocalizedText> = {
  infants: { en: "Infants (0–2)", ru: "Младенцы (0–2)", zh: "婴儿（0–2岁）", ar: "الرضع (0–2)" },
  kids: { en: "Kids (3–12)", ru: "Дети (3–12)", zh: "儿童（3–12岁）", ar: "الأطفال (3–12)" },
  teens: { en: "Teens (13–17)", ru: "Подростки (13–17)", zh: "青少年（13–17岁）", ar: "المراهقون (13–17)" },
  adults: { en: "Adults (18–64)", ru: "Взрослые (18–64)", zh: "成人（18–64岁）", ar: "البالغون (18–64)" },
  seniors: { en: "Seniors (65+)", ru: "Пожилые (65+)", zh: "长者（65岁以上）", ar: "كبار السن (65+)" },
};

export const ratingLabel = (threshold: number): LocalizedText => ({
  en: `${threshold}+ stars`,
  ru: `${threshold}+ звезды`,
  zh: `${threshold}星及以上`,
  ar: `${threshold}+ نجوم`,
});

export function durationBucket(minutes: number): DurationBucket {
  if (minutes <= 60) return "up-to-1-hour";
  if (minutes <= 240) return "1-to-4-hours";
  if (minutes <= 1440) return "4-hours-to-1-day";
  return "multi-day";
}

/** A search's bit sets once its filters are combined. */
export interface Selection {
  selected: Partial<Record<Group, Bitset>>;
  /** The groups with a selection. */
  active: Group[];
  /** Scope and every selected group, before the price filter. */
  withoutPrice: Bitset;
  result: Bitset;
  scopeWithPrice: Bitset;
}
export interface Facetable {
  group: Group;
  values: string[];
  labels: Map<string, LocalizedText>;
}
