/** Which storefront a site is: a supplier's own shop (`/experiences/…`) or a reseller's (`/things-to-do…`). */
export type StorefrontType = "supplier" | "default";

