import { defineField, defineType } from "sanity";
import { imageField, languageField, slugDocumentValidation, slugField } from "./fields";

/** A travel theme (family, romance, adventure…) the home page and listings group experiences by. */
export const theme = defineType({
  name: "theme",
  title: "Theme",
  type: "document",
  validation: slugDocumentValidation,
  fields: [
    languageField,
    defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required().max(50) }),
    slugField("title"),
    defineField({ name: "description", title: "Description", type: "text", rows: 2, validation: (rule) => rule.required().max(200) }),
    imageField("image", "Image"),
    defineField({ name: "order", title: "Order", type: "number", initialValue: 100, validation: (rule) => rule.required().integer().min(0) }),
  ],
  preview: { select: { title: "title", subtitle: "language", media: "image" } },
});
