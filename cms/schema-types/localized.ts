import { defineArrayMember, defineField, defineType, type Rule } from "sanity";
import { LANGUAGES } from "../constants";

/**
 * Field-level localisation, for documents that belong to one catalogue record rather than to one
 * language (products): a field is an object with one value per language, English first and the
 * translations below it. The storefront shows the visitor's language, else English, else the
 * booking engine's own text, so no translation is required.
 */
type ValueField = { type: string; rows?: number; of?: ReturnType<typeof defineArrayMember>[]; options?: Record<string, unknown>; validation?: (rule: Rule) => Rule };

function localizedType(name: string, title: string, value: ValueField) {
  return defineType({
    name,
    title,
    type: "object",
    fieldsets: [{ name: "translations", title: "Translations", options: { collapsible: true, collapsed: false } }],
    fields: LANGUAGES.map(({ id, title: languageTitle }) =>
      defineField({
        name: id,
        title: languageTitle,
        ...value,
        fieldset: id === "en" ? undefined : "translations",
      } as Parameters<typeof defineField>[0]),
    ),
  });
}

export const localeString = localizedType("localeString", "Text in each language", { type: "string", validation: (rule) => rule.max(160) });
export const localeText = localizedType("localeText", "Paragraph in each language", { type: "text", rows: 3, validation: (rule) => rule.max(600) });
export const localeRichText = localizedType("localeRichText", "Rich text in each language", { type: "richText" });
export const localeStringList = localizedType("localeStringList", "List in each language", {
  type: "array",
  of: [defineArrayMember({ type: "string", validation: (rule) => rule.max(200) })],
  validation: (rule) => rule.max(20),
});

/** A gallery photo: the image once, its alternative text in each language (English required). */
export const productImage = defineType({
  name: "productImage",
  title: "Photo",
  type: "image",
  options: { hotspot: true },
  fields: [
    defineField({
      name: "alt",
      title: "Alternative text",
      type: "localeString",
      description: "What the photo shows, for screen readers and when it fails to load. English is required (checked by the gallery); other languages fall back to it.",
    }),
  ],
  preview: { select: { title: "alt.en", media: "asset" } },
});

/** The gallery's rule that every photo has English alt text (Sanity's validator does not descend into an image's own fields). */
export function everyPhotoDescribed(photos: Array<{ _key?: string; alt?: { en?: string } }> | undefined) {
  const undescribed = (photos ?? []).find((photo) => !photo.alt?.en?.trim());
  return undescribed ? { message: "Describe the photo in English at least.", path: [{ _key: undescribed._key ?? "" }, "alt", "en"] } : true;
}
