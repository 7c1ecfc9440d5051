import { defineField, defineType } from "sanity";
import { languageField } from "./fields";

export const testimonial = defineType({
  name: "testimonial",
  title: "Testimonial",
  type: "document",
  fields: [
    languageField,
    defineField({ name: "name", title: "Guest name", type: "string", validation: (rule) => rule.required().max(60) }),
    defineField({ name: "location", title: "From", type: "string", validation: (rule) => rule.max(60) }),
    defineField({ name: "quote", title: "Quote", type: "text", rows: 4, validation: (rule) => rule.required().min(20).max(500) }),
    defineField({ name: "rating", title: "Rating", type: "number", options: { list: [1, 2, 3, 4, 5] }, validation: (rule) => rule.required().integer().min(1).max(5) }),
    defineField({ name: "activity", title: "Experience", type: "string", description: "The experience the guest booked.", validation: (rule) => rule.max(100) }),
    defineField({ name: "date", title: "Date", type: "date", validation: (rule) => rule.required() }),
  ],
  preview: { select: { title: "name", subtitle: "quote" } },
});
