/** The console's refund, cancellation and retry forms (shared by server and browser; messages are i18n keys). */
import { z } from "zod";

const itemId = z.string().min(1).max(64);
const reason = z.string({ error: "admin.refunds.reasonRequired" }).trim().min(1, "admin.refunds.reasonRequired").max(500, "admin.errors.tooLong");

export const RefundFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("refund"),
    itemId,
    /** Major units as typed ("120.50"); converted to minor units in the order's currency on the server. */
    amount: z.string({ error: "admin.refunds.amountInvalid" }).trim().regex(/^\d{1,9}(?:[.,]\d{1,3})?$/, "admin.refunds.amountInvalid"),
    reason,
    idempotencyKey: z.string().min(8).max(100),
  }),
  z.object({ intent: z.literal("cancel"), itemId, reason, override: z.literal("on").optional() }),
  z.object({ intent: z.literal("retryRefund"), refundId: z.string().min(1).max(64) }),
]);
