import { z } from "zod";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { honeypotSchema } from "#app/lib/honeypot-schema";

/**
 * The contact form, shared by conform in the browser and the route action. Messages are i18n keys
 * (translated where they are shown); the required/email texts are the specification's.
 */
export const CONTACT_ERRORS = {
  required: "contact.errors.required",
  email: "contact.errors.email",
  tooLong: "contact.errors.tooLong",
} as const;


const requiredText = (max: number) =>
  z
    .string({ error: CONTACT_ERRORS.required })
    .trim()
    .min(1, { error: CONTACT_ERRORS.required })
    .max(max, { error: CONTACT_ERRORS.tooLong });

export const ContactFormSchema = z.object({
  name: requiredText(120),
  email: z
    .string({ error: CONTACT_ERRORS.required })
    .trim()
    .min(1, { error: CONTACT_ERRORS.required })
    .max(254, { error: CONTACT_ERRORS.tooLong })
    .pipe(z.email({ error: CONTACT_ERRORS.email })),
  subject: requiredText(200),
  message: requiredText(5000),
  // Filled in only by bots; the action checks it, so the schema just lets it through.
  [HONEYPOT_FIELD]: honeypotSchema,
});

export type ContactForm = z.infer<typeof ContactFormSchema>;
