/**
 * Interning: rows parsed from the database each carry their own copy of texts, images, policies and
 * code lists that repeat across thousands of products; the index shares equal values between them
 * (decision 036, "Products share what repeats").
 */
import type { SourceProduct } from "./types";

/** Structural equality of JSON values (as parsed from the database). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!(key in right) || !sameJson(left[key], right[key])) return false;
  return true;
}

/** The first (or last) string inside a value, depth first, or "" when it holds none. */
function edgeString(value: unknown, last: boolean): string {
  if (typeof value === "string") return value;
  if (value === null || typeof value !== "object") return "";
  const items = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  for (let i = 0; i < items.length; i++) {
    const found = edgeString(items[last ? items.length - 1 - i : i], last);
    if (found !== "") return found;
  }
  return "";
}

/**
 * Shares equal values between products: rows parsed from the database carry their own copy of texts,
 * images, policies and code lists that repeat across thousands of products. Values are bucketed by
 * their first and last strings (strings they hold already: no JSON copy of every title and image list
 * is kept while 100,000 rows are read) and compared within the bucket. The buckets live only while the
 * index is built.
 */
export function interner(): <T>(value: T) => T {
  const seen = new Map<string, Map<string, unknown[]>>();
  return <T>(value: T): T => {
    if (value === null || typeof value !== "object") return value;
    const first = edgeString(value, false);
    const last = edgeString(value, true);
    let byLast = seen.get(first);
    if (!byLast) seen.set(first, (byLast = new Map()));
    const bucket = byLast.get(last);
    if (!bucket) {
      byLast.set(last, [value]);
      return value;
    }
    for (const candidate of bucket) if (sameJson(candidate, value)) return candidate as T;
    bucket.push(value);
    return value;
  };
}

/** Products `compact` made: the loader compacts each page as it reads it, and the build need not again. */
const compacted = new WeakSet<SourceProduct>();

/** A product whose repeated parts are shared through `share`. */
export function compact<P extends SourceProduct>(product: P, share: <T>(value: T) => T): P {
  if (compacted.has(product)) return product;
  const result = {
    ...product,
    categoryIds: share(product.categoryIds),
    themeIds: share(product.themeIds),
    labels: share(product.labels),
    occasions: share(product.occasions),
    bestFor: share(product.bestFor),
    guideLanguages: share(product.guideLanguages),
    timesOfDay: share(product.timesOfDay),
    title: share(product.title),
    shortDescription: share(product.shortDescription),
    images: share(product.images.map((image) => share({ ...image, alt: share(image.alt), widths: share(image.widths) }))),
    cancellationPolicy: share(product.cancellationPolicy),
  };
  compacted.add(result);
  return result;
}
