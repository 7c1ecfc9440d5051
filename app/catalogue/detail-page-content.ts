/**
 * The experience page's texts from two owners: the booking engine (what the demo generator and the
 * console write) and the CMS's product document (how editors tell it, per language). Field by field,
 * the CMS wins where it is filled in the page's language; where that language is empty its English
 * value shows; where the CMS has nothing, the engine's text stays, so the page is always complete.
 */
import type { ProductContent } from "#app/content/content.server";
import { imageSrcSet, imageUrl } from "#app/content/assets";
import type { RichText } from "#app/content/queries";
import type { ExperienceDetail } from "./types";

type InLocale<T> = { locale: T | null; en: T | null };

/** Gallery widths offered from Sanity's CDN (seed files come in one size). */
export const CMS_GALLERY_WIDTHS = [400, 800, 1200, 1600] as const;

const filledText = (value: string | null): string | null => (value && value.trim() ? value.trim() : null);
const filledList = (value: string[] | null): string[] | null => {
  const items = (value ?? []).map((item) => item.trim()).filter(Boolean);
  return items.length ? items : null;
};
/** Rich text counts as filled when some block has visible text (an emptied editor leaves an empty block). */
const filledRich = (value: RichText | null): RichText | null => (value && plainText(value).trim() ? value : null);

/** The page's language, else English, else null: the rule every CMS field follows. */
export function pick<T>(field: InLocale<T>, filled: (value: T | null) => T | null): T | null {
  return filled(field.locale) ?? filled(field.en);
}

export const pickText = (field: InLocale<string>): string | null => pick(field, filledText);
export const pickList = (field: InLocale<string[]>): string[] | null => pick(field, filledList);
export const pickRich = (field: InLocale<RichText>): RichText | null => pick(field, filledRich);

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
  const title = pickText(content.title) ?? experience.title;
  const richDescription = pickRich(content.description);

  const itinerary = content.itinerary
    .map((step) => ({ time: step.time, title: pickText(step.title) ?? "", description: pickText(step.description) ?? "" }))
    .filter((step) => step.title);
  const faq = content.faq.flatMap((entry) => {
    const question = pickText(entry.question);
    const answer = pickRich(entry.answer);
    return question && answer ? [{ question, answer }] : [];
  });
  const images = content.gallery.map((photo) => ({
    src: imageUrl(photo.src, { width: 1200 }),
    srcSet: imageSrcSet(photo.src, CMS_GALLERY_WIDTHS),
    alt: pickText(photo.alt) ?? title,
    base: "",
    widths: [],
  }));

  return {
    ...experience,
    title,
    shortDescription: pickText(content.shortDescription) ?? experience.shortDescription,
    description: richDescription ? plainText(richDescription) : experience.description,
    richDescription,
    highlights: pickList(content.highlights) ?? experience.highlights,
    includes: pickList(content.inclusions) ?? experience.includes,
    excludes: pickList(content.exclusions) ?? experience.excludes,
    whatToBring: pickList(content.whatToBring) ?? experience.whatToBring,
    itinerary: itinerary.length ? itinerary : experience.itinerary,
    faq: faq.length ? faq : experience.faq,
    images: images.length ? images : experience.images,
  };
}
