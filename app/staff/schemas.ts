import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { fieldRules } from "#app/auth/field-rules";
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
  kind: "admin.errors.kind",
} as const;

const { required, email, anyPassword, newPassword, confirmPassword, passwordsMatch } = fieldRules(STAFF_ERRORS);

export const StaffLoginSchema = z.object({
  email,
  password: anyPassword,
});

export const StaffCodeSchema = z.object({
  code: required(20),
});

export const StaffSetPasswordSchema = z
  .object({ password: newPassword, confirmPassword })
  .superRefine(passwordsMatch);

export const StaffInviteSchema = z.object({
  email,
  name: required(120).optional(),
  role: z.enum(STAFF_ROLES, { error: STAFF_ERRORS.role }),
});

export function parseStaffForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

/** The kinds of PDPL request the data-request queue files (app/account/data-requests.server.ts). */
export const DATA_REQUEST_KINDS = ["EXPORT", "ANONYMISE"] as const;

export const DataRequestSchema = z.object({
  email,
  kind: z.enum(DATA_REQUEST_KINDS, { error: STAFF_ERRORS.kind }),
  note: z.string().trim().max(500, { error: STAFF_ERRORS.tooLong }).optional(),
});
