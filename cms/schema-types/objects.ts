import { defineArrayMember, defineField, defineType } from "sanity";
import { SAFE_HREF_PATTERN, SLUG_PATTERN, SOCIAL_PLATFORMS } from "../constants";

export const accessibleImage = defineType({
  name: "accessibleImage",
  title: "Image",
  type: "image",
  options: { hotspot: true },
  fields: [
    defineField({
      name: "alt",
      title: "Alternative text",
      type: "string",
      description: "What the image shows, for screen readers and when it fails to load.",
      validation: (rule) => rule.required().max(160).error("Describe the image in at most 160 characters."),
    }),
    defineField({ name: "caption", title: "Caption", type: "string", validation: (rule) => rule.max(200) }),
  ],
});

/** Rich text: headings, lists, links and images; no embedded HTML by construction. */
export const richText = defineType({
  name: "richText",
  title: "Rich text",
  type: "array",
  of: [
    defineArrayMember({
      type: "block",
      styles: [
        { title: "Normal", value: "normal" },
        { title: "Heading 2", value: "h2" },
        { title: "Heading 3", value: "h3" },
        { title: "Quote", value: "blockquote" },
      ],
      lists: [
        { title: "Bullet", value: "bullet" },
        { title: "Numbered", value: "number" },
      ],
      marks: {
        decorators: [
          { title: "Strong", value: "strong" },
          { title: "Emphasis", value: "em" },
        ],
        annotations: [
          defineArrayMember({
            name: "link",
            title: "Link",
            type: "object",
            fields: [
              defineField({
                name: "href",
                title: "URL",
                type: "string",
                description: "https://…, mailto:…, tel:… or a site path such as /things-to-do-in-dubai",
                validation: (rule) =>
                  rule
                    .required()
                    .custom((href) =>
                      typeof href === "string" && SAFE_HREF_PATTERN.test(href)
                        ? true
                        : "Links must start with https://, http://, mailto:, tel: or a single /.",
                    )
                    .error(),
              }),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({ type: "accessibleImage" }),
  ],
});

export const supportChannels = defineType({
  name: "supportChannels",
  title: "Support channels",
  type: "object",
  fields: [
    defineField({
      name: "phone",
      title: "Phone",
      type: "string",
      description: "International format, e.g. +966 11 520 4400",
      validation: (rule) => rule.required().regex(/^\+[1-9][0-9 ]{6,18}$/, { name: "international phone number" }),
    }),
    defineField({ name: "email", title: "Email", type: "email", validation: (rule) => rule.required() }),
    defineField({
      name: "whatsapp",
      title: "WhatsApp number",
      type: "string",
      description: "International format without spaces, e.g. +966555123456",
      validation: (rule) => rule.required().regex(/^\+[1-9][0-9]{7,14}$/, { name: "WhatsApp number" }),
    }),
    defineField({
      name: "chatUrl",
      title: "Chat link",
      type: "url",
      validation: (rule) => rule.required().uri({ scheme: ["https"] }),
    }),
  ],
});

export const marketingClaims = defineType({
  name: "marketingClaims",
  title: "Marketing claims",
  type: "object",
  fields: [
    defineField({
      name: "activitiesCount",
      title: "Number of activities",
      type: "number",
      description: "Shown as “over N activities”.",
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({
      name: "reviewsCount",
      title: "Number of reviews",
      type: "number",
      validation: (rule) => rule.required().integer().min(0),
    }),
  ],
});

export const socialLink = defineType({
  name: "socialLink",
  title: "Social link",
  type: "object",
  fields: [
    defineField({
      name: "platform",
      title: "Platform",
      type: "string",
      options: { list: [...SOCIAL_PLATFORMS] },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: "url", title: "URL", type: "url", validation: (rule) => rule.required().uri({ scheme: ["https"] }) }),
  ],
  preview: { select: { title: "platform", subtitle: "url" } },
});

function catalogueCard(name: string, title: string, slugField: string, slugTitle: string, example: string) {
  return defineType({
    name,
    title,
    type: "object",
    fields: [
      defineField({
        name: slugField,
        title: slugTitle,
        type: "string",
        description: `The catalogue's slug, e.g. ${example}. The catalogue lives in the storefront database, not here.`,
        validation: (rule) => rule.required().regex(SLUG_PATTERN, { name: "slug" }),
      }),
      defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required().max(60) }),
      defineField({ name: "image", title: "Image", type: "accessibleImage", validation: (rule) => rule.required() }),
    ],
    preview: { select: { title: "title", subtitle: slugField, media: "image" } },
  });
}

export const destinationCard = catalogueCard("destinationCard", "Destination", "citySlug", "City slug", "dubai");
export const categoryCard = catalogueCard("categoryCard", "Category", "categorySlug", "Category slug", "desert-safaris");
