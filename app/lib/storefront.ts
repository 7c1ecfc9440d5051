import type { StorefrontType } from "./redirects";

/** The listing path of the storefront type: supplier sites list 'experiences', others 'things to do'. */
export function listingPath(storefrontType: StorefrontType): "/experiences" | "/things-to-do" {
  return storefrontType === "supplier" ? "/experiences" : "/things-to-do";
}
