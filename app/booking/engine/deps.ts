import type { Database } from "#app/db/db.server";
import type { OptionRulesCache } from "./option-rules.server";

/** What the engine's steps share; the EmbeddedBookingEngine (app/booking/engine.server.ts) holds one. */
export interface EngineDeps {
  db: Database;
  /** The clock (tests move it). */
  now: () => Date;
  /** Option rules, cached. */
  options: OptionRulesCache;
}
