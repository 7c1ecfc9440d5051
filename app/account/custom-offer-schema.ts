import { z } from "zod";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { honeypotSchema } from "#app/lib/honeypot-schema";
import { isoDateSchema } from "#app/lib/date-schema";

const required = (max: number) =>
  z.string({ error: "account.errors.required" }).trim().min(1, { error: "account.errors.required" }).max(max, { error: "account.errors.tooLong" });
// A missing date is 'required'; one that is not a real calendar day (2026-02-30) is 'invalidDate'.
const isoDate = z.string({ error: "account.errors.required" }).trim().min(1, { error: "account.errors.required" }).pipe(isoDateSchema("account.errors.invalidDate"));

/** 'Request a custom offer' for experiences without a fixed price. Budget in major units (optional). */
export const CustomOfferSchema = z
  .object({
    dateFrom: isoDate,
    dateTo: isoDate.optional(),
    groupSize: z.coerce.number({ error: "account.errors.groupSize" }).int({ error: "account.errors.groupSize" }).min(1, { error: "account.errors.groupSize" }).max(500, { error: "account.errors.groupSize" }),
    budget: z.coerce.number({ error: "account.errors.number" }).int({ error: "account.errors.number" }).min(0, { error: "account.errors.number" }).max(100_000_000, { error: "account.errors.number" }).optional(),
    message: required(4000),
    name: required(120),
    email: required(254).pipe(z.email({ error: "account.errors.email" })),
    phone: z.string().trim().max(40, { error: "account.errors.tooLong" }).optional(),
    [HONEYPOT_FIELD]: honeypotSchema,
  })
  .superRefine((value, ctx) => {
    if (value.dateTo && value.dateTo < value.dateFrom) ctx.addIssue({ code: "custom", path: ["dateTo"], message: "account.errors.dateOrder" });
  });

export type CustomOfferInput = z.infer<typeof CustomOfferSchema>;
