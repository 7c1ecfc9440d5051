/**
 * The experience page's texts from two owners: the booking engine (what the demo generator and the
 * console write) and the CMS's product document (how editors tell it, per language). Field by field,
 * the CMS wins where it is filled in the page's language; where that language is empty its English
 * value shows (and is marked as English); where the CMS has nothing, the engine's text stays, so the
 * page is always complete.
 */
import type { ProductContent } from "#app/content/content.server";
import { resolveImageSrc } from "#app/lib/assets";
import type { RichText } from "#app/content/queries";
import type { ExperienceDetail } from "./types";

type InLocale<T> = { locale: T | null; en: T | null };
/** A CMS value and whether it is the English one standing in for the page's language. */
type Picked<T> = { value: T; english: boolean };

/**
 * Trims whitespace but not U+FEFF, which String#trim also removes: in preview a stega-encoded text ends
 * in zero-width characters (app/content/stega.server.ts), and cutting its last one breaks its edit link.
 */
const trimText = (value: string) => value.replace(/^[^\S\uFEFF]+|[^\S\uFEFF]+$/g, "");
const filledText = (value: string | null): string | null => (value && value.trim() ? trimText(value) : null);
const filledList = (value: string[] | null): string[] | null => {
  const items = (value ?? []).filter((item) => item.trim()).map(trimText);
  return items.length ? items : null;
};
/** Rich text counts as filled when some block has visible text (an emptied editor leaves an empty block). */
const filledRich = (value: RichText | null): RichText | null => (value && plainText(value).trim() ? value : null);

/** The page's language, else English, else null: the rule every CMS field follows. */
export function pick<T>(field: InLocale<T>, filled: (value: T | null) => T | null): Picked<T> | null {
  const local = filled(field.locale);
  if (local !== null) return { value: local, english: false };
  const english = filled(field.en);
  return english === null ? null : { value: english, english: true };
}

export const pickText = (field: InLocale<string>) => pick(field, filledText);
export const pickList = (field: InLocale<string[]>) => pick(field, filledList);
export const pickRich = (field: InLocale<RichText>) => pick(field, filledRich);

/** The text of Portable Text, one paragraph per block (for meta descriptions and plain consumers). */
export function plainText(blocks: RichText): string {
  return blocks
    .map((block) => ("children" in block && Array.isArray(block.children) ? block.children.map((child) => (typeof child.text === "string" ? child.text : "")).join("") : ""))
    .filter((text) => text.trim())
    .join("\n\n");
}

/** The engine's experience with the CMS's texts and photos over it (null content: the engine's alone). */
export function mergeProductContent(experience: ExperienceDetail, content: ProductContent | null): ExperienceDetail {
  if (!content) return experience;
  // On an English page nothing is a stand-in: the page's language is English.
  const fallbacks: string[] = [];
  const use = <T>(path: string, picked: Picked<T> | null): T | null => {
    if (picked?.english && experience.locale !== "en") fallbacks.push(path);
    return picked ? picked.value : null;
  };

  const title = use("title", pickText(content.title)) ?? experience.title;
  const shortDescription = use("shortDescription", pickText(content.shortDescription)) ?? experience.shortDescription;
  const richDescription = use("description", pickRich(content.description));
  const highlights = use("highlights", pickList(content.highlights)) ?? experience.highlights;
  const includes = use("includes", pickList(content.inclusions)) ?? experience.includes;
  const excludes = use("excludes", pickList(content.exclusions)) ?? experience.excludes;
  const whatToBring = use("whatToBring", pickList(content.whatToBring)) ?? experience.whatToBring;

  // Steps and questions missing their title (or answer) in every language are left out; paths count the kept ones.
  const steps = content.itinerary.flatMap((step) => {
    const stepTitle = pickText(step.title);
    return stepTitle ? [{ time: step.time, title: stepTitle, description: pickText(step.description) }] : [];
  });
  const itinerary = steps.map((step, index) => ({
    time: step.time,
    title: use(`itinerary.${index}.title`, step.title)!,
    description: use(`itinerary.${index}.description`, step.description) ?? "",
  }));
  const entries = content.faq.flatMap((entry) => {
    const question = pickText(entry.question);
    const answer = pickRich(entry.answer);
    return question && answer ? [{ question, answer }] : [];
  });
  const faq = entries.map((entry, index) => ({ question: use(`faq.${index}.question`, entry.question)!, answer: use(`faq.${index}.answer`, entry.answer)! }));
  // An alt attribute cannot carry its own language: an English alt text is simply read as it is.
  // `src` is the source picture; the gallery sizes it (Sanity's CDN parameters, or /_ipx for seed files).
  const images = content.gallery.map((photo) => ({
    src: resolveImageSrc(photo.src),
    alt: pickText(photo.alt)?.value ?? title,
    base: "",
    widths: [],
  }));

  return {
    ...experience,
    title,
    shortDescription,
    description: richDescription ? plainText(richDescription) : experience.description,
    richDescription,
    highlights,
    includes,
    excludes,
    whatToBring,
    itinerary: itinerary.length ? itinerary : experience.itinerary,
    faq: faq.length ? faq : experience.faq,
    images: images.length ? images : experience.images,
    englishFallbacks: fallbacks,
  };
}

/** `lang`/`dir` for a text the page shows in English while written in another language, else nothing. */
export function fallbackLanguage(experience: Pick<ExperienceDetail, "englishFallbacks">, path: string): { lang: "en"; dir: "ltr" } | Record<string, never> {
  return experience.englishFallbacks.includes(path) ? { lang: "en", dir: "ltr" } : {};
}
