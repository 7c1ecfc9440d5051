import { defineLocations, presentationTool, type DocumentLocationResolvers } from "sanity/presentation";
import { storefrontPath } from "./constants";

/**
 * The Presentation tool: the storefront in a frame beside the document, in preview mode (drafts).
 * The studio stores a one-hour secret in the dataset and opens the storefront's enable route with it;
 * the storefront checks it with @sanity/preview-url-secret and sets its signed preview cookie
 * (app/content/preview-mode.server.ts). `locations` list where a document shows on the storefront.
 */

const locations: DocumentLocationResolvers = {
  blogPost: defineLocations({
    select: { title: "title", slug: "slug.current", language: "language" },
    resolve: (doc) =>
      doc?.slug
        ? {
            locations: [
              { title: String(doc.title ?? doc.slug), href: storefrontPath(doc.language, `/blog/${String(doc.slug)}`) },
              { title: "Blog", href: storefrontPath(doc.language, "/blog") },
            ],
          }
        : null,
  }),
  staticPage: defineLocations({
    select: { title: "title", kind: "kind", language: "language" },
    resolve: (doc) => (doc?.kind ? { locations: [{ title: String(doc.title ?? doc.kind), href: storefrontPath(doc.language, `/${String(doc.kind)}`) }] } : null),
  }),
  homePage: defineLocations({
    select: { language: "language" },
    resolve: (doc) => ({ locations: [{ title: "Home", href: storefrontPath(doc?.language, "/") }] }),
  }),
};

export function storefrontPresentation(origin: string) {
  return presentationTool({
    previewUrl: {
      origin,
      previewMode: { enable: "/api/preview-mode/enable", disable: "/api/preview-mode/disable" },
    },
    resolve: { locations },
  });
}
