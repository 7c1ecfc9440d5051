/**
 * Image URLs for content. Pure and browser-safe: the Portable Text renderer uses it too.
 *
 * On Sanity, `src` is an `https://cdn.sanity.io/images/…` URL that takes transformation parameters.
 * In the seed dataset it is the import reference `image@file://./images/<name>.jpg`; the storefront
 * serves those files itself under SEED_ASSET_BASE (see `readSeedAsset` and `routes/cms-asset.ts`).
 */
export const SEED_ASSET_BASE = "/cms-assets";

const SEED_REFERENCE = /^image@file:\/\/\.\/images\/([A-Za-z0-9._-]+)$/;
const SANITY_CDN = /^https:\/\/cdn\.sanity\.io\/images\//;

export function resolveImageSrc(src: string): string {
  const seed = SEED_REFERENCE.exec(src);
  if (seed) return `${SEED_ASSET_BASE}/${seed[1]}`;
  return src;
}

/** A sized URL: Sanity's image pipeline resizes and picks the format; seed files are served as they are. */
export function imageUrl(src: string, { width, quality = 75 }: { width?: number; quality?: number } = {}): string {
  const resolved = resolveImageSrc(src);
  if (!SANITY_CDN.test(resolved)) return resolved;
  const url = new URL(resolved);
  if (width) url.searchParams.set("w", String(width));
  url.searchParams.set("q", String(quality));
  url.searchParams.set("auto", "format");
  return url.toString();
}

/** A `srcset` over the given widths on Sanity's CDN; empty for seed files, which come in one size. */
export function imageSrcSet(src: string, widths: readonly number[], quality?: number): string {
  const resolved = resolveImageSrc(src);
  if (!SANITY_CDN.test(resolved)) return "";
  return widths.map((width) => `${imageUrl(resolved, { width, quality })} ${width}w`).join(", ");
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
