/**
 * The console's sign-in pages and forms: one card shell (brand, heading) for signing in, the code step
 * and the set-password link, and one conform setup for every staff form (validated on submit, then
 * as the member types, with the same zod schema the action uses).
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { parseStaffForm } from "#app/staff/schemas";

export function AdminAuthCard({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="admin-auth" id="admin-main">
      <div className="admin-auth__card">
        <p className="admin-brand admin-brand--auth">
          Rihla <span>{t("admin.layout.console")}</span>
        </p>
        <h1>{heading}</h1>
        {children}
      </div>
    </main>
  );
}

export function useStaffForm<Schema extends z.ZodObject>(id: string, schema: Schema, lastResult: SubmissionResult<string[]> | null | undefined, defaultValue?: DefaultValue<z.input<Schema>>) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseStaffForm(formData, schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue,
  });
}
