import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_LAYOUT } from "./default-layout";
import type { Layout } from "./layouts";
import type { StorefrontType } from "#app/lib/storefront";

type RootLayoutData = { layout?: Layout; site?: { storefrontType?: string } } | undefined;

/**
 * The layout record of the current page, from the root loader (which applies the site settings,
 * the LAYOUT_TYPE override and a preview cookie). Error screens without root data get the default.
 */
export function useLayout(): Layout {
  const root = useRouteLoaderData("root") as RootLayoutData;
  return root?.layout ?? DEFAULT_LAYOUT;
}

/** The site's storefront type, from the root loader (default on error screens without root data). */
export function useStorefrontType(): StorefrontType {
  const root = useRouteLoaderData("root") as RootLayoutData;
  return root?.site?.storefrontType === "supplier" ? "supplier" : "default";
}
