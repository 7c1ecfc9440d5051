import { defineField, defineType } from "sanity";
import { FAQ_GROUPS } from "../constants";
import { languageField } from "./fields";

export const faqEntry = defineType({
  name: "faqEntry",
  title: "FAQ entry",
  type: "document",
  fields: [
    languageField,
    defineField({
      name: "group",
      title: "Group",
      type: "string",
      description: "The FAQ page shows one section per group, in this order.",
      options: { list: [...FAQ_GROUPS], layout: "radio" },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: "question", title: "Question", type: "string", validation: (rule) => rule.required().max(200) }),
    defineField({ name: "answer", title: "Answer", type: "richText", validation: (rule) => rule.required().min(1) }),
    defineField({
      name: "order",
      title: "Order within the group",
      type: "number",
      initialValue: 100,
      validation: (rule) => rule.required().integer().min(0),
    }),
  ],
  orderings: [{ title: "Group, then order", name: "groupOrder", by: [{ field: "group", direction: "asc" }, { field: "order", direction: "asc" }] }],
  preview: { select: { title: "question", group: "group", language: "language" }, prepare: ({ title, group, language }) => ({ title, subtitle: `${group ?? "?"} · ${language ?? "?"}` }) },
});
