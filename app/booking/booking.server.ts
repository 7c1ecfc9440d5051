/**
 * The process-wide BookingApi (the embedded engine over getDb()) and its hold reaper. Swap the
 * implementation here to put an external OCTO supplier behind the same interface.
 */
import { CATALOGUE_CHANNEL } from "#app/db/channels";
import { getDatabaseHandle } from "#app/db/db.server";
import { getEnv } from "#app/lib/env.server";
import { OctoHttpBookingApi } from "#app/octo/client.server";
import { EmbeddedBookingEngine } from "./engine.server";
import type { BookingApi } from "./types";

export type { BookingApi, OctoBooking } from "./types";
export { BookingError, isBookingError } from "./types";
export { quoteRefund, freeCancellationUntil } from "./policy";

let shared: Promise<EmbeddedBookingEngine> | undefined;
let reaper: NodeJS.Timeout | undefined;

/** The embedded engine; also starts the reaper that expires stale holds every minute. */
export function getBookingEngine(): Promise<EmbeddedBookingEngine> {
  shared ??= getDatabaseHandle()
    .then(async (handle) => {
      const engine = new EmbeddedBookingEngine(handle.db, { holdMinutes: getEnv().BOOKING_HOLD_MINUTES });
      // Prices and schedules are cached for a minute; a catalogue change clears them at once.
      await handle.pubsub.listen(CATALOGUE_CHANNEL, () => engine.clearCache());
      reaper ??= startHoldReaper(engine);
      return engine;
    })
    .catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
  return shared;
}

let remote: BookingApi | undefined;

export function getBookingApi(): Promise<BookingApi> {
  // An external OCTO supplier replaces the embedded engine when BOOKING_API_URL is set (issue 9);
  // the supplier keeps its own inventory and expires its own holds, so no engine or reaper starts here.
  const { BOOKING_API_URL, BOOKING_API_KEY } = getEnv();
  if (BOOKING_API_URL) {
    remote ??= new OctoHttpBookingApi({ baseUrl: BOOKING_API_URL, apiKey: BOOKING_API_KEY ?? "" });
    return Promise.resolve(remote);
  }
  return getBookingEngine();
}

/** Expires stale holds on an interval; unref'd so it never keeps the process alive. */
export function startHoldReaper(api: Pick<BookingApi, "expireHolds">, intervalMs = 60_000): NodeJS.Timeout {
  const timer = setInterval(() => {
    api.expireHolds().catch((error: unknown) => console.error("[booking] expiring holds failed", error));
  }, intervalMs);
  timer.unref();
  return timer;
}

/** Stops the reaper and forgets the engine (before closeDb on shutdown, and in tests). */
export function stopBookingEngine(): void {
  if (reaper) clearInterval(reaper);
  reaper = undefined;
  shared = undefined;
}
