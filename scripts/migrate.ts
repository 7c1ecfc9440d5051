/**
 * The release step: applies pending migrations to the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR) under an advisory lock, so two instances deploying at once migrate
 * once. App instances on a server only check on boot that nothing is pending.
 *
 *   npm run migrate
 */
import { openDatabase, pendingMigrations, type DatabaseHandle } from "#app/db/db.server";
import { parseEnv } from "#app/lib/env.server";

let handle: DatabaseHandle | undefined;
try {
  handle = await openDatabase(parseEnv(), { mode: "migrate" });
  console.info(`Migrated (${handle.kind}); ${await pendingMigrations(handle)} pending`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await handle?.close().catch(() => undefined);
}
