/**
 * The honeypot of every public form (auth, contact, custom offer): a field people never see, so only
 * bots fill it in. Schemas let it through; actions answer a filled one like a success and do nothing.
 */
import { z } from "zod";

/** The honeypot's field name: a plausible name bots fill in. */
export const HONEYPOT_FIELD = "website";

/** The honeypot in a form schema: any text, checked by the action with isHoneypotFilled. */
export const honeypotSchema = z.string().optional();

/** True when the hidden field has any content. */
export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}
