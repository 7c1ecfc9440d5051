import { z } from "zod";

/** Minimum password length (specification, section 9). */
export const MIN_PASSWORD_LENGTH = 8;

/** The i18n keys a form's rules answer with: the storefront's (account.errors.*) or the console's (admin.errors.*). */
export type FieldRuleMessages = { required: string; tooLong: string; email: string; passwordLength: string; passwordMatch: string };

/**
 * The field rules the storefront's account forms and the console's staff forms share (a name, an email
 * address, a password to check, a new password and its confirmation), each form family with its own
 * messages. conform turns an empty field into a missing one, so an empty field always says "required".
 */
export function fieldRules(messages: FieldRuleMessages) {
  const required = (max = 200) => z.string({ error: messages.required }).trim().min(1, { error: messages.required }).max(max, { error: messages.tooLong });

  const email = z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(254, { error: messages.tooLong })
    .pipe(z.email({ error: messages.email }))
    .transform((value) => value.toLowerCase());

  // Not trimmed: spaces are part of a password. 1024 bounds the hashing work a request can ask for.
  const anyPassword = z.string({ error: messages.required }).min(1, { error: messages.required }).max(1024, { error: messages.tooLong });

  const newPassword = z
    .string({ error: messages.required })
    .min(1, { error: messages.required })
    .min(MIN_PASSWORD_LENGTH, { error: messages.passwordLength })
    .max(1024, { error: messages.tooLong });

  /** For a form's superRefine: the confirmation must repeat the new password. */
  function passwordsMatch(data: { password?: string; confirmPassword?: string }, ctx: z.core.$RefinementCtx) {
    if (data.password && data.confirmPassword && data.password !== data.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: messages.passwordMatch });
    }
  }

  return { required, email, anyPassword, newPassword, confirmPassword: anyPassword, passwordsMatch };
}
