import { z } from "zod";

/** 'Write a Review' (detail page → POST /account/reviews). Messages are i18n keys. */
export const ReviewSchema = z.object({
  productSlug: z.string().min(1).max(200),
  rating: z.coerce
    .number({ error: "account.errors.rating" })
    .int({ error: "account.errors.rating" })
    .min(1, { error: "account.errors.rating" })
    .max(5, { error: "account.errors.rating" }),
  title: z.string({ error: "account.errors.required" }).trim().min(1, { error: "account.errors.required" }).max(120, { error: "account.errors.tooLong" }),
  body: z.string({ error: "account.errors.required" }).trim().min(1, { error: "account.errors.required" }).max(4000, { error: "account.errors.tooLong" }),
  redirectTo: z.string().max(2048).optional(),
  lang: z.string().max(5).optional(),
});

export type ReviewInput = z.infer<typeof ReviewSchema>;
