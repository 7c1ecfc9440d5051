/**
 * Image URLs for content. Pure and browser-safe: the Portable Text renderer uses it too.
 *
 * On Sanity, `src` is an `https://cdn.sanity.io/images/…` URL that takes transformation parameters.
 * In the seed dataset it is the import reference `image@file://./images/<name>.jpg`; the storefront
 * serves those files itself under SEED_ASSET_BASE (see `readSeedAsset` and `routes/cms-asset.ts`).
 * Sized URLs of either are app/lib/images.ts's (`sizedImageUrl`, `responsiveImage`).
 */
export const SEED_ASSET_BASE = "/cms-assets";

const SEED_REFERENCE = /^image@file:\/\/\.\/images\/([A-Za-z0-9._-]+)$/;

export function resolveImageSrc(src: string): string {
  const seed = SEED_REFERENCE.exec(src);
  if (seed) return `${SEED_ASSET_BASE}/${seed[1]}`;
  return src;
}

/** Only these hrefs reach the page from rich text: http(s), mailto, tel, and site-relative paths. */
export function safeHref(href: unknown): string | null {
  if (typeof href !== "string") return null;
  const value = href.trim();
  if (/^(?:https?:\/\/|mailto:|tel:)/i.test(value)) return value;
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  return null;
}

export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
