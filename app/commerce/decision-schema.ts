/** The console's on-request decision form (shared by server and browser; messages are i18n keys). */
import { z } from "zod";

export const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), itemId: z.string().min(1).max(64) }),
  z.object({
    intent: z.literal("reject"),
    itemId: z.string().min(1).max(64),
    reason: z.string({ error: "admin.decide.reasonRequired" }).trim().min(1, "admin.decide.reasonRequired").max(500, "admin.errors.tooLong"),
  }),
]);
