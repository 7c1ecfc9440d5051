/** Postgres NOTIFY channels shared by the app's instances. */

/** Payload: the new catalogue_meta version. Catalogue indexes and booking caches refresh on it. */
export const CATALOGUE_CHANNEL = "catalogue_changed";

/**
 * Payload: JSON `{ "productId": …, "slug": … }`. A review changed one product's rating and reviews:
 * catalogue indexes patch it in, and only that product's cached pages are dropped.
 */
export const REVIEWS_CHANNEL = "product_reviewed";
