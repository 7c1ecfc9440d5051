/**
 * The honeypot of every public form (auth, contact, custom offer): a field people never see, so only
 * bots fill it in. Schemas let it through (honeypotSchema, in honeypot-schema.ts: this module stays
 * free of zod for the client); actions answer a filled one like a success and do nothing.
 */

/** The honeypot's field name: a plausible name bots fill in. */
export const HONEYPOT_FIELD = "website";

/** True when the hidden field has any content. */
export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}
