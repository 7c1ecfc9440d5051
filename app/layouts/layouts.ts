import type { SiteSettings } from "#app/content/content.server";
import { DEFAULT_LAYOUT } from "./default-layout";

/**
 * The eleven layouts a storefront can be configured with (site settings `layoutType`, or the
 * LAYOUT_TYPE environment override). A layout is a record of structural choices that shared
 * components read, plus a token set in app/styles/layouts.css keyed on `body[data-layout]`, so
 * there are no per-layout copies of the header, hero or footer. Everything here is server-rendered
 * markup and CSS: the browser gets the page's own record in the root loader's data, and this table
 * stays on the server.
 */
export const LAYOUT_IDS = [
  "default",
  "transparent",
  "template-two",
  "template-four",
  "deira",
  "five",
  "four",
  "get-that-boat",
  "one",
  "six",
  "three",
] as const;

export type LayoutId = (typeof LAYOUT_IDS)[number];

// The CMS schema and the environment parser each list the ids too; this fails to compile if they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const layoutIdsMatchTheCms: Same<LayoutId, SiteSettings["layoutType"]> = true;
void layoutIdsMatchTheCms;

/** How the header sits: on the page surface, on the brand colour, centred, or over the home hero. */
export type HeaderMode = "solid" | "inverted" | "centered" | "transparent";
/**
 * The home hero: `image` a photo behind the text with a scrim; `full` a taller, centred version;
 * `split` text beside a framed photo; `compact` a short brand-coloured band without a photo.
 */
export type HeroVariant = "image" | "full" | "split" | "compact";
export type FooterVariant = "columns" | "dark" | "compact";
/** Experience cards: a border, a shadow, or neither. */
export type CardStyle = "outlined" | "elevated" | "flat";
/** Destination and category tiles: the name over the photo, or a caption under it. */
export type TileStyle = "overlay" | "caption";

export const HOME_SECTION_IDS = [
  "popularDestinations",
  "featured",
  "categories",
  "topDestinations",
  "themes",
  "gallery",
  "testimonials",
  "claims",
  "support",
] as const;
export type HomeSectionId = (typeof HOME_SECTION_IDS)[number];

export type Layout = {
  id: LayoutId;
  /** Marketplace layouts serve the default storefront; supplier layouts were designed for one supplier's catalogue. */
  family: "marketplace" | "supplier";
  header: HeaderMode;
  hero: HeroVariant;
  homeSections: readonly HomeSectionId[];
  footer: FooterVariant;
  cards: CardStyle;
  tiles: TileStyle;
};

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
