import { defineField, defineType } from "sanity";
import { STATIC_PAGE_KINDS } from "../constants";
import { languageField } from "./fields";

/** About, privacy policy, terms and conditions, contact: one document per kind and language. */
export const staticPage = defineType({
  name: "staticPage",
  title: "Static page",
  type: "document",
  fields: [
    languageField,
    defineField({
      name: "kind",
      title: "Page",
      type: "string",
      options: { list: [...STATIC_PAGE_KINDS], layout: "radio" },
      validation: (rule) =>
        rule.required().custom(async (kind, context) => {
          if (!kind || !context.document) return true;
          const id = context.document._id.replace(/^drafts\./, "");
          const count = await context
            .getClient({ apiVersion: "2025-02-19" })
            .fetch<number>(`count(*[_type == "staticPage" && kind == $kind && language == $language && !(_id in [$id, $draft])])`, {
              kind,
              language: context.document.language ?? null,
              id,
              draft: `drafts.${id}`,
            });
          return count === 0 || "There is already a page of this kind in this language.";
        }).error(),
    }),
    defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required().max(90) }),
    defineField({ name: "intro", title: "Introduction", type: "text", rows: 3, validation: (rule) => rule.max(400) }),
    defineField({ name: "body", title: "Body", type: "richText", validation: (rule) => rule.required().min(1) }),
    defineField({ name: "updatedAt", title: "Last updated", type: "date", validation: (rule) => rule.required() }),
  ],
  preview: { select: { title: "title", kind: "kind", language: "language" }, prepare: ({ title, kind, language }) => ({ title, subtitle: `${kind ?? "?"} · ${language ?? "?"}` }) },
});
