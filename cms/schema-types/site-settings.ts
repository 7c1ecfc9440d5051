import { defineArrayMember, defineField, defineType } from "sanity";
import { CURRENCIES, DISCOVER_TYPES, LAYOUT_TYPES, STOREFRONT_TYPES } from "../constants";
import { languageField } from "./fields";

/** One per language (id `siteSettings-{language}`). Environment variables on the server override the three storefront switches. */
export const siteSettings = defineType({
  name: "siteSettings",
  title: "Site settings",
  type: "document",
  groups: [
    { name: "storefront", title: "Storefront", default: true },
    { name: "support", title: "Support" },
    { name: "marketing", title: "Marketing" },
  ],
  fields: [
    languageField,
    defineField({ name: "siteName", title: "Site name", type: "string", group: "storefront", validation: (rule) => rule.required().max(40) }),
    defineField({
      name: "storefrontType",
      title: "Storefront type",
      type: "string",
      group: "storefront",
      description: "“supplier” lists experiences; “default” lists things to do.",
      options: { list: [...STOREFRONT_TYPES], layout: "radio" },
      initialValue: "default",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "discoverType",
      title: "Discover type",
      type: "string",
      group: "storefront",
      description: "Where /discover links lead. The supplier storefront uses experiences, the default one things to do.",
      options: { list: [...DISCOVER_TYPES], layout: "radio" },
      initialValue: "things-to-do",
      validation: (rule) =>
        rule.required().custom((value, context) => {
          const storefrontType = (context.document as { storefrontType?: string } | undefined)?.storefrontType;
          const expected = storefrontType === "supplier" ? "experiences" : "things-to-do";
          return !value || !storefrontType || value === expected || `The ${storefrontType} storefront discovers “${expected}”.`;
        }).error(),
    }),
    defineField({
      name: "layoutType",
      title: "Layout",
      type: "string",
      group: "storefront",
      options: { list: [...LAYOUT_TYPES] },
      initialValue: "default",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "defaultCurrency",
      title: "Default currency",
      type: "string",
      group: "storefront",
      options: { list: [...CURRENCIES] },
      initialValue: "SAR",
      validation: (rule) => rule.required().regex(/^[A-Z]{3}$/, { name: "ISO 4217 code" }),
    }),
    defineField({ name: "support", title: "Support channels", type: "supportChannels", group: "support", validation: (rule) => rule.required() }),
    defineField({
      name: "tagManagerId",
      title: "Tag manager ID",
      type: "string",
      group: "marketing",
      description: "Google Tag Manager container, e.g. GTM-ABC1234. Loaded only for visitors who accept the cookie banner, which appears only when this is set. Leave empty to load no tags.",
      validation: (rule) => rule.regex(/^GTM-[A-Z0-9]{4,10}$/, { name: "GTM container id" }),
    }),
    defineField({ name: "claims", title: "Marketing claims", type: "marketingClaims", group: "marketing", validation: (rule) => rule.required() }),
    defineField({
      name: "socialLinks",
      title: "Social links",
      type: "array",
      group: "marketing",
      of: [defineArrayMember({ type: "socialLink" })],
      validation: (rule) => rule.max(8),
    }),
  ],
  preview: { select: { title: "siteName", subtitle: "language" }, prepare: ({ title, subtitle }) => ({ title: `${title ?? "Site settings"}`, subtitle: `Settings · ${subtitle ?? "?"}` }) },
});
