import type { Layout } from "./layout-types";

/**
 * The default layout's record, apart from the table of every layout (layouts.ts): the root loader sends
 * the page's own record, so the browser needs only this one, for screens rendered without root data.
 */
export const DEFAULT_LAYOUT: Layout = {
  id: "default",
  family: "marketplace",
  header: "solid",
  hero: "image",
  // Every home section but the claims strip.
  homeSections: ["popularDestinations", "featured", "categories", "topDestinations", "themes", "gallery", "testimonials", "support"],
  footer: "columns",
  cards: "outlined",
  tiles: "overlay",
};

/** The body attributes that select a layout's tokens and structural modifiers in CSS. */
export function layoutBodyAttributes(layout: Layout, storefrontType: string) {
  return {
    "data-layout": layout.id,
    "data-storefront": storefrontType,
    "data-header": layout.header,
    "data-hero": layout.hero,
    "data-footer": layout.footer,
    "data-cards": layout.cards,
    "data-tiles": layout.tiles,
  } as const;
}
