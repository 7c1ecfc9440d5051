import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
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

/** Minimum password length (specification, section 9). */
export const MIN_PASSWORD_LENGTH = 8;


const required = (max = 200) =>
  z
    .string({ error: AUTH_ERRORS.required })
    .trim()
    .min(1, { error: AUTH_ERRORS.required })
    .max(max, { error: AUTH_ERRORS.tooLong });

const email = z
  .string({ error: AUTH_ERRORS.required })
  .trim()
  .min(1, { error: AUTH_ERRORS.required })
  .max(254, { error: AUTH_ERRORS.tooLong })
  .pipe(z.email({ error: AUTH_ERRORS.email }))
  .transform((value) => value.toLowerCase());

// Not trimmed: spaces are part of a password. 1024 bounds the hashing work a request can ask for.
const newPassword = z
  .string({ error: AUTH_ERRORS.required })
  .min(1, { error: AUTH_ERRORS.required })
  .min(MIN_PASSWORD_LENGTH, { error: AUTH_ERRORS.passwordLength })
  .max(1024, { error: AUTH_ERRORS.tooLong });

const anyPassword = z
  .string({ error: AUTH_ERRORS.required })
  .min(1, { error: AUTH_ERRORS.required })
  .max(1024, { error: AUTH_ERRORS.tooLong });

/** A local path to go back to after the form; checked again (app/lib/safe-redirect.ts) before redirecting. */
const redirectTo = z.string().max(2048).optional();
// Filled in only by bots; the action checks it, so the schemas just let it through.
const honeypot = honeypotSchema;


function passwordsMatch(data: { password?: string; confirmPassword?: string }, ctx: z.core.$RefinementCtx) {
  if (data.password && data.confirmPassword && data.password !== data.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH_ERRORS.passwordMatch });
  }
}

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
    confirmPassword: z.string({ error: AUTH_ERRORS.required }).min(1, { error: AUTH_ERRORS.required }).max(1024, { error: AUTH_ERRORS.tooLong }),
    redirectTo,
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
    confirmPassword: z.string({ error: AUTH_ERRORS.required }).min(1, { error: AUTH_ERRORS.required }).max(1024, { error: AUTH_ERRORS.tooLong }),
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
