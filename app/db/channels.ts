/** Postgres NOTIFY channels shared by the app's instances. */

/** Payload: the new catalogue_meta version. Catalogue indexes and booking caches refresh on it. */
export const CATALOGUE_CHANNEL = "catalogue_changed";
