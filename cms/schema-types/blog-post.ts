import { defineArrayMember, defineField, defineType } from "sanity";
import { imageField, languageField, slugDocumentValidation, slugField } from "./fields";

export const blogPost = defineType({
  name: "blogPost",
  title: "Blog post",
  type: "document",
  validation: slugDocumentValidation,
  fields: [
    languageField,
    defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required().max(120) }),
    slugField("title"),
    defineField({
      name: "excerpt",
      title: "Excerpt",
      type: "text",
      rows: 3,
      description: "Shown on the blog list and in search results.",
      validation: (rule) => rule.required().min(20).max(300),
    }),
    imageField("coverImage", "Cover image"),
    defineField({ name: "body", title: "Body", type: "richText", validation: (rule) => rule.required().min(1) }),
    defineField({
      name: "author",
      title: "Author",
      type: "object",
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: "name", title: "Name", type: "string", validation: (rule) => rule.required() }),
        defineField({ name: "role", title: "Role", type: "string" }),
      ],
    }),
    defineField({ name: "publishedAt", title: "Published", type: "datetime", validation: (rule) => rule.required() }),
    defineField({
      name: "tags",
      title: "Tags",
      type: "array",
      description: "Posts sharing a tag are shown as related.",
      of: [defineArrayMember({ type: "string" })],
      options: { layout: "tags" },
      validation: (rule) => rule.max(6).unique(),
    }),
  ],
  orderings: [{ title: "Newest first", name: "publishedAtDesc", by: [{ field: "publishedAt", direction: "desc" }] }],
  preview: { select: { title: "title", subtitle: "language", media: "coverImage" }, prepare: ({ title, subtitle, media }) => ({ title, subtitle: `Blog · ${subtitle ?? "?"}`, media }) },
});
