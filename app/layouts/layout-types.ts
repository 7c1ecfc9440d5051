/** What a layout record is made of (the records themselves: ./layouts.ts and ./default-layout.ts). */
import type { LayoutId } from "#app/lib/layout-ids";

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
