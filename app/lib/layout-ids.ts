/**
 * The eleven layouts a storefront can be configured with (site settings `layoutType`, or the
 * LAYOUT_TYPE environment override). One list, on the ground floor: the environment parser, the CMS
 * result schema (app/content/queries.ts builds its enum from it) and the layout records
 * (app/layouts/layouts.ts) all read it, so they cannot drift.
 */
export const LAYOUT_IDS = ["default", "transparent", "template-two", "template-four", "deira", "five", "four", "get-that-boat", "one", "six", "three"] as const;

export type LayoutId = (typeof LAYOUT_IDS)[number];
