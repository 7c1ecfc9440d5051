import { defineArrayMember, defineField, defineType, type ReferenceFilterResolver } from "sanity";
import { languageField } from "./fields";

function section(name: string, title: string, itemsField: ReturnType<typeof defineField>) {
  return defineField({
    name,
    title,
    type: "object",
    options: { collapsible: true, collapsed: false },
    fields: [defineField({ name: "heading", title: "Heading", type: "string", validation: (rule) => rule.required().max(80) }), itemsField],
  });
}

/** Only documents of this language may appear in a localized list of references. */
const sameLanguageFilter: ReferenceFilterResolver = ({ document }) => {
  const language = typeof document.language === "string" ? document.language : "en";
  return { filter: "language == $language", params: { language } };
};

/** One per language (id `homePage-{language}`). */
export const homePage = defineType({
  name: "homePage",
  title: "Home page",
  type: "document",
  fields: [
    languageField,
    defineField({
      name: "hero",
      title: "Hero",
      type: "object",
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required().max(90) }),
        defineField({ name: "subtitle", title: "Subtitle", type: "text", rows: 2, validation: (rule) => rule.max(200) }),
        defineField({ name: "image", title: "Background image", type: "accessibleImage", validation: (rule) => rule.required() }),
      ],
    }),
    section(
      "popularDestinations",
      "Popular destinations",
      defineField({ name: "items", title: "Destinations", type: "array", of: [defineArrayMember({ type: "destinationCard" })], validation: (rule) => rule.required().min(3).max(12) }),
    ),
    section(
      "topDestinations",
      "Top destinations",
      defineField({ name: "items", title: "Destinations", type: "array", of: [defineArrayMember({ type: "destinationCard" })], validation: (rule) => rule.required().min(3).max(12) }),
    ),
    section(
      "categories",
      "Categories",
      defineField({ name: "items", title: "Categories", type: "array", of: [defineArrayMember({ type: "categoryCard" })], validation: (rule) => rule.required().min(3).max(16) }),
    ),
    section(
      "themes",
      "Themes",
      defineField({
        name: "items",
        title: "Themes",
        type: "array",
        of: [defineArrayMember({ type: "reference", to: [{ type: "theme" }], options: { filter: sameLanguageFilter } })],
        validation: (rule) => rule.required().min(1).unique(),
      }),
    ),
    section(
      "gallery",
      "Gallery",
      defineField({ name: "images", title: "Images", type: "array", of: [defineArrayMember({ type: "accessibleImage" })], validation: (rule) => rule.required().min(3).max(12) }),
    ),
    section(
      "testimonials",
      "Testimonials",
      defineField({
        name: "items",
        title: "Testimonials",
        type: "array",
        of: [defineArrayMember({ type: "reference", to: [{ type: "testimonial" }], options: { filter: sameLanguageFilter } })],
        validation: (rule) => rule.required().min(1).unique(),
      }),
    ),
    defineField({
      name: "support",
      title: "Support block",
      type: "object",
      fields: [
        defineField({ name: "heading", title: "Heading", type: "string", validation: (rule) => rule.required().max(80) }),
        defineField({ name: "body", title: "Text", type: "text", rows: 3, validation: (rule) => rule.required().max(300) }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { select: { title: "hero.title", subtitle: "language" }, prepare: ({ title, subtitle }) => ({ title: `${title ?? "Home page"}`, subtitle: `Home · ${subtitle ?? "?"}` }) },
});
