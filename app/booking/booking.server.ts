/**
 * The process's BookingApi: the embedded engine over the database, or an external OCTO supplier
 * (BOOKING_API_URL) behind the same interface. The composition root builds one; everything else
 * receives it.
 */
import { CATALOGUE_CHANNEL } from "#app/db/channels";
import type { DatabaseHandle } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import { OctoHttpBookingApi } from "#app/octo/client.server";
import { EmbeddedBookingEngine } from "./engine.server";
import type { BookingApi } from "./types";

export type { BookingApi, OctoBooking } from "./types";
export { BookingError, isBookingError } from "./types";
export { quoteRefund, freeCancellationUntil } from "./policy";

/** A BookingApi and what runs beside it (the embedded engine's cache listener and hold reaper). */
export interface BookingService {
  api: BookingApi;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The embedded engine (with its hold reaper), or the OCTO HTTP client when BOOKING_API_URL is set. */
export function createBookingService(env: Pick<Env, "BOOKING_API_URL" | "BOOKING_API_KEY" | "BOOKING_HOLD_MINUTES">, handle: Pick<DatabaseHandle, "db" | "pubsub">, clock?: { now(): Date }): BookingService {
  if (env.BOOKING_API_URL) {
    // The supplier keeps its own inventory and expires its own holds: no reaper here.
    const api = new OctoHttpBookingApi({ baseUrl: env.BOOKING_API_URL, apiKey: env.BOOKING_API_KEY ?? "" });
    return { api, start: () => Promise.resolve(), stop: () => Promise.resolve() };
  }
  const engine = new EmbeddedBookingEngine(handle.db, { holdMinutes: env.BOOKING_HOLD_MINUTES, now: clock ? () => clock.now() : undefined });
  let reaper: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  return {
    api: engine,
    async start() {
      // Prices and schedules are cached for a minute; a catalogue change clears them at once.
      unlisten = await handle.pubsub.listen(CATALOGUE_CHANNEL, () => engine.clearCache());
      reaper = startHoldReaper(engine);
    },
    async stop() {
      if (reaper) clearInterval(reaper);
      reaper = undefined;
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
    },
  };
}

/** Expires stale holds on an interval; unref'd so it never keeps the process alive. */
export function startHoldReaper(api: Pick<BookingApi, "expireHolds">, intervalMs = 60_000): NodeJS.Timeout {
  const timer = setInterval(() => {
    api.expireHolds().catch((error: unknown) => console.error("[booking] expiring holds failed", error));
  }, intervalMs);
  timer.unref();
  return timer;
}
