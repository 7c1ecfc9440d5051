/**
 * Work that runs now and then every so often, never overlapping itself, and with several instances on
 * one database on only one of them at a time (an advisory lock: the others skip that tick).
 */
import type { DatabaseHandle } from "./db.server";

export interface PeriodicJob {
  /** Stops the timer and waits for a running pass (call before closing the database). */
  stop(): Promise<void>;
}

export function startPeriodic(database: Pick<DatabaseHandle, "exclusive">, options: { lock: number; intervalMs: number; name: string }, pass: () => Promise<unknown>): PeriodicJob {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = database
      .exclusive(options.lock, pass)
      .catch((error: unknown) => console.error(`[${options.name}] pass failed`, error))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
