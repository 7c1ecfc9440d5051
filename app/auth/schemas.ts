import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { fieldRules } from "#app/auth/field-rules";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { honeypotSchema } from "#app/lib/honeypot-schema";

/**
 * The account forms, shared by conform in the browser and the route actions. Messages are i18n keys
 * (translated where they are shown); their English texts are the specification's.
 */
export const AUTH_ERRORS = {
  allFields: "account.errors.allFields",
  required: "account.errors.required",
  email: "account.errors.email",
  passwordLength: "account.errors.passwordLength",
  passwordMatch: "account.errors.passwordMatch",
  passwordIncorrect: "account.errors.passwordIncorrect",
  tooLong: "account.errors.tooLong",
  rateLimited: "account.errors.rateLimited",
  emailTaken: "account.errors.emailTaken",
  tokenInvalid: "account.errors.tokenInvalid",
} as const;

const { required, email, anyPassword, newPassword, confirmPassword, passwordsMatch } = fieldRules(AUTH_ERRORS);

/** A local path to go back to after the form; checked again (app/lib/safe-redirect.ts) before redirecting. */
const redirectTo = z.string().max(2048).optional();
// Filled in only by bots; the action checks it, so the schemas just let it through.
const honeypot = honeypotSchema;


export const LoginSchema = z.object({
  email,
  password: anyPassword,
  redirectTo,
  [HONEYPOT_FIELD]: honeypot,
});

export const SignUpSchema = z
  .object({
    name: required(120),
    email,
    password: newPassword,
    confirmPassword,
    redirectTo,
    /** The unticked marketing opt-in (app/components/marketing-opt-in.tsx). */
    marketing: z.literal("on").optional(),
    [HONEYPOT_FIELD]: honeypot,
  })
  .superRefine(passwordsMatch);

export const ForgotPasswordSchema = z.object({
  email,
  [HONEYPOT_FIELD]: honeypot,
});

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: AUTH_ERRORS.tokenInvalid }).min(20, { error: AUTH_ERRORS.tokenInvalid }).max(200, { error: AUTH_ERRORS.tokenInvalid }),
    password: newPassword,
    confirmPassword,
    [HONEYPOT_FIELD]: honeypot,
  })
  .superRefine(passwordsMatch);

export type LoginForm = z.infer<typeof LoginSchema>;
export type SignUpForm = z.infer<typeof SignUpSchema>;
export type ResetPasswordForm = z.infer<typeof ResetPasswordSchema>;

/**
 * The form-level message the specification gives when several fields are left empty: 'All fields
 * must be filled out.' — added by the actions (and conform's client validation) on top of the
 * per-field 'Required Field'.
 */
export function allFieldsMessage(fieldErrors: Record<string, string[] | null | undefined> | undefined): string[] {
  if (!fieldErrors) return [];
  const empty = Object.values(fieldErrors).filter((errors) => errors?.includes(AUTH_ERRORS.required)).length;
  return empty >= 2 ? [AUTH_ERRORS.allFields] : [];
}

/** parseWithZod plus the form-level 'All fields must be filled out.' (same in the browser and the action). */
export function parseAuthForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "error" && submission.error) {
    const extra = allFieldsMessage(submission.error);
    if (extra.length > 0) submission.error[""] = [...(submission.error[""] ?? []), ...extra];
  }
  return submission;
}
