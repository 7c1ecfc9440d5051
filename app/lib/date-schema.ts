import { z } from "zod";
import { isIsoDate } from "./dates";

/**
 * A form or query field holding a date (YYYY-MM-DD, a real calendar day); `message` is the i18n key
 * shown for a bad one. Kept apart from dates.ts so pages that only need dates do not ship zod.
 */
export function isoDateSchema(message?: string) {
  // `abort`: rules that compare dates (end after start) never see one that is not a date.
  return z.string().trim().refine(isIsoDate, { ...(message === undefined ? {} : { error: message }), abort: true });
}
