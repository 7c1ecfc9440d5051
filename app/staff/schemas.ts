import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "#app/auth/schemas";
import { STAFF_ROLES } from "./roles";

/** The console's forms, shared by conform in the browser and the actions. Messages are i18n keys. */
export const STAFF_ERRORS = {
  required: "admin.errors.required",
  email: "admin.errors.email",
  tooLong: "admin.errors.tooLong",
  passwordLength: "admin.errors.passwordLength",
  passwordMatch: "admin.errors.passwordMatch",
  signInFailed: "admin.errors.signInFailed",
  codeInvalid: "admin.errors.codeInvalid",
  rateLimited: "admin.errors.rateLimited",
  linkInvalid: "admin.errors.linkInvalid",
  notEnrolled: "admin.errors.notEnrolled",
  enrolRestart: "admin.errors.enrolRestart",
  role: "admin.errors.role",
  lastAdmin: "admin.errors.lastAdmin",
} as const;

const required = (max = 200) => z.string({ error: STAFF_ERRORS.required }).trim().min(1, { error: STAFF_ERRORS.required }).max(max, { error: STAFF_ERRORS.tooLong });

const email = z
  .string({ error: STAFF_ERRORS.required })
  .trim()
  .min(1, { error: STAFF_ERRORS.required })
  .max(254, { error: STAFF_ERRORS.tooLong })
  .pipe(z.email({ error: STAFF_ERRORS.email }))
  .transform((value) => value.toLowerCase());

export const StaffLoginSchema = z.object({
  email,
  password: z.string({ error: STAFF_ERRORS.required }).min(1, { error: STAFF_ERRORS.required }).max(1024, { error: STAFF_ERRORS.tooLong }),
});

export const StaffCodeSchema = z.object({
  code: required(20),
});

export const StaffSetPasswordSchema = z
  .object({
    password: z.string({ error: STAFF_ERRORS.required }).min(MIN_PASSWORD_LENGTH, { error: STAFF_ERRORS.passwordLength }).max(1024, { error: STAFF_ERRORS.tooLong }),
    confirmPassword: z.string({ error: STAFF_ERRORS.required }).min(1, { error: STAFF_ERRORS.required }).max(1024, { error: STAFF_ERRORS.tooLong }),
  })
  .superRefine((data, ctx) => {
    if (data.password !== data.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: STAFF_ERRORS.passwordMatch });
  });

export const StaffInviteSchema = z.object({
  email,
  name: required(120).optional(),
  role: z.enum(STAFF_ROLES, { error: STAFF_ERRORS.role }),
});

export function parseStaffForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}
