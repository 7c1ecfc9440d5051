/** Which storefront a site is: a supplier's own shop (`/experiences/…`) or a reseller's (`/things-to-do…`). */
export type StorefrontType = "supplier" | "default";

/** The listing path of the storefront type: supplier sites list 'experiences', others 'things to do'. */
export function listingPath(storefrontType: StorefrontType): "/experiences" | "/things-to-do" {
  return storefrontType === "supplier" ? "/experiences" : "/things-to-do";
}
