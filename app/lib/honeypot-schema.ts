/**
 * The honeypot (app/lib/honeypot.ts) in a form schema: any text, checked by the action with
 * isHoneypotFilled. Apart from honeypot.ts so the form kit can name the field without importing zod.
 */
import { z } from "zod";

export const honeypotSchema = z.string().optional();
