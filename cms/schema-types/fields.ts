import { defineField, type DocumentRule, type SlugValidationContext } from "sanity";
import { LANGUAGES, SLUG_PATTERN } from "../constants";

/** Every localized document carries its language; the desk structure sets it when a document is created. */
export const languageField = defineField({
  name: "language",
  title: "Language",
  type: "string",
  options: { list: LANGUAGES.map(({ id, title }) => ({ value: id, title })), layout: "radio", direction: "horizontal" },
  validation: (rule) => rule.required().error("Choose the language this document is written in."),
  readOnly: ({ value }) => Boolean(value),
});

/** Slugs are unique per language: the same slug in English and Arabic is one article translated. */
export async function isUniquePerLanguage(slug: string, context: Pick<SlugValidationContext, "document" | "getClient">): Promise<boolean> {
  const { document, getClient } = context;
  const client = getClient({ apiVersion: "2025-02-19" });
  const id = (document?._id ?? "").replace(/^drafts\./, "");
  const count = await client.fetch<number>(
    `count(*[_type == $type && slug.current == $slug && language == $language && !(_id in [$draft, $published])])`,
    { type: document?._type ?? "", slug, language: document?.language ?? null, draft: `drafts.${id}`, published: id },
  );
  return count === 0;
}

export function slugField(source = "title") {
  return defineField({
    name: "slug",
    title: "Slug",
    type: "slug",
    description: "The last part of the URL. Keep the same slug in every language so visitors can switch.",
    options: { source, maxLength: 96, isUnique: isUniquePerLanguage },
    // Format and per-language uniqueness are checked by `slugDocumentValidation`: Sanity reports a
    // slug field's own custom rules as warnings only, which would not stop a duplicate from publishing.
    validation: (rule) => rule.required(),
  });
}

/** An image every storefront component can render accessibly. */
export function imageField(name: string, title: string, required = true) {
  return defineField({
    name,
    title,
    type: "accessibleImage",
    validation: (rule) => (required ? rule.required().error(`${title} is required.`) : rule),
  });
}

/** Document-level rule (reported as an error on the slug field): well-formed and unique in its language. */
export function slugDocumentValidation(rule: DocumentRule) {
  return rule.custom(async (document, context) => {
    const current = (document?.slug as { current?: string } | undefined)?.current;
    if (!document || !current) return true;
    if (!SLUG_PATTERN.test(current)) return { message: "Use lower-case letters, digits and single hyphens (e.g. desert-safari-tips).", path: ["slug"] };
    const unique = await isUniquePerLanguage(current, { document, getClient: context.getClient });
    return unique || { message: "Another document in this language already uses this slug.", path: ["slug"] };
  }).error();
}
