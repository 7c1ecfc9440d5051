/**
 * The checkout form's one schema, used by conform in the browser and in the action. Messages are
 * translation keys (the form translates them); the texts are the specification's.
 */
import { z } from "zod";

const REQUIRED = "booking.validation.required";
const FORMAT = "booking.validation.format";
const TOO_LONG = "booking.validation.tooLong";

const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(max, { error: TOO_LONG });

/** Dialling codes offered in the country-code select (Gulf first: the company is in Riyadh). */
export const COUNTRY_CODES = ["+966", "+971", "+974", "+965", "+973", "+968", "+20", "+962", "+90", "+7", "+86", "+1", "+44", "+33", "+49", "+91"] as const;

export const CheckoutSchema = z.object({
  firstName: requiredText(80),
  lastName: requiredText(80),
  email: z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(200, { error: TOO_LONG }).pipe(z.email({ error: FORMAT })),
  countryCode: z.string({ error: REQUIRED }).regex(/^\+\d{1,4}$/, { error: FORMAT }),
  phone: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .regex(/^[0-9][0-9 -]{4,18}$/, { error: FORMAT })
    .transform((value) => value.replace(/[\s-]/g, "")),
  paymentMethod: z.enum(["card", "pay_later", "installments"], { error: REQUIRED }),
  idempotencyKey: z.uuid({ error: FORMAT }),
  expectedTotal: z.coerce.number().int().optional(),
  /** The unticked marketing opt-in: "on" only when the customer ticks it. */
  marketing: z.literal("on").optional(),
});

export type CheckoutInput = z.infer<typeof CheckoutSchema>;
