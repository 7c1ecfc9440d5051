import { startReconciler, stopReconciler } from "#app/commerce/reconciler.server";
import { startContentInvalidationListener } from "#app/content/invalidation.server";
import { stopBookingEngine } from "#app/booking/booking.server";
import { closeDb, getDb } from "#app/db/db.server";

/**
 * What the server process starts before its first request and stops on SIGTERM. server.js calls
 * these through the server build (entry.server re-exports them).
 */
let stopContentListener: (() => Promise<void>) | undefined;

export async function boot(): Promise<void> {
  // Opens, migrates and (on an empty database) seeds before the first request, not during it.
  await getDb();
  stopContentListener = await startContentInvalidationListener();
  // Expires stale holds, settles orders whose webhook never came, retries confirmations: a crash at
  // any step of a checkout is mended on the next start.
  startReconciler();
}

/** Stops listeners first, then closes the database once running queries finish. */
export async function shutdown(): Promise<void> {
  try {
    await stopContentListener?.();
  } catch (error) {
    console.error("[shutdown] content listener", error);
  }
  // The reconciler and the hold reaper must stop before the database they write to closes.
  await stopReconciler();
  stopBookingEngine();
  await closeDb();
}
