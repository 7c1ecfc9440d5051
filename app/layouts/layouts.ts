import { LAYOUT_IDS, type LayoutId } from "#app/lib/layout-ids";
import { DEFAULT_LAYOUT } from "./default-layout";
import type { Layout } from "./layout-types";

export { LAYOUT_IDS, type LayoutId };
export * from "./layout-types";

/**
 * The eleven layouts a storefront can be configured with (their ids: app/lib/layout-ids.ts). A layout
 * is a record of structural choices that shared components read, plus a token set in
 * app/styles/layouts.css keyed on `body[data-layout]`, so there are no per-layout copies of the
 * header, hero or footer. Everything here is server-rendered markup and CSS: the browser gets the
 * page's own record in the root loader's data, and this table stays on the server.
 */

export const LAYOUTS: Record<LayoutId, Layout> = {
  default: DEFAULT_LAYOUT,
  transparent: {
    id: "transparent",
    family: "marketplace",
    header: "transparent",
    hero: "full",
    homeSections: ["claims", "popularDestinations", "featured", "themes", "categories", "testimonials", "topDestinations", "gallery", "support"],
    footer: "dark",
    cards: "elevated",
    tiles: "overlay",
  },
  "template-two": {
    id: "template-two",
    family: "marketplace",
    header: "inverted",
    hero: "split",
    homeSections: ["featured", "categories", "popularDestinations", "testimonials", "themes", "topDestinations", "gallery", "support"],
    footer: "columns",
    cards: "flat",
    tiles: "caption",
  },
  "template-four": {
    id: "template-four",
    family: "marketplace",
    header: "solid",
    hero: "compact",
    homeSections: ["categories", "featured", "popularDestinations", "claims", "topDestinations", "themes", "testimonials", "gallery", "support"],
    footer: "dark",
    cards: "elevated",
    tiles: "caption",
  },
  deira: {
    id: "deira",
    family: "supplier",
    header: "transparent",
    hero: "full",
    homeSections: ["featured", "claims", "gallery", "themes", "testimonials", "support"],
    footer: "dark",
    cards: "flat",
    tiles: "overlay",
  },
  five: {
    id: "five",
    family: "supplier",
    header: "solid",
    hero: "split",
    homeSections: ["featured", "themes", "testimonials", "gallery", "support"],
    footer: "compact",
    cards: "outlined",
    tiles: "caption",
  },
  four: {
    id: "four",
    family: "supplier",
    header: "inverted",
    hero: "compact",
    homeSections: ["featured", "categories", "claims", "testimonials", "support"],
    footer: "compact",
    cards: "elevated",
    tiles: "caption",
  },
  "get-that-boat": {
    id: "get-that-boat",
    family: "supplier",
    header: "transparent",
    hero: "image",
    homeSections: ["featured", "gallery", "claims", "testimonials", "themes", "support"],
    footer: "dark",
    cards: "elevated",
    tiles: "overlay",
  },
  one: {
    id: "one",
    family: "supplier",
    header: "centered",
    hero: "image",
    homeSections: ["featured", "categories", "support"],
    footer: "compact",
    cards: "flat",
    tiles: "caption",
  },
  six: {
    id: "six",
    family: "supplier",
    header: "centered",
    hero: "split",
    homeSections: ["featured", "testimonials", "themes", "gallery", "claims", "support"],
    footer: "columns",
    cards: "outlined",
    tiles: "overlay",
  },
  three: {
    id: "three",
    family: "supplier",
    header: "inverted",
    hero: "full",
    homeSections: ["claims", "featured", "themes", "testimonials", "gallery", "support"],
    footer: "dark",
    cards: "outlined",
    tiles: "caption",
  },
};

export function isLayoutId(value: unknown): value is LayoutId {
  return typeof value === "string" && (LAYOUT_IDS as readonly string[]).includes(value);
}

/** The layout record of an id, the default layout for anything unknown. */
export function getLayout(id: string | null | undefined): Layout {
  return isLayoutId(id) ? LAYOUTS[id] : LAYOUTS.default;
}
