/**
 * Telling every instance that the catalogue changed: the version in catalogue_meta goes up and a
 * NOTIFY on CATALOGUE_CHANNEL carries it (catalogue indexes, page caches and the engine's cached rules
 * listen). On the ground floor, so any writer (catalogue management, the engine's schedule editor)
 * announces its change without importing the catalogue.
 */
import { sql } from "drizzle-orm";
import { CATALOGUE_CHANNEL } from "./channels";
import type { DatabaseHandle } from "./db.server";
import { rowsOf } from "./driver.server";

/** Bumps the catalogue version and tells every instance (call after any catalogue write). */
export async function notifyCatalogueChanged(handle: Pick<DatabaseHandle, "db" | "pubsub">): Promise<number> {
  const rows = rowsOf<{ version: number }>(
    await handle.db.execute(sql`UPDATE catalogue_meta SET version = version + 1, updated_at = now() WHERE key = 'catalogue' RETURNING version::int AS version`),
  );
  const version = rows[0]?.version ?? 0;
  await handle.pubsub.notify(CATALOGUE_CHANNEL, String(version));
  return version;
}
