import { useRouteLoaderData } from "@remix-run/react";
import { getLayout, type Layout } from "./layouts";

type RootLayoutData = { layout?: string } | undefined;

/**
 * The layout record of the current page, from the root loader (which applies the site settings,
 * the LAYOUT_TYPE override and a preview cookie). Error screens without root data get the default.
 */
export function useLayout(): Layout {
  const root = useRouteLoaderData("root") as RootLayoutData;
  return getLayout(root?.layout);
}
