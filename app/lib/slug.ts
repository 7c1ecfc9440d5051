/** A URL slug as the catalogue and CMS write them: lower-case letters, digits and single hyphens. */
import { CITY_SEGMENT_PREFIX } from "./paths";
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= 120 && SLUG_PATTERN.test(value);
}

export { CITY_SEGMENT_PREFIX };

/** The city slug of a city listing segment (see citySegment in paths.ts), or null. */
export function citySlugFromSegment(segment: string | undefined): string | null {
  if (!segment?.startsWith(CITY_SEGMENT_PREFIX)) return null;
  const slug = segment.slice(CITY_SEGMENT_PREFIX.length);
  return isSlug(slug) ? slug : null;
}

/**
 * A slug from a title: accents dropped, "&" read as "and", anything else between letters and digits one
 * hyphen. `maxLength` cuts it (at a whole character, never ending in a hyphen).
 */
export function slugify(text: string, maxLength = Infinity): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
}
