import { visionTool } from "@sanity/vision";
import { defineConfig } from "sanity";
import { structureTool } from "sanity/structure";
import { DEFAULT_STOREFRONT_URL, LANGUAGE_IDS, productPreviewUrl } from "./cms/constants";
import { storefrontPresentation } from "./cms/presentation";
import { SINGLETON_TYPES, schemaTypes } from "./cms/schema-types";
import { LANGUAGE_TEMPLATE_TYPES, structure } from "./cms/structure";
import { tryAPathTool } from "./cms/tools/try-a-path";
import { translationsPlugin, withTranslationBadges } from "./cms/translations";

// The studio is its own app (`npm run studio`); the storefront never imports this file.
// SANITY_STUDIO_* variables are the ones Sanity exposes to the studio bundle. The placeholder id lets
// `sanity build` run offline (CI); the built studio needs a real project to sign in to.
const projectId = process.env.SANITY_STUDIO_PROJECT_ID || "rihla000";
const dataset = process.env.SANITY_STUDIO_DATASET || "production";
// Where "Open preview" on an experience leads: the storefront redirects a product id to its detail page.
const storefrontUrl = (process.env.SANITY_STUDIO_STOREFRONT_URL || DEFAULT_STOREFRONT_URL).replace(/\/$/, "");

export default defineConfig({
  name: "rihla",
  title: "Rihla content",
  projectId,
  dataset,
  // Presentation: the storefront beside the document, showing drafts through its preview mode.
  plugins: [structureTool({ structure }), storefrontPresentation(storefrontUrl), visionTool({ defaultApiVersion: "2025-02-19" }), tryAPathTool(), translationsPlugin()],
  schema: {
    types: schemaTypes,
    templates: (previous) => [
      // Singletons are created only through their fixed ids in the desk, never from the global “Create” menu.
      ...previous.filter((template) => !(SINGLETON_TYPES as readonly string[]).includes(template.schemaType) && !LANGUAGE_IDS.includes(template.id as never)),
      ...LANGUAGE_TEMPLATE_TYPES.map((schemaType) => ({
        id: `${schemaType}-by-language`,
        title: `${schemaType} in a language`,
        schemaType,
        parameters: [{ name: "language", type: "string" }],
        value: (parameters: { language: string }) => ({ language: parameters.language }),
      })),
    ],
  },
  document: {
    productionUrl: async (previous, { document }) => {
      const productId = typeof document.productId === "string" ? document.productId : "";
      return document._type === "product" && productId ? productPreviewUrl(storefrontUrl, productId) : previous;
    },
    badges: (previous, context) => withTranslationBadges(previous, context.schemaType),
    // Per-language singletons: no duplicate or delete from the document menu.
    actions: (previous, context) =>
      (SINGLETON_TYPES as readonly string[]).includes(context.schemaType)
        ? previous.filter(({ action }) => action !== "duplicate" && action !== "delete" && action !== "unpublish")
        : previous,
    newDocumentOptions: (previous) => previous.filter((item) => !item.templateId.endsWith("-by-language") || !(SINGLETON_TYPES as readonly string[]).some((type) => item.templateId.startsWith(type))),
  },
});
