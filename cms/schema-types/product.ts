import { defineArrayMember, defineField, defineType, type SanityClient } from "sanity";
import { PRODUCT_ID_PATTERN } from "../constants";
import { everyPhotoDescribed } from "./localized";

/** True when no other product document (draft or published) uses this product id. */
export async function isUniqueProductId(productId: string, documentId: string, client: Pick<SanityClient, "fetch">): Promise<boolean> {
  const id = documentId.replace(/^drafts\./, "");
  const count = await client.fetch<number>(`count(*[_type == "product" && productId == $productId && !(_id in [$id, $draft])])`, { productId, id, draft: `drafts.${id}` });
  return count === 0;
}

/**
 * How an experience is told, per language. What is sold (options, units, prices, schedules) stays in
 * the booking engine and its console; the storefront shows these texts over the engine's own, field
 * by field: the visitor's language where filled, else English, else the engine's text.
 */
export const product = defineType({
  name: "product",
  title: "Experience content",
  type: "document",
  fieldsets: [{ name: "lists", title: "Lists", options: { collapsible: true, collapsed: false } }],
  fields: [
    defineField({
      name: "productId",
      title: "Product id",
      type: "string",
      description: "The catalogue's product id (e.g. prd-000104), as shown in the console. One content document per product.",
      validation: (rule) =>
        rule
          .required()
          .custom(async (value, context) => {
            if (typeof value !== "string" || !value) return true;
            if (!PRODUCT_ID_PATTERN.test(value)) return "Use the product id exactly as the console shows it (letters, digits, - and _).";
            const unique = await isUniqueProductId(value, context.document?._id ?? "", context.getClient({ apiVersion: "2025-02-19" }));
            return unique || "Another content document already describes this product.";
          })
          .error(),
    }),
    defineField({ name: "title", title: "Title", type: "localeString" }),
    defineField({ name: "shortDescription", title: "Short description", type: "localeText", description: "One or two sentences under the title and in search results." }),
    defineField({ name: "description", title: "Long description", type: "localeRichText" }),
    defineField({ name: "highlights", title: "Highlights", type: "localeStringList", fieldset: "lists" }),
    defineField({ name: "inclusions", title: "What's included", type: "localeStringList", fieldset: "lists" }),
    defineField({ name: "exclusions", title: "What's not included", type: "localeStringList", fieldset: "lists" }),
    defineField({ name: "whatToBring", title: "What to bring", type: "localeStringList", fieldset: "lists" }),
    defineField({
      name: "itinerary",
      title: "Itinerary",
      type: "array",
      of: [
        defineArrayMember({
          name: "itineraryStep",
          title: "Step",
          type: "object",
          fields: [
            defineField({
              name: "time",
              title: "Time",
              type: "string",
              description: "Local time, e.g. 15:30 (optional).",
              validation: (rule) => rule.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { name: "HH:MM time" }).error(),
            }),
            defineField({ name: "title", title: "Title", type: "localeString" }),
            defineField({ name: "description", title: "Description", type: "localeText" }),
          ],
          preview: { select: { title: "title.en", subtitle: "time" } },
        }),
      ],
      validation: (rule) => rule.max(20),
    }),
    defineField({
      name: "faq",
      title: "Questions and answers",
      type: "array",
      of: [
        defineArrayMember({
          name: "productFaq",
          title: "Question",
          type: "object",
          fields: [
            defineField({ name: "question", title: "Question", type: "localeString" }),
            defineField({ name: "answer", title: "Answer", type: "localeRichText" }),
          ],
          preview: { select: { title: "question.en" } },
        }),
      ],
      validation: (rule) => rule.max(20),
    }),
    defineField({
      name: "gallery",
      title: "Gallery",
      type: "array",
      description: "Replaces the catalogue's photos when filled; the first photo leads the page.",
      of: [defineArrayMember({ type: "productImage" })],
      validation: (rule) => rule.max(12).custom(everyPhotoDescribed).error(),
    }),
  ],
  preview: {
    select: { title: "title.en", productId: "productId", media: "gallery.0" },
    prepare: ({ title, productId, media }) => ({ title: title || productId || "New experience content", subtitle: `Experience · ${productId ?? "?"}`, media }),
  },
});
