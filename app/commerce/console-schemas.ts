/** The console's pay-later, offer and dashboard forms (server-side parsing; messages are i18n keys under admin.errors). */
import { z } from "zod";
import { isoDateSchema } from "#app/lib/date-schema";
import { daysBetween } from "#app/lib/dates";
import { OFFLINE_PAYMENT_METHODS } from "./pay-later";

const text = (max: number) => z.string().trim().max(max, { error: "admin.errors.tooLong" });
const required = (max: number) => text(max).min(1, { error: "admin.errors.required" });
/** Money typed in major units ("1250" or "1250.50"). */
const major = z.coerce.number({ error: "admin.errors.amount" }).positive({ error: "admin.errors.amount" }).max(100_000_000, { error: "admin.errors.amount" });

export const OfflinePaymentSchema = z.object({
  amount: major,
  method: z.enum(OFFLINE_PAYMENT_METHODS, { error: "admin.errors.required" }),
  reference: required(80),
  note: text(500).optional(),
});

export const CancelUnpaidSchema = z.object({ reason: required(500) });

export const QUOTE_OPTION_SLOTS = 3;

/** A quote: up to three dated options (the first required), valid until a day, and a message. */
export const QuoteSchema = z.object({
  validUntil: isoDateSchema("admin.errors.date"),
  message: text(4000).optional(),
  options: z
    .array(
      z.object({
        date: z.string().trim().optional(),
        time: z.string().trim().regex(/^(\d{2}:\d{2})?$/, { error: "admin.errors.time" }).optional(),
        price: z.string().trim().optional(),
        included: text(1000).optional(),
      }),
    )
    .max(QUOTE_OPTION_SLOTS),
});

export const WithdrawSchema = z.object({ reason: required(500) });

/** The longest range the dashboard reads at once (a year and a day, for a leap year's comparisons). */
export const DASHBOARD_MAX_DAYS = 366;
/** The range shown when none is asked for: the last 30 Riyadh days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

/** The dashboard's range of Riyadh days, from its GET form (app/commerce/dashboard.server.ts reads it). */
export const DashboardRangeSchema = z
  .object({
    from: isoDateSchema("admin.dashboard.errors.date"),
    to: isoDateSchema("admin.dashboard.errors.date"),
  })
  .refine((range) => range.from <= range.to, { error: "admin.dashboard.errors.order", path: ["to"] })
  .refine((range) => daysBetween(range.from, range.to) < DASHBOARD_MAX_DAYS, { error: "admin.dashboard.errors.tooLong", path: ["to"] });

export type DashboardRange = { from: string; to: string };
